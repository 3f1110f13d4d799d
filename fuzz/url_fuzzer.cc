// Fuzz target for origin_of() and normalize_url(), one URL per input line. It checks
// consistency, not only survival: an origin's own robots.txt URL has the same origin,
// the key names the origin uniquely, and normalising is idempotent, ASCII-only and
// never decodes (the escapes of the input survive).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "consistency.h"
#include "robotstxt/url.h"

namespace {

// Every '%' survives normalising: as an escape it stays, alone it becomes "%25".
std::size_t count_percent_signs(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) count += c == '%' ? 1 : 0;
  return count;
}

void check_one(std::string_view url) {
  const robotstxt::OriginResult origin = robotstxt::origin_of(url);
  if (origin) {
    require(!origin->host.empty(), "an origin has a host");
    const robotstxt::OriginResult again = robotstxt::origin_of(origin->robots_url());
    require(again && *again == *origin, "robots_url() has the same origin");
    require(again->key() == origin->key(), "key() is stable");
  } else {
    require(origin.error != robotstxt::UrlError::kNone, "a failure says why");
  }
  const std::string normalized = robotstxt::normalize_url(url);
  require(robotstxt::normalize_url(normalized) == normalized, "normalising is idempotent");
  require(count_percent_signs(normalized) >= count_percent_signs(url), "escapes are never decoded");
  const std::size_t path_start = normalized.find_first_of("/?#", normalized.find("://") + 3);
  for (std::size_t i = path_start == std::string::npos ? normalized.size() : path_start;
       i < normalized.size(); ++i) {
    const auto c = static_cast<unsigned char>(normalized[i]);
    require(c > 0x20 && c < 0x7F, "the normalised path is printable ASCII");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  while (!input.empty()) {
    const std::size_t newline = input.find('\n');
    check_one(input.substr(0, newline));
    if (newline == std::string_view::npos) break;
    input.remove_prefix(newline + 1);
  }
  return 0;
}
