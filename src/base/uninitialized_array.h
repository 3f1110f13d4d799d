// A heap array whose bytes are written before they are read, so that allocating it need
// not zero-fill it. std::make_unique_for_overwrite says exactly that, but the libc++ that
// Debian's emscripten ships (the npm package's build, docs/javascript.md) predates it;
// `new T[n]` default-initialises too, which for bytes and chars is the same thing.
#ifndef ROBOTSTXT_SRC_BASE_UNINITIALIZED_ARRAY_H_
#define ROBOTSTXT_SRC_BASE_UNINITIALIZED_ARRAY_H_

#include <cstddef>
#include <memory>

namespace robotstxt::internal {

template <typename T>
[[nodiscard]] std::unique_ptr<T[]> make_uninitialized_array(std::size_t count) {
#if defined(__cpp_lib_smart_ptr_for_overwrite)
  return std::make_unique_for_overwrite<T[]>(count);
#else
  return std::unique_ptr<T[]>(new T[count]);
#endif
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_UNINITIALIZED_ARRAY_H_
