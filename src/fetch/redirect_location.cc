// Location resolution with libcurl's URL API (see redirect_location.h).
#include "fetch/redirect_location.h"

#include <curl/curl.h>

#include <algorithm>
#include <memory>

#include "base/ascii.h"
#include "base/percent_encoding.h"

namespace robotstxt::internal {
namespace {

struct UrlHandleDeleter {
  void operator()(CURLU* handle) const { curl_url_cleanup(handle); }
};
using UrlHandle = std::unique_ptr<CURLU, UrlHandleDeleter>;

// The scheme of an absolute reference (RFC 3986 3.1), lower-cased; "" for a relative one.
std::string scheme_of(std::string_view reference) {
  std::string scheme;
  for (char c : reference) {
    if (c == ':') return scheme;
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool later =
        !scheme.empty() && ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.');
    if (!letter && !later) return {};
    scheme += to_ascii_lower(c);
  }
  return {};
}

// Whether `url` holds a byte no request line may carry as itself: a control, space or DEL.
bool holds_control_or_space(std::string_view url) {
  return std::any_of(url.begin(), url.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= 0x20 || byte == 0x7F;
  });
}

}  // namespace

std::string printable(std::string_view text, std::size_t max_bytes) {
  std::string shown;
  // Percent-encoded, so that what a server sent still reads as the URL it was.
  append_percent_normalized(text.substr(0, max_bytes), shown,
                            [](unsigned char byte) { return byte <= 0x20 || byte >= 0x7F; });
  if (text.size() > max_bytes) shown += "... (" + std::to_string(text.size()) + " bytes)";
  return shown;
}

ResolvedLocation resolve_location(const std::string& base, std::string_view location) {
  location = trim_ascii_space(location);
  const std::string scheme = scheme_of(location);
  if (!scheme.empty() && scheme != "http" && scheme != "https" && scheme != "ftp") {
    // Only the scheme is shown: the rest may carry user info.
    return {"", "redirect to a " + printable(scheme, 20) +
                    ": URL, a scheme that has no robots.txt (only http, https, ftp)"};
  }
  // libcurl reads a C string: a NUL would silently cut the Location short, and the
  // fetcher would follow somewhere the server never named.
  if (location.find('\0') != std::string_view::npos) {
    return {"",
            "redirect Location holds a NUL byte (" + std::to_string(location.size()) + " bytes)"};
  }
  const UrlHandle url(curl_url());
  const std::string reference(location);
  if (!url || curl_url_set(url.get(), CURLUPART_URL, base.c_str(), 0) != CURLUE_OK) {
    return {"", "cannot resolve a redirect from " + printable(base)};
  }
  // What curl does when it follows a redirect itself: encode what a URL cannot hold.
  const CURLUcode code = curl_url_set(url.get(), CURLUPART_URL, reference.c_str(),
                                      CURLU_URLENCODE | CURLU_ALLOW_SPACE);
  if (code != CURLUE_OK) {
    return {"", std::string("redirect Location is not a valid URL (") + curl_url_strerror(code) +
                    ", " + std::to_string(location.size()) + " bytes)"};
  }
  curl_url_set(url.get(), CURLUPART_USER, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_PASSWORD, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_OPTIONS, nullptr, 0);
  curl_url_set(url.get(), CURLUPART_FRAGMENT, nullptr, 0);
  char* resolved = nullptr;
  if (curl_url_get(url.get(), CURLUPART_URL, &resolved, 0) != CURLUE_OK || resolved == nullptr) {
    return {"", "redirect Location is not a valid URL"};
  }
  ResolvedLocation result{resolved, ""};
  curl_free(resolved);
  // libcurl encodes what a path cannot hold but decodes a host's escapes: "%7F" in a host
  // comes back as the DEL byte itself, which no request line may carry.
  if (holds_control_or_space(result.url)) {
    return {"", "redirect Location is not a valid URL (a control byte or space once resolved, " +
                    std::to_string(location.size()) + " bytes)"};
  }
  return result;
}

}  // namespace robotstxt::internal
