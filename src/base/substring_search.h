// Finding a literal segment of a rule in a path in time linear in both lengths: the
// two-way algorithm of Crochemore and Perrin ("Two-way string-matching", J. ACM 38(3),
// 1991). std::string_view::find compares at every start position, O(path * segment) for
// a segment like "aaa...ab" in a path of 'a's; this never looks back more than the
// needle's period, uses no memory, and costs at most about 2 * path + 5 * needle byte
// comparisons. (glibc's memmem is also linear since 2.29, but not every C library's is,
// and the answer must cost the same everywhere.)
#ifndef ROBOTSTXT_SRC_BASE_SUBSTRING_SEARCH_H_
#define ROBOTSTXT_SRC_BASE_SUBSTRING_SEARCH_H_

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "base/byte_equality.h"
#include "base/byte_search.h"

namespace robotstxt::internal {

// The two-way search needs a "critical factorization" of the needle: a split u|v where
// the local period equals the global period. Taking the later of the two maximal suffixes
// (one per byte order) gives one. `start` is where the maximal suffix starts, minus one
// (so -1 when it is the whole needle); `period` is that suffix's period.
struct MaximalSuffix {
  std::ptrdiff_t start;
  std::ptrdiff_t period;
};

template <bool kReversedOrder>
MaximalSuffix maximal_suffix(std::string_view needle) noexcept {
  const auto at = [&needle](std::ptrdiff_t i) { return static_cast<unsigned char>(needle[i]); };
  const auto size = static_cast<std::ptrdiff_t>(needle.size());
  std::ptrdiff_t best = -1;  // start of the best suffix so far, minus one
  std::ptrdiff_t candidate = 0;
  std::ptrdiff_t offset = 1;
  std::ptrdiff_t period = 1;
  while (candidate + offset < size) {
    const unsigned char next = at(candidate + offset);
    const unsigned char reference = at(best + offset);
    if (kReversedOrder ? next > reference : next < reference) {
      // The candidate loses: the suffix from `best` extends, its period grows.
      candidate += offset;
      offset = 1;
      period = candidate - best;
    } else if (next == reference) {
      if (offset == period) {
        candidate += period;
        offset = 1;
      } else {
        ++offset;
      }
    } else {
      // The candidate wins: it becomes the best suffix.
      best = candidate;
      candidate = best + 1;
      offset = period = 1;
    }
  }
  return {best, period};
}

/// The first position >= `from` where `needle` occurs in `haystack`, or npos. An empty
/// needle occurs at `from` (when `from` <= haystack.size()).
inline std::size_t find_substring(std::string_view haystack, std::string_view needle,
                                  std::size_t from) noexcept {
  if (from > haystack.size()) return std::string_view::npos;
  if (needle.empty()) return from;
  // One byte: find_byte, unless it is right here (as when stars separate single bytes).
  if (needle.size() == 1) {
    return from < haystack.size() && haystack[from] == needle[0]
               ? from
               : find_byte(haystack, needle[0], from);
  }
  if (haystack.size() - from < needle.size()) return std::string_view::npos;

  // Most searches end at one of the first few places where the needle's first byte
  // occurs, so those are tried directly; the two-way setup (two passes over the needle)
  // is paid only after that. The tries compare at most kDirectBudget bytes (or one
  // needle, if longer): a constant more, so the search stays linear.
  constexpr std::size_t kDirectBudget = 256;
  const std::size_t direct_tries = std::clamp<std::size_t>(kDirectBudget / needle.size(), 1, 16);
  for (std::size_t tries = 0; tries < direct_tries; ++tries) {
    const std::size_t candidate = find_byte(haystack, needle[0], from);
    if (candidate == std::string_view::npos || haystack.size() - candidate < needle.size()) {
      return std::string_view::npos;
    }
    if (bytes_equal(haystack.data() + candidate, needle.data(), needle.size())) return candidate;
    from = candidate + 1;
  }

  const MaximalSuffix forward = maximal_suffix<false>(needle);
  const MaximalSuffix reversed = maximal_suffix<true>(needle);
  const MaximalSuffix split = forward.start > reversed.start ? forward : reversed;
  const std::ptrdiff_t critical = split.start;  // the needle splits after this index
  const auto m = static_cast<std::ptrdiff_t>(needle.size());
  const auto last_start = static_cast<std::ptrdiff_t>(haystack.size()) - m;
  const char* const x = needle.data();
  const char* const y = haystack.data();
  auto j = static_cast<std::ptrdiff_t>(from);
  // Windows whose first compared byte (needle[critical + 1]) differs would each move on
  // by one: memchr finds the next candidate window at once. It only moves forward, so
  // the search stays linear.
  const auto skip_to_candidate = [&](std::ptrdiff_t& window) {
    const char* const found =
        static_cast<const char*>(std::memchr(y + window + critical + 1, x[critical + 1],
                                             static_cast<std::size_t>(last_start - window + 1)));
    if (found == nullptr) return false;
    window = (found - y) - (critical + 1);
    return true;
  };

  if (std::memcmp(x, x + split.period, static_cast<std::size_t>(critical + 1)) == 0) {
    // Periodic needle: after a full match of the right part fails on the left, the next
    // window shares its first m - period bytes with this one; `known` remembers that.
    const std::ptrdiff_t period = split.period;
    std::ptrdiff_t known = -1;
    while (j <= last_start) {
      if (known < 0 && !skip_to_candidate(j)) break;
      std::ptrdiff_t i = (critical > known ? critical : known) + 1;
      while (i < m && x[i] == y[i + j]) ++i;
      if (i < m) {
        j += i - critical;
        known = -1;
        continue;
      }
      i = critical;
      while (i > known && x[i] == y[i + j]) --i;
      if (i <= known) return static_cast<std::size_t>(j);
      j += period;
      known = m - period - 1;
    }
    return std::string_view::npos;
  }
  // Not periodic: a mismatch on the left allows a shift longer than either part.
  const std::ptrdiff_t left = critical + 1;
  const std::ptrdiff_t right = m - critical - 1;
  const std::ptrdiff_t shift = (left > right ? left : right) + 1;
  while (j <= last_start) {
    if (!skip_to_candidate(j)) break;
    std::ptrdiff_t i = critical + 1;
    while (i < m && x[i] == y[i + j]) ++i;
    if (i < m) {
      j += i - critical;
      continue;
    }
    i = critical;
    while (i >= 0 && x[i] == y[i + j]) --i;
    if (i < 0) return static_cast<std::size_t>(j);
    j += shift;
  }
  return std::string_view::npos;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_SUBSTRING_SEARCH_H_
