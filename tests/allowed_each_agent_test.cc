// RobotsTxt::allowed_each_agent(): one URL, any agents (tokens, merged tokens, catalogue
// crawlers), the path read once and each group matched once for all of them. Each
// answer must be allowed()'s for that agent alone.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

TEST(AllowedEachAgent, AnswersAsAllowedForEveryShapeOfAgent) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: FooBot\ndisallow: /foo\nallow: /foo/open\n\n"
      "user-agent: Googlebot\ndisallow: /g\n\n"
      "user-agent: *\ndisallow: /\nallow: /caf%C3%A9\n");
  const Crawler* image = find_crawler("Googlebot-Image");
  const Crawler* ads = find_crawler("AdsBot-Google");
  const Crawler* user = find_crawler("ChatGPT-User");
  ASSERT_NE(image, nullptr);
  ASSERT_NE(ads, nullptr);
  ASSERT_NE(user, nullptr);
  const std::array<std::string_view, 2> merged = {"BarBot", "FooBot"};
  const std::array<Agent, 6> agents = {Agent("foobot"), Agent("OtherBot"), Agent(merged),
                                       Agent(*image),   Agent(*ads),       Agent(*user)};
  // Each agent's groups differ on some of these, so a wrong agent's answer shows.
  for (const std::string_view url :
       {"https://e.com/foo/x", "https://e.com/foo/open", "https://e.com/bar", "https://e.com/g/1",
        "https://e.com/caf%C3%A9", "https://e.com", "http://e.com?q"}) {
    std::array<bool, 6> answers{};
    ASSERT_EQ(robots.allowed_each_agent(url, agents, answers), agents.size());
    for (std::size_t a = 0; a < agents.size(); ++a) {
      EXPECT_EQ(answers[a], robots.allowed(url, agents[a])) << url << " agent " << a;
    }
  }
  std::array<bool, 6> answers{};
  robots.allowed_each_agent("https://e.com/g/1", agents, answers);
  EXPECT_TRUE(answers[0]);   // FooBot: its own group, which names no /g rule
  EXPECT_FALSE(answers[1]);  // OtherBot: the `*` group
  EXPECT_FALSE(answers[3]);  // Googlebot-Image: Googlebot's group
  EXPECT_TRUE(answers[4]);   // AdsBot-Google ignores `*`
  EXPECT_TRUE(answers[5]);   // ChatGPT-User is not bound by robots.txt
}

// More groups than the per-URL memo keeps: the rest are matched without it, and every
// answer is still the agent's own.
TEST(AllowedEachAgent, MoreGroupsThanTheMemoKeeps) {
  std::string body;
  std::vector<std::string> names;
  for (int i = 0; i < 12; ++i) {
    names.push_back(std::string("bot") + static_cast<char>('a' + i));  // tokens are letters
    body += "user-agent: " + names.back() + "\n";
    body += (i % 2 == 0 ? "disallow: /p/" : "allow: /p/") + std::to_string(i) + "\n";
    body += "disallow: /p\n\n";
  }
  const RobotsTxt robots = RobotsTxt::parse(body);
  std::vector<Agent> agents(names.begin(), names.end());
  agents.emplace_back("nobody");  // no group of its own, and no `*`: allowed
  for (int u = 0; u < 12; ++u) {
    const std::string url = "https://e.com/p/" + std::to_string(u);
    const auto answers = std::make_unique<bool[]>(agents.size());
    ASSERT_EQ(robots.allowed_each_agent(url, agents, {answers.get(), agents.size()}),
              agents.size());
    for (std::size_t a = 0; a < agents.size(); ++a) {
      EXPECT_EQ(answers[a], robots.allowed(url, agents[a])) << url << " " << a;
    }
    EXPECT_EQ(answers[u], u % 2 != 0) << url;  // its own rule decides
    EXPECT_TRUE(answers[agents.size() - 1]);
  }
}

TEST(AllowedEachAgent, AnswersAsManyAsBothSpansHold) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: a\ndisallow: /\n");
  const std::array<Agent, 3> agents = {Agent("a"), Agent("b"), Agent("a")};
  std::array<bool, 2> two = {true, false};
  EXPECT_EQ(robots.allowed_each_agent("/x", agents, two), 2u);
  EXPECT_FALSE(two[0]);
  EXPECT_TRUE(two[1]);
  EXPECT_EQ(robots.allowed_each_agent("/x", {}, two), 0u);
}

}  // namespace
}  // namespace robotstxt
