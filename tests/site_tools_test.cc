// `robotstxt lint` and `robotstxt explain` through the binary: golden output for the
// cases site owners ask about (tie, no match, strength 0, index.htm), JSON, exit codes.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

TEST(ExplainCommand, TieGoesToAllow) {
  const TempFile robots("user-agent: *\ndisallow: /a\nallow: /a\n");
  const auto result = run_command(kCli, {"explain", robots.path(), "bot", "http://h.com/a?x#f"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "url       http://h.com/a?x#f\n"
            "path      /a?x\n"
            "agent     bot\n"
            "groups    line 1 (user-agent: *): the * group\n"
            "          no group names the agent, so the * rules apply\n"
            "matches   line 2  disallow: /a  strength 2\n"
            "          line 3  allow: /a  strength 2\n"
            "decision  the allow at line 3 (strength 2) and the strongest disallow are equally "
            "strong: a tie goes to allow\n"
            "verdict   ALLOWED\n");
}

TEST(ExplainCommand, LongestMatchDisallows) {
  const TempFile robots("user-agent: bot\nallow: /a\ndisallow: /a/b\nuser-agent: *\nallow: /\n");
  const auto result = run_command(kCli, {"explain", robots.path(), "Bot", "/a/b/c"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.out.find("groups    line 1 (user-agent: bot): names the agent\n"
                            "          the * group is not consulted\n"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("decision  longest match: the disallow at line 3 (strength 4) is "
                            "stronger than the strongest allow (2)\nverdict   DISALLOWED\n"),
            std::string::npos)
      << result.out;
}

TEST(ExplainCommand, NoMatchAndNoGroup) {
  const TempFile robots("user-agent: a\ndisallow: /x\n");
  auto result = run_command(kCli, {"explain", robots.path(), "a", "/y"});
  EXPECT_NE(result.out.find("matches   none\ndecision  no rule matches the path: allowed\n"),
            std::string::npos)
      << result.out;
  result = run_command(kCli, {"explain", robots.path(), "b", "/x"});
  EXPECT_NE(result.out.find("groups    none: no group applies"), std::string::npos) << result.out;
  EXPECT_EQ(result.exit_code, 0);
}

TEST(ExplainCommand, StrengthZeroIsShownButNeverDecides) {
  const TempFile robots("user-agent: a\nallow:\ndisallow:\n");
  const auto result = run_command(kCli, {"explain", robots.path(), "a", "/x"});
  EXPECT_NE(result.out.find("line 3  disallow:   strength 0 (strength 0 never decides)"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("decision  only empty rules match, and strength 0 never decides"),
            std::string::npos);
  EXPECT_EQ(result.exit_code, 0);
}

TEST(ExplainCommand, IndexHtmRewriteIsNamed) {
  const TempFile robots("user-agent: *\ndisallow: /d/\nallow: /d/index.html\n");
  const auto result = run_command(kCli, {"explain", robots.path(), "a", "/d/"});
  EXPECT_NE(result.out.find("line 3  allow: /d/index.html  strength 4 (as /d/$, the index.htm "
                            "rewrite)"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("(strength 4, through its index.htm rewrite) is stronger than the "
                            "strongest disallow (3)"),
            std::string::npos);
  EXPECT_EQ(result.exit_code, 0);
}

TEST(ExplainCommand, JsonHasEveryStep) {
  const TempFile robots("user-agent: *\ndisallow: /a\nallow: /a\n");
  const auto result = run_command(kCli, {"explain", "--json", robots.path(), "bot", "/a"});
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["path"], "/a");
  EXPECT_EQ(json["applied"], "global");
  EXPECT_EQ(json["matches"].size(), 2u);
  EXPECT_EQ(json["verdict_reason"], "tie-allow");
  EXPECT_EQ(json["line"], 3);
  EXPECT_EQ(json["allowed"], true);
}

TEST(LintCommand, ReportsFindingsAndExitsOneOnErrors) {
  const TempFile robots("disallow: /x\nuser-agent: *\ndisallow: /y\n");
  const auto result = run_command(kCli, {"lint", robots.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out.rfind(robots.path() + ":1:1: error: ", 0), 0u) << result.out;
  EXPECT_NE(result.out.find("[rule-outside-group]\n    disallow: /x\n"), std::string::npos);
  EXPECT_NE(result.out.find("3 lines: 2 directives, 1 ignored, 0 blank, 0 comments\n"
                            "1 error, 0 warnings, 1 info\nagents: *\nsitemaps: none\n"),
            std::string::npos)
      << result.out;
}

TEST(LintCommand, RuleAsAUrlAndRuleWithASpaceGetTheRightAdvice) {
  const TempFile robots(
      "User-agent: *\nDisallow: https://example.com/private/\nDisallow: /private folder/\n");
  const auto result = run_command(kCli, {"lint", robots.path()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(":2:11: warning: Rules are paths, not URLs"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("write `/private/`"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("/https:"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(":3:19: warning: `/private folder/` has a raw space"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("write `/private%20folder/`. [space-or-control-in-rule]"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\n3 lines: 3 directives, 0 ignored, 0 blank, 0 comments\n"),
            std::string::npos)
      << result.out;
}

TEST(LintCommand, WarningsAloneExitZero) {
  const TempFile robots("useragent: *\ndisallow: /y\n");
  const auto result = run_command(kCli, {"lint", robots.path()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_NE(result.out.find("[typo-key]"), std::string::npos);
}

TEST(LintCommand, JsonParsesEvenWithInvalidUtf8) {
  const TempFile robots("user-agent: *\ndisallow: /caf\xE9\n");
  const auto result = run_command(kCli, {"lint", "--json", robots.path()});
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["findings"][0]["code"], "global-ignored-crawlers");  // line 1: `*` only
  EXPECT_EQ(json["findings"][1]["code"], "non-utf8");
  EXPECT_EQ(json["summary"]["lines"], 2);
  EXPECT_EQ(result.exit_code, 0);
}

TEST(SiteTools, UsageErrorsExitTwo) {
  const TempFile robots("user-agent: *\n");
  for (const auto& args :
       {std::vector<std::string>{"lint"}, std::vector<std::string>{"lint", "/nonexistent"},
        std::vector<std::string>{"explain", robots.path(), "a"},
        std::vector<std::string>{"explain", "/nonexistent", "a", "/x"},
        std::vector<std::string>{"lint", "--bogus", robots.path()}}) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 2) << args.back();
    // A usage mistake points at --help; a file that cannot be read is just one line.
    if (result.err.find("cannot read") == std::string::npos) {
      EXPECT_NE(result.err.find("--help"), std::string::npos) << result.err;
    } else {
      EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    }
  }
}

}  // namespace
}  // namespace robotstxt
