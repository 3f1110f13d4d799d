/**
 * @file matcher.h
 * @brief Matching one URL path against rules, and the verdict that results
 *        (SEMANTICS.md sections 4 and 5).
 *
 * The last stage of the pipeline: RobotsTxt (robots_txt.h) picks the rules that apply
 * and uses these pieces to decide. They are public so that tools (explain, lint) and
 * other languages' bindings can show the same reasoning.
 */
#ifndef ROBOTSTXT_MATCHER_H_
#define ROBOTSTXT_MATCHER_H_

#include <cstdint>
#include <string>
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

/// The part of `url` that rules are matched against (SEMANTICS 4.1), e.g.
/// "https://a.com/x?y#z" -> "/x?y". When the path needs a `/` in front
/// ("http://a.com?q" -> "/?q") the result is built in `storage`; otherwise the result
/// is a view into `url` and `storage` is untouched. The path ends at a NUL byte, as it
/// does in Google's matcher, which reads the path as a C string.
[[nodiscard]] std::string_view path_of(std::string_view url, std::string& storage);

/// Convenience form of path_of() that always returns an owned string.
[[nodiscard]] std::string path_of(std::string_view url);

/// Does the normalised `pattern` match `path` (SEMANTICS 4.2-4.3)? `*` matches any run
/// of bytes, a final `$` anchors the end, anything else is literal and case-sensitive.
/// Runs in O(|pattern| * |path|) at worst, without allocating.
/// Example: pattern_matches("/a/b.pdf", "/*.pdf$") == true.
[[nodiscard]] bool pattern_matches(std::string_view path, std::string_view pattern) noexcept;

}  // namespace robotstxt

#endif  // ROBOTSTXT_MATCHER_H_
