// ASCII-only character helpers. robots.txt keys and product tokens are ASCII, and the
// rules must not change with the C locale, so <cctype> is deliberately not used.
#ifndef ROBOTSTXT_SRC_BASE_ASCII_H_
#define ROBOTSTXT_SRC_BASE_ASCII_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace robotstxt::internal {

/// Space, tab, LF, VT, FF, CR: what C's isspace() accepts in the "C" locale. One compare
/// settles every byte above the space, which is nearly every byte a trim looks at.
constexpr bool is_ascii_space(char c) noexcept {
  constexpr std::uint64_t kSpaces = (std::uint64_t{1} << ' ') | (std::uint64_t{0x1F} << '\t');
  const auto byte = static_cast<unsigned char>(c);
  return byte <= ' ' && ((kSpaces >> byte) & 1) != 0;
}

constexpr char to_ascii_lower(char c) noexcept {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c + ('a' - 'A')) : c;
}

constexpr char to_ascii_upper(char c) noexcept {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - ('a' - 'A')) : c;
}

constexpr bool is_ascii_digit(char c) noexcept { return c >= '0' && c <= '9'; }

constexpr bool is_ascii_alpha(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

constexpr bool is_hex_digit(char c) noexcept {
  return is_ascii_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// Characters allowed in a product token (docs/semantics.md 2.4).
constexpr bool is_token_char(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_';
}

// Two pointers moved inwards: the tokenizer trims the key and the value of every line,
// and remove_prefix/remove_suffix kept a size and a pointer in step for each byte.
constexpr std::string_view trim_ascii_space(std::string_view text) noexcept {
  const char* begin = text.data();
  const char* end = begin + text.size();
  while (begin != end && is_ascii_space(*begin)) ++begin;
  while (end != begin && is_ascii_space(end[-1])) --end;
  return {begin, static_cast<std::size_t>(end - begin)};
}

constexpr bool equals_ignoring_case(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_ascii_lower(a[i]) != to_ascii_lower(b[i])) return false;
  }
  return true;
}

/// Whether the sizeof(Word) bytes at `text` equal those at `lower` once lower-cased;
/// `lower` is lower case. Setting bit 5 lower-cases exactly the upper-case letters, so it
/// is set only where `lower` has a letter, and other bytes compare as they are.
template <typename Word>
inline bool word_equals_ignoring_case(const char* text, const char* lower) noexcept {
  Word text_word;
  Word lower_word;
  std::memcpy(&text_word, text, sizeof text_word);
  std::memcpy(&lower_word, lower, sizeof lower_word);
  constexpr Word kEachByte = static_cast<Word>(0x0101010101010101);
  // Bit 7 of each byte: at least 'a', and not past 'z' (ASCII bytes never carry).
  const Word letters = (lower_word + (0x80 - 'a') * kEachByte) &
                       ~(lower_word + (0x80 - 'z' - 1) * kEachByte) & (0x80 * kEachByte);
  return (text_word | (letters >> 2)) == lower_word;
}

/// `lower_prefix` must already be lower case, and ASCII.
constexpr bool starts_with_ignoring_case(std::string_view text,
                                         std::string_view lower_prefix) noexcept {
  const std::size_t size = lower_prefix.size();
  if (text.size() < size) return false;
  if (!std::is_constant_evaluated() && size >= 4) {
    // Whole words, the last one overlapping the one before it: directive keys
    // (docs/semantics.md 1.7) are compared on every line of every file, and a byte loop over
    // "allow" cost more than the rest of the line's classification.
    const char* const at = text.data();
    const char* const lower = lower_prefix.data();
    if (size < 8) {
      return word_equals_ignoring_case<std::uint32_t>(at, lower) &&
             word_equals_ignoring_case<std::uint32_t>(at + size - 4, lower + size - 4);
    }
    for (std::size_t i = 0; i + 8 < size; i += 8) {
      if (!word_equals_ignoring_case<std::uint64_t>(at + i, lower + i)) return false;
    }
    return word_equals_ignoring_case<std::uint64_t>(at + size - 8, lower + size - 8);
  }
  for (std::size_t i = 0; i < size; ++i) {
    if (to_ascii_lower(text[i]) != lower_prefix[i]) return false;
  }
  return true;
}

/// Three-way comparison of two strings as if both were lower-cased.
constexpr int compare_ignoring_case(std::string_view a, std::string_view b) noexcept {
  const std::size_t common = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < common; ++i) {
    const auto x = static_cast<unsigned char>(to_ascii_lower(a[i]));
    const auto y = static_cast<unsigned char>(to_ascii_lower(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  if (a.size() == b.size()) return 0;
  return a.size() < b.size() ? -1 : 1;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_ASCII_H_
