// AI usage preferences through the CLI (docs/semantics.md 9, docs/cli.md "AI usage preferences"):
// the "content_usage" key of every --json answer and the clause the text output adds.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/fixture_server.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// The shape of the aipref draft's example: a site-wide preference, a stronger one for a
// path, and a disallowed path.
const char* const kUsage =
    "User-agent: *\n"
    "Content-Usage: train-ai=n\n"
    "Disallow: /never/\n"
    "Content-Usage: /ai-ok/ train-ai=y\n";

nlohmann::json check_json(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"check", "--json"};
  all.insert(all.end(), args.begin(), args.end());
  const auto result = run_command(kCli, all);
  EXPECT_NE(result.exit_code, 2) << result.err;
  return nlohmann::json::parse(result.out);
}

// 9.4: a URL that may not be fetched has no preferences, which is not "unknown".
TEST(UsageCommand, CheckJsonIsNullForADisallowedUrl) {
  const TempFile robots(kUsage);
  const auto json = check_json({robots.path(), "FooBot", "https://a.com/never/x"});
  EXPECT_EQ(json["allowed"], false);
  ASSERT_TRUE(json.contains("content_usage"));
  EXPECT_TRUE(json["content_usage"].is_null());
}

// 9.2-9.3: the longest matching path decides; its line is reported.
TEST(UsageCommand, CheckJsonNamesEveryCategoryAndTheDecisiveLine) {
  const TempFile robots(kUsage);
  auto json = check_json({robots.path(), "FooBot", "https://a.com/page"});
  EXPECT_EQ(json["content_usage"],
            nlohmann::json({{"train-ai", "disallowed"}, {"search", "unknown"}, {"lines", {2}}}));
  json = check_json({robots.path(), "FooBot", "https://a.com/ai-ok/page"});
  EXPECT_EQ(json["content_usage"],
            nlohmann::json({{"train-ai", "allowed"}, {"search", "unknown"}, {"lines", {4}}}));
}

TEST(UsageCommand, CheckJsonWithoutUsageRulesHasEmptyLines) {
  const TempFile robots("User-agent: *\nDisallow: /x\n");
  const auto json = check_json({robots.path(), "FooBot", "https://a.com/page"});
  EXPECT_EQ(json["content_usage"], nlohmann::json({{"train-ai", "unknown"},
                                                   {"search", "unknown"},
                                                   {"lines", nlohmann::json::array()}}));
}

// docs/semantics.md 8: a crawler's preferences come from the groups its precedence selects, here
// the Googlebot group Googlebot-Image falls back to, not the * group an agent list gets.
// (The disallow line ends the first group: a content-usage line does not, 9.1.)
TEST(UsageCommand, CheckJsonForACrawlerFollowsItsPrecedence) {
  const TempFile robots(
      "User-agent: Googlebot\nContent-Usage: train-ai=n, search=y\nDisallow: /x\n"
      "User-agent: *\nContent-Usage: train-ai=y\n");
  auto json = check_json({"--crawler", "Googlebot-Image", robots.path(), "https://a.com/p"});
  EXPECT_EQ(json["content_usage"],
            nlohmann::json({{"train-ai", "disallowed"}, {"search", "allowed"}, {"lines", {2}}}));
  json = check_json({robots.path(), "Googlebot-Image", "https://a.com/p"});
  EXPECT_EQ(json["content_usage"]["train-ai"], "allowed");
  EXPECT_EQ(json["content_usage"]["lines"], nlohmann::json({5}));
}

