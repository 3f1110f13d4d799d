// "Did you mean" for a crawler name the catalogue lacks (docs/semantics.md 8): names that start
// with what was typed first, then names a few edits away, closest first; nothing at all
// when no name is close, since a far guess misleads more than no guess.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/crawler_catalogue.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using Names = std::vector<std::string_view>;

TEST(CrawlerSuggestions, NothingCloseSuggestsNothing) {
  EXPECT_EQ(closest_crawler_names("Foo"), Names{});
  EXPECT_EQ(closest_crawler_names("x"), Names{});
  EXPECT_EQ(closest_crawler_names(std::string(100000, 'x')), Names{});
}

TEST(CrawlerSuggestions, APrefixComesBeforeAnEditAway) {
  // "gpt" is three edits from many short names, but only GPTBot starts with it.
  EXPECT_EQ(closest_crawler_names("gpt"), Names{"GPTBot"});
  EXPECT_EQ(closest_crawler_names("Googlebot-Imag").front(), "Googlebot-Image");
  EXPECT_EQ(closest_crawler_names("AdsBot"), (Names{"AdsBot-Google", "AdsBot-Google-Mobile"}));
}

TEST(CrawlerSuggestions, ATypoSuggestsTheNameItMisspells) {
  EXPECT_EQ(closest_crawler_names("Gogglebot").front(), "Googlebot");
  EXPECT_EQ(closest_crawler_names("bingbo"), Names{"Bingbot"});
}

TEST(CrawlerSuggestions, TheCommandLineSaysNoGuessForAFarName) {
  const testing::TempFile robots("user-agent: *\n");
  const auto result =
      testing::run_command(ROBOTSTXT_CLI, {"check", "--crawler", "Foo", robots.path(), "/x"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err,
            "robotstxt check: error: unknown crawler 'Foo' ('robotstxt crawlers' lists them all) "
            "(see 'robotstxt check --help')\n");
}

}  // namespace
}  // namespace robotstxt
