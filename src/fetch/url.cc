// Origins and robots.txt URLs (see url.h). Hand-written rather than a general URL
// parser: only the scope of a robots.txt matters here, and it must never throw.
#include "robotstxt/url.h"

#include <arpa/inet.h>
#include <idn2.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <memory>
#include <utility>

#include "base/ascii.h"
#include "base/percent_encoding.h"

namespace robotstxt {
namespace {

using internal::is_ascii_alpha;
using internal::is_ascii_digit;

std::optional<Scheme> scheme_named(std::string_view name) {
  if (internal::equals_ignoring_case(name, "http")) return Scheme::kHttp;
  if (internal::equals_ignoring_case(name, "https")) return Scheme::kHttps;
  if (internal::equals_ignoring_case(name, "ftp")) return Scheme::kFtp;
  return std::nullopt;
}

// Where the authority starting at url[from] ends: the first '/', '?' or '#', or the end.
// A byte loop: std::string_view's find_first_of calls memchr once per byte.
std::size_t authority_end(std::string_view url, std::size_t from) {
  for (std::size_t i = from; i < url.size(); ++i) {
    if (url[i] == '/' || url[i] == '?' || url[i] == '#') return i;
  }
  return url.size();
}

// Hosts are DNS names here: letters, digits, '-', '.', and '_' (which real hosts use
// although DNS names should not). Anything else cannot name a server.
bool is_host_byte(char c) {
  return is_ascii_alpha(c) || is_ascii_digit(c) || c == '-' || c == '.' || c == '_';
}

struct IdnFree {
  void operator()(char* text) const noexcept { idn2_free(text); }
};

// Browsers first try strict IDNA 2008 and fall back to UTS 46 transitional processing
// (which maps, for example, U+00DF sharp s to "ss") for names IDNA 2008 rejects.
std::optional<std::string> to_punycode(const std::string& host) {
  for (int flags : {IDN2_NFC_INPUT | IDN2_NONTRANSITIONAL, IDN2_NFC_INPUT | IDN2_TRANSITIONAL}) {
    char* output = nullptr;
    const int rc = idn2_lookup_u8(reinterpret_cast<const uint8_t*>(host.c_str()),
                                  reinterpret_cast<uint8_t**>(&output), flags);
    const std::unique_ptr<char, IdnFree> owned(output);
    if (rc == IDN2_OK && output != nullptr) {
      std::string ascii(output);
      for (char& c : ascii) c = internal::to_ascii_lower(c);
      return ascii;
    }
  }
  return std::nullopt;
}

struct HostResult {
  std::string host;
  UrlError error = UrlError::kNone;
};

HostResult canonical_ipv6(std::string_view literal) {
  // Zone identifiers ("fe80::1%25eth0") name an interface, not a server; reject them.
  const std::string address(literal);
  std::array<unsigned char, 16> bytes{};
  if (inet_pton(AF_INET6, address.c_str(), bytes.data()) != 1) return {{}, UrlError::kInvalidHost};
  std::array<char, INET6_ADDRSTRLEN> text{};
  if (inet_ntop(AF_INET6, bytes.data(), text.data(), text.size()) == nullptr) {
    return {{}, UrlError::kInvalidHost};
  }
  // Appending, not "[" + string: GCC 12 warns falsely (-Wrestrict) about the latter.
  std::string bracketed = "[";
  bracketed.append(text.data()).append("]");
  return {std::move(bracketed), UrlError::kNone};
}

// A DNS name is at most 253 bytes as text (RFC 1035 2.3.4: 255 bytes on the wire). A
// longer host can never be resolved, and is refused before anything keeps it: a cache
// key, a schedule, a record in a fleet's shared tier.
constexpr std::size_t kMaxHostBytes = 253;

HostResult canonical_host(std::string_view host) {
  if (host.empty()) return {{}, UrlError::kInvalidHost};
  // Each code point costs a UTF-8 host at most four bytes and its punycode at least one
  // character: a host this long cannot fit, and is not converted to find out.
  if (host.size() > 4 * kMaxHostBytes) return {{}, UrlError::kInvalidHost};
  bool ascii = true;
  for (char c : host) {
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
    } else if (!is_host_byte(c)) {
      return {{}, UrlError::kInvalidHost};
    }
  }
  if (ascii) {
    // Origins are computed for every URL checked: one allocation (if any), no appends.
    std::string lowered(host);
    for (char& c : lowered) c = internal::to_ascii_lower(c);
    // The root's dot ("example.com.") is not part of the 253.
    if (lowered.size() > kMaxHostBytes + (lowered.ends_with('.') ? 1 : 0)) {
      return {{}, UrlError::kInvalidHost};
    }
    return {std::move(lowered), UrlError::kNone};
  }
  std::optional<std::string> punycode = to_punycode(std::string(host));
  if (!punycode) return {{}, UrlError::kInvalidIdn};
  if (punycode->size() > kMaxHostBytes) return {{}, UrlError::kInvalidHost};
  for (char c : *punycode) {
    if (!is_host_byte(c)) return {{}, UrlError::kInvalidIdn};
  }
  return {std::move(*punycode), UrlError::kNone};
}

std::optional<std::uint16_t> parse_port(std::string_view digits, Scheme scheme) {
  if (digits.empty()) return default_port(scheme);
  unsigned long value = 0;
  for (char c : digits) {
    if (!is_ascii_digit(c)) return std::nullopt;
    value = value * 10 + static_cast<unsigned long>(c - '0');
    if (value > 65535) return std::nullopt;
  }
  if (value == 0) return std::nullopt;
  return static_cast<std::uint16_t>(value);
}

// RFC 3986 section 2: unreserved and reserved characters may stay as they are; '%' is
// handled by the caller. Everything else must be percent-encoded.
bool may_stay(unsigned char c) {
  if (c <= 0x20 || c >= 0x7F) return false;
  switch (c) {
    case '"':
    case '<':
    case '>':
    case '\\':
    case '^':
    case '`':
    case '{':
    case '|':
    case '}':
      return false;
    default:
      return true;
  }
}

}  // namespace

