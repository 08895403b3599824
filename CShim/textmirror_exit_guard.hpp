/* textmirror_exit_guard.hpp: keeps the process's exit from tearing down OpenCV and OpenVINO
 * under a thread that is still inside them.
 *
 * Why: when an application exits while a pipeline streams (an exception in Python, a plain
 * exit()), the C library runs static destructors, OpenCV's thread-local storage and OpenVINO's
 * thread pool among them, while the streaming thread or the detection queue may be inside an
 * optical-flow or inference call. OpenCV then aborts ("Can't fetch data from terminated TLS
 * container"). Every call into those libraries holds a LibraryCall; at exit, a handler that
 * runs before their destructors (it is registered after their first use, and exit handlers
 * run in reverse order) refuses new calls and waits for those in flight to return.
 */
#pragma once

#include <stdexcept>

namespace textmirror {

/* Thrown when a call is refused because the process is exiting; the C entry points turn it
 * into an error status like any other failure. */
struct ProcessExiting : std::runtime_error {
  ProcessExiting () : std::runtime_error ("the process is exiting") {}
};

/* Held for the duration of one call into OpenCV or OpenVINO. Throws ProcessExiting when the
 * process has begun to exit. */
class LibraryCall {
public:
  LibraryCall ();
  ~LibraryCall ();
  LibraryCall (const LibraryCall &) = delete;
  LibraryCall &operator= (const LibraryCall &) = delete;
};

} // namespace textmirror
