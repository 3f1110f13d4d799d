/**
 * @file line_facts.h
 * @brief A robots.txt body read line by line (docs/semantics.md 1 and 6).
 *
 * The first stage of parsing: raw bytes become lines, each with its
 * key, value and the facts a linter needs. RobotsTxt::parse() (robots_txt.h) compiles
 * the same lines into rules; both use one tokenizer, so they can never disagree.
 */
#ifndef ROBOTSTXT_LINE_FACTS_H_
#define ROBOTSTXT_LINE_FACTS_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "robotstxt/body_limit.h"

namespace robotstxt {

/// A line keeps at most this many bytes (docs/semantics.md 1.4).
inline constexpr std::size_t kMaxLineBytes = 16663;

/// What a line is, once comments and whitespace are gone (docs/semantics.md 1.5-1.7).
enum class LineKind : std::uint8_t {
  kEmpty,      ///< nothing at all, or only whitespace
  kComment,    ///< only a comment
  kUserAgent,  ///< user-agent directive (or an accepted typo of it)
  kAllow,      ///< allow directive
  kDisallow,   ///< disallow directive (or an accepted typo of it)
  kSitemap,    ///< sitemap directive (or `site-map`)
  kOther,      ///< any other `key: value` line, e.g. crawl-delay
  kInvalid,    ///< text that is not a directive (no colon, not exactly two words)
};

/// Everything the tokenizer knows about one line. Views point into the body that was
/// passed to describe_lines() and stay valid as long as that body does.
struct LineFacts {
  std::uint32_t number = 0;  ///< 1-based; every line counts, empty ones included
  std::uint32_t offset = 0;  ///< byte offset of the line's first byte in the body
  std::uint32_t length = 0;  ///< bytes of the line in the body, terminator excluded
  LineKind kind = LineKind::kEmpty;
  bool has_comment = false;    ///< a `#` starts a comment on this line
  bool typo = false;           ///< key is an accepted typo (`useragent`, `dissallow`, ...)
  bool missing_colon = false;  ///< `key value` accepted without a colon
  bool too_long = false;       ///< line exceeded kMaxLineBytes and was cut
  bool has_nul = false;        ///< a NUL byte ended the line's content early
  bool outside_group = false;  ///< allow/disallow before any user-agent line: ignored
  bool unsupported = false;    ///< kOther with a key Google knows but ignores (crawl-delay...)
  std::string_view key;        ///< trimmed key as written (empty unless a directive)
  std::string_view value;      ///< trimmed value as written (not normalised)
};

/// Per-line facts for every line of `body` (docs/semantics.md 6), in order. Bytes past
/// kMaxBodyBytes are not read. Never fails: any byte sequence is a robots.txt.
[[nodiscard]] std::vector<LineFacts> describe_lines(std::string_view body);

/// True for the keys Google recognises but ignores for access (docs/semantics.md 6):
/// clean-param, content-signal, content-usage, crawl-delay, domain, host, noarchive,
/// nofollow, noindex, request-rate, revisit-after, visit-time. ASCII case-insensitive.
[[nodiscard]] bool is_unsupported_key(std::string_view key) noexcept;

}  // namespace robotstxt

#endif  // ROBOTSTXT_LINE_FACTS_H_
