// Copying a short run of bytes without a library call. A robots.txt line's key and value
// are mostly a few bytes long, and memcpy's call and size dispatch cost more than the
// bytes themselves when a file is made of such lines.
#ifndef ROBOTSTXT_SRC_BASE_BYTE_COPY_H_
#define ROBOTSTXT_SRC_BASE_BYTE_COPY_H_

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace robotstxt::internal {

/// Copies `count` bytes from `from` to `to` (which must not overlap) and returns the end
/// of the copy. Reads and writes only those bytes: four to thirty-two are two
/// overlapping fixed-size copies, which compile to a few moves.
inline char* copy_bytes(char* to, const char* from, std::size_t count) noexcept {
  const auto overlapping = [&]<typename Word>(Word) {
    Word head;
    Word tail;
    std::memcpy(&head, from, sizeof head);
    std::memcpy(&tail, from + count - sizeof tail, sizeof tail);
    std::memcpy(to, &head, sizeof head);
    std::memcpy(to + count - sizeof tail, &tail, sizeof tail);
  };
  if (count < 4) {
    for (std::size_t i = 0; i < count; ++i) to[i] = from[i];
  } else if (count < 8) {
    overlapping(std::uint32_t{});
  } else if (count <= 16) {
    overlapping(std::uint64_t{});
  } else if (count <= 32) {
    // Most rule paths: one 16-byte load and store each way.
    struct Sixteen {
      char bytes[16];
    };
    overlapping(Sixteen{});
  } else {
    std::memcpy(to, from, count);
  }
  return to + count;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_COPY_H_
