// JSON text writer (see json_text.h).
#include "json_text.h"

#include <array>
#include <charconv>

#include <nlohmann/json.hpp>

#include "utf8.h"

namespace robotstxt::cli {
namespace {

// The ASCII bytes copied as they are: printable ones but the quote and the backslash.
// A table: this runs for every byte of every URL of a batch.
constexpr std::array<bool, 0x80> kCopiedAsIs = [] {
  std::array<bool, 0x80> copied{};
  for (std::size_t byte = 0x20; byte < 0x80; ++byte) copied[byte] = true;
  copied['"'] = false;
  copied['\\'] = false;
  return copied;
}();

void append_escaped(std::string& out, unsigned char byte) {
  switch (byte) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\b':
      out += "\\b";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    case '\t':
      out += "\\t";
      return;
    default: {
      constexpr std::string_view kHex = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    }
  }
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  const std::size_t start = out.size();
  out += '"';
  std::size_t run = 0;  // start of the bytes not yet appended
  bool utf8_checked = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte < 0x80 && kCopiedAsIs[byte]) continue;
    if (byte >= 0x80) {
      // Well-formed UTF-8 is copied as it is (as nlohmann does without ensure_ascii).
      if (utf8_checked || internal::is_valid_utf8(text.substr(i))) {
        utf8_checked = true;
        continue;
      }
      // Rare (a URL or file that is not UTF-8): nlohmann's own replacement rules, so
      // that both writers agree byte for byte.
      out.resize(start);
      out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
      return;
    }
    out.append(text, run, i - run);
    append_escaped(out, byte);
    run = i + 1;
  }
  out.append(text, run, text.size() - run);
  out += '"';
}

void append_json_number(std::string& out, std::int64_t number) {
  char digits[24];
  const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
  out.append(digits, end);
}

}  // namespace robotstxt::cli
