// What applies to one agent in a parsed file, for the tools that compare or describe
// files (diff, info): the groups the matcher would use, and their rules merged.
#ifndef ROBOTSTXT_TOOLS_AGENT_RULES_H_
#define ROBOTSTXT_TOOLS_AGENT_RULES_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

struct AgentRules {
  AppliedGroups applied = AppliedGroups::kNone;
  std::vector<std::size_t> groups;  ///< indexes into RobotsTxt::groups()
  std::vector<RuleLine> rules;      ///< merged, file order
};

/// The groups and rules that apply to `agents` (SEMANTICS 3). `*` asks for the global
/// groups: no product token can equal it.
AgentRules rules_for(const RobotsTxt& robots, const std::vector<Group>& groups,
                     const std::vector<std::string_view>& agents);

/// rules_for() without the rules: only `applied` and `groups`, so that a caller asking
/// for many agents can merge the rules once per distinct set of groups.
AgentRules groups_for(const RobotsTxt& robots, const std::vector<std::string_view>& agents);

/// Fills `rules.rules` from the groups in `rules.groups`, merged in file order.
void merge_rules(const std::vector<Group>& groups, AgentRules& rules);

/// Product tokens named in the file, lower-cased, in file order, without repeats;
/// "*" when the file has a global group.
std::vector<std::string> named_agents(const std::vector<Group>& groups);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_AGENT_RULES_H_
