// docs/semantics.md 8: crawlers, their token precedence, `*` ignored, robots.txt not
// applying; and the catalogue compiled from data/crawlers.json. Test names follow the rule.
#include "robotstxt/crawler_catalogue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

const Crawler& crawler(std::string_view name) {
  const Crawler* found = find_crawler(name);
  if (found == nullptr) throw std::runtime_error("not in the catalogue: " + std::string(name));
  return *found;
}

// The seed's three-group example (docs/semantics.md 8.1), each group disallowing its own path.
constexpr std::string_view kSeedGroups =
    "user-agent: googlebot-news\ndisallow: /news-only\n"
    "user-agent: *\ndisallow: /star-only\n"
    "user-agent: googlebot\ndisallow: /googlebot-only\n";

// Which of the three groups a crawler follows, read off its verdicts.
std::string group_followed(const RobotsTxt& robots, const Crawler& who) {
  std::string followed;
  for (const char* path : {"/news-only", "/star-only", "/googlebot-only"}) {
    if (!robots.allowed(std::string("https://a.com") + path, who)) followed += path;
  }
  return followed;
}

TEST(CrawlerPrecedence, Rule8_1_SeedExampleEachCrawlerFollowsOneGroup) {
  const RobotsTxt robots = RobotsTxt::parse(kSeedGroups);
  EXPECT_EQ(group_followed(robots, crawler("Googlebot-News")), "/news-only");
  EXPECT_EQ(group_followed(robots, crawler("Googlebot")), "/googlebot-only");
  EXPECT_EQ(group_followed(robots, crawler("Googlebot-Image")), "/googlebot-only");
  EXPECT_EQ(group_followed(robots, crawler("Storebot-Google")), "/star-only");
  EXPECT_EQ(group_followed(robots, crawler("Googlebot-News (images)")), "/news-only");
}

TEST(CrawlerPrecedence, Rule8_1_OwnGroupWinsAloneWhereAnAgentListWouldMerge) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: googlebot\ndisallow: /private\n"
      "user-agent: googlebot-image\ndisallow: /photos\n");
  const Crawler& image = crawler("Googlebot-Image");
  EXPECT_TRUE(robots.allowed("https://a.com/private/a.png", image));
  EXPECT_FALSE(robots.allowed("https://a.com/photos/a.png", image));
  const Verdict verdict = robots.verdict("https://a.com/photos/a.png", image);
  EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kOwnToken);
  EXPECT_EQ(verdict.crawler_token, "Googlebot-Image");
  EXPECT_EQ(verdict.line, 4u);
  // The agent list is a different question, still available: both groups merge.
  EXPECT_FALSE(robots.allowed("https://a.com/private/a.png", {"Googlebot-Image", "Googlebot"}));
}

TEST(CrawlerPrecedence, Rule8_1_FallbackTokenIsNamedInTheVerdict) {
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: *\ndisallow: /\nuser-agent: googlebot\ndisallow: /private\n");
  const Verdict verdict = robots.verdict("https://a.com/private/x", crawler("Applebot"));
  EXPECT_FALSE(verdict.allowed);
  EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kFallbackToken);
  EXPECT_EQ(verdict.crawler_token, "Googlebot");
  EXPECT_TRUE(robots.allowed("https://a.com/public", crawler("Applebot")));
  const GroupSelection selection = robots.select_groups(crawler("Applebot"));
  EXPECT_EQ(selection.groups, (std::vector<std::size_t>{1}));
  EXPECT_EQ(selection.applied, AppliedGroups::kSpecific);
  EXPECT_EQ(selection.crawler_rule, CrawlerRule::kFallbackToken);
}

TEST(CrawlerPrecedence, Rule8_1_NoTokenNamedThenTheGlobalGroups) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /x\n");
  const Verdict verdict = robots.verdict("https://a.com/x", crawler("GPTBot"));
  EXPECT_FALSE(verdict.allowed);
  EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kGlobal);
  EXPECT_TRUE(verdict.crawler_token.empty());
  EXPECT_EQ(verdict.applied, AppliedGroups::kGlobal);
  const RobotsTxt no_global = RobotsTxt::parse("user-agent: other\ndisallow: /\n");
  EXPECT_EQ(no_global.verdict("https://a.com/x", crawler("GPTBot")).crawler_rule,
            CrawlerRule::kNoGroups);
}

TEST(CrawlerPrecedence, Rule8_2_AdsBotMustBeNamedExplicitly) {
  // Seed: "Block all crawlers except AdsBot (AdsBot crawlers must be named explicitly)".
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /\n");
  const Crawler& adsbot = crawler("AdsBot-Google");
  EXPECT_TRUE(robots.allowed("https://a.com/landing", adsbot));
  const Verdict verdict = robots.verdict("https://a.com/landing", adsbot);
  EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kGlobalIgnored);
  EXPECT_FALSE(verdict.has_decisive_rule());
  EXPECT_FALSE(robots.allowed("https://a.com/landing", crawler("Googlebot")));
  // Named, its group applies like any other.
  const RobotsTxt named =
      RobotsTxt::parse("user-agent: *\ndisallow: /\nuser-agent: adsbot-google\ndisallow: /cart\n");
  EXPECT_FALSE(named.allowed("https://a.com/cart", adsbot));
  EXPECT_TRUE(named.allowed("https://a.com/landing", adsbot));
}