TEST(UsageCommand, CheckJsonStreamCarriesUsagePerUrl) {
  const TempFile robots(kUsage);
  const auto result = run_command(kCli, {"check", "--json", robots.path(), "FooBot", "-"},
                                  "https://a.com/never/1\nhttps://a.com/ai-ok/2\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto newline = result.out.find('\n');
  EXPECT_TRUE(nlohmann::json::parse(result.out.substr(0, newline))["content_usage"].is_null());
  EXPECT_EQ(nlohmann::json::parse(result.out.substr(newline + 1))["content_usage"]["train-ai"],
            "allowed");
}

// Ties of equal strength combine, most restrictive per category (9.3), and both lines
// are named.
TEST(UsageCommand, CheckTextAddsKnownPreferencesWithTheirLines) {
  const TempFile robots(
      "User-agent: *\nContent-Usage: /a train-ai=y, search=y\nContent-Usage: /a train-ai=n\n");
  auto result = run_command(kCli, {"check", robots.path(), "FooBot", "https://a.com/a"});
  EXPECT_EQ(result.out,
            "ALLOWED: no rule matched (the * group: no group names FooBot)"
            " (usage: train-ai=disallowed, search=allowed; lines 2, 3)\n");
  result = run_command(kCli, {"check", robots.path(), "FooBot", "https://a.com/b"});
  EXPECT_EQ(result.out, "ALLOWED: no rule matched (the * group: no group names FooBot)\n");
}

TEST(UsageCommand, CheckTextSaysNothingForADisallowedUrl) {
  const TempFile robots(kUsage);
  const auto result = run_command(kCli, {"check", robots.path(), "FooBot", "https://a.com/never/"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "DISALLOWED by line 3: disallow: /never/ (the * group: no group names FooBot)\n");
}

// audit: each cell names the known preferences and their lines, which are listed below
// the table with the rules; the JSON result of each URL carries "content_usage".
TEST(UsageCommand, AuditShowsUsagePerCell) {
  const TempFile robots(kUsage);
  auto result = run_command(
      kCli, {"audit", robots.path(), "/never/x", "/ai-ok/x", "/plain", "--crawlers", "GPTBot"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "crawler  group   /never/x       /ai-ok/x                /plain\n"
            "GPTBot   uses *  disallowed L3  allowed, train-ai=y L4  allowed, train-ai=n L2\n"
            "\n"
            "L2  content-usage: train-ai=n\n"
            "L3  disallow: /never/\n"
            "L4  content-usage: /ai-ok/ train-ai=y\n");
  result = run_command(
      kCli, {"audit", "--json", robots.path(), "/never/x", "/ai-ok/x", "--crawlers", "GPTBot"});
  const auto results = nlohmann::json::parse(result.out)["crawlers"][0]["results"];
  EXPECT_TRUE(results[0]["content_usage"].is_null());
  EXPECT_EQ(results[1]["content_usage"],
            nlohmann::json({{"train-ai", "allowed"}, {"search", "unknown"}, {"lines", {4}}}));
}

// info lists each group's content-usage rules with what they say; they stay among the
// other directives too, as every line the file has.
TEST(UsageCommand, InfoListsUsageRulesPerGroup) {
  const TempFile robots(kUsage);
  auto result = run_command(kCli, {"info", robots.path()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("      line 3  disallow: /never/\n"
                            "      line 2  content-usage: train-ai=n  (train-ai=disallowed, "
                            "search=unknown)\n"
                            "      line 4  content-usage: /ai-ok/ train-ai=y  (train-ai=allowed, "
                            "search=unknown)\n"),
            std::string::npos)
      << result.out;
  result = run_command(kCli, {"info", "--json", robots.path()});
  const auto usage = nlohmann::json::parse(result.out)["groups"][0]["usage"];
  ASSERT_EQ(usage.size(), 2u);
  EXPECT_TRUE(usage[0]["path"].is_null());
  EXPECT_EQ(usage[1], nlohmann::json({{"line", 4},
                                      {"path", "/ai-ok/"},
                                      {"value", "/ai-ok/ train-ai=y"},
                                      {"train-ai", "allowed"},
                                      {"search", "unknown"}}));
}

// explain: every matching content-usage rule with its strength; the longest path decides
// (9.3); a disallowed URL has none (9.4).
TEST(UsageCommand, ExplainShowsEveryMatchingUsageRuleAndTheWinner) {
  const TempFile robots(kUsage);
  auto result = run_command(kCli, {"explain", robots.path(), "FooBot", "https://a.com/ai-ok/x"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("usage     line 2  content-usage: train-ai=n  strength 0\n"
                            "          line 4  content-usage: /ai-ok/ train-ai=y  strength 7 "
                            "(decides)\n"
                            "usage is  train-ai=allowed, search=unknown: the longest matching "
                            "path decides\n"),
            std::string::npos)
      << result.out;
  result =
      run_command(kCli, {"explain", "--json", robots.path(), "FooBot", "https://a.com/ai-ok/x"});
  auto json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json["usage_matches"].size(), 2u);
  EXPECT_EQ(json["usage_matches"][0]["decides"], false);
  EXPECT_EQ(json["usage_matches"][1]["strength"], 7);
  EXPECT_EQ(json["usage_matches"][1]["decides"], true);
  EXPECT_EQ(json["content_usage"]["lines"], nlohmann::json({4}));
  result =
      run_command(kCli, {"explain", "--json", robots.path(), "FooBot", "https://a.com/never/"});
  json = nlohmann::json::parse(result.out);
  EXPECT_TRUE(json["content_usage"].is_null());
  EXPECT_EQ(json["usage_matches"].size(), 1u);
  EXPECT_EQ(json["usage_matches"][0]["decides"], false);
}

// `fetch` answers from a loopback server whose robots.txt is examples/usage.txt.
class UsageFetchTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0); }
  testing::CommandResult fetch(std::vector<std::string> args, const std::string& input = "") {
    args.insert(args.begin(), "fetch");
    args.push_back("--connect-to");
    args.push_back(server_.connect_to_all());
    return run_command(kCli, args, input);
  }
  testing::FixtureServer server_{"robots_server.py",
                                 {"--body", ROBOTSTXT_SOURCE_DIR "/examples/usage.txt"}};
};

TEST_F(UsageFetchTest, FetchJsonCarriesContentUsage) {
  auto result = fetch({"http://site.test/ai-ok/a", "FooBot", "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(nlohmann::json::parse(result.out)["content_usage"],
            nlohmann::json({{"train-ai", "allowed"}, {"search", "unknown"}, {"lines", {6}}}));
  result = fetch({"http://site.test/never/a", "--crawler", "Googlebot", "--json"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(nlohmann::json::parse(result.out)["content_usage"].is_null());
  // A 404 is a full allow: there are no rules, so nothing is known (9.4 needs rules).
  result = fetch({"http://status-404.test/a", "FooBot", "--json"});
  EXPECT_EQ(
      nlohmann::json::parse(result.out)["content_usage"],
      nlohmann::json(
          {{"train-ai", "unknown"}, {"search", "unknown"}, {"lines", nlohmann::json::array()}}));
}

TEST_F(UsageFetchTest, FetchTextAddsTheUsageClause) {
  const auto result = fetch({"http://site.test/page", "FooBot"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("verdict     ALLOWED: no rule matched (the * group: no group names "
                            "FooBot) (usage: train-ai=disallowed, search=unknown; line 4)\n"),
            std::string::npos)
      << result.out;
}

TEST_F(UsageFetchTest, FetchStreamJsonCarriesContentUsagePerUrl) {
  const auto result =
      fetch({"-", "--agent", "FooBot", "--json"}, "http://site.test/never/1\nhttp://site.test/2\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto newline = result.out.find('\n');
  EXPECT_TRUE(nlohmann::json::parse(result.out.substr(0, newline))["content_usage"].is_null());
  EXPECT_EQ(nlohmann::json::parse(result.out.substr(newline + 1))["content_usage"]["lines"],
            nlohmann::json({4}));
}

}  // namespace
}  // namespace robotstxt
