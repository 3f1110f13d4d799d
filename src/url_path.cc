// The path a URL is matched by (SEMANTICS.md 4.1).
#include "robotstxt/url_path.h"

namespace robotstxt {

namespace {

constexpr auto npos = std::string_view::npos;

// Up to the path, one pass byte by byte: the URL's scheme and host are short, and
// std::string_view's find_first_of calls memchr once per byte.

// The first '/', '?', ';' or '#' at or after `from`, or npos.
std::size_t find_path_start_or_hash(std::string_view url, std::size_t from) noexcept {
  for (std::size_t i = from; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '/' || c == '?' || c == ';' || c == '#') return i;
  }
  return npos;
}

// Like find_path_start_or_hash, but a "://" met first ends a scheme: the search goes on
// after it, through the authority. ("://" ends a scheme only when no path, query or
// parameter starts before it: "/a?u=http://b" has none.)
std::size_t find_path_start_after_scheme(std::string_view url, std::size_t from) noexcept {
  for (std::size_t i = from; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '/' || c == '?' || c == ';' || c == '#') return i;
    if (c == ':' && url.substr(i + 1, 2) == "//") return find_path_start_or_hash(url, i + 3);
  }
  return npos;
}

}  // namespace

std::string_view path_of(std::string_view url, std::string& storage) {
  // A scheme-relative URL ("//host/path") has no scheme to skip.
  const std::size_t path_start = find_path_start_after_scheme(url, url.starts_with("//") ? 2 : 0);
  // No path, or a fragment starts before it: the path is "/".
  if (path_start == npos || url[path_start] == '#') return "/";
  // The path ends at the fragment, or at a NUL byte: Google's matcher reads the path as
  // a C string. (Two memchr calls over the path: faster than one loop testing both.)
  std::string_view path = url.substr(path_start);
  path = path.substr(0, path.find('#'));
  path = path.substr(0, path.find('\0'));
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
