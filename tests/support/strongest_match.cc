#include "support/strongest_match.h"

#include <vector>

namespace robotstxt::testing {

const RuleMatch* strongest_match(const std::vector<RuleMatch>& matches) {
  const RuleMatch* best = nullptr;
  for (const RuleMatch& match : matches) {
    if (match.strength == 0) continue;
    if (best == nullptr) {
      best = &match;
      continue;
    }
    const bool stronger = match.strength > best->strength;
    const bool allow_in_a_tie = match.strength == best->strength &&
                                match.rule.kind == RuleKind::kAllow &&
                                best->rule.kind == RuleKind::kDisallow;
    const bool earlier_of_same = match.strength == best->strength &&
                                 match.rule.kind == best->rule.kind &&
                                 match.rule.line < best->rule.line;
    if (stronger || allow_in_a_tie || earlier_of_same) best = &match;
  }
  return best;
}

std::string difference_from_strongest_match(const Explanation& explanation) {
  const Verdict& verdict = explanation.verdict;
  const RuleMatch* best = strongest_match(explanation.matches);
  if (best == nullptr) {
    if (!verdict.allowed) return "disallowed, yet no match of strength above 0";
    if (verdict.has_decisive_rule()) {
      return "decisive line " + std::to_string(verdict.line) + ", yet no match decides";
    }
    return "";
  }
  std::string difference;
  if (verdict.allowed != (best->rule.kind == RuleKind::kAllow)) {
    difference += "allowed differs from the strongest match's kind; ";
  }
  if (verdict.line != best->rule.line) {
    difference += "decisive line " + std::to_string(verdict.line) + ", strongest match line " +
                  std::to_string(best->rule.line) + "; ";
  }
  if (verdict.strength != best->strength) {
    difference += "strength " + std::to_string(verdict.strength) + ", strongest match " +
                  std::to_string(best->strength) + "; ";
  }
  return difference;
}

}  // namespace robotstxt::testing
