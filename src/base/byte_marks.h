// Where the bytes that shape a robots.txt line lie (docs/semantics.md 1.3-1.6, 1.8): line
// ends (LF, CR), comment starts (`#`) and a rule's special bytes, marked one bit per byte
// for each 64-byte block of a body in one pass. The tokenizer then finds each line's end
// and comment with a bit scan instead of a search per line: for files of short lines, the cost of
// starting a search (memchr's call, a 16-byte loop's setup) was most of the cost of
// finding anything. Blocks are marked 32 bytes at a time where the processor has AVX2, 16
// where it has SSE2 (simd.h), and by a byte loop elsewhere.
#ifndef ROBOTSTXT_SRC_BASE_BYTE_MARKS_H_
#define ROBOTSTXT_SRC_BASE_BYTE_MARKS_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "base/byte_search.h"
#include "base/simd.h"

namespace robotstxt::internal {

/// Bit i of each mask stands for byte i of a block.
struct BlockMarks {
  std::uint64_t line_end = 0;  // LF or CR (docs/semantics.md 1.3)
  std::uint64_t hash = 0;      // `#`: a comment starts (1.5)
  // Colons are not marked: a line's colon is nearly always among its first sixteen bytes,
  // where first_colon() looks first, and marking them cost a quarter of the marks.
  // `*`, `%` or a byte >= 0x80: a rule value without any is its own normalised pattern
  // (1.8), all literal (4.2).
  std::uint64_t pattern_special = 0;
};

inline constexpr std::size_t kBlockBytes = 64;

// Which masks each byte belongs to: bit 0 line_end, bit 1 hash, bit 2 pattern_special.
inline constexpr std::array<std::uint8_t, 256> kMarkClasses = [] {
  std::array<std::uint8_t, 256> classes{};
  classes['\n'] = classes['\r'] = 1;
  classes['#'] = 2;
  classes['*'] = classes['%'] = 4;
  for (std::size_t byte = 0x80; byte < 0x100; ++byte) classes[byte] = 4;
  return classes;
}();

/// Marks of `size` (at most kBlockBytes) bytes at `data`, one at a time.
inline BlockMarks mark_bytes_one_by_one(const char* data, std::size_t size) noexcept {
  BlockMarks marks;
  for (std::size_t i = 0; i < size; ++i) {
    const std::uint8_t classes = kMarkClasses[static_cast<unsigned char>(data[i])];
    marks.line_end |= std::uint64_t{classes & 1u} << i;
    marks.hash |= std::uint64_t{(classes >> 1) & 1u} << i;
    marks.pattern_special |= std::uint64_t{(classes >> 2) & 1u} << i;
  }
  return marks;
}

/// The ways blocks can be marked. mark_bytes() takes the fastest one this build and this
/// processor have; every one gives the same marks, and tests hold each to the byte loop.
enum class MarkingPath { kByteLoop, kSse2, kAvx2 };

/// The last, partial block of a body, copied among zeros (which mark nothing) so that it
/// takes one SIMD pass too: byte by byte, the tail of each file cost as much as a
/// kilobyte of whole blocks.
struct PaddedLastBlock {
  char bytes[kBlockBytes] = {};
  PaddedLastBlock(const char* data, std::size_t count) noexcept { std::memcpy(bytes, data, count); }
};

/// Marks every block of data[0, size) into `marks` with `mark_whole_block`, the last,
/// partial one from a PaddedLastBlock. The one loop of both SIMD paths: always inlined,
/// so that in the AVX2 path's function it runs with AVX2 and its block function inlines.
template <BlockMarks (*mark_whole_block)(const char*) noexcept>
[[gnu::always_inline]] inline void mark_blocks(const char* data, std::size_t size,
                                               BlockMarks* marks) noexcept {
  std::size_t block = 0;
  for (; (block + 1) * kBlockBytes <= size; ++block) {
    marks[block] = mark_whole_block(data + block * kBlockBytes);
  }
  if (const std::size_t begin = block * kBlockBytes; begin < size) {
    marks[block] = mark_whole_block(PaddedLastBlock(data + begin, size - begin).bytes);
  }
}

#if defined(ROBOTSTXT_USE_SSE2)
/// Marks of one whole block of kBlockBytes at `data`, four 16-byte loads at a time.
inline BlockMarks mark_whole_block_sse2(const char* data) noexcept {
  const __m128i lf = _mm_set1_epi8('\n');
  const __m128i cr = _mm_set1_epi8('\r');
  const __m128i hash = _mm_set1_epi8('#');
  const __m128i star = _mm_set1_epi8('*');
  const __m128i percent = _mm_set1_epi8('%');
  BlockMarks marks;
  for (std::size_t part = 0; part < 4; ++part) {
    const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * part));
    const auto mask = [](__m128i matches) {
      return static_cast<std::uint64_t>(static_cast<unsigned>(_mm_movemask_epi8(matches)));
    };
    const std::size_t shift = 16 * part;
    marks.line_end |= mask(_mm_or_si128(_mm_cmpeq_epi8(bytes, lf), _mm_cmpeq_epi8(bytes, cr)))
                      << shift;
    marks.hash |= mask(_mm_cmpeq_epi8(bytes, hash)) << shift;
    // The top bit of each byte is what movemask reads: bytes >= 0x80 mark themselves.
    marks.pattern_special |= mask(_mm_or_si128(bytes, _mm_or_si128(_mm_cmpeq_epi8(bytes, star),
                                                                   _mm_cmpeq_epi8(bytes, percent))))
                             << shift;
  }
  return marks;
}
#endif

