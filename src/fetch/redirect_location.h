// Where a redirect leads: the Location header resolved against the URL that answered,
// the way browsers and curl read it (docs/semantics.md 7.4). Private to the fetcher.
#ifndef ROBOTSTXT_SRC_FETCH_REDIRECT_LOCATION_H_
#define ROBOTSTXT_SRC_FETCH_REDIRECT_LOCATION_H_

#include <string>
#include <string_view>

namespace robotstxt::internal {

struct ResolvedLocation {
  /// The absolute URL to request next; empty when the Location cannot be followed.
  /// Spaces and other bytes a URL cannot hold are percent-encoded; user info and the
  /// fragment are removed (credentials a server puts in a Location are never sent on).
  std::string url;
  /// Why it cannot be followed: printable ASCII, bounded, free of user info.
  std::string error;
};

/// Resolves `location` (the raw header value) against `base` (the URL requested).
[[nodiscard]] ResolvedLocation resolve_location(const std::string& base, std::string_view location);

/// `text` as printable ASCII for messages: other bytes as %XX, at most `max_bytes` of
/// it, then "..." with the full size. Server-sent text goes through this before it is
/// shown to anyone.
[[nodiscard]] std::string printable(std::string_view text, std::size_t max_bytes = 160);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_REDIRECT_LOCATION_H_
