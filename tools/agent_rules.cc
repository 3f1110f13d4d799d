#include "agent_rules.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "ascii.h"

namespace robotstxt::cli {

AgentRules rules_for(const RobotsTxt& robots, const std::vector<Group>& groups,
                     const std::vector<std::string_view>& agents) {
  // explain() already knows which groups apply; the URL does not change that.
  const Explanation explanation = robots.explain("/", agents);
  AgentRules result;
  result.applied = explanation.applied;
  result.groups = explanation.groups;
  for (const std::size_t g : result.groups) {
    result.rules.insert(result.rules.end(), groups[g].rules.begin(), groups[g].rules.end());
  }
  std::sort(result.rules.begin(), result.rules.end(),
            [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; });
  return result;
}

std::vector<std::string> named_agents(const std::vector<Group>& groups) {
  std::vector<std::string> agents;
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
      if (std::find(agents.begin(), agents.end(), token) == agents.end()) agents.push_back(token);
    }
  }
  if (global) agents.emplace_back("*");
  return agents;
}

}  // namespace robotstxt::cli
