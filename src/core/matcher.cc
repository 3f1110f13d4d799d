// One rule pattern against one path (docs/semantics.md 1.8 and 4).
#include "robotstxt/matcher.h"

#include "base/percent_encoding.h"
#include "core/glob.h"

namespace robotstxt {

std::string normalize_pattern(std::string_view value) {
  std::string normalized;
  normalized.reserve(value.size());
  internal::append_normalized_pattern(value, normalized);
  return normalized;
}

bool pattern_matches(std::string_view path, std::string_view pattern) noexcept {
  const bool anchored = pattern.ends_with('$');
  if (anchored) pattern.remove_suffix(1);
  return internal::glob_matches(path, pattern, anchored);
}

}  // namespace robotstxt
