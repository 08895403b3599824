/* textmirror_errors.cpp: see textmirror_errors.hpp. */
#include "textmirror_errors.hpp"

#include <algorithm>
#include <cstring>
#include <exception>
#include <new>

namespace textmirror {

void
copy_message (char *error, size_t error_size, const std::string &text)
{
  if (error == nullptr || error_size == 0)
    return;
  size_t n = std::min (text.size (), error_size - 1);
  std::memcpy (error, text.data (), n);
  error[n] = '\0';
}

CaughtError
caught_error ()
{
  try {
    throw;
  } catch (const std::bad_alloc &) {
    return { "out of memory", true };
  } catch (const std::exception &e) {
    return { e.what (), false };
  } catch (...) {
    return { "unknown error", false };
  }
}

std::string
loading_failure (const char *path, const char *what, const char *expected)
{
  return std::string ("could not load the ") + what + " '" + path + "' (is it " + expected
         + " fetched by scripts/fetch-model.sh?): " + caught_error ().message;
}

} // namespace textmirror
