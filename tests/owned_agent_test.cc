// OwnedAgent (include/robotstxt/owned_agent.h): an Agent that owns the tokens it views, so that
// a copy or a move never leaves it viewing another object's strings.
#include "robotstxt/owned_agent.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "answer/agent_label.h"

namespace robotstxt {
namespace {

// Long enough not to fit a std::string's inline buffer, and short ones that do.
const std::vector<std::string> kTokens = {"Googlebot-Image-With-A-Long-Name", "a"};

bool views_own_tokens(const OwnedAgent& owned, const std::vector<std::string>& expected) {
  const Agent agent = owned.agent();
  if (agent.tokens().size() != expected.size() || owned.tokens().size() != expected.size()) {
    return false;
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (agent.tokens()[i].data() != owned.tokens()[i].data()) return false;
    if (agent.tokens()[i] != expected[i]) return false;
  }
  return true;
}

TEST(OwnedAgent, ACopyViewsItsOwnTokens) {
  for (const std::vector<std::string>& tokens :
       {kTokens, std::vector<std::string>{"Googlebot"}, std::vector<std::string>{kTokens[0]}}) {
    const OwnedAgent original(tokens);
    const OwnedAgent copy = original;  // NOLINT(performance-unnecessary-copy-initialization)
    EXPECT_TRUE(views_own_tokens(copy, tokens));
    OwnedAgent assigned;
    assigned = original;
    EXPECT_TRUE(views_own_tokens(assigned, tokens));
    EXPECT_TRUE(views_own_tokens(original, tokens));
  }
}

TEST(OwnedAgent, AMovedAgentKeepsViewingTheTokensItTook) {
  for (const std::vector<std::string>& tokens :
       {kTokens, std::vector<std::string>{"Googlebot"}, std::vector<std::string>{kTokens[0]}}) {
    OwnedAgent original(tokens);
    const OwnedAgent moved = std::move(original);
    EXPECT_TRUE(views_own_tokens(moved, tokens));
    EXPECT_FALSE(original.given());  // NOLINT(bugprone-use-after-move): what a move leaves
    std::vector<OwnedAgent> many;
    for (int i = 0; i < 20; ++i) many.emplace_back(tokens);  // the vector moves them as it grows
    for (const OwnedAgent& owned : many) EXPECT_TRUE(views_own_tokens(owned, tokens));
  }
}

TEST(OwnedAgent, OneTokenIsAskedAsOne) {
  // The matcher's single-token path answers one token; a span of one would take the merging
  // path, slower for the same answer.
  const OwnedAgent one(std::string("Googlebot"));
  EXPECT_TRUE(views_own_tokens(one, {"Googlebot"}));
  EXPECT_TRUE(views_own_tokens(OwnedAgent(std::vector<std::string>{"Googlebot"}), {"Googlebot"}));
  EXPECT_FALSE(OwnedAgent(std::vector<std::string>{}).given());
}

TEST(OwnedAgent, ACopyOfAViewOwnsWhatItViewed) {
  std::vector<std::string> source = kTokens;
  const std::vector<std::string_view> views(source.begin(), source.end());
  const OwnedAgent owned{Agent(views)};
  source.assign(2, std::string(40, 'x'));  // what the view pointed into is gone
  EXPECT_TRUE(views_own_tokens(owned, kTokens));
  const Crawler* image = find_crawler("Googlebot-Image");
  ASSERT_NE(image, nullptr);
  EXPECT_EQ(OwnedAgent(Agent(*image)).crawler(), image);
}

TEST(OwnedAgent, ACrawlerIsAskedAsThatCrawler) {
  const Crawler* image = find_crawler("Googlebot-Image");
  ASSERT_NE(image, nullptr);
  const OwnedAgent owned(*image);
  EXPECT_EQ(owned.agent().crawler(), image);
  EXPECT_TRUE(owned.given());
  EXPECT_TRUE(owned.tokens().empty());
  EXPECT_EQ(cli::agent_label(owned), "Googlebot-Image");
  EXPECT_FALSE(OwnedAgent().given());
  EXPECT_EQ(cli::agent_label(OwnedAgent(kTokens)), "Googlebot-Image-With-A-Long-Name,a");
}

}  // namespace
}  // namespace robotstxt
