/**
 * @file url.h
 * @brief Which robots.txt governs a URL: its origin (scheme, host, port) and the
 *        robots.txt URL of that origin (docs/semantics.md 7.1).
 *
 * The first stage of the fetch pipeline: url -> fetcher -> policy -> cache -> RobotsTxt.
 * Also holds the opt-in normaliser for URLs that arrive unencoded; the matcher
 * itself stays byte-exact.
 *
 * @code
 *   auto origin = robotstxt::origin_of("HTTPS://User@M\xC3\xBCller.EU:443/a?b#c");
 *   origin->key();         // "https://xn--mller-kva.eu"
 *   origin->robots_url();  // "https://xn--mller-kva.eu/robots.txt"
 * @endcode
 */
#ifndef ROBOTSTXT_URL_H_
#define ROBOTSTXT_URL_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace robotstxt {

/// The schemes that have a robots.txt (RFC 9309 section 2.3).
enum class Scheme : std::uint8_t { kHttp, kHttps, kFtp };

[[nodiscard]] std::string_view to_string(Scheme scheme) noexcept;  // "http", "https", "ftp"
/// 80, 443 or 21: the port that is the same as no port.
[[nodiscard]] std::uint16_t default_port(Scheme scheme) noexcept;

/// Why a URL has no origin.
enum class UrlError : std::uint8_t {
  kNone,
  kNotAbsolute,        ///< no `scheme://` in front
  kUnsupportedScheme,  ///< a scheme other than http, https, ftp
  kInvalidHost,        ///< empty, forbidden characters, bad IPv6 literal, over 253 bytes
  kInvalidPort,        ///< not a number from 1 to 65535
  kInvalidIdn,         ///< a non-ASCII host that IDNA 2008 and UTS 46 both reject
};

[[nodiscard]] std::string_view to_string(UrlError error) noexcept;  // a sentence
/// The stable word (schemas/answer.schema.json): "not-absolute", "invalid-host", ...;
/// empty for kNone, which is no error.
[[nodiscard]] std::string_view word(UrlError error) noexcept;

/// The scope of one robots.txt: scheme + host + port. Two URLs share a robots.txt
/// exactly when their origins are equal.
struct Origin {
  Scheme scheme = Scheme::kHttp;
  /// Lower-case ASCII: punycode for IDNs, IPv6 literals in brackets ("[::1]").
  std::string host;
  std::uint16_t port = 80;  ///< always explicit; default_port(scheme) when none was given

  /// "scheme://host" plus ":port" when the port is not the default. Unique per origin.
  [[nodiscard]] std::string key() const;
  /// key() + "/robots.txt".
  [[nodiscard]] std::string robots_url() const;

  friend bool operator==(const Origin&, const Origin&) = default;
};

/// An origin, or why there is none. Test it like a pointer.
struct OriginResult {
  std::optional<Origin> origin;
  UrlError error = UrlError::kNone;

  explicit operator bool() const noexcept { return origin.has_value(); }
  const Origin& operator*() const { return *origin; }
  const Origin* operator->() const { return &*origin; }
};

/// The origin of an absolute URL. Scheme and host compare case-insensitively, default
/// ports equal no port, an internationalised host becomes punycode (IDNA 2008, then
/// UTS 46 transitional processing as browsers do when strict IDNA 2008 rejects it),
/// user info, path, query and fragment are ignored. Never throws.
/// Example: origin_of("http://Example.com:80/x")->key() == "http://example.com".
[[nodiscard]] OriginResult origin_of(std::string_view url);

/// The robots.txt URL for `url`'s origin, or nullopt when the URL has none.
[[nodiscard]] std::optional<std::string> robots_url_for(std::string_view url);

/// A URL as a crawler requests it, for URLs that arrive unencoded (the library never
/// applies it; the command line and the service do unless asked --as-written): after
/// `scheme://authority`, bytes that RFC 3986 does not allow as they are (non-ASCII,
/// spaces, controls, `"<>\^`{|}`, and a `%` that starts no escape) become `%XX`, and
/// existing escapes get upper-case hex digits. Nothing is ever decoded, so an already valid URL
/// comes back unchanged. Example: normalize_url("http://a.com/caf\xC3\xA9 x%2f") ==
/// "http://a.com/caf%C3%A9%20x%2F".
[[nodiscard]] std::string normalize_url(std::string_view url);

/// normalize_url() without a copy when nothing changes, the usual case: `url` itself, or a
/// view of `storage` (which then holds the normalized URL), valid while it is unchanged.
[[nodiscard]] std::string_view normalize_url(std::string_view url, std::string& storage);

}  // namespace robotstxt

#endif  // ROBOTSTXT_URL_H_
