/**
 * @file verdict.h
 * @brief The answer to "may these agents fetch this URL?", with its reason
 *        (SEMANTICS.md sections 3 and 5).
 *
 * What the end of the pipeline produces: a plain value, returned by RobotsTxt::verdict()
 * and carried by everything that answers (the crawler client, the tools).
 */
#ifndef ROBOTSTXT_VERDICT_H_
#define ROBOTSTXT_VERDICT_H_

#include <cstdint>
#include <string_view>

namespace robotstxt {

enum class RuleKind : std::uint8_t { kAllow, kDisallow };

/// Whose rules decided a query (SEMANTICS 3).
enum class AppliedGroups : std::uint8_t {
  kNone,      ///< no group names the agent and there is no `*` group: all allowed
  kSpecific,  ///< one or more groups name the agent; `*` was not consulted
  kGlobal,    ///< no group names the agent; the `*` groups applied
};

/// The answer to "may these agents fetch this URL?", with the reason.
/// `pattern` points into the RobotsTxt that produced the verdict and is valid as long as
/// that object lives (and is not moved from).
struct Verdict {
  bool allowed = true;
  /// Line of the decisive rule (SEMANTICS 5.4); 0 when no rule decided.
  std::uint32_t line = 0;
  RuleKind kind = RuleKind::kAllow;  ///< kind of the decisive rule, if line != 0
  /// The decisive rule's pattern, normalised (SEMANTICS 1.8). For an index.htm
  /// rewrite, the whole rule that was written ("/a/index.html", not "/a/$").
  std::string_view pattern;
  /// Strength (SEMANTICS 5.1) of the decisive rule; 0 when none.
  std::uint32_t strength = 0;
  /// The decisive allow matched only through the `/index.htm` rewrite (SEMANTICS 4.4).
  bool via_index_htm = false;
  AppliedGroups applied = AppliedGroups::kNone;

  [[nodiscard]] bool has_decisive_rule() const noexcept { return line != 0; }
};

[[nodiscard]] std::string_view to_string(RuleKind kind) noexcept;         // "allow", "disallow"
[[nodiscard]] std::string_view to_string(AppliedGroups groups) noexcept;  // "specific", ...

}  // namespace robotstxt

#endif  // ROBOTSTXT_VERDICT_H_
