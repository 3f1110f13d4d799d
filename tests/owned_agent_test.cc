// The tools' OwnedAgent (tools/answer/owned_agent.h): an Agent that owns the tokens it views,
// so that a copy or a move never leaves it viewing another object's strings.
#include "answer/owned_agent.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

namespace robotstxt::cli {
namespace {

// Long enough not to fit a std::string's inline buffer, and short ones that do.
const std::vector<std::string> kTokens = {"Googlebot-Image-With-A-Long-Name", "a"};

bool views_own_tokens(const OwnedAgent& owned) {
  const Agent agent = owned.agent();
  if (agent.tokens().size() != owned.tokens().size()) return false;
  for (std::size_t i = 0; i < owned.tokens().size(); ++i) {
    if (agent.tokens()[i].data() != owned.tokens()[i].data()) return false;
    if (agent.tokens()[i] != kTokens[i]) return false;
  }
  return true;
}

TEST(OwnedAgent, ACopyViewsItsOwnTokens) {
  const OwnedAgent original(kTokens);
  const OwnedAgent copy = original;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_TRUE(views_own_tokens(copy));
  OwnedAgent assigned;
  assigned = original;
  EXPECT_TRUE(views_own_tokens(assigned));
  EXPECT_TRUE(views_own_tokens(original));
}

TEST(OwnedAgent, AMovedAgentKeepsViewingTheTokensItTook) {
  OwnedAgent original(kTokens);
  const OwnedAgent moved = std::move(original);
  EXPECT_TRUE(views_own_tokens(moved));
  std::vector<OwnedAgent> many;
  for (int i = 0; i < 20; ++i) many.emplace_back(kTokens);  // the vector moves them as it grows
  for (const OwnedAgent& owned : many) EXPECT_TRUE(views_own_tokens(owned));
}

TEST(OwnedAgent, ACrawlerIsAskedAsThatCrawler) {
  const Crawler* image = find_crawler("Googlebot-Image");
  ASSERT_NE(image, nullptr);
  const OwnedAgent owned(*image);
  EXPECT_EQ(owned.agent().crawler(), image);
  EXPECT_TRUE(owned.given());
  EXPECT_EQ(owned.label(), "Googlebot-Image");
  EXPECT_FALSE(OwnedAgent().given());
  EXPECT_EQ(OwnedAgent(kTokens).label(), "Googlebot-Image-With-A-Long-Name,a");
}

}  // namespace
}  // namespace robotstxt::cli
