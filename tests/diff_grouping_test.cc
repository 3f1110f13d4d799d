// `robotstxt diff` reports agents whose change is the same once, as one entry naming them
// all, and the rules of groups that several changes move into or out of once, so that its
// output grows with the size of the two files and not with their product: 4,000 agents
// with a group of their own, replaced by one `*` group of 4,000 rules, used to write
// 4,000 copies of those rules, whether every agent lost the same rule or each a
// different one.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

constexpr int kAgents = 4000;
constexpr int kRules = 4000;
// Several times what the output needs (about 0.25 MB), far below agents x rules.
constexpr std::size_t kOutputBound = 2 * 1024 * 1024;
static_assert(kOutputBound * 100 < std::size_t{kAgents} * kRules * 20,
              "the bound must sit far below agents x rules x one short line");

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

// Every agent in a group of its own, each shutting it out of a path of its own: no two
// agents change alike.
std::string own_groups_each_a_rule_of_its_own() {
  std::string body;
  for (int a = 0; a < kAgents; ++a)
    body += "User-agent: " + agent_name(a) + "\nDisallow: /p" + std::to_string(a) + "\n";
  return body;
}

// One `*` group of many rules.
std::string one_global_group() {
  std::string body = "User-agent: *\n";
  for (int r = 0; r < kRules; ++r) body += "Disallow: /p" + std::to_string(r) + "\n";
  return body;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
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
  EXPECT_EQ(moved["moved"], true);
  EXPECT_EQ(moved["lines_after"], nlohmann::json::parse("[[1, 4001]]"));
  ASSERT_EQ(moved["lines_before"].size(), static_cast<std::size_t>(kAgents));
  EXPECT_EQ(moved["lines_before"][kAgents - 1],
            nlohmann::json::array({2 * kAgents - 1, 2 * kAgents}));
  // What they gained is the `*` group's rules, listed once under "groups".
  EXPECT_EQ(moved["listed_after"], true);
  EXPECT_EQ(moved["added"].size(), 0u);
  // The one rule they lose is written once per agent: every line of it is named.
  ASSERT_EQ(moved["removed"].size(), 1u);
  EXPECT_EQ(moved["removed"][0]["rule"], "disallow: /");
  ASSERT_EQ(moved["removed"][0]["lines"].size(), static_cast<std::size_t>(kAgents));
  EXPECT_EQ(moved["removed"][0]["lines"][0], 2);
  EXPECT_EQ(moved["removed"][0]["lines"][kAgents - 1], 2 * kAgents);
  const nlohmann::json& star = parsed["agents"][1];
  EXPECT_EQ(star["agents"], nlohmann::json::array({"*"}));
  EXPECT_EQ(star["applied_before"], "none");
  EXPECT_EQ(star["listed_after"], true);
  EXPECT_EQ(star["added"].size(), 0u);
  ASSERT_EQ(parsed["groups"].size(), 1u);
  const nlohmann::json& group = parsed["groups"][0];
  EXPECT_EQ(group["file"], "new");
  EXPECT_EQ(group["applied"], "global");
  EXPECT_EQ(group["agents"], kAgents + 1);
  ASSERT_EQ(group["rules"].size(), static_cast<std::size_t>(kRules));
  EXPECT_EQ(group["rules"][0], nlohmann::json::parse(R"({"line": 2, "rule": "disallow: /p0"})"));
}

TEST(DiffGrouping, AgentsWithTheSameChangeAreOneTextEntry) {
  const TempFile before(own_groups());
  const TempFile after(one_global_group());
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  ASSERT_LT(result.out.size(), kOutputBound);
  EXPECT_TRUE(result.out.starts_with("agents " + agent_name(0) + ", " + agent_name(1) + ", "))
      << result.out.substr(0, 200);
  EXPECT_TRUE(has(result.out, ", " + agent_name(kAgents - 1) +
                                  "\n  now follows the * group, lines 1-4001 (was a group of its "
                                  "own, lines 1-2, 3-4, "));
  EXPECT_TRUE(has(result.out,
                  ", 7999-8000): their 1 rule no longer applies to them; the 4,000 * "
                  "rules apply\n  - lines 2, 4, 6, "));
  EXPECT_TRUE(has(result.out,
                  "\nagent *\n  now follows the * group, lines 1-4001 (was no group "
                  "(everything allowed)): no rule applied before; the 4,000 * rules apply\n"));
  // The `*` group's rules, once.
  EXPECT_TRUE(has(result.out,
                  "\ngroups of NEW that several agents now follow\n  the * group, lines 1-4001\n"
                  "    line 2 disallow: /p0\n"));
  EXPECT_EQ(result.out.find("disallow: /p0\n"), result.out.rfind("disallow: /p0\n"));
  // Counted per agent, as before: every agent changed, `*` too.
  EXPECT_TRUE(has(result.out, "\n" + std::to_string(kAgents + 1) + " of " +
                                  std::to_string(kAgents + 1) + " agents changed\n"))
      << result.out.substr(result.out.size() - 200);
}