TEST(CrawlerPrecedence, Rule8_3_UserTriggeredFetchersAreNotSubject) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /\n");
  for (const Crawler& fetcher : crawler_catalogue()) {
    if (fetcher.obeys_robots_txt) continue;
    const Verdict verdict = robots.verdict("https://a.com/x", fetcher);
    EXPECT_TRUE(verdict.allowed) << fetcher.name;
    EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kNotSubject) << fetcher.name;
    // Even a group naming it does not bind it.
    const std::string body = "user-agent: " + std::string(fetcher.tokens[0]) + "\ndisallow: /\n";
    EXPECT_TRUE(RobotsTxt::parse(body).allowed("https://a.com/x", fetcher)) << fetcher.name;
  }
}

TEST(CrawlerPrecedence, Rule8_5_TokenWithADigitNeverMatches) {
  const std::string_view tokens[] = {"MJ12bot"};
  Crawler majestic;
  majestic.name = "MJ12bot";
  majestic.tokens = tokens;
  EXPECT_FALSE(is_valid_product_token("MJ12bot"));
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: MJ12bot\ndisallow: /\nuser-agent: *\ndisallow: /x\n");
  // The group "MJ12bot" has product token "MJ": no group equals "MJ12bot", so `*` applies.
  EXPECT_TRUE(robots.allowed("https://a.com/y", majestic));
  EXPECT_EQ(robots.verdict("https://a.com/x", majestic).crawler_rule, CrawlerRule::kGlobal);
}

TEST(CrawlerPrecedence, CrawlDelayComesFromTheGroupsTheCrawlerFollows) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ncrawl-delay: 9\ndisallow: /x\n"
      "user-agent: googlebot\ncrawl-delay: 2\ndisallow: /y\n");
  EXPECT_EQ(robots.crawl_delay(crawler("Applebot")), 2.0);                // falls back to googlebot
  EXPECT_EQ(robots.crawl_delay(crawler("GPTBot")), 9.0);                  // `*`
  EXPECT_EQ(robots.crawl_delay(crawler("AdsBot-Google")), std::nullopt);  // ignores `*`
  EXPECT_EQ(robots.crawl_delay(crawler("ChatGPT-User")), std::nullopt);   // not subject
}

TEST(CrawlerPrecedence, ExplanationFollowsTheChosenToken) {
  const RobotsTxt robots = RobotsTxt::parse(kSeedGroups);
  const Explanation explanation =
      robots.explain("https://a.com/googlebot-only", crawler("Googlebot-Video"));
  EXPECT_EQ(explanation.groups, (std::vector<std::size_t>{2}));
  EXPECT_FALSE(explanation.verdict.allowed);
  EXPECT_TRUE(robots.explain("https://a.com/x", crawler("ChatGPT-User")).groups.empty());
}

TEST(CrawlerCatalogue, LookupIgnoresCaseAndSuggestsCloseNames) {
  EXPECT_EQ(&crawler("GOOGLEBOT-IMAGE"), &crawler("Googlebot-Image"));
  EXPECT_EQ(find_crawler("Googlebot-Images"), nullptr);
  const auto suggestions = closest_crawler_names("Googlebot-Images");
  ASSERT_FALSE(suggestions.empty());
  EXPECT_EQ(suggestions[0], "Googlebot-Image");
  EXPECT_TRUE(closest_crawler_names(std::string(100000, 'x')).empty());
}

// Plain Levenshtein distance ignoring ASCII case, the whole table: the reference for the
// linter's banded check.
std::size_t reference_distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> table(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) table[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) table[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                        std::tolower(static_cast<unsigned char>(b[j - 1]));
      table[i][j] = std::min(
          {table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (same ? 0 : 1)});
    }
  }
  return table[a.size()][b.size()];
}

enum class Edits { kWithoutSwaps, kWithSwaps };

// One to three random edits of `token` with bytes of `alphabet`: an insertion, a deletion,
// a substitution or (kWithSwaps) two neighbours swapped.
void misspell(std::mt19937& random, std::string& token, std::string_view alphabet, Edits kinds) {
  const std::mt19937::result_type kind_count = kinds == Edits::kWithSwaps ? 4 : 3;
  for (int edit = 0, edits = 1 + static_cast<int>(random() % 3); edit < edits; ++edit) {
    const std::size_t at = random() % (token.size() + 1);
    const char c = alphabet[random() % alphabet.size()];
    const std::mt19937::result_type kind = random() % kind_count;
    if (kind == 0) {
      token.insert(at, 1, c);
    } else if (kind == 1) {
      if (at < token.size()) token.erase(at, 1);
    } else if (kind == 2 && kinds == Edits::kWithSwaps) {
      if (at + 1 < token.size()) std::swap(token[at], token[at + 1]);
    } else if (at < token.size()) {
      token[at] = c;
    }
  }
}

