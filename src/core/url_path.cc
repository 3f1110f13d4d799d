// The path a URL is matched by (docs/semantics.md 4.1).
#include "robotstxt/url_path.h"

#include <cstdint>
#include <cstring>

#include "base/byte_search.h"

namespace robotstxt {

namespace {

constexpr auto npos = std::string_view::npos;

// The first '/', '?', ';' or '#' at or after `from`, or npos.
std::size_t find_path_start_or_hash(std::string_view url, std::size_t from) noexcept {
  return internal::find_first_of_bytes<'/', '?', ';', '#'>(url, from);
}

// Whether "//" starts at `at`. Two byte tests: as a comparison of two strings it was a
// call to memcmp in WebAssembly, where such calls are not inlined.
bool two_slashes_at(std::string_view url, std::size_t at) noexcept {
  return at + 2 <= url.size() && url[at] == '/' && url[at + 1] == '/';
}

// Like find_path_start_or_hash, but a "://" met first ends a scheme: the search goes on
// after it, through the authority. ("://" ends a scheme only when no path, query or
// parameter starts before it: "/a?u=http://b" has none.)
std::size_t find_path_start_after_scheme(std::string_view url, std::size_t from) noexcept {
  std::size_t at = internal::find_first_of_bytes<'/', '?', ';', '#', ':'>(url, from);
  while (at != npos && url[at] == ':') {
    if (two_slashes_at(url, at + 1)) return find_path_start_or_hash(url, at + 3);
    at = internal::find_first_of_bytes<'/', '?', ';', '#', ':'>(url, at + 1);
  }
  return at;
}

// Where the authority starts when `url` begins "http://" or "https://", the URLs nearly
// every check is asked about; else 0. The "://" that find_path_start_after_scheme would
// search for is then known to be there: two or three four-byte compares spare the search.
std::size_t after_http_scheme(std::string_view url) noexcept {
  const auto four_bytes = [](const char* at) {
    std::uint32_t word;
    std::memcpy(&word, at, sizeof word);
    return word;
  };
  if (url.size() < 8 || four_bytes(url.data()) != four_bytes("http")) return 0;
  if (four_bytes(url.data() + 3) == four_bytes("p://")) return 7;
  if (four_bytes(url.data() + 4) == four_bytes("s://")) return 8;
  return 0;
}

}  // namespace

std::string_view path_of(std::string_view url, std::string& storage) {
  const std::size_t authority = after_http_scheme(url);
  // A scheme-relative URL ("//host/path") has no scheme to skip.
  const std::size_t path_start =
      authority != 0 ? find_path_start_or_hash(url, authority)
                     : find_path_start_after_scheme(url, two_slashes_at(url, 0) ? 2 : 0);
  // No path, or a fragment starts before it: the path is "/".
  if (path_start == npos || url[path_start] == '#') return "/";
  // The path ends at the fragment, or at a NUL byte: Google's matcher reads the path as
  // a C string. One pass sixteen bytes at a time: two memchr calls cost as much natively
  // and, in WebAssembly, where memchr is a plain C loop, a tenth of a check.
  std::string_view path = url.substr(path_start);
  path = path.substr(0, internal::find_first_of_bytes<'#', '\0'>(path, 0));
  if (path.front() == '/') return path;
  storage.assign(1, '/');
  storage.append(path);
  return storage;
}

std::string path_of(std::string_view url) {
  std::string storage;
  return std::string(path_of(url, storage));
}

}  // namespace robotstxt
