/* textmirror_errors.hpp: how the C++ files (detector, recognizer, flow, OpenVINO runtime)
 * turn failures into what the C boundary carries: a message in the caller's buffer, or a
 * message and a status. One helper each, so no file keeps its own copy or catch ladder.
 * Internal to CShim's C++ files; the C boundary stays in include/textmirror.h.
 */
#pragma once

#include <cstddef>
#include <string>

namespace textmirror {

/* Copies text into a caller's C buffer, NUL-terminated and truncated to error_size bytes;
 * accepts a NULL buffer. */
void copy_message (char *error, size_t error_size, const std::string &text);

/* What the exception in flight says; call only from a catch (...) block, so no exception
 * leaves the C entry point. out_of_memory tells std::bad_alloc apart (its message is then
 * "out of memory"); anything that is not a std::exception is an "unknown error". */
struct CaughtError {
  std::string message;
  bool out_of_memory;
};
CaughtError caught_error ();

/* For a catch (...) block around loading a network: "could not load the <what> '<path>' (is
 * it <expected> fetched by scripts/fetch-model.sh?): <what the exception says>". */
std::string loading_failure (const char *path, const char *what, const char *expected);

} // namespace textmirror
