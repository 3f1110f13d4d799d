// Reads a plain decimal number ("10", "0.5", "-3.") from the front of a text, the way
// std::from_chars does with std::chars_format::fixed. The libc++ that Debian's emscripten
// ships (the npm package's build) has no floating-point from_chars; there the number's
// exact span is found first and handed to strtod, which in WebAssembly always runs in the
// "C" locale and rounds correctly, so both builds read the same value.
#ifndef ROBOTSTXT_SRC_BASE_FIXED_DECIMAL_H_
#define ROBOTSTXT_SRC_BASE_FIXED_DECIMAL_H_

#include <charconv>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string_view>
#if !defined(__cpp_lib_to_chars)
#include <cerrno>
#include <cstdlib>
#include <string>
#endif

namespace robotstxt::internal {

struct FixedDecimal {
  double value = 0;
  std::size_t length = 0;  ///< bytes of the text the number took
};

/// The number at the very front of `text` (no spaces, no '+', no exponent), or nothing
/// when there is none or it does not fit a finite double.
[[nodiscard]] inline std::optional<FixedDecimal> read_fixed_decimal(std::string_view text) {
  FixedDecimal number;
#if defined(__cpp_lib_to_chars)
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number.value,
                                            std::chars_format::fixed);
  if (error != std::errc()) return std::nullopt;
  number.length = static_cast<std::size_t>(end - text.data());
#else
  std::size_t at = 0;
  const auto skip_digits = [&text, &at] {
    const std::size_t start = at;
    while (at < text.size() && text[at] >= '0' && text[at] <= '9') ++at;
    return at - start;
  };
  if (at < text.size() && text[at] == '-') ++at;
  std::size_t digits = skip_digits();
  if (at < text.size() && text[at] == '.') {
    ++at;
    digits += skip_digits();
  }
  if (digits == 0) return std::nullopt;
  const std::string span(text.substr(0, at));
  errno = 0;
  number.value = std::strtod(span.c_str(), nullptr);
  if (errno == ERANGE) return std::nullopt;
  number.length = at;
#endif
  if (!std::isfinite(number.value)) return std::nullopt;
  return number;
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_BASE_FIXED_DECIMAL_H_
