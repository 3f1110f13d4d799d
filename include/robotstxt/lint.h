/**
 * @file lint.h
 * @brief What a crawler will make of a robots.txt, line by line, for the people who
 *        write it.
 *
 * Beside the verdict, on the same reading of the file: built only on describe_lines()
 * (line_facts.h) and the compiled RobotsTxt (robots_txt.h), so a finding can never
 * disagree with a verdict.
 *
 * @code
 *   const robotstxt::LintReport report = robotstxt::lint(body);
 *   for (const auto& finding : report.findings)
 *     std::cout << finding.line << ": " << finding.code << ": " << finding.message << "\n";
 * @endcode
 */
#ifndef ROBOTSTXT_LINT_H_
#define ROBOTSTXT_LINT_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/body_limit.h"

namespace robotstxt {

enum class Severity : std::uint8_t {
  kError,    ///< the line does not do what its author meant, for Google's crawlers
  kWarning,  ///< accepted, but fragile or surprising
  kInfo,     ///< worth knowing; nothing is wrong
};

[[nodiscard]] std::string_view to_string(Severity severity) noexcept;  // "error", ...

/// One finding. `code` is stable (kebab-case) and safe to match on in scripts.
struct Finding {
  std::string_view code;
  Severity severity = Severity::kInfo;
  std::uint32_t line = 0;    ///< 1-based; 0 for findings about the whole file
  std::uint32_t column = 0;  ///< 1-based byte column in the line; 0 when it is the line
  std::string text;          ///< the line as written (at most 200 bytes of it)
  std::string message;       ///< one sentence a webmaster understands
};

/// Counts that add up: lines == directives + ignored + blank + comments.
struct LintSummary {
  /// Lines as an editor counts them: a final line end ends the last line, and the empty
  /// text after it is not one more (findings still use the parser's numbers,
  /// docs/semantics.md 1.3, which agree on every line counted here); an empty body has 0.
  std::size_t lines = 0;
  std::size_t directives = 0;  ///< lines Google acts on: user-agent, rules in a group, sitemap
  std::size_t ignored = 0;     ///< other directives, rules outside groups, unparsable text
  std::size_t blank = 0;
  std::size_t comments = 0;
  std::size_t errors = 0;
  std::size_t warnings = 0;
  std::size_t infos = 0;
  std::vector<std::string> agents;    ///< product tokens named, first spelling, file order
  std::vector<std::string> sitemaps;  ///< as written, file order
};

struct LintReport {
  std::vector<Finding> findings;  ///< sorted by line, then column
  LintSummary summary;
};

/// Lints `body`. Never fails; any byte sequence gets a report.
[[nodiscard]] LintReport lint(std::string_view body);

/// What followed the first kMaxBodyBytes of a body that the caller did not keep whole
/// (the CLI reads files in bounded memory; docs/semantics.md 1.1 ignores those bytes anyway), so
/// that lint can still say how much is ignored.
struct IgnoredTail {
  std::uint64_t bytes = 0;      ///< bytes counted past kMaxBodyBytes
  std::uint64_t line_ends = 0;  ///< line ends among them: LF, CR LF, or a lone CR
  bool counted_to_end = true;   ///< false when the caller stopped counting early
  bool ends_with_cr = false;    ///< a CR LF split across two chunks counts once

  /// Counts the next chunk of the tail (chunks in file order).
  void add(std::string_view chunk) noexcept;
};

/// Lints the first kMaxBodyBytes of `head`; `tail` says what followed them.
[[nodiscard]] LintReport lint(std::string_view head, const IgnoredTail& tail);

/// Every code lint() can emit, with its severity, for documentation and tests.
struct LintCode {
  std::string_view code;
  Severity severity;
  std::string_view summary;
};
[[nodiscard]] const std::vector<LintCode>& lint_codes();

}  // namespace robotstxt

#endif  // ROBOTSTXT_LINT_H_
