// JSON text writer (see json_text.h).
#include "answer/json_text.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>

#include <nlohmann/json.hpp>

#include "base/utf8.h"

namespace robotstxt::cli {
namespace {

// The bytes of `word` that need a look, each flagged by its high bit: bytes >= 0x80,
// control bytes, the quote and the backslash. Exact for the lowest flagged byte (a
// borrow only ever spreads upwards), which is all the caller uses: the "any byte less
// than n / equal to c" word tests, eight bytes at a time.
std::uint64_t special_bytes(std::uint64_t word) {
  constexpr std::uint64_t kOnes = 0x0101010101010101;
  constexpr std::uint64_t kHigh = 0x8080808080808080;
  const auto zero_bytes = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
  const std::uint64_t control = (word - kOnes * 0x20) & ~word & kHigh;
  return (word & kHigh) | control | zero_bytes(word ^ (kOnes * '"')) |
         zero_bytes(word ^ (kOnes * '\\'));
}

// How many of the bytes at text[i, i + 8) (fewer at the end) are copied as they are,
// from the first on.
std::size_t plain_run(std::string_view text, std::size_t i) {
  // The first byte in the lowest bits, whatever the machine's byte order.
  std::uint64_t word = 0;
  const std::size_t length = std::min<std::size_t>(8, text.size() - i);
  if (length == 8) {
    std::memcpy(&word, text.data() + i, 8);
    if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
  } else {
    for (std::size_t k = 0; k < length; ++k) {
      word |= std::uint64_t{static_cast<unsigned char>(text[i + k])} << (8 * k);
    }
  }
  std::uint64_t special = special_bytes(word);
  if (length < 8) special |= std::uint64_t{0x80} << (8 * length);  // stop at the end
  return special == 0 ? 8 : static_cast<std::size_t>(std::countr_zero(special)) / 8;
}

// Writes the escape of a byte that may not appear as it is; returns the end.
char* write_escaped(char* out, unsigned char byte) {
  const auto two = [&](char second) {
    out[0] = '\\';
    out[1] = second;
    return out + 2;
  };
  switch (byte) {
    case '"':
      return two('"');
    case '\\':
      return two('\\');
    case '\b':
      return two('b');
    case '\f':
      return two('f');
    case '\n':
      return two('n');
    case '\r':
      return two('r');
    case '\t':
      return two('t');
    default: {
      constexpr std::string_view kHex = "0123456789abcdef";
      constexpr std::string_view kPrefix = "\\u00";
      out = std::copy(kPrefix.begin(), kPrefix.end(), out);
      out[0] = kHex[byte >> 4];
      out[1] = kHex[byte & 0xF];
      return out + 2;
    }
  }
}

}  // namespace

JsonText::JsonText(std::string& out, std::size_t expected) : out_(out), used_(out.size()) {
  if (expected != 0) out_.resize(used_ + expected);
}

JsonText::~JsonText() { out_.resize(used_); }

void JsonText::grow(std::size_t bytes) {
  out_.resize(std::max(used_ + bytes, out_.size() + out_.size() / 2 + 64));
}

void JsonText::string(std::string_view text) {
  // Each byte takes at most 6 ("\u00XX"); U+FFFD for one invalid byte takes 3.
  char* const begin = room(6 * text.size() + 2);
  char* out = begin;
  *out++ = '"';
  std::size_t i = 0;
  bool utf8_checked = false;
  while (i < text.size()) {
    // Plain bytes (URLs, our own words) are copied in runs of up to 8. There is room
    // for 8 bytes whatever the run, so the copy is always a whole word.
    const std::size_t run = plain_run(text, i);
    std::memcpy(out, text.data() + i, std::min<std::size_t>(8, text.size() - i));
    out += run;
    i += run;
    if (run == 8 || i == text.size()) continue;
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x80) {
      // Well-formed UTF-8 is copied as it is (as nlohmann does without ensure_ascii).
      // Rare (a URL or file that is not UTF-8): nlohmann's own replacement rules, so
      // that both writers agree byte for byte.
      if (!utf8_checked && !internal::is_valid_utf8(text.substr(i))) {
        const std::string replaced =
            nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        std::copy(replaced.begin(), replaced.end(), begin);
        used_ += replaced.size();
        return;
      }
      utf8_checked = true;
      *out++ = static_cast<char>(byte);
    } else {
      out = write_escaped(out, byte);
    }
    ++i;
  }
  *out++ = '"';
  used_ += static_cast<std::size_t>(out - begin);
}

void JsonText::number(std::int64_t number) {
  constexpr std::size_t kDigits = 24;
  char* const begin = room(kDigits);
  used_ += static_cast<std::size_t>(std::to_chars(begin, begin + kDigits, number).ptr - begin);
}

}  // namespace robotstxt::cli
