// Fuzz target for robotstxt::lint. Consistency, not only survival: the summary counts add
// up to the number of lines as an editor counts them (counted here, independently of the
// tokenizer), every finding points at a real line with a code lint_codes() documents,
// and findings are sorted.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "consistency.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/lint.h"

namespace {

// Lines as an editor counts them (lint.h): docs/semantics.md 1.3 gives one line more than
// there are line endings (LF, CR, or CR LF as one) in the bytes that count; the empty text
// after a final ending is not counted unless bytes past the limit follow (then the line is
// cut, not ended), and an empty body has no lines.
std::size_t count_lines(std::string_view whole) {
  const std::string_view body = whole.substr(0, robotstxt::kMaxBodyBytes);
  if (body.empty()) return 0;
  std::size_t lines = 1;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\n') {
      ++lines;
    } else if (body[i] == '\r') {
      ++lines;
      if (i + 1 < body.size() && body[i + 1] == '\n') ++i;
    }
  }
  const bool ended = body.back() == '\n' || body.back() == '\r';
  return lines - (ended && whole.size() == body.size() ? 1 : 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const robotstxt::LintReport report = robotstxt::lint(body);
  const robotstxt::LintSummary& summary = report.summary;
  require(summary.lines == count_lines(body), "line count");
  require(summary.lines == summary.directives + summary.ignored + summary.blank + summary.comments,
          "summary does not add up");
  require(summary.errors + summary.warnings + summary.infos == report.findings.size(),
          "severity counts");
  // Built once: the documented codes do not depend on the input.
  static const std::set<std::string_view> codes = [] {
    std::set<std::string_view> documented;
    for (const auto& known : robotstxt::lint_codes()) documented.insert(known.code);
    return documented;
  }();
  std::uint32_t previous_line = 0;
  for (const auto& finding : report.findings) {
    require(codes.count(finding.code) == 1, "undocumented code");
    require(finding.line <= summary.lines, "finding past the last line");
    require(finding.line >= previous_line, "findings not sorted");
    require(!finding.message.empty(), "empty message");
    previous_line = finding.line;
  }
  return 0;
}
