/* textmirror_exit_guard.cpp: see textmirror_exit_guard.hpp. */
#include "textmirror_exit_guard.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>

namespace textmirror {

namespace {

std::atomic<int> in_flight{ 0 };
std::atomic<bool> exiting{ false };
std::atomic<int> registrations{ 0 };

/* The libraries make some static objects lazily, on the first use of a code path (the first
 * inference of a network, the first crop of a new width): their destructors are registered
 * when they are made, after any handler registered before. So the handler is registered again
 * after each of the first calls, and the latest registration runs before all of them; once
 * every path has run, no new static objects appear. Running the handler several times is
 * harmless. */
constexpr int kMaxRegistrations = 512;

/* A call in flight finishes in milliseconds (one inference); waiting longer than this means
 * something is stuck, and exiting anyway is better than hanging. */
constexpr int kMaxWaitMilliseconds = 2000;

void
refuse_calls_and_wait ()
{
  exiting.store (true);
  for (int waited = 0; waited < kMaxWaitMilliseconds && in_flight.load () > 0; waited++)
    usleep (1000);
}

} // namespace

LibraryCall::LibraryCall ()
{
  /* Counted first, checked second: the handler sets `exiting` before it reads the count, so
   * either it sees this call or this call sees `exiting`. */
  in_flight.fetch_add (1);
  if (exiting.load ()) {
    in_flight.fetch_sub (1);
    throw ProcessExiting ();
  }
}

LibraryCall::~LibraryCall ()
{
  in_flight.fetch_sub (1);
  /* Registered after the call has returned, so after the static objects it made: exit
   * handlers and static destructors run in reverse order, so this one runs before theirs. */
  if (registrations.load () < kMaxRegistrations && !exiting.load ()) {
    registrations.fetch_add (1);
    std::atexit (refuse_calls_and_wait);
  }
}

} // namespace textmirror