#if defined(ROBOTSTXT_USE_AVX2)
// The AVX2 path is the SSE2 one with 32-byte loads: half the compares and mask moves per
// block (bench/corpus_bench.cc measures what that saves). Its functions carry the target
// themselves (a lambda would not inherit it).
[[gnu::target("avx2")]] inline std::uint64_t avx2_mask(__m256i matches) noexcept {
  return static_cast<std::uint64_t>(static_cast<std::uint32_t>(_mm256_movemask_epi8(matches)));
}

[[gnu::target("avx2")]] inline BlockMarks mark_whole_block_avx2(const char* data) noexcept {
  const __m256i lf = _mm256_set1_epi8('\n');
  const __m256i cr = _mm256_set1_epi8('\r');
  const __m256i hash = _mm256_set1_epi8('#');
  const __m256i star = _mm256_set1_epi8('*');
  const __m256i percent = _mm256_set1_epi8('%');
  BlockMarks marks;
  for (std::size_t part = 0; part < 2; ++part) {
    const __m256i bytes = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(data + 32 * part));
    const std::size_t shift = 32 * part;
    marks.line_end |=
        avx2_mask(_mm256_or_si256(_mm256_cmpeq_epi8(bytes, lf), _mm256_cmpeq_epi8(bytes, cr)))
        << shift;
    marks.hash |= avx2_mask(_mm256_cmpeq_epi8(bytes, hash)) << shift;
    marks.pattern_special |=
        avx2_mask(_mm256_or_si256(bytes, _mm256_or_si256(_mm256_cmpeq_epi8(bytes, star),
                                                         _mm256_cmpeq_epi8(bytes, percent))))
        << shift;
  }
  return marks;
}

[[gnu::target("avx2")]] inline void mark_blocks_avx2(const char* data, std::size_t size,
                                                     BlockMarks* marks) noexcept {
  mark_blocks<mark_whole_block_avx2>(data, size, marks);
}
#endif

/// Whether this build has `path`, and this processor can take it.
inline bool can_mark_by(MarkingPath path) noexcept {
  if (path == MarkingPath::kAvx2) {
#if defined(ROBOTSTXT_USE_AVX2)
    // Asked once: the answer does not change while the process runs.
    static const bool has_avx2 = [] {
      __builtin_cpu_init();
      return __builtin_cpu_supports("avx2") != 0;
    }();
    return has_avx2;
#else
    return false;
#endif
  }
#if defined(ROBOTSTXT_USE_SSE2)
  return true;
#else
  return path == MarkingPath::kByteLoop;
#endif
}

