// The one percent-normaliser: `%xx` escapes get upper-case hex digits, bytes the caller
// says must be encoded become `%XX`, and nothing is ever decoded. Rule patterns
// (docs/semantics.md 1.8) and URLs (url.h's normalize_url) differ only in which bytes must be
// encoded. It appends to a caller's buffer (a std::string, or the compiler's ByteBuffer:
// anything with append(const char*, size)) so that compiling a file allocates once, not
// once per rule.
#ifndef ROBOTSTXT_SRC_BASE_PERCENT_ENCODING_H_
#define ROBOTSTXT_SRC_BASE_PERCENT_ENCODING_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "base/ascii.h"

namespace robotstxt::internal {

/// Appends `value` to `out`, normalised: a `%` followed by two hex digits is kept with
/// the digits upper-cased; any other byte `c` for which `must_encode(c)` holds becomes
/// `%XX`; everything else is copied. A `%` not followed by two hex digits is passed to
/// `must_encode` like any other byte.
template <typename Out, typename MustEncode>
void append_percent_normalized(std::string_view value, Out& out, MustEncode must_encode) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  // Written into a small buffer and appended a buffer at a time: appending each escape
  // (or each of its three bytes) cost a capacity check and a copy call per byte, and a
  // run of non-ASCII bytes escapes every one of them.
  char buffer[256];
  std::size_t used = 0;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (used + 3 > sizeof buffer) {
      out.append(buffer, used);
      used = 0;
    }
    const auto byte = static_cast<unsigned char>(value[i]);
    const bool escape = byte == '%' && i + 2 < value.size() && is_hex_digit(value[i + 1]) &&
                        is_hex_digit(value[i + 2]);
    if (escape) {
      buffer[used++] = '%';
      buffer[used++] = to_ascii_upper(value[i + 1]);
      buffer[used++] = to_ascii_upper(value[i + 2]);
      i += 2;
    } else if (must_encode(byte)) {
      buffer[used++] = '%';
      buffer[used++] = kHex[byte >> 4];
      buffer[used++] = kHex[byte & 0xF];
    } else {
      buffer[used++] = value[i];
    }
  }
  out.append(buffer, used);
}

/// Whether `value` holds a `%` or a byte >= 0x80: whether it needs normalising as a rule
/// pattern. Eight bytes at a time, the last eight overlapping the ones before: a test
/// per byte cost more than copying the pattern.
inline bool has_percent_or_high_byte(std::string_view value) noexcept {
  const auto word_has_one = [](const char* at) {
    constexpr std::uint64_t kEachByte = 0x0101010101010101;
    constexpr std::uint64_t kHighBits = 0x80 * kEachByte;
    std::uint64_t word;
    std::memcpy(&word, at, sizeof word);
    // A byte >= 0x80 shows in `word` itself. When there is none, `apart` has a zero byte
    // exactly where `word` has a `%`, and its other bytes are 1-0x7F: subtracting one
    // from each byte sets bit 7 of the first zero byte, and of no byte when there is
    // none, since the bytes before it do not borrow.
    const std::uint64_t apart = word ^ ('%' * kEachByte);
    return ((word | ((apart - kEachByte) & ~apart)) & kHighBits) != 0;
  };
  if (value.size() < 8) {
    for (const char c : value) {
      if (c == '%' || static_cast<unsigned char>(c) >= 0x80) return true;
    }
    return false;
  }
  for (std::size_t at = 0; at + 8 < value.size(); at += 8) {
    if (word_has_one(value.data() + at)) return true;
  }
  return word_has_one(value.data() + value.size() - 8);
}

/// A rule value as the matcher compares it (docs/semantics.md 1.8): only bytes >= 0x80 are
/// encoded; a lone `%` stays.
template <typename Out>
void append_normalized_pattern(std::string_view value, Out& out) {
  // Most rules hold neither `%` nor bytes >= 0x80 and are copied whole.
  if (!has_percent_or_high_byte(value)) {
    out.append(value.data(), value.size());
    return;
  }
  append_percent_normalized(value, out, [](unsigned char byte) { return byte >= 0x80; });
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_PERCENT_ENCODING_H_
