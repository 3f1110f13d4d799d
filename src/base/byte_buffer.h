// A growable run of bytes that the compiler writes its text and records into. Not a
// std::string: growing one zero-fills bytes that are written next anyway, and appending
// a rule's few bytes went through a capacity check, a size dispatch and memcpy's call
// that together cost more than the bytes on a file of short lines.
#ifndef ROBOTSTXT_SRC_BASE_BYTE_BUFFER_H_
#define ROBOTSTXT_SRC_BASE_BYTE_BUFFER_H_

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <memory>
#include <string_view>

#include "base/byte_copy.h"
#include "base/uninitialized_array.h"

namespace robotstxt::internal {

class ByteBuffer {
 public:
  [[nodiscard]] const char* data() const noexcept { return bytes_.get(); }
  [[nodiscard]] std::size_t size() const noexcept { return size_; }
  [[nodiscard]] std::size_t capacity() const noexcept { return capacity_; }
  [[nodiscard]] std::string_view view() const noexcept { return {bytes_.get(), size_}; }
  void clear() noexcept { size_ = 0; }

  /// Where the next `count` bytes go, with room for them. Write at most `count` bytes
  /// there, then say where the writing ended with commit().
  char* room_for(std::size_t count) {
    if (capacity_ - size_ < count) grow(size_ + count);
    return bytes_.get() + size_;
  }
  /// Keeps the bytes written since room_for() up to `end`.
  void commit(const char* end) noexcept { size_ = static_cast<std::size_t>(end - bytes_.get()); }

  void append(const char* bytes, std::size_t count) {
    commit(copy_bytes(room_for(count), bytes, count));
  }
  void append(std::string_view bytes) { append(bytes.data(), bytes.size()); }

  /// Bytes copied as one run of this many whatever fewer are kept (append_within()).
  static constexpr std::size_t kRunBytes = 64;

  /// append() for `bytes` that lie in a buffer readable up to `readable_end`. A run of up
  /// to kRunBytes with at least that many readable from its start is copied as kRunBytes
  /// whatever its length, and only its own bytes are kept: the compiler appends a rule
  /// value from the body on most lines, and copy_bytes()'s choice by length was a branch
  /// the processor guessed wrong on values of mixed lengths.
  void append_within(std::string_view bytes, const char* readable_end) {
    if (bytes.size() <= kRunBytes &&
        static_cast<std::size_t>(readable_end - bytes.data()) >= kRunBytes) [[likely]] {
      char* const at = room_for(kRunBytes);
      std::memcpy(at, bytes.data(), kRunBytes);
      commit(at + bytes.size());
      return;
    }
    append(bytes);
  }

 private:
  void grow(std::size_t needed) {
    const std::size_t capacity = std::max({2 * capacity_, needed, std::size_t{256}});
    auto grown = make_uninitialized_array<char>(capacity);
    if (size_ > 0) std::memcpy(grown.get(), bytes_.get(), size_);
    bytes_ = std::move(grown);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> bytes_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_BYTE_BUFFER_H_
