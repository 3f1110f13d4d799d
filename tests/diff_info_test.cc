// `robotstxt diff` and `robotstxt info` through the binary, on pairs of files with known
// changes; and the request-rate parser behind `info --agent`.
#include <gtest/gtest.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "cli/agent_rules.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(DiffCommand, RuleAddedRemovedAndKindChanged) {
  const TempFile before("user-agent: *\ndisallow: /a\ndisallow: /b\n");
  const TempFile after("user-agent: *\ndisallow: /a\nallow: /b\ndisallow: /c\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "agent *\n  + line 3 allow: /b\n  + line 4 disallow: /c\n  - line 3 disallow: /b\n"
            "1 of 1 agents changed\n");
}

TEST(DiffCommand, AgentGainsAGroupOfItsOwn) {
  const TempFile before("user-agent: *\ndisallow: /x\n");
  const TempFile after("user-agent: *\ndisallow: /x\nuser-agent: BadBot\ndisallow: /\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(
      has(result.out,
          "agent badbot\n  now follows a group of its own, lines 3-4 (was the * group, lines 1-2): "
          "the 1 * rule no longer applies to it; 1 rule applies\n"
          "  + line 4 disallow: /\n  - line 2 disallow: /x\n"))
      << result.out;
}

TEST(DiffCommand, GroupsMergedByACrawlDelayLine) {
  // The crawl-delay line joins the two user-agent lines: * now gets badbot's disallow.
  const TempFile before("user-agent: *\nallow: /\nuser-agent: badbot\ndisallow: /\n");
  const TempFile after("user-agent: *\ncrawl-delay: 5\nuser-agent: badbot\ndisallow: /\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(has(result.out, "agent *\n  + line 4 disallow: /\n  - line 2 allow: /\n"))
      << result.out;
}

TEST(DiffCommand, GroupsSplitIsReported) {
  const TempFile before("user-agent: a\ndisallow: /x\n");
  const TempFile after("user-agent: a\ndisallow: /x\nuser-agent: a\ndisallow: /x\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(has(result.out, "agent a\n  named by 2 groups, was 1 (split)\n")) << result.out;
}

TEST(DiffCommand, SitemapsAddedAndRemoved) {
  const TempFile before("sitemap: https://a.com/1.xml\n");
  const TempFile after("sitemap: https://a.com/2.xml\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_TRUE(has(result.out, "sitemaps\n  + https://a.com/2.xml\n  - https://a.com/1.xml\n"))
      << result.out;
}

TEST(DiffCommand, ReformattingChangesNothing) {
  const TempFile before("User-agent: *\nDisallow: /a\n");
  const TempFile after("# reformatted\nuser-agent:*\n\ndisallow /a\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "no change in effect\n");
}

TEST(DiffCommand, UrlsWhoseVerdictChangesForTheAgents) {
  const TempFile before("user-agent: *\ndisallow: /search\n");
  const TempFile after(
      "user-agent: *\ndisallow: /search\nallow: /search/help\n"
      "user-agent: badbot\ndisallow: /\n");
  const TempFile urls("https://a.com/\r\nhttps://a.com/search?q\nhttps://a.com/search/help\n\n");
  auto result = run_command(
      kCli, {"diff", before.path(), after.path(), "--urls", urls.path(), "--agent", "goodbot"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "https://a.com/search/help  disallowed -> allowed  (was by line 2: disallow: "
            "/search; now by line 3: allow: /search/help)\n"
            "  now allowed: `allow: /search/help` (line 3) was added and is stronger than "
            "`disallow: /search` (old line 2)\n"
            "1 of 3 URLs change for goodbot\n");
  // --agent is repeatable and appends: one list, whose groups merge with --merge
  // (docs/semantics.md 2.5).
  result = run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(), "--agent",
                              "goodbot", "-a", "badbot", "--merge"});
  EXPECT_TRUE(has(result.out,
                  "https://a.com/  allowed -> disallowed  (was no rule matched; "
                  "now by line 5: disallow: /)\n"))
      << result.out;
  EXPECT_TRUE(has(result.out, "of 3 URLs change for goodbot,badbot (merged as one crawler)"))
      << result.out;
  const auto json =
      nlohmann::json::parse(run_command(kCli, {"diff", "--json", before.path(), after.path(),
                                               "--urls", urls.path(), "--agent", "badbot"})
                                .out);
  EXPECT_EQ(json["changed"], 1);
  EXPECT_EQ(json["agents"], nlohmann::json::array({"badbot"}));
  EXPECT_EQ(json["changes"][0]["before"]["allowed"], true);
  EXPECT_EQ(json["changes"][0]["after"]["allowed"], false);
  EXPECT_EQ(json["changes"][0]["after"]["rule"], "/");
  EXPECT_EQ(json["changes"][0]["after"]["applied"], "specific");
}

TEST(DiffCommand, UsageErrorsExitTwo) {
  const TempFile file("user-agent: *\n");
  for (const auto& args :
       {std::vector<std::string>{"diff", file.path()},
        std::vector<std::string>{"diff", file.path(), file.path(), "--urls", file.path()},
        std::vector<std::string>{"diff", file.path(), file.path(), "-a", "x"},
        std::vector<std::string>{"diff", file.path(), "/nonexistent"}}) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 2) << args.back();
    // A usage mistake points at --help; a file that cannot be read is just one line.
    if (!has(result.err, "cannot read")) {
      EXPECT_TRUE(has(result.err, "--help")) << result.err;
    } else {
      EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    }
  }
}

TEST(InfoCommand, ShowsGroupsSitemapsAndDirectives) {
  const TempFile file(
      "sitemap: https://a.com/s.xml\nuser-agent: FooBot/1.2\nuser-agent: *\n"
      "crawl-delay: 2\ndisallow: /x\nhost: a.com\n");
  const auto result = run_command(kCli, {"info", file.path()});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "groups\n"
            "  group 1  line 2  user-agent: FooBot/1.2 (token FooBot)\n"
            "           line 3  user-agent: *\n"
            "      line 5  disallow: /x\n"
            "sitemaps\n"
            "  line 1  https://a.com/s.xml\n"
            "other directives\n"
            "  line 4  crawl-delay: 2  (group 1)\n"
            "  line 6  host: a.com  (group 1)\n");
}

