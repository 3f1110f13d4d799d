// Finding the first of a few bytes in a short string, sixteen bytes at a time. A URL's
// scheme and authority are tens of bytes long: a loop testing each byte against four or
// five values, or one memchr call per value, cost more than the search itself in the
// matcher's hot path. Without SSE2 (simd.h), only the byte loop is compiled.
#ifndef ROBOTSTXT_SRC_BASE_BYTE_SEARCH_H_
#define ROBOTSTXT_SRC_BASE_BYTE_SEARCH_H_

#include <cstddef>
#include <string_view>

#include "base/simd.h"

namespace robotstxt::internal {

#if defined(ROBOTSTXT_USE_SSE2)
/// Bit i is set where byte i of the sixteen at `at` is one of `Bytes`.
template <char... Bytes>
unsigned sixteen_bytes_matching(const char* at) noexcept {
  const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
  __m128i found = _mm_setzero_si128();
  ((found = _mm_or_si128(found, _mm_cmpeq_epi8(chunk, _mm_set1_epi8(Bytes)))), ...);
  return static_cast<unsigned>(_mm_movemask_epi8(found));
}

/// The first position of `text` at or after `from` that `matching` marks, or npos, for a
/// text of sixteen bytes or more: matching(p) sets bit i where byte p[i] is wanted. The
/// last bytes (fewer than sixteen) are read as the sixteen that end the text, those before
/// `from` shifted out: a URL's path ends in such a tail, which a byte loop walked a byte
/// at a time.
template <typename Matching>
std::size_t find_marked(std::string_view text, std::size_t from, Matching matching) noexcept {
  std::size_t at = from;
  for (; at + 16 <= text.size(); at += 16) {
    const unsigned bits = matching(text.data() + at);
    if (bits != 0) return at + static_cast<std::size_t>(__builtin_ctz(bits));
  }
  if (at >= text.size()) return std::string_view::npos;
  const std::size_t last = text.size() - 16;
  const unsigned bits = matching(text.data() + last) >> (at - last);
  return bits != 0 ? at + static_cast<std::size_t>(__builtin_ctz(bits)) : std::string_view::npos;
}
#endif

/// Position of the first byte of `text` at or after `from` that is one of `Bytes`, or
/// npos when there is none. Reads no byte outside `text`.
template <char... Bytes>
std::size_t find_first_of_bytes(std::string_view text, std::size_t from) noexcept {
#if defined(ROBOTSTXT_USE_SSE2)
  if (text.size() >= 16) return find_marked(text, from, sixteen_bytes_matching<Bytes...>);
#endif
  for (std::size_t at = from; at < text.size(); ++at) {
    if (((text[at] == Bytes) || ...)) return at;
  }
  return std::string_view::npos;
}

/// Position of the first `byte` of `text` at or after `from`, or npos. In WebAssembly
/// sixteen bytes at a time, inline: there memchr is musl's C loop behind a call, which
/// costs more than the search in the short paths rules are matched against. Elsewhere
/// memchr, which the C library makes faster than this on long texts.
inline std::size_t find_byte(std::string_view text, char byte, std::size_t from) noexcept {
#if defined(ROBOTSTXT_USE_SSE2) && defined(__wasm__)
  if (text.size() >= 16) {
    const __m128i wanted = _mm_set1_epi8(byte);
    return find_marked(text, from, [wanted](const char* at) {
      const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
      return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, wanted)));
    });
  }
  for (std::size_t at = from; at < text.size(); ++at) {
    if (text[at] == byte) return at;
  }
  return std::string_view::npos;
#else
  return text.find(byte, from);
#endif
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_SEARCH_H_