std::string_view to_string(Scheme scheme) noexcept {
  switch (scheme) {
    case Scheme::kHttp:
      return "http";
    case Scheme::kHttps:
      return "https";
    case Scheme::kFtp:
      return "ftp";
  }
  return "http";
}

std::uint16_t default_port(Scheme scheme) noexcept {
  switch (scheme) {
    case Scheme::kHttp:
      return 80;
    case Scheme::kHttps:
      return 443;
    case Scheme::kFtp:
      return 21;
  }
  return 80;
}

std::string_view to_string(UrlError error) noexcept {
  switch (error) {
    case UrlError::kNone:
      return "no error";
    case UrlError::kNotAbsolute:
      return "not an absolute URL (expected scheme://host/...)";
    case UrlError::kUnsupportedScheme:
      return "unsupported scheme (robots.txt exists only for http, https and ftp)";
    case UrlError::kInvalidHost:
      return "invalid host";
    case UrlError::kInvalidPort:
      return "invalid port (expected 1 to 65535)";
    case UrlError::kInvalidIdn:
      return "internationalised host name rejected by IDNA 2008 and UTS 46";
  }
  return "invalid URL";
}

std::string_view word(UrlError error) noexcept {
  switch (error) {
    case UrlError::kNone:
      return "";
    case UrlError::kNotAbsolute:
      return "not-absolute";
    case UrlError::kUnsupportedScheme:
      return "unsupported-scheme";
    case UrlError::kInvalidHost:
      return "invalid-host";
    case UrlError::kInvalidPort:
      return "invalid-port";
    case UrlError::kInvalidIdn:
      return "invalid-idn";
  }
  return "";
}

namespace {

constexpr std::string_view kRobotsTxtPath = "/robots.txt";

// key(), with room for `more` bytes after it: one allocation for the key and what a
// caller appends (computed for every URL a batch checks).
std::string origin_key(const Origin& origin, std::size_t more) {
  constexpr std::size_t kSeparatorAndPort = 3 + 6;  // "://" and ":65535"
  std::string key;
  key.reserve(to_string(origin.scheme).size() + origin.host.size() + kSeparatorAndPort + more);
  key.append(to_string(origin.scheme)).append("://").append(origin.host);
  if (origin.port != default_port(origin.scheme)) {
    key.append(":").append(std::to_string(origin.port));
  }
  return key;
}

}  // namespace

