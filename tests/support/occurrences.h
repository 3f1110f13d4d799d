// How many times a text holds a part, for tests that check that a note or a line is
// printed once (or exactly N times) in a command's output.
#ifndef ROBOTSTXT_TESTS_SUPPORT_OCCURRENCES_H_
#define ROBOTSTXT_TESTS_SUPPORT_OCCURRENCES_H_

#include <cstddef>
#include <string_view>

namespace robotstxt::testing {

/// Occurrences of `part` in `text`, overlapping ones included.
inline std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos;
       at = text.find(part, at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_OCCURRENCES_H_
