// Writing rule values in the form the matcher compares (SEMANTICS.md 1.8), straight into
// a caller's buffer so that compiling a file allocates once, not once per rule.
#ifndef ROBOTSTXT_SRC_PATTERN_TEXT_H_
#define ROBOTSTXT_SRC_PATTERN_TEXT_H_

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>

#include "ascii.h"

namespace robotstxt::internal {

/// Appends `value` to `out` with `%xx` upper-cased and bytes >= 0x80 percent-encoded.
inline void append_normalized_pattern(std::string_view value, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  // Most rules are plain ASCII without escapes: copy them in one go.
  const bool plain = std::none_of(value.begin(), value.end(), [](char c) {
    return c == '%' || static_cast<unsigned char>(c) >= 0x80;
  });
  if (plain) {
    out.append(value);
    return;
  }
  for (std::size_t i = 0; i < value.size(); ++i) {
    const char c = value[i];
    if (c == '%' && i + 2 < value.size() && is_hex_digit(value[i + 1]) &&
        is_hex_digit(value[i + 2])) {
      out += '%';
      out += to_ascii_upper(value[i + 1]);
      out += to_ascii_upper(value[i + 2]);
      i += 2;
    } else if (static_cast<unsigned char>(c) >= 0x80) {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_PATTERN_TEXT_H_
