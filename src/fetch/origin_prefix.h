// The bytes of a URL that decide its origin, for a batch that meets one origin many
// times: a URL that starts with the same prefix as the one before it has its origin
// without origin_of() (url.cc) reading it again.
#ifndef ROBOTSTXT_SRC_FETCH_ORIGIN_PREFIX_H_
#define ROBOTSTXT_SRC_FETCH_ORIGIN_PREFIX_H_

#include <cstddef>
#include <string_view>

namespace robotstxt::internal {

/// `url` from its start through the first '/', '?' or '#' after "scheme://", that byte
/// included: all that origin_of() reads of a URL that goes on past its authority (the
/// trailing-space trim cannot reach into it). Two URLs that start with the same such
/// prefix have the same origin, or the same error. Empty when there is none: a leading
/// space or control byte (origin_of() trims it), no "://" after the first ':', nothing
/// after the authority.
inline std::string_view origin_prefix(std::string_view url) noexcept {
  if (url.empty() || static_cast<unsigned char>(url.front()) <= 0x20) return {};
  const std::size_t colon = url.find(':');  // as origin_of(): the first one
  if (colon == std::string_view::npos || url.substr(colon + 1, 2) != "//") return {};
  for (std::size_t i = colon + 3; i < url.size(); ++i) {
    if (url[i] == '/' || url[i] == '?' || url[i] == '#') return url.substr(0, i + 1);
  }
  return {};
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_ORIGIN_PREFIX_H_
