#include "cli/agent_rules.h"

#include <algorithm>
#include <atomic>
#include <unordered_set>

#include "base/ascii.h"

namespace robotstxt::cli {
namespace {

std::atomic<std::size_t> merged_rules_so_far{0};

}  // namespace

std::vector<RuleLine> merged_rules(const std::vector<Group>& groups,
                                   const GroupSelection& selection) {
  std::vector<RuleLine> rules;
  for (const std::size_t g : selection.groups) {
    rules.insert(rules.end(), groups[g].rules.begin(), groups[g].rules.end());
  }
  std::sort(rules.begin(), rules.end(),
            [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; });
  merged_rules_so_far.fetch_add(rules.size(), std::memory_order_relaxed);
  return rules;
}

std::size_t merged_rule_count() noexcept {
  return merged_rules_so_far.load(std::memory_order_relaxed);
}

std::vector<std::string> named_agents(const std::vector<Group>& groups) {
  std::vector<std::string> agents;
  std::unordered_set<std::string> seen;  // thousands of agents: no linear search each
  bool global = false;
  for (const Group& group : groups) {
    for (const AgentLine& agent : group.agents) {
      if (agent.global) {
        global = true;
        continue;
      }
      if (agent.token.empty()) continue;
      std::string token(agent.token);
      for (char& c : token) c = internal::to_ascii_lower(c);
      if (seen.insert(token).second) agents.push_back(std::move(token));
    }
  }
  if (global) agents.emplace_back("*");
  return agents;
}

}  // namespace robotstxt::cli
