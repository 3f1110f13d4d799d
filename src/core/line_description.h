// The per-line facts of a body and its compiled form from one pass of the tokenizer, for
// the consumers that need both (the linter, the service's evaluation of a pasted file).
#ifndef ROBOTSTXT_SRC_CORE_LINE_DESCRIPTION_H_
#define ROBOTSTXT_SRC_CORE_LINE_DESCRIPTION_H_

#include <string_view>
#include <vector>

#include "robotstxt/line_facts.h"
#include "robotstxt/lint.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::internal {

/// Completes the tokenizer's facts of each line with what depends on the lines before
/// it or on the linter's tables (LineFacts::outside_group, unsupported).
class LineDescriber {
 public:
  void add(const LineFacts& line, std::vector<LineFacts>& lines);

 private:
  bool seen_user_agent_ = false;
};

/// RobotsTxt::parse(body), with describe_lines(body) left in `lines`: one tokenizer pass.
[[nodiscard]] RobotsTxt parse_and_describe(std::string_view body, std::vector<LineFacts>& lines);

/// lint(body) for a body whose `lines` and `robots` parse_and_describe() gave already.
[[nodiscard]] LintReport lint_described(std::string_view body, const std::vector<LineFacts>& lines,
                                        const RobotsTxt& robots);

/// lint(head, tail) for a head whose `lines` and `robots` parse_and_describe() gave
/// already: `robotstxt census` parses each body once for its verdicts and its lint.
[[nodiscard]] LintReport lint_described(std::string_view head, const IgnoredTail& tail,
                                        const std::vector<LineFacts>& lines,
                                        const RobotsTxt& robots);
/// ... with `groups`, robots.groups(), which the caller needed too.
[[nodiscard]] LintReport lint_described(std::string_view head, const IgnoredTail& tail,
                                        const std::vector<LineFacts>& lines,
                                        const RobotsTxt& robots, const std::vector<Group>& groups);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_LINE_DESCRIPTION_H_
