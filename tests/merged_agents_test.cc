// Several product tokens asked at once are one crawler with aliases (docs/semantics.md 2.5): a
// group naming any of them applies. The commands keep that meaning and make it visible:
// `check` says the tokens were merged, `diff --urls` gives one row per token unless
// --merge asks for the merged meaning.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// bingbot has a group of its own; Googlebot falls to the * group.
constexpr const char* kRobots = "user-agent: bingbot\nallow: /\nuser-agent: *\ndisallow: /\n";

TEST(MergedAgents, CheckSaysInItsAnswerThatTheTokensWereMerged) {
  const TempFile robots(kRobots);
  const auto merged =
      run_command(kCli, {"check", robots.path(), "bingbot,Googlebot", "http://a.com/x"});
  EXPECT_EQ(merged.exit_code, 0);
  EXPECT_NE(
      merged.out.find("merged as one crawler: a group naming any of bingbot,Googlebot applies"),
      std::string::npos)
      << merged.out;
  const auto single = run_command(kCli, {"check", robots.path(), "Googlebot", "http://a.com/x"});
  EXPECT_EQ(single.out.find("merged"), std::string::npos) << single.out;
}

TEST(MergedAgents, CheckJsonListsTheMergedTokens) {
  const TempFile robots(kRobots);
  const auto result =
      run_command(kCli, {"check", robots.path(), "bingbot,Googlebot", "http://a.com/x", "--json"});
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["merged"], nlohmann::json({"bingbot", "Googlebot"}));
  const auto single =
      run_command(kCli, {"check", robots.path(), "Googlebot", "http://a.com/x", "--json"});
  EXPECT_FALSE(nlohmann::json::parse(single.out).contains("merged"));
}

TEST(MergedAgents, CheckStreamSaysItOnceOnStderr) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bingbot,Googlebot", "-"},
                                  "http://a.com/1\nhttp://a.com/2\nhttp://a.com/3\n");
  EXPECT_EQ(result.out,
            "allowed\thttp://a.com/1\nallowed\thttp://a.com/2\nallowed\thttp://a.com/3\n");
  std::size_t notes = 0;
  for (std::size_t at = result.err.find("merged as one crawler"); at != std::string::npos;
       at = result.err.find("merged as one crawler", at + 1)) {
    ++notes;
  }
  EXPECT_EQ(notes, 1u) << result.err;
}

TEST(MergedAgents, DiffUrlsGivesOneRowPerToken) {
  const TempFile before("user-agent: *\ndisallow: /\n");
  const TempFile after(kRobots);
  const TempFile urls("http://a.com/x\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(),
                                         "--agent", "bingbot,Googlebot"});
  EXPECT_EQ(result.exit_code, 1);
  // Only bingbot's verdict flips; merged, the pair would have flipped as one.
  EXPECT_EQ(result.out,
            "http://a.com/x  bingbot  disallowed -> allowed  (was by line 2: disallow: /; now by "
            "line 2: allow: /)\n"
            "  now allowed: bingbot has its own group since line 1, and `allow: /` (line 2) "
            "decides instead of `disallow: /` (old line 2)\n"
            "1 of 1 URLs change for bingbot\n"
            "0 of 1 URLs change for Googlebot\n");
}

TEST(MergedAgents, DiffUrlsMergeKeepsOneRowForTheCrawler) {
  const TempFile before("user-agent: *\ndisallow: /\n");
  const TempFile after(kRobots);
  const TempFile urls("http://a.com/x\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(),
                                         "--agent", "bingbot,Googlebot", "--merge"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "http://a.com/x  disallowed -> allowed  (was by line 2: disallow: /; now by line 2: "
            "allow: /)\n"
            "  now allowed: a group naming bingbot,Googlebot applies since line 1, and `allow: /` "
            "(line 2) decides instead of `disallow: /` (old line 2)\n"
            "1 of 1 URLs change for bingbot,Googlebot (merged as one crawler)\n");
}

TEST(MergedAgents, DiffUrlsJsonNamesTheTokenOfEachChange) {
  const TempFile before("user-agent: *\ndisallow: /\n");
  const TempFile after(kRobots);
  const TempFile urls("http://a.com/x\n");
  const auto each = nlohmann::json::parse(
      run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(), "--agent",
                         "bingbot,Googlebot", "--json"})
          .out);
  EXPECT_EQ(each["merged"], false);
  ASSERT_EQ(each["changes"].size(), 1u);
  EXPECT_EQ(each["changes"][0]["agent"], "bingbot");
  const auto merged = nlohmann::json::parse(
      run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(), "--agent",
                         "bingbot,Googlebot", "--json", "--merge"})
          .out);
  EXPECT_EQ(merged["merged"], true);
  ASSERT_EQ(merged["changes"].size(), 1u);
  EXPECT_FALSE(merged["changes"][0].contains("agent"));
}

TEST(MergedAgents, MergeWithoutUrlsIsAUsageError) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"diff", robots.path(), robots.path(), "--merge"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--merge needs --urls"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace robotstxt
