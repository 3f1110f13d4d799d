// Request targets (see query.h).
#include "service/query.h"

#include <algorithm>
#include <set>

#include "answer/cli_support.h"
#include "base/ascii.h"

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

// Names listed in a message: enough to find the mistake, bounded whatever the target holds.
std::string name_list(const std::set<std::string>& names) {
  constexpr std::size_t kShown = 5;
  std::string list;
  std::size_t shown = 0;
  for (const std::string& name : names) {
    if (shown == kShown) break;
    list += (shown++ == 0 ? "'" : ", '") + cli::printable(name, 64) + "'";
  }
  if (names.size() > kShown) list += " and " + std::to_string(names.size() - kShown) + " more";
  return list;
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

std::string query_mistakes(std::string_view target,
                           std::initializer_list<std::string_view> expected) {
  const std::size_t question = target.find('?');
  if (question == std::string_view::npos) return {};
  std::string_view query = target.substr(question + 1);
  // Sets: a target of thousands of "&x" stays quick to judge.
  std::set<std::string> seen;
  std::set<std::string> unknown;
  std::set<std::string> repeated;
  bool broken = false;
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    if (pair.empty()) continue;  // "a=1&&b=2": nothing was given there
    const std::optional<std::string> key = decode_component(pair.substr(0, pair.find('=')));
    if (!key) {
      broken = true;
    } else if (std::find(expected.begin(), expected.end(), *key) == expected.end()) {
      unknown.insert(*key);
    } else if (!seen.insert(*key).second) {
      repeated.insert(*key);
    }
  }
  std::string mistakes;
  const auto add = [&mistakes](const std::string& mistake) {
    mistakes += (mistakes.empty() ? "" : "; ") + mistake;
  };
  if (!unknown.empty()) {
    add(std::string(unknown.size() == 1 ? "unknown query parameter "
                                        : "unknown query parameters ") +
        name_list(unknown));
  }
  if (!repeated.empty()) add("query parameter given more than once: " + name_list(repeated));
  if (broken) add("a query parameter name has a '%' not followed by two hex digits");
  if (mistakes.empty()) return {};
  std::string known;
  for (const std::string_view name : expected)
    known += (known.empty() ? "" : ", ") + std::string(name);
  mistakes += known.empty() ? "; this endpoint takes no query parameters"
                            : "; this endpoint takes " + known + ", once each";
  // The usual cause: a URL pasted as is, whose own query was read as the request's.
  if (std::find(expected.begin(), expected.end(), "url") != expected.end()) {
    mistakes += " (a URL that has its own '&' must be percent-encoded: '&' as %26)";
  }
  return mistakes;
}

}  // namespace robotstxt::service
