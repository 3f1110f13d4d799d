// Request targets (see query.h).
#include "service/query.h"

#include "ascii.h"

namespace robotstxt::service {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return internal::to_ascii_lower(c) - 'a' + 10;
}

std::optional<std::string> decode_component(std::string_view encoded) {
  std::string decoded;
  decoded.reserve(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    const char c = encoded[i];
    if (c == '+') {
      decoded.push_back(' ');
    } else if (c != '%') {
      decoded.push_back(c);
    } else if (i + 2 < encoded.size() && internal::is_hex_digit(encoded[i + 1]) &&
               internal::is_hex_digit(encoded[i + 2])) {
      decoded.push_back(
          static_cast<char>(hex_value(encoded[i + 1]) * 16 + hex_value(encoded[i + 2])));
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  return decoded;
}

}  // namespace

std::string_view target_path(std::string_view target) { return target.substr(0, target.find('?')); }

std::optional<std::string> query_value(std::string_view target, std::string_view name) {
  const std::size_t question = target.find('?');
  if (question == std::string_view::npos) return std::nullopt;
  std::string_view query = target.substr(question + 1);
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const std::size_t equals = pair.find('=');
    const std::optional<std::string> key = decode_component(pair.substr(0, equals));
    if (!key || *key != name) continue;
    return decode_component(equals == std::string_view::npos ? std::string_view{}
                                                             : pair.substr(equals + 1));
  }
  return std::nullopt;
}

}  // namespace robotstxt::service
