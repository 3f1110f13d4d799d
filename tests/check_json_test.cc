// `check --json` writes its line per URL as text (write_check_json) rather than building
// a nlohmann::json object per URL: the bytes must be exactly those the object gave, for
// every shape of answer and for URLs that need escaping (quotes, backslashes, control
// bytes, non-ASCII, invalid UTF-8).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "answer/agent_label.h"
#include "answer/json_text.h"
#include "answer/render.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/robots_txt.h"
#include "support/json_escaping_paths.h"

namespace robotstxt::cli {
namespace {

using nlohmann::json;

// The line as check built it before it was written as text: an object from the verdict,
// the crawler, the usage preferences and the merged tokens, dumped as to_json_line() does.
std::string object_line(std::string_view url, const Verdict& verdict,
                        const std::optional<UsagePreferences>& usage, const OwnedAgent& who,
                        std::uint64_t bytes_past_limit) {
  json object = {{"url", url}};
  object.update(verdict_json(verdict));
  add_crawler_json(object, who.agent());
  object["content_usage"] = usage_json(usage);
  if (is_merged(who))
    object["merged"] = std::vector<std::string>(who.tokens().begin(), who.tokens().end());
  if (bytes_past_limit > 0) object["bytes_past_limit"] = bytes_past_limit;
  return object.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string text_line(std::string_view url, const Verdict& verdict,
                      const std::optional<UsagePreferences>& usage, const OwnedAgent& who,
                      std::uint64_t bytes_past_limit) {
  std::string written = "previous line\n";  // written after other lines, as in a stream
  {
    JsonText text(written);
    write_check_json(text, url, verdict, usage, who, bytes_past_limit);
  }
  return written.substr(14);
}

// Each path on an origin, and two strings that are no URL at all.
std::vector<std::string> tricky_urls() {
  std::vector<std::string> urls;
  for (const std::string& path : testing::json_escaping_paths()) {
    urls.push_back("https://example.com" + path);
  }
  urls.push_back("not a URL \"\xff\"");
  urls.push_back("");
  return urls;
}

TEST(CheckJson, TextLineEqualsTheObjectLineForEveryShapeOfAnswer) {
  const RobotsTxt robots = RobotsTxt::parse(
      "User-agent: bot\nUser-agent: Googlebot\nDisallow: /private\nAllow: /private/ok\n"
      "Disallow: /q?a=\"\nDisallow: /caf\xc3\xa9\nAllow: /drafts/index.html\n"
      "Content-Usage: /ai/ train-ai=n\nContent-Usage: search=y\n\n"
      "User-agent: *\nDisallow: /\n");
  const RobotsTxt no_usage = RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
  const Crawler* const image = find_crawler("Googlebot-Image");
  const Crawler* const feeds = find_crawler("Feedfetcher");  // not bound (docs/semantics.md 8.3)
  ASSERT_NE(image, nullptr);
  ASSERT_NE(feeds, nullptr);
  std::vector<OwnedAgent> askers;
  askers.emplace_back(std::vector<std::string>{"bot"});
  askers.emplace_back(std::vector<std::string>{"other"});
  askers.emplace_back(*image);
  askers.emplace_back(*feeds);
  askers.emplace_back(std::vector<std::string>{"other", "bot", "we\"ird\\"});
  int compared = 0;
  int with_usage = 0;
  int merged = 0;
  for (const RobotsTxt* file : {&robots, &no_usage}) {
    for (const OwnedAgent& who : askers) {
      for (const std::string& url : tricky_urls()) {
        const Verdict verdict = file->verdict(url, who.agent());
        const std::optional<UsagePreferences> usage = file->usage(url, who.agent());
        // A file with bytes past the limit says so on every line (input.h).
        const std::uint64_t past = file == &robots ? 0 : 340'000;
        const std::string written = text_line(url, verdict, usage, who, past);
        EXPECT_EQ(written, object_line(url, verdict, usage, who, past)) << url;
        EXPECT_EQ(json::parse(written, nullptr, false).is_discarded(), false) << written;
        with_usage += usage && !usage->lines.empty();
        merged += is_merged(who);
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, 2 * 5 * static_cast<int>(tricky_urls().size()));
  EXPECT_GT(with_usage, 0);
  EXPECT_GT(merged, 0);
}

}  // namespace
}  // namespace robotstxt::cli
