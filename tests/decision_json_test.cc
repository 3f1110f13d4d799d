// serve's batch answers are written as text (write_decision_json) while every other
// answer is built as nlohmann::json (decision_json): both must say exactly the same,
// byte for byte, for every kind of decision and for URLs and errors that need escaping.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "answer/decision_json.h"
#include "answer/json_text.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/policy.h"
#include "robotstxt/url.h"
#include "support/json_escaping_paths.h"

namespace robotstxt::cli {
namespace {

using nlohmann::json;

// What nlohmann writes for `value`, as serve's other answers do.
std::string nlohmann_text(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

// The Decision RobotsClient makes for `url` when `entry` is its origin's cached entry,
// from the client itself: decide_if_cached() never fetches, and the clock stands at the
// fetch, when the entry is fresh.
Decision decide(const std::string& url, const RobotsEntry& entry, const OwnedAgent& who) {
  RobotsClientOptions options;
  options.clock = [at = entry.fetched_at] { return at; };
  RobotsClient client(options);
  if (const OriginResult origin = origin_of(url)) client.cache().insert(origin->key(), entry);
  const std::optional<Decision> decision = client.decide_if_cached(url, who.agent());
  if (decision) return *decision;
  ADD_FAILURE() << "not decided from the cache: " << url;
  Decision undecided;  // compared as a URL error, which needs no entry
  undecided.url_error = UrlError::kNotAbsolute;
  return undecided;
}

RobotsEntry entry_after(FetchKind kind, int status, const std::string& body,
                        const std::string& error = "") {
  FetchOutcome outcome;
  outcome.robots_url = "http://example.com/robots.txt";
  outcome.final_url = outcome.robots_url;
  outcome.kind = kind;
  outcome.status = status;
  outcome.body = body;
  outcome.error = error;
  return next_entry(nullptr, outcome, TimePoint{} + std::chrono::hours(1000));
}

TEST(DecisionJsonTest, TextWriterEqualsTheNlohmannObjectForEveryKindOfDecision) {
  const std::string rules =
      "User-agent: bot\nUser-agent: Googlebot\nDisallow: /private\nAllow: /private/ok\n"
      "Disallow: /q?a=\"\nDisallow: /caf\xc3\xa9\nContent-Usage: /ai/ train-ai=n\n"
      "User-agent: *\nDisallow: /\n";
  const std::vector<RobotsEntry> entries = {
      entry_after(FetchKind::kResponse, 200, rules),
      // Rules without a content-usage line: usage is all unknown, without a second match.
      entry_after(FetchKind::kResponse, 200, "User-agent: *\nDisallow: /private\n"),
      entry_after(FetchKind::kResponse, 404, ""),
      entry_after(FetchKind::kResponse, 503, ""),
      entry_after(FetchKind::kNetworkError, 0, "", "timeout \"after\" 30 s \\ \xff"),
  };
  const Crawler* const image = find_crawler("Googlebot-Image");
  const Crawler* const feeds = find_crawler("Feedfetcher");  // not bound (docs/semantics.md 8.3)
  ASSERT_NE(image, nullptr);
  ASSERT_NE(feeds, nullptr);
  std::vector<OwnedAgent> askers;
  askers.emplace_back(std::vector<std::string>{"bot"});
  askers.emplace_back(*image);
  askers.emplace_back(std::vector<std::string>{"other", "bot"});
  askers.emplace_back(*feeds);
  std::vector<std::string> urls;
  for (const std::string& path : testing::json_escaping_paths())
    urls.push_back("http://example.com" + path);
  urls.push_back("not a URL \"\xff\"");
  urls.push_back("http://\xc3\xa9xample.com/");

  int compared = 0;
  // Shapes only the client's own rules make, which both writers must then agree on: a
  // crawler robots.txt does not bind is allowed on an origin fully disallowed
  // (docs/semantics.md 8.3), and a crawler's fallback token decides by its rules (8.1).
  int unbound_over_full_disallow = 0;
  int by_fallback_token = 0;
  for (const RobotsEntry& entry : entries) {
    for (const OwnedAgent& who : askers) {
      for (const std::string& url : urls) {
        const Decision decision = decide(url, entry, who);
        unbound_over_full_disallow += decision.state.access == Access::kFullDisallow &&
                                      decision.allowed &&
                                      decision.verdict.crawler_rule == CrawlerRule::kNotSubject;
        by_fallback_token += decision.state.access == Access::kRules &&
                             decision.verdict.crawler_rule == CrawlerRule::kFallbackToken &&
                             decision.verdict.crawler_token == "Googlebot";
        json expected = decision_json(url, decision, false, who);
        if (decision.url_error == UrlError::kNone) expected["cache_tier"] = "shared";
        std::string written;
        {
          JsonText text(written);
          write_decision_json(text, url, decision, who, "shared");
        }
        EXPECT_EQ(written, nlohmann_text(expected)) << url;
        const json parsed = json::parse(written, nullptr, false);
        EXPECT_EQ(parsed, json::parse(nlohmann_text(expected))) << url;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 5 * 4 * static_cast<int>(urls.size()));
  EXPECT_GT(unbound_over_full_disallow, 0);
  EXPECT_GT(by_fallback_token, 0);
}

TEST(DecisionJsonTest, StringsAreEscapedAsNlohmannEscapesThem) {
  std::vector<std::string> texts = testing::json_escaping_paths();
  texts.push_back("");
  texts.push_back(std::string("nul\0byte", 8));
  for (int byte = 0; byte < 256; ++byte) texts.emplace_back(1, static_cast<char>(byte));
  for (const std::string& text : texts) {
    std::string written = "[";  // written after other text, as in a batch
    {
      JsonText writer(written);
      writer.string(text);
    }
    written.erase(0, 1);
    EXPECT_EQ(written, nlohmann_text(json(text)))
        << json(text).dump(-1, ' ', true, json::error_handler_t::replace);
  }
}

// The batch writer copies our own words (enum names, reason sentences) between quotes
// without escaping them: each must be a string nlohmann writes exactly so.
TEST(DecisionJsonTest, OwnWordsNeedNoEscaping) {
  std::vector<std::string_view> words;
  // Every value of each enum, and a few past the last (to_string() then has a fallback).
  for (int value = 0; value < 32; ++value) {
    words.push_back(to_string(static_cast<Access>(value)));
    words.push_back(to_string(static_cast<AccessReason>(value)));
    words.push_back(to_string(static_cast<AppliedGroups>(value)));
    words.push_back(to_string(static_cast<CacheTier>(value)));
    words.push_back(to_string(static_cast<CrawlerRule>(value)));
    words.push_back(to_string(static_cast<FetchKind>(value)));
    words.push_back(to_string(static_cast<Preference>(value)));
    words.push_back(to_string(static_cast<UrlError>(value)));
    words.push_back(word(static_cast<Access>(value)));
    words.push_back(word(static_cast<AccessReason>(value)));
    words.push_back(word(static_cast<FetchKind>(value)));
  }
  for (const std::string_view word : words) {
    std::string written;
    {
      JsonText writer(written);
      writer.word(word);
    }
    EXPECT_EQ(written, nlohmann_text(json(word))) << word;
  }
}

}  // namespace
}  // namespace robotstxt::cli