std::string Origin::key() const { return origin_key(*this, 0); }

std::string Origin::robots_url() const {
  return origin_key(*this, kRobotsTxtPath.size()).append(kRobotsTxtPath);
}

OriginResult origin_of(std::string_view url) {
  // Leading and trailing ASCII whitespace is how URLs arrive from text files.
  while (!url.empty() && static_cast<unsigned char>(url.front()) <= 0x20) url.remove_prefix(1);
  while (!url.empty() && static_cast<unsigned char>(url.back()) <= 0x20) url.remove_suffix(1);

  const std::size_t colon = url.find(':');
  if (colon == std::string_view::npos || colon == 0 || !is_ascii_alpha(url[0])) {
    return {std::nullopt, UrlError::kNotAbsolute};
  }
  for (char c : url.substr(0, colon)) {
    if (!is_ascii_alpha(c) && !is_ascii_digit(c) && c != '+' && c != '-' && c != '.') {
      return {std::nullopt, UrlError::kNotAbsolute};
    }
  }
  const std::optional<Scheme> scheme = scheme_named(url.substr(0, colon));
  if (url.substr(colon + 1, 2) != "//") {
    return {std::nullopt, scheme ? UrlError::kNotAbsolute : UrlError::kUnsupportedScheme};
  }
  if (!scheme) return {std::nullopt, UrlError::kUnsupportedScheme};

  std::string_view authority = url.substr(colon + 3);
  authority = authority.substr(0, authority_end(authority, 0));
  if (const std::size_t at = authority.rfind('@'); at != std::string_view::npos) {
    authority.remove_prefix(at + 1);
  }

  std::string_view host = authority;
  std::string_view port_digits;
  HostResult canonical;
  if (!authority.empty() && authority.front() == '[') {
    const std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return {std::nullopt, UrlError::kInvalidHost};
    const std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return {std::nullopt, UrlError::kInvalidHost};
    if (!rest.empty()) port_digits = rest.substr(1);
    canonical = canonical_ipv6(authority.substr(1, close - 1));
  } else {
    if (const std::size_t port_colon = authority.rfind(':'); port_colon != std::string_view::npos) {
      host = authority.substr(0, port_colon);
      port_digits = authority.substr(port_colon + 1);
    }
    canonical = canonical_host(host);
  }
  if (canonical.error != UrlError::kNone) return {std::nullopt, canonical.error};
  const std::optional<std::uint16_t> port = parse_port(port_digits, *scheme);
  if (!port) return {std::nullopt, UrlError::kInvalidPort};
  return {Origin{*scheme, std::move(canonical.host), *port}, UrlError::kNone};
}

std::optional<std::string> robots_url_for(std::string_view url) {
  const OriginResult origin = origin_of(url);
  if (!origin) return std::nullopt;
  return origin->robots_url();
}

std::string normalize_url(std::string_view url) {
  // The scheme and authority are left as they are: hosts are not percent-encoded
  // (origin_of() handles IDNs), and only the path, query and fragment are matched.
  std::size_t start = 0;
  if (const std::size_t scheme_end = url.find("://"); scheme_end != std::string_view::npos) {
    start = authority_end(url, scheme_end + 3);
  }
  std::string out(url.substr(0, start));
  out.reserve(url.size() + 16);
  // A lone '%' is not an escape in a URL: it becomes %25.
  internal::append_percent_normalized(
      url.substr(start), out, [](unsigned char byte) { return byte == '%' || !may_stay(byte); });
  return out;
}

std::string_view normalize_url(std::string_view url, std::string& storage) {
  // Only '%' and the bytes that may not stay can change; a URL without any is its own form.
  if (std::all_of(url.begin(), url.end(), [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte != '%' && may_stay(byte);
      })) {
    return url;
  }
  storage = normalize_url(url);
  if (storage == url) return url;
  return storage;
}

}  // namespace robotstxt
