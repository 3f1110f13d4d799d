// Finding where a robots.txt line ends (SEMANTICS.md 1.3: LF, CR or CR LF). The
// tokenizer asks this once per line, so for files of short lines the cost of each call
// matters more than its throughput: one SSE2 pass looks for both CR and LF in each 16-byte
// block, where two memchr calls (one per byte) each paid a library call per line and a
// CR LF file searched every line twice.
//
// ROBOTSTXT_SIMD=0 (the CMake option ROBOTSTXT_SIMD=OFF, and the robotstxt_scalar library
// the exactness tests also run against) compiles only the scalar loop, which is also what
// a machine without SSE2 gets.
#ifndef ROBOTSTXT_SRC_LINE_END_SEARCH_H_
#define ROBOTSTXT_SRC_LINE_END_SEARCH_H_

#include <cstddef>

#ifndef ROBOTSTXT_SIMD
#define ROBOTSTXT_SIMD 1
#endif
#if ROBOTSTXT_SIMD && defined(__SSE2__)
#define ROBOTSTXT_LINE_END_SSE2 1
#include <emmintrin.h>
#endif

namespace robotstxt::internal {

/// True when the line-end search below uses SIMD (for the benchmark and the tests).
inline constexpr bool kLineEndSearchUsesSimd =
#if defined(ROBOTSTXT_LINE_END_SSE2)
    true;
#else
    false;
#endif

inline bool is_line_end(char c) noexcept { return c == '\n' || c == '\r'; }

/// Position of the first LF or CR in data[from, size), or `size` when there is none.
inline std::size_t find_line_end(const char* data, std::size_t from, std::size_t size) noexcept {
  std::size_t pos = from;
#if defined(ROBOTSTXT_LINE_END_SSE2)
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  // Whole 16-byte blocks only: no load ever reads past the body.
  while (size - pos >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + pos));
    const int ends =
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(block, lf), _mm_cmpeq_epi8(block, cr)));
    if (ends != 0)
      return pos + static_cast<std::size_t>(__builtin_ctz(static_cast<unsigned>(ends)));
    pos += 16;
  }
#endif
  while (pos < size && !is_line_end(data[pos])) ++pos;
  return pos;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_LINE_END_SEARCH_H_
