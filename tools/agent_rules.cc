#include "agent_rules.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <unordered_set>

#include "ascii.h"

namespace robotstxt::cli {

AgentRules rules_for(const RobotsTxt& robots, const std::vector<Group>& groups,
                     const std::vector<std::string_view>& agents) {
  AgentRules result = groups_for(robots, agents);
  merge_rules(groups, result);
  return result;
}

AgentRules groups_for(const RobotsTxt& robots, const std::vector<std::string_view>& agents) {
  // explain() already knows which groups apply; the URL does not change that.
  Explanation explanation = robots.explain("/", agents);
  AgentRules result;
  result.applied = explanation.applied;
  result.groups = std::move(explanation.groups);
  return result;
}

void merge_rules(const std::vector<Group>& groups, AgentRules& rules) {
  rules.rules.clear();
  for (const std::size_t g : rules.groups) {
    rules.rules.insert(rules.rules.end(), groups[g].rules.begin(), groups[g].rules.end());
  }
  std::sort(rules.rules.begin(), rules.rules.end(),
            [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; });
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
