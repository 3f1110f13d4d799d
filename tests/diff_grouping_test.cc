// `robotstxt diff` reports agents whose change is the same once, as one entry naming them
// all, so that its output grows with the size of the two files and not with their
// product: 4,000 agents with a group of their own, replaced by one `*` group of 4,000
// rules, used to write 4,000 copies of those rules (632 MB of JSON).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

constexpr int kAgents = 4000;
constexpr int kRules = 4000;
// Several times what the entries need (about 0.3 MB), far below agents x rules.
constexpr std::size_t kOutputBound = 2 * 1024 * 1024;

// Product tokens are letters only: the agents' names are spelt in base 26.
std::string agent_name(int number) {
  std::string name = "bot";
  for (int digit = 0; digit < 3; ++digit, number /= 26)
    name += static_cast<char>('a' + number % 26);
  return name;
}

// Every agent in a group of its own, each shutting it out.
std::string own_groups() {
  std::string body;
  for (int a = 0; a < kAgents; ++a) body += "User-agent: " + agent_name(a) + "\nDisallow: /\n";
  return body;
}

// One `*` group of many rules.
std::string one_global_group() {
  std::string body = "User-agent: *\n";
  for (int r = 0; r < kRules; ++r) body += "Disallow: /p" + std::to_string(r) + "\n";
  return body;
}

TEST(DiffGrouping, AgentsWithTheSameChangeAreOneJsonEntry) {
  const TempFile before(own_groups());
  const TempFile after(one_global_group());
  const auto result = run_command(kCli, {"diff", "--json", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  ASSERT_LT(result.out.size(), kOutputBound);
  const nlohmann::json parsed = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(parsed.is_object()) << result.out.substr(0, 500);
  // The agents, all moved to the `*` group the same way; and `*` itself, which gained it.
  ASSERT_EQ(parsed["agents"].size(), 2u) << result.out.substr(0, 500);
  const nlohmann::json& moved = parsed["agents"][0];
  ASSERT_EQ(moved["agents"].size(), static_cast<std::size_t>(kAgents));
  EXPECT_EQ(moved["agents"][0], agent_name(0));
  EXPECT_EQ(moved["agents"][kAgents - 1], agent_name(kAgents - 1));
  EXPECT_EQ(moved["applied_before"], "specific");
  EXPECT_EQ(moved["applied_after"], "global");
  EXPECT_EQ(moved["added"].size(), static_cast<std::size_t>(kRules));
  EXPECT_EQ(moved["added"][0]["rule"], "disallow: /p0");
  EXPECT_EQ(moved["added"][0]["lines"], nlohmann::json::array({2}));
  // The one rule they lose is written once per agent: every line of it is named.
  ASSERT_EQ(moved["removed"].size(), 1u);
  EXPECT_EQ(moved["removed"][0]["rule"], "disallow: /");
  ASSERT_EQ(moved["removed"][0]["lines"].size(), static_cast<std::size_t>(kAgents));
  EXPECT_EQ(moved["removed"][0]["lines"][0], 2);
  EXPECT_EQ(moved["removed"][0]["lines"][kAgents - 1], 2 * kAgents);
  const nlohmann::json& star = parsed["agents"][1];
  EXPECT_EQ(star["agents"], nlohmann::json::array({"*"}));
  EXPECT_EQ(star["added"].size(), static_cast<std::size_t>(kRules));
}

TEST(DiffGrouping, AgentsWithTheSameChangeAreOneTextEntry) {
  const TempFile before(own_groups());
  const TempFile after(one_global_group());
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  ASSERT_LT(result.out.size(), kOutputBound);
  EXPECT_TRUE(result.out.starts_with("agents " + agent_name(0) + ", " + agent_name(1) + ", "))
      << result.out.substr(0, 200);
  EXPECT_NE(result.out.find(", " + agent_name(kAgents - 1) +
                            "\n  now follows the * group (was a group of its own)\n"
                            "  + line 2 disallow: /p0\n"),
            std::string::npos);
  EXPECT_NE(result.out.find("\n  - lines 2, 4, 6, "), std::string::npos);
  EXPECT_NE(result.out.find("\nagent *\n  + line 2 disallow: /p0\n"), std::string::npos);
  // Counted per agent, as before: every agent changed, `*` too.
  EXPECT_NE(result.out.find("\n" + std::to_string(kAgents + 1) + " of " +
                            std::to_string(kAgents + 1) + " agents changed\n"),
            std::string::npos)
      << result.out.substr(result.out.size() - 200);
}

// Agents whose changes differ stay apart: one entry per distinct change.
TEST(DiffGrouping, DifferentChangesStaySeparateEntries) {
  const TempFile before(
      "User-agent: a\nUser-agent: b\nDisallow: /x\nUser-agent: c\nDisallow: /y\n");
  const TempFile after("User-agent: a\nUser-agent: b\nUser-agent: c\nDisallow: /z\n");
  const auto result = run_command(kCli, {"diff", "--json", before.path(), after.path()});
  const nlohmann::json parsed = nlohmann::json::parse(result.out, nullptr, false);
  ASSERT_TRUE(parsed.is_object()) << result.out;
  ASSERT_EQ(parsed["agents"].size(), 2u) << result.out;
  EXPECT_EQ(parsed["agents"][0]["agents"], nlohmann::json::array({"a", "b"}));
  EXPECT_EQ(parsed["agents"][0]["removed"][0]["rule"], "disallow: /x");
  EXPECT_EQ(parsed["agents"][1]["agents"], nlohmann::json::array({"c"}));
  EXPECT_EQ(parsed["agents"][1]["removed"][0]["rule"], "disallow: /y");
}

}  // namespace
}  // namespace robotstxt
