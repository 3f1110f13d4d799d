// One tokenizer pass for a body's line facts and its compiled form (src/core/line_description.h):
// the same facts as describe_lines(), the same file as RobotsTxt::parse() and the same
// findings as lint(), from what the service and the linter read once.
#include "core/line_description.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "robotstxt/line_facts.h"
#include "robotstxt/lint.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

std::vector<std::string> bodies() {
  std::string long_body = "user-agent: *\n";
  while (long_body.size() <= kMaxBodyBytes) long_body += "disallow: /caf\xC3\xA9/*.php$\n";
  long_body += "disallow: /past-the-limit\n";
  return {"", "\xEF\xBB\xBFuser-agent: a\ndisallow: /x\n",
          "disallow: /before-any-group\nuser-agent: b\nallow: /y\ncrawl-delay: 5\n",
          "useragent a\ndissallow /typo\nsitemap: https://a.com/s.xml\n<html>\n", long_body};
}

TEST(LineDescription, OnePassGivesWhatDescribeLinesAndParseGive) {
  for (const std::string& body : bodies()) {
    std::vector<LineFacts> lines = {LineFacts{}};  // left over from a caller: replaced
    const RobotsTxt robots = internal::parse_and_describe(body, lines);
    const std::vector<LineFacts> expected = describe_lines(body);
    ASSERT_EQ(lines.size(), expected.size()) << body.substr(0, 40);
    for (std::size_t i = 0; i < lines.size(); ++i) {
      EXPECT_EQ(lines[i].number, expected[i].number);
      EXPECT_EQ(lines[i].kind, expected[i].kind);
      EXPECT_EQ(lines[i].value, expected[i].value);
      EXPECT_EQ(lines[i].outside_group, expected[i].outside_group);
      EXPECT_EQ(lines[i].unsupported, expected[i].unsupported);
    }
    const RobotsTxt parsed = RobotsTxt::parse(body);
    EXPECT_EQ(robots.line_count(), parsed.line_count());
    EXPECT_EQ(robots.memory_usage(), parsed.memory_usage());
    for (const char* url : {"https://a.com/x", "https://a.com/caf%C3%A9/a.php", "/y"}) {
      EXPECT_EQ(robots.verdict(url, "a").line, parsed.verdict(url, "a").line) << url;
    }
  }
}

TEST(LineDescription, LintOfADescribedBodyFindsWhatLintFinds) {
  for (const std::string& body : bodies()) {
    std::vector<LineFacts> lines;
    const RobotsTxt robots = internal::parse_and_describe(body, lines);
    const LintReport described = internal::lint_described(body, lines, robots);
    const LintReport expected = lint(body);
    ASSERT_EQ(described.findings.size(), expected.findings.size()) << body.substr(0, 40);
    for (std::size_t i = 0; i < described.findings.size(); ++i) {
      EXPECT_EQ(described.findings[i].code, expected.findings[i].code);
      EXPECT_EQ(described.findings[i].line, expected.findings[i].line);
      EXPECT_EQ(described.findings[i].message, expected.findings[i].message);
    }
  }
}

}  // namespace
}  // namespace robotstxt
