// Paths and single-rule matching (SEMANTICS.md section 4).
#include "robotstxt/matcher.h"

#include "glob.h"

namespace robotstxt {

std::string_view to_string(RuleKind kind) noexcept {
  return kind == RuleKind::kAllow ? "allow" : "disallow";
}

std::string_view to_string(AppliedGroups groups) noexcept {
  switch (groups) {
    case AppliedGroups::kSpecific:
      return "specific";
    case AppliedGroups::kGlobal:
      return "global";
    case AppliedGroups::kNone:
      break;
  }
  return "none";
}

std::string_view path_of(std::string_view url, std::string& storage) {
  constexpr std::string_view kPathStarts = "/?;";
  constexpr auto npos = std::string_view::npos;

  // A scheme-relative URL ("//host/path") has no scheme to skip.
  const std::size_t search_start = url.starts_with("//") ? 2 : 0;
  std::size_t authority_start = url.find("://", search_start);
  // "://" inside a path or query ("/a?u=http://b") does not end a scheme.
  if (url.find_first_of(kPathStarts, search_start) < authority_start) authority_start = npos;
  authority_start = authority_start == npos ? search_start : authority_start + 3;

  const std::size_t path_start = url.find_first_of(kPathStarts, authority_start);
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

bool pattern_matches(std::string_view path, std::string_view pattern) noexcept {
  const bool anchored = pattern.ends_with('$');
  if (anchored) pattern.remove_suffix(1);
  return internal::glob_matches(path, pattern, anchored);
}

}  // namespace robotstxt
