/**
 * @file verdict.h
 * @brief The answer to "may these agents fetch this URL?", with its reason
 *        (docs/semantics.md 3 and 5).
 *
 * What the end of the pipeline produces: a plain value, returned by RobotsTxt::verdict()
 * and carried by everything that answers (the crawler client, the tools).
 */
#ifndef ROBOTSTXT_VERDICT_H_
#define ROBOTSTXT_VERDICT_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace robotstxt {

enum class RuleKind : std::uint8_t { kAllow, kDisallow };

/// Whose rules decided a query (docs/semantics.md 3).
enum class AppliedGroups : std::uint8_t {
  kNone,      ///< no group names the agent and there is no `*` group: all allowed
  kSpecific,  ///< one or more groups name the agent; `*` was not consulted
  kGlobal,    ///< no group names the agent; the `*` groups applied
};

/// How a crawler's groups were chosen (docs/semantics.md 8).
enum class CrawlerRule : std::uint8_t {
  kOwnToken,       ///< groups naming its first (most specific) token applied
  kFallbackToken,  ///< no group names its first token; groups naming a later one applied
  kGlobal,         ///< no group names any of its tokens; the `*` groups applied
  kGlobalIgnored,  ///< no group names it, and `*` never applies to it: all allowed (8.2)
  kNoGroups,       ///< no group names it and there is no `*` group: all allowed
  kNotSubject,     ///< robots.txt does not bind it: always allowed (8.3)
};

/// "own-token", "fallback-token", "global", "global-ignored", "no-groups", "not-subject".
[[nodiscard]] std::string_view to_string(CrawlerRule rule) noexcept;

/// The answer to "may this agent fetch this URL?", with the reason: the one answer type
/// of the library (RobotsClient's Decision adds where the robots.txt came from).
/// `pattern` and `crawler_token` point into the RobotsTxt and the Crawler that produced
/// the verdict and are valid as long as those live (and are not moved from).
struct Verdict {
  bool allowed = true;
  /// Line of the decisive rule (docs/semantics.md 5.4); 0 when no rule decided.
  std::uint32_t line = 0;
  RuleKind kind = RuleKind::kAllow;  ///< kind of the decisive rule, if line != 0
  /// The decisive rule's pattern, normalised (docs/semantics.md 1.8). For an index.htm
  /// rewrite, the whole rule that was written ("/a/index.html", not "/a/$").
  std::string_view pattern;
  /// Strength (docs/semantics.md 5.1) of the decisive rule; 0 when none.
  std::uint32_t strength = 0;
  /// The decisive allow matched only through the `/index.htm` rewrite (docs/semantics.md 4.4).
  bool via_index_htm = false;
  AppliedGroups applied = AppliedGroups::kNone;
  /// The decisive rule as written: its value byte for byte as in the file
  /// ("/caf\xC3\xA9" where the pattern is "/caf%C3%A9"; `kind` says allow or disallow);
  /// empty when no rule decided.
  std::string_view rule;
  /// Asked by a crawler: how its groups were chosen (docs/semantics.md 8). Unset when product
  /// tokens asked, and, from a RobotsClient, when no rules were read (a full allow or
  /// disallow) unless the crawler is not subject to robots.txt.
  std::optional<CrawlerRule> crawler_rule;
  /// The token whose groups applied (kOwnToken, kFallbackToken); else empty.
  std::string_view crawler_token;

  [[nodiscard]] bool has_decisive_rule() const noexcept { return line != 0; }
};

[[nodiscard]] std::string_view to_string(RuleKind kind) noexcept;         // "allow", "disallow"
[[nodiscard]] std::string_view to_string(AppliedGroups groups) noexcept;  // "specific", ...

}  // namespace robotstxt

#endif  // ROBOTSTXT_VERDICT_H_
