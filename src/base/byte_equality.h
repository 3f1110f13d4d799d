// Comparing two short runs of bytes for equality without a library call. In WebAssembly
// memcmp is musl's byte loop behind a call that the engine does not inline, and the
// matcher compares a rule's literal prefix with the path for nearly every rule it tries.
#ifndef ROBOTSTXT_SRC_BASE_BYTE_EQUALITY_H_
#define ROBOTSTXT_SRC_BASE_BYTE_EQUALITY_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace robotstxt::internal {

/// Whether the `count` bytes at `a` equal those at `b`. Reads only those bytes (none when
/// `count` is 0, so either may then be null). In WebAssembly, words of eight bytes, the
/// last one overlapping the one before it; elsewhere memcmp, which the C library makes
/// fast and the compiler knows.
inline bool bytes_equal(const char* a, const char* b, std::size_t count) noexcept {
#if defined(__wasm__)
  const auto same = [a, b]<typename Word>(Word, std::size_t at) {
    Word x;
    Word y;
    std::memcpy(&x, a + at, sizeof x);
    std::memcpy(&y, b + at, sizeof y);
    return x == y;
  };
  if (count >= 8) {
    for (std::size_t at = 0; at + 8 < count; at += 8) {
      if (!same(std::uint64_t{}, at)) return false;
    }
    return same(std::uint64_t{}, count - 8);
  }
  if (count >= 4) return same(std::uint32_t{}, 0) && same(std::uint32_t{}, count - 4);
  for (std::size_t i = 0; i < count; ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
#else
  return count == 0 || std::memcmp(a, b, count) == 0;
#endif
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_EQUALITY_H_
