// `robotstxt diff` on a large generated pair does work linear in the input. It used to
// merge and compare every agent's rules afresh (agents x rules: 10^8 rules merged on this
// pair, minutes of work). The command runs in this process, and the rules it merged are
// counted (merged_rule_count()), so a slow machine cannot fail it and a fast one cannot
// hide a return of the blow-up.
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/agent_rules.h"
#include "cli/commands.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::TempFile;

struct DiffRun {
  int exit_code = 0;
  std::string out;
  std::size_t merged_rules = 0;  // rules merged while it ran
};

// `robotstxt diff ARGS...` in this process, its standard output captured.
DiffRun run_diff(std::vector<std::string> args) {
  CLI::App app;
  DiffRun run;
  cli::add_diff_command(app, run.exit_code);
  args.insert(args.begin(), {"robotstxt", "diff"});
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  std::ostringstream out;
  std::streambuf* const standard_output = std::cout.rdbuf(out.rdbuf());
  const std::size_t merged_before = cli::merged_rule_count();
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& error) {
    run.exit_code = app.exit(error);
  }
  run.merged_rules = cli::merged_rule_count() - merged_before;
  std::cout.rdbuf(standard_output);
  run.out = out.str();
  return run;
}

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

TEST(DiffScale, ThousandsOfAgentsSharingAGroupMergeItsRulesOnce) {
  const TempFile before(robots_file(false));
  const TempFile after(robots_file(true));
  // Each set of groups is merged once per file, however many agents follow it: at most
  // every rule of both files once. Agent by agent it would be kSharedAgents times more.
  const std::size_t rules_in_both_files = 2 * (kSharedRules + kOwnAgents * kOwnRules) - 1;
  const DiffRun text = run_diff({before.path(), after.path()});
  EXPECT_EQ(text.exit_code, 1);
  EXPECT_GT(text.merged_rules, 0u);
  EXPECT_LE(text.merged_rules, rules_in_both_files);
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

  const DiffRun json = run_diff({"--json", before.path(), after.path()});
  EXPECT_EQ(json.exit_code, 1);
  EXPECT_LE(json.merged_rules, rules_in_both_files);
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