TEST(InfoCommand, AgentCrawlDelayAndRequestRate) {
  const TempFile file(
      "user-agent: *\ncrawl-delay: 4\nrequest-rate: 1/10s\ndisallow: /\n"
      "user-agent: a\nrequest-rate: 30/1m\nallow: /\n");
  auto result = run_command(kCli, {"info", file.path(), "--agent", "A"});
  EXPECT_TRUE(has(result.out,
                  "agent A\n  applies      group 2: named there; the * group does "
                  "not apply\n  crawl-delay  none\n  request-rate 0.5 requests/s\n"))
      << result.out;
  result = run_command(kCli, {"info", "--json", file.path(), "--agent", "other"});
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["selection"]["agents"], nlohmann::json::array({"other"}));
  EXPECT_EQ(json["selection"]["applied"], "global");
  EXPECT_EQ(json["selection"]["crawl_delay"], 4.0);
  EXPECT_EQ(json["selection"]["requests_per_second"], 0.1);
  // A list asks for the groups of any of its names (docs/semantics.md 2.5), as everywhere.
  result = run_command(kCli, {"info", file.path(), "--agent", "other", "--agent", "a"});
  EXPECT_TRUE(has(result.out, "agent other,a\n  applies      group 2: named there")) << result.out;
  EXPECT_EQ(json["groups"].size(), 2u);
}

TEST(InfoCommand, MissingFileExitsTwo) {
  EXPECT_EQ(run_command(kCli, {"info", "/nonexistent"}).exit_code, 2);
}

}  // namespace
}  // namespace robotstxt
