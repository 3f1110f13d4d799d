// Standard base64 (RFC 4648 section 4), both ways: bytes that are not text carried inside
// text, for the Structured Field parser and serializer (a Byte Sequence) and for the
// service's JSON (a robots.txt exactly as fetched, whatever its encoding).
#ifndef ROBOTSTXT_SRC_BASE_BASE64_H_
#define ROBOTSTXT_SRC_BASE_BASE64_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace robotstxt::internal {

inline constexpr std::string_view kBase64Alphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// The 6-bit value of a base64 character, or -1 for any other byte.
constexpr int base64_value(char c) noexcept {
  const std::size_t index = kBase64Alphabet.find(c);
  return index == std::string_view::npos ? -1 : static_cast<int>(index);
}

/// Appends `bytes` as base64 to `out`, padded with '=' to a multiple of four characters.
inline void append_base64(std::string_view bytes, std::string& out) {
  const auto byte_at = [bytes](std::size_t i) {
    return static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[i]));
  };
  out.reserve(out.size() + (bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = byte_at(i) << 16 | byte_at(i + 1) << 8 | byte_at(i + 2);
    for (int shift = 18; shift >= 0; shift -= 6) out += kBase64Alphabet[(group >> shift) & 0x3F];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    std::uint32_t group = byte_at(i) << 16;
    if (rest == 2) group |= byte_at(i + 1) << 8;
    out += kBase64Alphabet[(group >> 18) & 0x3F];
    out += kBase64Alphabet[(group >> 12) & 0x3F];
    out += rest == 2 ? kBase64Alphabet[(group >> 6) & 0x3F] : '=';
    out += '=';
  }
}

/// `bytes` as base64, padded.
inline std::string to_base64(std::string_view bytes) {
  std::string text;
  append_base64(bytes, text);
  return text;
}

/// The bytes of base64 `text`. Missing '=' padding and non-zero pad bits are accepted, as
/// RFC 9651 section 4.2.7 recommends; '=' anywhere but at the end is not, nor more than
/// two of them, nor a length that no padding could make whole. On failure, nullopt, and
/// `error_at` (when given) is the offset of the first character that is not base64, or
/// the length of the text before its padding when the length or the padding is wrong.
inline std::optional<std::string> from_base64(std::string_view text,
                                              std::size_t* error_at = nullptr) {
  std::size_t data_end = text.size();
  while (data_end > 0 && text[data_end - 1] == '=') --data_end;
  const std::size_t padding = text.size() - data_end;
  std::string bytes;
  bytes.reserve(data_end / 4 * 3 + 2);
  std::uint32_t bits = 0;
  int bit_count = 0;
  for (std::size_t i = 0; i < data_end; ++i) {
    const int sextet = base64_value(text[i]);
    if (sextet < 0) {
      if (error_at != nullptr) *error_at = i;
      return std::nullopt;
    }
    bits = (bits << 6) | static_cast<std::uint32_t>(sextet);
    bit_count += 6;
    if (bit_count >= 8) {
      bit_count -= 8;
      bytes.push_back(static_cast<char>((bits >> bit_count) & 0xFF));
    }
  }
  const bool bad_length = data_end % 4 == 1;
  const bool bad_padding = padding > 2 || (padding > 0 && text.size() % 4 != 0);
  if (bad_length || bad_padding) {
    if (error_at != nullptr) *error_at = data_end;
    return std::nullopt;
  }
  return bytes;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BASE64_H_
