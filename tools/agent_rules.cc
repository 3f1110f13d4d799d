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

namespace {

bool parse_number(std::string_view& text, double& number) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), number, std::chars_format::fixed);
  if (error != std::errc()) return false;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return true;
}

}  // namespace

std::optional<double> requests_per_second(std::string_view value) {
  double requests = 0;
  double period = 0;
  if (!parse_number(value, requests)) return std::nullopt;
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (value.empty() || value.front() != '/') return std::nullopt;
  value.remove_prefix(1);
  if (!parse_number(value, period)) return std::nullopt;
  double seconds_per_unit = 1;
  if (!value.empty() && value.front() != ' ') {
    switch (value.front()) {
      case 's':
      case 'S':
        break;
      case 'm':
      case 'M':
        seconds_per_unit = 60;
        break;
      case 'h':
      case 'H':
        seconds_per_unit = 3600;
        break;
      case 'd':
      case 'D':
        seconds_per_unit = 86400;
        break;
      default:
        return std::nullopt;
    }
    value.remove_prefix(1);
  }
  // Whatever follows must be a separate word (a time window such as 0600-0845).
  if (!value.empty() && value.front() != ' ') return std::nullopt;
  if (requests < 0 || period <= 0) return std::nullopt;
  const double rate = requests / (period * seconds_per_unit);
  return std::isfinite(rate) ? std::optional<double>(rate) : std::nullopt;
}

}  // namespace robotstxt::cli
