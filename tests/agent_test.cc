// Who asks (agent.h): one Agent for product tokens and for crawlers, taken by every
// question of RobotsTxt and RobotsClient, and one Verdict that says how the groups were
// chosen (docs/semantics.md 2.5 and 8).
#include "robotstxt/agent.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/policy.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

const Crawler& crawler(std::string_view name) {
  const Crawler* found = find_crawler(name);
  if (found == nullptr) throw std::runtime_error("not in the catalogue: " + std::string(name));
  return *found;
}

// Googlebot-Image falls back to Googlebot's group; GPTBot meets only `*`.
constexpr std::string_view kBody =
    "user-agent: *\ndisallow: /star\ncrawl-delay: 9\nrequest-rate: 1/9s\n"
    "user-agent: googlebot\ndisallow: /google\ncrawl-delay: 2\nrequest-rate: 1/2s\n";

TEST(Agent, TokensAreTheNamesGivenOrTheCrawlersInPrecedenceOrder) {
  const Agent one = "Googlebot";
  ASSERT_EQ(one.tokens().size(), 1u);
  EXPECT_EQ(one.tokens()[0], "Googlebot");
  EXPECT_EQ(one.crawler(), nullptr);
  const std::vector<std::string_view> names = {"a", "b"};
  EXPECT_EQ(Agent(names).tokens().size(), 2u);
  EXPECT_EQ(Agent(names).crawler(), nullptr);
  const Crawler& image = crawler("Googlebot-Image");
  const Agent asking = image;
  EXPECT_EQ(asking.crawler(), &image);
  ASSERT_EQ(asking.tokens().size(), image.tokens.size());
  EXPECT_EQ(asking.tokens()[0], "Googlebot-Image");
}

TEST(Agent, OnlyACrawlerThatObeysNoRobotsTxtIsUnbound) {
  EXPECT_TRUE(Agent("Googlebot").bound_by_robots_txt());
  EXPECT_TRUE(Agent(crawler("GPTBot")).bound_by_robots_txt());
  EXPECT_FALSE(Agent(crawler("ChatGPT-User")).bound_by_robots_txt());
}

// docs/semantics.md 8.1: the verdict names how a crawler's groups were chosen; product tokens
// merge (2.5) and carry no crawler rule.
TEST(Agent, Rule8_1_OneVerdictSaysHowTheGroupsWereChosen) {
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  const Verdict fallback = robots.verdict("https://a.com/google/x", crawler("Googlebot-Image"));
  EXPECT_FALSE(fallback.allowed);
  EXPECT_EQ(fallback.crawler_rule, CrawlerRule::kFallbackToken);
  EXPECT_EQ(fallback.crawler_token, "Googlebot");
  EXPECT_EQ(fallback.line, 6u);
  const Verdict global = robots.verdict("https://a.com/star", crawler("GPTBot"));
  EXPECT_EQ(global.crawler_rule, CrawlerRule::kGlobal);
  EXPECT_TRUE(global.crawler_token.empty());
  EXPECT_EQ(global.line, 2u);
  const Verdict tokens = robots.verdict("https://a.com/google/x", {"Googlebot-Image", "Googlebot"});
  EXPECT_FALSE(tokens.allowed);
  EXPECT_FALSE(tokens.crawler_rule.has_value());
  EXPECT_TRUE(tokens.crawler_token.empty());
}

// docs/semantics.md 8.3: not bound, so allowed with no rule, and the explanation says why.
TEST(Agent, Rule8_3_NotSubjectIsInTheVerdictAndTheExplanation) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /\n");
  const Verdict verdict = robots.verdict("https://a.com/x", crawler("ChatGPT-User"));
  EXPECT_TRUE(verdict.allowed);
  EXPECT_FALSE(verdict.has_decisive_rule());
  EXPECT_EQ(verdict.crawler_rule, CrawlerRule::kNotSubject);
  const Explanation explanation = robots.explain("https://a.com/x", crawler("ChatGPT-User"));
  EXPECT_TRUE(explanation.groups.empty());
  EXPECT_EQ(explanation.verdict.crawler_rule, CrawlerRule::kNotSubject);
  EXPECT_EQ(robots.select_groups(crawler("ChatGPT-User")).crawler_rule, CrawlerRule::kNotSubject);
}

