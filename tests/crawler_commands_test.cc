// `robotstxt crawlers` and `robotstxt audit` through the binary (docs/semantics.md 8): golden
// output on corpus files, every corpus file audited without error, usage errors.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "robotstxt/crawler_catalogue.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;
const std::string kCorpus = ROBOTSTXT_TEST_DATA_DIR "/corpus/robots/";

TEST(AuditCommand, GoldenPoetryFoundationWithAiCrawlers) {
  const auto result =
      run_command(kCli, {"audit", kCorpus + "www.poetryfoundation.org", "/", "/poems/12345",
                         "--crawlers", "Googlebot,AdsBot-Google,GPTBot,ChatGPT-User,CCBot"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "crawler        group              /               /poems/12345\n"
            "Googlebot      uses *             allowed         allowed\n"
            "AdsBot-Google  ignores *          allowed         allowed\n"
            "GPTBot         uses *             allowed         allowed\n"
            "ChatGPT-User   not subject        allowed         allowed\n"
            "CCBot          own group (CCBot)  disallowed L12  disallowed L12\n"
            "\n"
            "L12  disallow: /\n");
}

TEST(AuditCommand, GoldenFallbackAndDecisiveLines) {
  const TempFile robots(
      "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /private/\n"
      "Allow: /private/press/\n");
  const auto result =
      run_command(kCli, {"audit", robots.path(), "https://a.com/private/x", "/private/press/y",
                         "--crawlers", "Googlebot-Image,Applebot,Storebot-Google,AdsBot-Google"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "crawler          group                    https://a.com/private/x  /private/press/y\n"
            "Googlebot-Image  falls back to Googlebot  disallowed L5            allowed L6\n"
            "Storebot-Google  uses *                   disallowed L2            disallowed L2\n"
            "AdsBot-Google    ignores *                allowed                  allowed\n"
            "Applebot         falls back to Googlebot  disallowed L5            allowed L6\n"
            "\n"
            "L2  disallow: /\n"
            "L5  disallow: /private/\n"
            "L6  allow: /private/press/\n");
}

TEST(AuditCommand, JsonNamesTheRuleAndTokenPerCrawler) {
  const TempFile robots("User-agent: googlebot\nDisallow: /x\n");
  const TempFile urls("/x\n/y\n");
  const auto result = run_command(kCli, {"audit", robots.path(), "--urls", urls.path(),
                                         "--crawlers", "Googlebot-Video", "--json"});
  ASSERT_EQ(result.exit_code, 0);
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["urls"], nlohmann::json::array({"/x", "/y"}));
  const auto& video = json["crawlers"][0];
  EXPECT_EQ(video["crawler"], "Googlebot-Video");
  EXPECT_EQ(video["crawler_rule"], "fallback-token");
  EXPECT_EQ(video["crawler_token"], "Googlebot");
  EXPECT_EQ(video["groups"], nlohmann::json::array({1}));
  EXPECT_EQ(video["results"][0]["allowed"], false);
  EXPECT_EQ(video["results"][0]["line"], 2);
  EXPECT_EQ(video["results"][0]["rule"], "/x");
  EXPECT_EQ(video["results"][1]["allowed"], true);
  EXPECT_TRUE(video["results"][1]["line"].is_null());
}

TEST(AuditCommand, EveryCorpusFileAuditsWithoutError) {
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kCorpus)) {
    const auto result = run_command(kCli, {"audit", entry.path().string(), "--json"});
    ASSERT_EQ(result.exit_code, 0) << entry.path() << result.err;
    const auto json = nlohmann::json::parse(result.out);
    ASSERT_EQ(json["crawlers"].size(), crawler_catalogue().size()) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 0u);
}

TEST(AuditCommand, UnknownCrawlerIsAUsageErrorWithSuggestions) {
  const TempFile robots("User-agent: *\nDisallow: /\n");
  const auto result = run_command(kCli, {"audit", robots.path(), "--crawlers", "Googlebot-Images"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("unknown crawler 'Googlebot-Images'; did you mean Googlebot-Image"),
            std::string::npos)
      << result.err;
  EXPECT_TRUE(result.out.empty());
}

TEST(CrawlersCommand, JsonIsTheWholeCatalogueWithSources) {
  const auto result = run_command(kCli, {"crawlers", "--json"});
  ASSERT_EQ(result.exit_code, 0);
  const auto json = nlohmann::json::parse(result.out);
  ASSERT_EQ(json["crawlers"].size(), crawler_catalogue().size());
  for (const auto& crawler : json["crawlers"]) {
    EXPECT_FALSE(crawler["sources"].empty()) << crawler["name"];
    EXPECT_FALSE(crawler["tokens"].empty()) << crawler["name"];
  }
}

TEST(CrawlersCommand, PurposeFiltersAndAnUnknownPurposeIsAUsageError) {
  const auto result = run_command(kCli, {"crawlers", "--json", "--purpose", "ai-training"});
  ASSERT_EQ(result.exit_code, 0);
  const auto json = nlohmann::json::parse(result.out);
  ASSERT_FALSE(json["crawlers"].empty());
  for (const auto& crawler : json["crawlers"]) EXPECT_EQ(crawler["purpose"], "ai-training");
  const auto text = run_command(kCli, {"crawlers"});
  EXPECT_NE(text.out.find("AdsBot-Google  (Google, ads)\n  token: AdsBot-Google; ignores *\n"),
            std::string::npos)
      << text.out;
  EXPECT_EQ(run_command(kCli, {"crawlers", "--purpose", "spam"}).exit_code, 2);
}

}  // namespace
}  // namespace robotstxt
