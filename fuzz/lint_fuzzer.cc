// Fuzz target for robotstxt::lint. Consistency, not only survival: the summary counts add
// up to the lines the tokenizer sees, every finding points at a real line with a code
// lint_codes() documents, and findings are sorted.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "consistency.h"
#include "robotstxt/lint.h"
#include "robotstxt/parser.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const robotstxt::LintReport report = robotstxt::lint(body);
  const robotstxt::LintSummary& summary = report.summary;
  require(summary.lines == robotstxt::describe_lines(body).size(), "line count");
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
