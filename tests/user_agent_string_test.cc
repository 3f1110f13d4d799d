// Agents that no group can name (docs/semantics.md 8.5): a whole User-Agent header typed as
// AGENT, or a token with a digit or a dot. They are refused, naming --user-agent-string,
// which answers for the catalogued crawler a header names, and that crawler. With
// --as-written they are asked as given: their verdict is the * group's, as in Google's
// matcher, and stderr says why once.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/occurrences.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::count_of;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

constexpr const char* kGooglebotHeader =
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

// Groups for the header's first word and for a digit-bearing name, which as written can
// never apply, and a Googlebot group, which applies to the crawler the header names.
constexpr const char* kRobots =
    "user-agent: Mozilla\ndisallow: /m\n"
    "user-agent: MJ12bot\ndisallow: /j\n"
    "user-agent: Googlebot\ndisallow: /g\n"
    "user-agent: *\ndisallow: /s\n";

TEST(UserAgentString, WholeHeaderAsAgentIsRefusedNamingTheOptionAndTheCrawler) {
  const TempFile robots(kRobots);
  const auto result =
      run_command(kCli, {"check", robots.path(), kGooglebotHeader, "http://a.com/g"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(count_of(result.err, "\n"), 1u) << result.err;
  EXPECT_NE(result.err.find("is not a product token"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("naming crawler Googlebot; give it with --user-agent-string"),
            std::string::npos)
      << result.err;
  // The same through --agent, and a header naming no catalogued crawler.
  const auto listed =
      run_command(kCli, {"check", robots.path(), "--agent", kGooglebotHeader, "http://a.com/g"});
  EXPECT_EQ(listed.exit_code, 2);
  EXPECT_NE(listed.err.find("--agent 'Mozilla/5.0"), std::string::npos) << listed.err;
  const auto unknown = run_command(kCli, {"check", robots.path(), "curl/8.5", "http://a.com/"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("give the header with --user-agent-string"), std::string::npos)
      << unknown.err;
}

TEST(UserAgentString, AsWrittenTheWholeHeaderKeepsItsVerdictAndSaysHowItIsRead) {
  const TempFile robots(kRobots);
  const auto result = run_command(
      kCli, {"check", "--as-written", robots.path(), kGooglebotHeader, "http://a.com/m"});
  EXPECT_EQ(result.exit_code, 0);  // the Mozilla group does not apply: only * can
  EXPECT_EQ(count_of(result.err, "read as product token 'Mozilla'"), 1u) << result.err;
  EXPECT_NE(result.err.find("--user-agent-string"), std::string::npos) << result.err;
}

TEST(UserAgentString, UnnameableTokenIsRefusedSayingHowALineReadsIt) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "MJ12bot", "-"},
                                  "http://a.com/j\nhttp://a.com/s\n");
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("'MJ12bot' is not a product token"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("is read as 'MJ'"), std::string::npos) << result.err;
  const auto in_list =
      run_command(kCli, {"check", robots.path(), "Googlebot,archive.org_bot", "http://a.com/x"});
  EXPECT_EQ(in_list.exit_code, 2);
  EXPECT_NE(in_list.err.find("'archive.org_bot' is not a product token"), std::string::npos)
      << in_list.err;
}

TEST(UserAgentString, AsWrittenAnUnnameableTokenKeepsItsVerdictAndSaysWhyOnce) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", "--as-written", robots.path(), "MJ12bot", "-"},
                                  "http://a.com/j\nhttp://a.com/s\nhttp://a.com/j\n");
  EXPECT_EQ(result.out,
            "allowed\thttp://a.com/j\ndisallowed\thttp://a.com/s\nallowed\thttp://a.com/j\n");
  EXPECT_EQ(count_of(result.err, "no group can name 'MJ12bot'"), 1u) << result.err;
  const auto dotted = run_command(
      kCli, {"check", "--as-written", robots.path(), "archive.org_bot", "http://a.com/x"});
  EXPECT_EQ(count_of(dotted.err, "no group can name 'archive.org_bot'"), 1u) << dotted.err;
}

TEST(UserAgentString, EveryCommandThatTakesAnAgentRefusesOneThatIsNotAToken) {
  const TempFile robots(kRobots);
  const TempFile urls("http://a.com/g\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", robots.path(), kGooglebotHeader, "http://a.com/g"},
      {"explain", robots.path(), kGooglebotHeader, "http://a.com/g"},
      {"info", robots.path(), "--agent", kGooglebotHeader},
      {"audit", robots.path(), "http://a.com/g", "--agent", kGooglebotHeader},
      {"diff", robots.path(), robots.path(), "--urls", urls.path(), "--agent", kGooglebotHeader},
      {"fetch", "http://a.invalid/g", kGooglebotHeader},
  };
  for (const auto& command : commands) {
    const auto result = run_command(kCli, command);
    EXPECT_EQ(result.exit_code, 2) << command[0] << ": " << result.out;
    EXPECT_NE(result.err.find("naming crawler Googlebot; give it with --user-agent-string"),
              std::string::npos)
        << command[0] << ": " << result.err;
  }
}

TEST(UserAgentString, ValidTokenGetsNoNote) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "Googlebot", "http://a.com/g"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "");
}

TEST(UserAgentString, AnswersForTheCatalogueCrawlerTheHeaderNames) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "--user-agent-string",
                                         kGooglebotHeader, "http://a.com/g", "--json"});
  EXPECT_EQ(result.exit_code, 1);
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["crawler"], "Googlebot");
  EXPECT_EQ(json["line"], 6);
  EXPECT_NE(result.err.find("names crawler Googlebot"), std::string::npos) << result.err;
}

TEST(UserAgentString, TheLongestNameInTheHeaderWins) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "--user-agent-string",
                                         "Googlebot-Image/1.0", "http://a.com/g", "--json"});
  EXPECT_EQ(nlohmann::json::parse(result.out)["crawler"], "Googlebot-Image");
}

TEST(UserAgentString, HeaderNamingNoCrawlerIsAUsageError) {
  const TempFile robots(kRobots);
  const auto result = run_command(
      kCli, {"check", robots.path(), "--user-agent-string", "curl/8.5", "http://a.com/"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("names no crawler of the catalogue"), std::string::npos) << result.err;
}

TEST(UserAgentString, TogetherWithAnotherWayToNameWhoAsksIsAUsageError) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "--user-agent-string",
                                         kGooglebotHeader, "--crawler", "GPTBot", "http://a.com/"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("both say who asks"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace robotstxt
