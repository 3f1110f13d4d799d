// What applies to one agent in a parsed file, for the tools that compare files (diff):
// the rules of the groups the library selects, merged; and the agents a file names.
#ifndef ROBOTSTXT_TOOLS_CLI_AGENT_RULES_H_
#define ROBOTSTXT_TOOLS_CLI_AGENT_RULES_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

/// The rules of the groups `selection` names (RobotsTxt::select_groups()), merged as
/// the matcher merges them (docs/semantics.md 3.1), in file order.
std::vector<RuleLine> merged_rules(const std::vector<Group>& groups,
                                   const GroupSelection& selection);

/// Rules merged_rules() has returned in this process so far. Comparing files costs
/// merges, so tests hold `diff`'s work to the size of its files by this count, which
/// does not depend on the machine's speed.
std::size_t merged_rule_count() noexcept;

/// Product tokens named in the file, lower-cased, in file order, without repeats;
/// "*" when the file has a global group.
std::vector<std::string> named_agents(const std::vector<Group>& groups);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_AGENT_RULES_H_
