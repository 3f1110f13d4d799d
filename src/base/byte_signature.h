// A 64-bit summary of which bytes a string contains, so that a wildcard rule whose
// literal bytes are not all in the path is rejected with one AND instead of a scan
// (docs/semantics.md 4.2 is unchanged: a rule can only match a path holding each of its literal
// bytes, so the filter never rejects a match; collisions only let more rules through).
#ifndef ROBOTSTXT_SRC_BASE_BYTE_SIGNATURE_H_
#define ROBOTSTXT_SRC_BASE_BYTE_SIGNATURE_H_

#include <array>
#include <cstdint>
#include <string_view>

namespace robotstxt::internal {

// The bit of each byte. The 64 bits go where URLs differ: lower-case letters and the
// six bytes after them (upper case shares their bits), digits and `:;<=>?`, and the
// punctuation 0x20-0x2F each get their own bit; control bytes and bytes >= 0x80 (rare:
// patterns are percent-encoded) share bits by their low six bits.
inline constexpr std::array<std::uint64_t, 256> kByteBits = [] {
  std::array<std::uint64_t, 256> bits{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned position = byte & 63;
    if (byte >= 0x40 && byte < 0x80) position = byte & 31;         // letters: 0-31
    if (byte >= 0x30 && byte < 0x40) position = 32 + (byte & 15);  // digits: 32-47
    if (byte >= 0x20 && byte < 0x30) position = 48 + (byte & 15);  // punctuation: 48-63
    bits[byte] = std::uint64_t{1} << position;
  }
  return bits;
}();

/// The signature of `bytes`: the OR of their bits.
inline std::uint64_t byte_signature(std::string_view bytes) noexcept {
  std::uint64_t signature = 0;
  for (const char c : bytes) signature |= kByteBits[static_cast<unsigned char>(c)];
  return signature;
}

/// Can a string of signature `haystack` contain every byte of one of signature `needed`?
inline bool may_contain(std::uint64_t haystack, std::uint64_t needed) noexcept {
  return (needed & ~haystack) == 0;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_SIGNATURE_H_
