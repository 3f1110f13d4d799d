// How far a word is from a known one, for suggestions: a misspelt crawler token, a
// crawler name, a command.
#ifndef ROBOTSTXT_SRC_BASE_EDIT_DISTANCE_H_
#define ROBOTSTXT_SRC_BASE_EDIT_DISTANCE_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

#include "base/ascii.h"

namespace robotstxt::internal {

/// The edit distance of `a` and `b` (ignoring ASCII case) when it is at most `limit`,
/// else limit + 1; `b` is a known word of at most 63 bytes (a longer one is always
/// limit + 1). The Levenshtein table, but only the cells within `limit` of its diagonal,
/// in one row on the stack, stopping as soon as a whole row is over the limit: the
/// linter asks this for every user-agent line against every known token.
inline std::size_t edits_within(std::string_view a, std::string_view b, std::size_t limit) {
  const std::size_t over = limit + 1;
  const std::size_t gap = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  constexpr std::size_t kMaxKnown = 63;  // catalogue tokens are far shorter
  if (gap > limit || b.size() > kMaxKnown) return over;
  std::array<std::size_t, kMaxKnown + 1> row;
  row.fill(over);
  for (std::size_t j = 0; j <= std::min(b.size(), limit); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    const std::size_t from = i > limit ? i - limit : 1;
    const std::size_t to = std::min(b.size(), i + limit);
    std::size_t diagonal = row[from - 1];
    row[from - 1] = from == 1 && i <= limit ? i : over;
    std::size_t best = row[from - 1];
    const char lower = internal::to_ascii_lower(a[i - 1]);
    for (std::size_t j = from; j <= to; ++j) {
      const std::size_t above = row[j];
      const std::size_t substitute =
          diagonal + (lower == internal::to_ascii_lower(b[j - 1]) ? 0 : 1);
      row[j] = std::min(std::min(above + 1, row[j - 1] + 1), std::min(substitute, over));
      diagonal = above;
      best = std::min(best, row[j]);
    }
    if (to < b.size()) row[to + 1] = over;
    if (best > limit) return over;
  }
  return std::min(row[b.size()], over);
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_EDIT_DISTANCE_H_
