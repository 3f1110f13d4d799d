// Checking that bytes are well-formed UTF-8 (RFC 3629), for the linter (a robots.txt
// should be UTF-8) and the Structured Field parser (a Display String must be).
#ifndef ROBOTSTXT_SRC_BASE_UTF8_H_
#define ROBOTSTXT_SRC_BASE_UTF8_H_

#include <cstddef>
#include <string_view>

namespace robotstxt::internal {

/// Offset of the first byte that does not start a well-formed UTF-8 sequence (no
/// overlong forms, no surrogates, nothing above U+10FFFF), or npos when all are.
constexpr std::size_t first_invalid_utf8(std::string_view text) noexcept {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // no overlong forms
      if (lead == 0xED) high = 0x9F;  // no surrogates
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
    } else {
      return i;
    }
    if (text.size() - i < length) return i;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (next < (k == 1 ? low : 0x80) || next > (k == 1 ? high : 0xBF)) return i;
    }
    i += length;
  }
  return std::string_view::npos;
}

constexpr bool is_valid_utf8(std::string_view text) noexcept {
  return first_invalid_utf8(text) == std::string_view::npos;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_UTF8_H_