// What `diff` printed, read only once its size is known to be bounded: a regression to
// agents x rules writes hundreds of megabytes, which the test should not hold in memory.
struct BoundedOutput {
  int exit_code = -1;
  std::uintmax_t size = 0;
  std::string out;  // empty when over kOutputBound
};

BoundedOutput diff_output(const std::vector<std::string>& args) {
  const TempFile out("");
  testing::Redirects redirects;
  redirects.stdout_path = out.path();
  BoundedOutput result;
  result.exit_code = testing::run_redirected(kCli, args, redirects).exit_code;
  result.size = std::filesystem::file_size(out.path());
  if (result.size < kOutputBound) {
    std::ifstream in(out.path(), std::ios::binary);
    result.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return result;
}

// Each agent's own group shuts it out of a path of its own, and the `*` group that
// replaces them all has every one of those rules: no two agents change alike, and each
// now follows 4,000 rules. Said per agent, that is agents x rules (hundreds of MB);
// the rules are said once, under the group, and per agent only what is its own.
TEST(DiffGrouping, DifferentRulesPerAgentStayLinearInText) {
  const TempFile before(own_groups_each_a_rule_of_its_own());
  const TempFile after(one_global_group());
  const BoundedOutput result = diff_output({"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  ASSERT_LT(result.size, kOutputBound);
  // Each agent kept its own rule in the `*` group: nothing is its own to list, so all
  // the agents are one entry; it names every group they came from.
  EXPECT_TRUE(result.out.starts_with("agents " + agent_name(0) + ", " + agent_name(1) + ", "))
      << result.out.substr(0, 200);
  EXPECT_TRUE(has(result.out, ", " + agent_name(kAgents - 1) +
                                  "\n  now follows the * group, lines 1-4001 (was a group of its "
                                  "own, lines 1-2, 3-4, "));
  EXPECT_TRUE(has(result.out,
                  ", 7999-8000): their 1 rule no longer applies to them; the 4,000 * "
                  "rules apply\nagent *\n"))
      << result.out.substr(0, 500);
  for (const std::string rule : {"disallow: /p0\n", "disallow: /p3999\n"}) {
    ASSERT_TRUE(has(result.out, rule));
    EXPECT_EQ(result.out.find(rule), result.out.rfind(rule)) << rule;
  }
}

TEST(DiffGrouping, DifferentRulesPerAgentStayLinearInJson) {
  const TempFile own(own_groups_each_a_rule_of_its_own());
  const TempFile global(one_global_group());
  // Into the `*` group, and back out of it.
  for (const bool into_global : {true, false}) {
    SCOPED_TRACE(into_global ? "into the * group" : "out of the * group");
    const BoundedOutput result =
        diff_output({"diff", "--json", into_global ? own.path() : global.path(),
                     into_global ? global.path() : own.path()});
    EXPECT_EQ(result.exit_code, 1);
    ASSERT_LT(result.size, kOutputBound);
    const nlohmann::json parsed = nlohmann::json::parse(result.out, nullptr, false);
    ASSERT_TRUE(parsed.is_object()) << result.out.substr(0, 500);
    ASSERT_EQ(parsed["groups"].size(), 1u);
    const nlohmann::json& group = parsed["groups"][0];
    EXPECT_EQ(group["file"], into_global ? "new" : "old");
    EXPECT_EQ(group["lines"], nlohmann::json::parse("[[1, 4001]]"));
    ASSERT_EQ(group["rules"].size(), static_cast<std::size_t>(kRules));
    EXPECT_EQ(group["rules"][kRules - 1]["rule"], "disallow: /p3999");
    std::size_t agents = 0;
    for (const nlohmann::json& entry : parsed["agents"]) {
      agents += entry["agents"].size();
      EXPECT_EQ(entry["moved"], true);
      EXPECT_EQ(entry["added"].size() + entry["removed"].size(), 0u) << entry["agents"][0];
    }
    EXPECT_EQ(agents, static_cast<std::size_t>(kAgents + 1));
  }
}

// Only what is an agent's own is listed under it: the rules it loses that the group it
// now follows does not have; not the group's rules, which it shares with the others.
TEST(DiffGrouping, OnlyWhatIsAnAgentsOwnIsListedUnderIt) {
  const TempFile before(
      "User-agent: a\nDisallow: /a\nDisallow: /x\n\nUser-agent: b\nDisallow: /b\n");
  const TempFile after("User-agent: *\nDisallow: /x\nDisallow: /y\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "agent a\n"
            "  now follows the * group, lines 1-3 (was a group of its own, lines 1-3): its 2 rules "
            "no longer apply to it; the 2 * rules apply\n"
            "  - line 2 disallow: /a\n"
            "agent b\n"
            "  now follows the * group, lines 1-3 (was a group of its own, lines 5-6): its 1 rule "
            "no longer applies to it; the 2 * rules apply\n"
            "  - line 6 disallow: /b\n"
            "agent *\n"
            "  now follows the * group, lines 1-3 (was no group (everything allowed)): no rule "
            "applied before; the 2 * rules apply\n"
            "groups of NEW that several agents now follow\n"
            "  the * group, lines 1-3\n"
            "    line 2 disallow: /x\n"
            "    line 3 disallow: /y\n"
            "3 of 3 agents changed\n");
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
