// Wildcard matching of one rule against one path (docs/semantics.md 4.2), shared by the
// public pattern_matches() and the compiled matcher, which calls it on the part of a
// rule after its literal prefix.
#ifndef ROBOTSTXT_SRC_CORE_GLOB_H_
#define ROBOTSTXT_SRC_CORE_GLOB_H_

#include <algorithm>
#include <cstddef>
#include <string_view>

#include "base/byte_equality.h"
#include "base/substring_search.h"

namespace robotstxt::internal {

/// Does `pattern` (where `*` matches any run of bytes and every other byte is literal)
/// match a prefix of `path`, or all of it when `anchored`?
///
/// Greedy: each `*`-separated segment is placed at its leftmost possible position. That
/// is optimal because a segment placed earlier only leaves more room for the next one,
/// so this is exact. Each search starts where the previous segment ended and costs the
/// bytes it passes plus the segment's length (find_substring is linear), so a whole
/// match costs O(|pattern| + |path|), however many stars, with no allocation.
// The first `*` at or after `from`, or npos. Segments are mostly short (`/*.pdf`, a run
// of single bytes between stars): a few bytes are looked at in place before memchr's
// call is worth paying.
inline std::size_t find_star(std::string_view pattern, std::size_t from) noexcept {
  constexpr std::size_t kInPlace = 8;
  const std::size_t in_place_end = std::min(pattern.size(), from + kInPlace);
  for (std::size_t i = from; i < in_place_end; ++i) {
    if (pattern[i] == '*') return i;
  }
  return in_place_end == pattern.size() ? std::string_view::npos : pattern.find('*', in_place_end);
}

inline bool glob_matches(std::string_view path, std::string_view pattern, bool anchored) noexcept {
  // Compared with bytes_equal, not string_view's operators: in WebAssembly those are
  // memcmp calls, and most of what they compare is a few bytes or none.
  const auto starts_with = [&path](std::string_view prefix) {
    return path.size() >= prefix.size() && bytes_equal(path.data(), prefix.data(), prefix.size());
  };
  std::size_t star = find_star(pattern, 0);
  const std::string_view first = pattern.substr(0, star);
  if (star == std::string_view::npos) {
    return (!anchored || path.size() == first.size()) && starts_with(first);
  }
  if (!starts_with(first)) return false;
  std::size_t cursor = first.size();
  while (true) {
    const std::size_t begin = star + 1;
    const std::size_t next_star = find_star(pattern, begin);
    const std::string_view segment = pattern.substr(begin, next_star - begin);
    if (next_star == std::string_view::npos) {
      // The last segment: anywhere after the cursor, or exactly at the end if anchored.
      if (anchored) {
        return path.size() - cursor >= segment.size() &&
               bytes_equal(path.data() + path.size() - segment.size(), segment.data(),
                           segment.size());
      }
      return find_substring(path, segment, cursor) != std::string_view::npos;
    }
    if (!segment.empty()) {
      const std::size_t found = find_substring(path, segment, cursor);
      if (found == std::string_view::npos) return false;
      cursor = found + segment.size();
    }
    star = next_star;
  }
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_GLOB_H_
