// Atomic loads, stores and compare-exchanges of one byte of plain memory: what
// std::atomic_ref<std::uint8_t> gives, which emscripten's C++ library (libc++ 14) lacks.
// GCC and Clang give the same operations as builtins on every target (std::atomic_ref is
// built on them), and ThreadSanitizer sees them as it sees std::atomic.
#ifndef ROBOTSTXT_SRC_BASE_ATOMIC_BYTE_H_
#define ROBOTSTXT_SRC_BASE_ATOMIC_BYTE_H_

#include <cstdint>

namespace robotstxt::internal {

class AtomicByte {
 public:
  explicit AtomicByte(std::uint8_t& byte) noexcept : byte_(&byte) {}

  [[nodiscard]] std::uint8_t load_relaxed() const noexcept {
    return __atomic_load_n(byte_, __ATOMIC_RELAXED);
  }
  [[nodiscard]] std::uint8_t load_acquire() const noexcept {
    return __atomic_load_n(byte_, __ATOMIC_ACQUIRE);
  }
  void store_release(std::uint8_t value) noexcept {
    __atomic_store_n(byte_, value, __ATOMIC_RELEASE);
  }
  /// As compare_exchange_weak(expected, desired, std::memory_order_relaxed).
  bool compare_exchange_weak_relaxed(std::uint8_t& expected, std::uint8_t desired) noexcept {
    return __atomic_compare_exchange_n(byte_, &expected, desired, true, __ATOMIC_RELAXED,
                                       __ATOMIC_RELAXED);
  }

 private:
  std::uint8_t* byte_;
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_ATOMIC_BYTE_H_
