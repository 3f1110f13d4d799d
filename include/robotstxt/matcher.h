/**
 * @file matcher.h
 * @brief One rule pattern against one URL path (docs/semantics.md 1.8 and 4).
 *
 * Not a stage of the pipeline: RobotsTxt (robots_txt.h) matches its compiled rules
 * itself, with the same wildcard matching (src/core/glob.h). These public forms serve what
 * reads rules one at a time: the linter, usage preferences, `explain` and tests.
 */
#ifndef ROBOTSTXT_MATCHER_H_
#define ROBOTSTXT_MATCHER_H_

#include <string>
#include <string_view>

namespace robotstxt {

/// An allow/disallow value as the matcher sees it (docs/semantics.md 1.8): `%` escapes get
/// upper-case hex digits and bytes >= 0x80 become `%XX`. Nothing is decoded.
/// Example: normalize_pattern("/caf\xC3\xA9%2f") == "/caf%C3%A9%2F".
[[nodiscard]] std::string normalize_pattern(std::string_view value);

/// Does the normalised `pattern` match `path` (docs/semantics.md 4.2-4.3)? `*` matches any run
/// of bytes, a final `$` anchors the end, anything else is literal and case-sensitive.
/// Runs in O(|pattern| * |path|) at worst, without allocating.
/// Example: pattern_matches("/a/b.pdf", "/*.pdf$") == true.
[[nodiscard]] bool pattern_matches(std::string_view path, std::string_view pattern) noexcept;

}  // namespace robotstxt

#endif  // ROBOTSTXT_MATCHER_H_
