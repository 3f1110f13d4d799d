// The path a URL is matched by (SEMANTICS.md 4.1).
#include "robotstxt/url_path.h"

namespace robotstxt {

namespace {

constexpr auto npos = std::string_view::npos;

// Hand-written because std::string_view::find_first_of("/?;") calls memchr once per byte
// of the URL, which made this the hottest function of a check.
std::size_t find_path_start(std::string_view url, std::size_t from) noexcept {
  for (std::size_t i = from; i < url.size(); ++i) {
    const char c = url[i];
    if (c == '/' || c == '?' || c == ';') return i;
  }
  return npos;
}

}  // namespace

std::string_view path_of(std::string_view url, std::string& storage) {
  // A scheme-relative URL ("//host/path") has no scheme to skip.
  const std::size_t search_start = url.starts_with("//") ? 2 : 0;
  const std::size_t early_path = find_path_start(url, search_start);
  std::size_t authority_start = search_start;
  // "://" ends a scheme only when no path, query or parameter starts before it
  // ("/a?u=http://b" has none).
  const std::size_t scheme_end = url.find("://", search_start);
  if (scheme_end != npos && !(early_path < scheme_end)) authority_start = scheme_end + 3;

  const std::size_t path_start =
      authority_start == search_start ? early_path : find_path_start(url, authority_start);
  if (path_start == npos) return "/";
  const std::size_t hash = url.find('#', search_start);
  if (hash < path_start) return "/";

  std::string_view path = url.substr(path_start, hash == npos ? npos : hash - path_start);
  // Google's matcher reads the path as a C string, so a NUL byte ends it.
  if (const std::size_t nul = path.find('\0'); nul != npos) path = path.substr(0, nul);
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
