// `robotstxt diff` on a large generated pair stays near-linear in the input. It used to
// merge and compare every agent's rules afresh (agents x rules): on this pair that took
// minutes; the ctest TIMEOUT of this test is the guard against its return.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// Product tokens are letters only, so the agents' names are spelt in base 26.
std::string agent_name(int number) {
  std::string name = "bot";
  for (int digit = 0; digit < 4; ++digit, number /= 26)
    name += static_cast<char>('a' + number % 26);
  return name;
}

constexpr int kSharedAgents = 10000;  // named together in one group of kSharedRules rules
constexpr int kSharedRules = 10000;
constexpr int kOwnAgents = 1000;  // each with a group of its own
constexpr int kOwnRules = 3;

// One group naming kSharedAgents agents; then kOwnAgents groups of their own. The new
// file drops the shared group's first rule and changes each own group's last rule.
std::string robots_file(bool changed) {
  std::string body;
  for (int a = 0; a < kSharedAgents; ++a) body += "user-agent:" + agent_name(a) + "\n";
  for (int r = changed ? 1 : 0; r < kSharedRules; ++r)
    body += "disallow:/s" + std::to_string(r) + "\n";
  for (int a = 0; a < kOwnAgents; ++a) {
    body += "user-agent:" + agent_name(kSharedAgents + a) + "\n";
    for (int r = 0; r < kOwnRules; ++r) {
      body += "disallow:/o" + std::to_string(a) + "/" + std::to_string(r) +
              (changed && r == kOwnRules - 1 ? "new" : "") + "\n";
    }
  }
  return body;
}

TEST(DiffScale, ThousandsOfAgentsAndRulesInLinearTime) {
  const TempFile before(robots_file(false));
  const TempFile after(robots_file(true));
  const auto text = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(text.exit_code, 1) << text.err;
  // Every agent changed; `*`, which neither file names, is compared too and did not.
  const std::string changed = std::to_string(kSharedAgents + kOwnAgents);
  EXPECT_NE(text.out.find("\n" + changed + " of " + std::to_string(kSharedAgents + kOwnAgents + 1) +
                          " agents changed\n"),
            std::string::npos)
      << text.out.substr(text.out.size() - 200);
  // The agents of the shared group changed alike: one entry names them all.
  EXPECT_TRUE(text.out.starts_with("agents " + agent_name(0) + ", " + agent_name(1) + ", "));
  EXPECT_NE(text.out.find(agent_name(kSharedAgents - 1) + "\n  - line " +
                          std::to_string(kSharedAgents + 1) + " disallow: /s0\n"),
            std::string::npos);

  const auto json = run_command(kCli, {"diff", "--json", before.path(), after.path()});
  EXPECT_EQ(json.exit_code, 1) << json.err;
  const nlohmann::json parsed = nlohmann::json::parse(json.out);
  ASSERT_EQ(parsed["agents"].size(), static_cast<std::size_t>(1 + kOwnAgents));
  EXPECT_EQ(parsed["agents"][0]["agents"].size(), static_cast<std::size_t>(kSharedAgents));
  const nlohmann::json& own = parsed["agents"][1];
  EXPECT_EQ(own["agents"], nlohmann::json::array({agent_name(kSharedAgents)}));
  EXPECT_EQ(own["added"].size(), 1u);
  EXPECT_EQ(own["removed"].size(), 1u);
}

}  // namespace
}  // namespace robotstxt