/// Marks of data[0, size) by `path`, or by the next slower path when can_mark_by(path)
/// is false: element b covers bytes [64b, 64b + 64). Bits past `size` stay clear; no
/// byte past `size` is read. Reuses `marks`' capacity.
inline void mark_bytes_by([[maybe_unused]] MarkingPath path, const char* data, std::size_t size,
                          std::vector<BlockMarks>& marks) {
  marks.resize((size + kBlockBytes - 1) / kBlockBytes);
#if defined(ROBOTSTXT_USE_AVX2)
  if (path == MarkingPath::kAvx2 && can_mark_by(path)) {
    mark_blocks_avx2(data, size, marks.data());
    return;
  }
#endif
#if defined(ROBOTSTXT_USE_SSE2)
  if (path != MarkingPath::kByteLoop) {
    mark_blocks<mark_whole_block_sse2>(data, size, marks.data());
    return;
  }
#endif
  for (std::size_t block = 0; block < marks.size(); ++block) {
    const std::size_t begin = block * kBlockBytes;
    marks[block] = mark_bytes_one_by_one(data + begin, std::min(kBlockBytes, size - begin));
  }
}

/// Marks of data[0, size) by the fastest path there is: mark_bytes_by() falls back from
/// AVX2 to whatever this build and this processor have.
inline void mark_bytes(const char* data, std::size_t size, std::vector<BlockMarks>& marks) {
  mark_bytes_by(MarkingPath::kAvx2, data, size, marks);
}

/// Position of the first byte at or after `from` whose bit is set in `mask` of the
/// `block_count` blocks at `marks`, or `size` when there is none. Takes the blocks'
/// address rather than their vector: a caller keeps it in a register, where a vector's
/// data pointer is loaded again after every store the compiler cannot rule out.
inline std::size_t next_marked(const BlockMarks* marks, std::size_t block_count,
                               std::uint64_t BlockMarks::*mask, std::size_t from,
                               std::size_t size) noexcept {
  if (from >= size) return size;
  std::size_t block = from / kBlockBytes;
  std::uint64_t bits = marks[block].*mask & (~std::uint64_t{0} << (from % kBlockBytes));
  while (bits == 0) {
    if (++block == block_count) return size;
    bits = marks[block].*mask;
  }
  return block * kBlockBytes + static_cast<std::size_t>(__builtin_ctzll(bits));
}

/// Position of the first `:` in data[from, end), or `end` when there is none; data may be
/// read up to `size` (at least `end`). A directive's key is short, so its colon is nearly
/// always among the sixteen bytes where its line starts: one compare of those finds it
/// there, and only a line without one there is searched further.
inline std::size_t first_colon(const char* data, std::size_t from, std::size_t end,
                               [[maybe_unused]] std::size_t size) noexcept {
  std::size_t searched = 0;  // bytes from `from` known to hold no colon
#if defined(ROBOTSTXT_USE_SSE2)
  constexpr std::size_t kNear = 16;
  if (from + kNear <= size) {
    const unsigned colons = sixteen_bytes_matching<':'>(data + from);
    if (colons != 0) return std::min(from + static_cast<std::size_t>(__builtin_ctz(colons)), end);
    if (end <= from + kNear) return end;
    searched = kNear;
  }
#endif
  const std::size_t found = find_first_of_bytes<':'>({data + from, end - from}, searched);
  return found == std::string_view::npos ? end : from + found;
}

/// The line ends of marked blocks, taken in order with one bit scan each: the tokenizer
/// asks for every line's end, and a line usually ends in the block where the one before
/// it ended, so the next end is the lowest bit still set.
class LineEnds {
 public:
  /// The line ends at or after `from` in the `block_count` blocks at `marks` of a body
  /// of `size` bytes.
  LineEnds(const BlockMarks* marks, std::size_t block_count, std::size_t from,
           std::size_t size) noexcept
      : marks_(marks), block_count_(block_count), size_(size), block_(from / kBlockBytes) {
    if (block_ < block_count_) {
      bits_ = marks_[block_].line_end & (~std::uint64_t{0} << (from % kBlockBytes));
    }
  }

  /// The next line end not taken yet, or the body's size when none is left.
  std::size_t take() noexcept {
    while (bits_ == 0) {
      if (block_ + 1 >= block_count_) return size_;
      bits_ = marks_[++block_].line_end;
    }
    const std::size_t end = block_ * kBlockBytes + static_cast<std::size_t>(__builtin_ctzll(bits_));
    bits_ &= bits_ - 1;
    return end;
  }

 private:
  const BlockMarks* marks_;
  std::size_t block_count_;
  std::size_t size_;
  std::size_t block_;
  std::uint64_t bits_ = 0;  // line ends of block_ not taken yet
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_MARKS_H_