TEST(CrawlerCatalogue, LikelyMisspeltTokenIsTheClosestWithinOneOrTwoEdits) {
  EXPECT_EQ(likely_misspelt_token("Googlebot-Images"), "Googlebot-Image");
  EXPECT_EQ(likely_misspelt_token("googlebot-image"), "");  // known: case does not matter
  EXPECT_EQ(likely_misspelt_token("GTPBot"), "");           // two edits, but a short token
  std::mt19937 random(20261122);
  const std::string alphabet = "abcdefgBOTXYZ-_";
  for (int round = 0; round < 3000; ++round) {
    const auto& crawler = crawler_catalogue()[random() % crawler_catalogue().size()];
    std::string token(crawler.tokens[random() % crawler.tokens.size()]);
    misspell(random, token, alphabet, Edits::kWithoutSwaps);
    std::size_t closest = 1000;
    for (const Crawler& each : crawler_catalogue()) {
      for (const std::string_view known : each.tokens) {
        closest = std::min(closest, reference_distance(token, known));
      }
    }
    const std::size_t allowed = token.size() >= 8 ? 2 : 1;
    const std::string_view found = likely_misspelt_token(token);
    if (token.empty() || closest == 0 || closest > allowed) {
      EXPECT_EQ(found, "") << token;
    } else {
      ASSERT_FALSE(found.empty()) << token;
      EXPECT_EQ(reference_distance(token, found), closest) << token << " -> " << found;
    }
  }
}

TEST(CrawlerCatalogue, LikelyMisspeltTokenOnATieIsTheFirstInCatalogueOrder) {
  // The search skips tokens whose length or bytes alone keep them too far: whatever the
  // bytes (upper case, digits, bytes past ASCII, bytes that share the skip's bits), the
  // answer is the first token of the catalogue at the closest distance, as a search
  // through every token finds it.
  std::mt19937 random(20261128);
  const std::string alphabet = "aAeEoOtTbB!%019-_.\xE9\xC3\x80 ";
  std::vector<std::string_view> known_tokens;
  for (const Crawler& each : crawler_catalogue()) {
    known_tokens.insert(known_tokens.end(), each.tokens.begin(), each.tokens.end());
  }
  std::size_t suggested = 0;
  for (int round = 0; round < 4000; ++round) {
    std::string token(known_tokens[random() % known_tokens.size()]);
    misspell(random, token, alphabet, Edits::kWithSwaps);
    std::size_t closest = 1000;
    std::string_view first;
    for (const std::string_view known : known_tokens) {
      const std::size_t distance = reference_distance(token, known);
      if (distance < closest) {
        closest = distance;
        first = known;
      }
    }
    const std::size_t allowed = token.size() >= 8 ? 2 : 1;
    const std::string_view expected =
        token.empty() || closest == 0 || closest > allowed ? std::string_view() : first;
    EXPECT_EQ(likely_misspelt_token(token), expected) << token;
    if (!expected.empty()) ++suggested;
  }
  EXPECT_GT(suggested, 1000u);  // the edits leave most tokens close to one
}

TEST(CrawlerCatalogue, CompiledTableEqualsTheDataFile) {
  std::ifstream file(ROBOTSTXT_SOURCE_DIR "/data/crawlers.json");
  const auto data = nlohmann::json::parse(file);
  const auto& entries = data["crawlers"];
  ASSERT_EQ(entries.size(), crawler_catalogue().size());
  EXPECT_EQ(crawler_catalogue_updated(), data["updated"].get<std::string>());
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Crawler& compiled = crawler_catalogue()[i];
    const auto& entry = entries[i];
    EXPECT_EQ(compiled.name, entry["name"].get<std::string>());
    ASSERT_EQ(compiled.tokens.size(), entry["tokens"].size()) << compiled.name;
    for (std::size_t t = 0; t < compiled.tokens.size(); ++t) {
      EXPECT_EQ(compiled.tokens[t], entry["tokens"][t].get<std::string>());
    }
    EXPECT_EQ(compiled.ignores_global_group, entry["ignores_global_group"].get<bool>());
    EXPECT_EQ(compiled.obeys_robots_txt, entry["obeys_robots_txt"].get<bool>());
    EXPECT_EQ(to_string(compiled.purpose), entry["purpose"].get<std::string>());
    EXPECT_EQ(compiled.operator_name, entry["operator"].get<std::string>());
    EXPECT_EQ(compiled.sources.size(), entry["sources"].size());
    EXPECT_EQ(compiled.notes, entry["notes"].get<std::string>());
    EXPECT_EQ(compiled.user_agent_substring, entry.value("user_agent_substring", ""));
    const std::string crawl_delay = !entry.contains("crawl_delay")                 ? "unknown"
                                    : entry["crawl_delay"]["honoured"].get<bool>() ? "honoured"
                                                                                   : "ignored";
    EXPECT_EQ(to_string(compiled.crawl_delay), crawl_delay) << compiled.name;
    EXPECT_EQ(compiled.crawl_delay_source, entry.contains("crawl_delay")
                                               ? entry["crawl_delay"]["source"].get<std::string>()
                                               : "");
  }
}

}  // namespace
}  // namespace robotstxt