// Every question follows the crawler's precedence, not only allowed() and verdict():
// directives come from the groups it follows (docs/semantics.md 3 and 8).
TEST(Agent, Rule8_1_EveryQuestionReadsTheGroupsTheCrawlerFollows) {
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  const Crawler& image = crawler("Googlebot-Image");
  EXPECT_EQ(robots.crawl_delay(image), 2.0);
  ASSERT_TRUE(robots.request_rate(image).has_value());
  EXPECT_EQ(robots.request_rate(image)->seconds, 2.0);
  EXPECT_EQ(robots.crawl_delay(crawler("GPTBot")), 9.0);
  EXPECT_EQ(robots.select_groups(image).groups, (std::vector<std::size_t>{1}));
  EXPECT_EQ(robots.select_groups(image).crawler_rule, CrawlerRule::kFallbackToken);
  // Merged, both named groups would apply to an agent list naming both; here only one
  // group names either token, so the same group applies.
  EXPECT_EQ(robots.crawl_delay({"Googlebot-Image", "Googlebot"}), 2.0);
  EXPECT_FALSE(robots.select_groups("Googlebot").crawler_rule.has_value());
  // An AdsBot-like crawler ignores `*`: no group, no delay.
  EXPECT_EQ(robots.crawl_delay(crawler("AdsBot-Google")), std::nullopt);
}

// The client's Decision is built from the same Verdict: a crawler's rule and token reach
// it unchanged, and an unbound crawler is allowed even by a full disallow.
TEST(Agent, ClientDecisionCarriesTheVerdictOfTheSameAgent) {
  RobotsClient client;
  const auto store = [&](const std::string& origin, int status, std::string_view body) {
    FetchOutcome outcome;
    outcome.robots_url = origin + "/robots.txt";
    outcome.final_url = outcome.robots_url;
    outcome.kind = FetchKind::kResponse;
    outcome.status = status;
    outcome.body = std::string(body);
    client.cache().insert(origin_of(origin)->key(),
                          next_entry(nullptr, outcome, client.options().clock(), {}));
  };
  store("https://rules.test", 200, kBody);
  store("https://down.test", 503, "");
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  for (const Agent agent : {Agent("Googlebot"), Agent(crawler("Googlebot-Image")),
                            Agent(crawler("GPTBot")), Agent(crawler("AdsBot-Google"))}) {
    for (const std::string_view url : {"https://rules.test/google/a", "https://rules.test/star"}) {
      const std::optional<Decision> decision = client.decide_if_cached(url, agent);
      ASSERT_TRUE(decision.has_value()) << url;
      const Verdict expected = robots.verdict(url, agent);
      EXPECT_EQ(decision->allowed, expected.allowed) << url;
      EXPECT_EQ(decision->verdict.line, expected.line) << url;
      EXPECT_EQ(decision->verdict.crawler_rule, expected.crawler_rule) << url;
      EXPECT_EQ(decision->verdict.crawler_token, expected.crawler_token) << url;
    }
  }
  const std::optional<Decision> down =
      client.decide_if_cached("https://down.test/a", crawler("ChatGPT-User"));
  ASSERT_TRUE(down.has_value());
  EXPECT_EQ(down->state.access, Access::kFullDisallow);
  EXPECT_TRUE(down->allowed);
  EXPECT_EQ(down->verdict.crawler_rule, CrawlerRule::kNotSubject);
  const std::optional<Decision> bound =
      client.decide_if_cached("https://down.test/a", crawler("GPTBot"));
  ASSERT_TRUE(bound.has_value());
  EXPECT_FALSE(bound->allowed);
  EXPECT_FALSE(bound->verdict.crawler_rule.has_value());
}

}  // namespace
}  // namespace robotstxt
