// Fuzz target for the redirect Location resolver (src/fetch/redirect_location.h). The input is
// a base URL and a Location value separated by the first newline; a base the fetcher
// could not have requested (no http, https or ftp origin) is replaced by one it could.
// Consistency, not only
// survival: what the fetcher would request next is an absolute http, https or ftp URL
// with no user info and no fragment, no control byte or space anywhere, and only
// printable ASCII after its authority (a host may still hold UTF-8: origin_of() turns
// it into punycode or refuses it); a Location that cannot be followed says why in
// printable ASCII.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "consistency.h"
#include "fetch/redirect_location.h"
#include "robotstxt/url.h"

namespace {

bool printable_ascii(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte >= 0x7F) return false;
  }
  return true;
}

bool has_control_or_space(std::string_view text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte <= 0x20 || byte == 0x7F) return true;
  }
  return false;
}

// The authority of an absolute URL: between "://" and the first '/', '?' or '#'.
std::string_view authority_of(std::string_view url) {
  const std::size_t start = url.find("://");
  if (start == std::string_view::npos) return {};
  const std::string_view rest = url.substr(start + 3);
  return rest.substr(0, rest.find_first_of("/?#"));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  std::string base = "http://a.test/x";
  if (newline != std::string_view::npos && robotstxt::origin_of(input.substr(0, newline))) {
    base = input.substr(0, newline);
  }
  const std::string_view location =
      newline == std::string_view::npos ? input : input.substr(newline + 1);
  const robotstxt::internal::ResolvedLocation resolved =
      robotstxt::internal::resolve_location(base, location);
  if (resolved.url.empty()) {
    require(!resolved.error.empty(), "a Location that cannot be followed says why");
    for (const char c : resolved.error) {
      const auto byte = static_cast<unsigned char>(c);
      require(byte >= 0x20 && byte < 0x7F, "the reason is printable ASCII");
    }
    return 0;
  }
  require(resolved.url.starts_with("http://") || resolved.url.starts_with("https://") ||
              resolved.url.starts_with("ftp://"),
          "the next URL is absolute, with a scheme the fetcher speaks");
  require(!has_control_or_space(resolved.url), "the next URL holds no control byte or space");
  const std::string_view authority = authority_of(resolved.url);
  require(authority.find('@') == std::string_view::npos, "the next URL carries no user info");
  require(resolved.url.find('#') == std::string::npos, "the next URL has no fragment");
  const std::size_t path_start = resolved.url.find("://") + 3 + authority.size();
  require(printable_ascii(std::string_view(resolved.url).substr(path_start)),
          "the next URL's path and query are printable ASCII");
  return 0;
}
