// The path a URL is matched by (docs/semantics.md 4.1).
#include "robotstxt/url_path.h"

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

}  // namespace

std::string_view path_of(std::string_view url, std::string& storage) {
  // A scheme-relative URL ("//host/path") has no scheme to skip.
  const std::size_t path_start = find_path_start_after_scheme(url, two_slashes_at(url, 0) ? 2 : 0);
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
