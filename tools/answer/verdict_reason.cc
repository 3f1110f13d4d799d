// The reason for a verdict (see verdict_reason.h).
#include "answer/verdict_reason.h"

#include <algorithm>
#include <cstdint>

namespace robotstxt::cli {

VerdictReason verdict_reason(const Explanation& explanation) {
  const Verdict& verdict = explanation.verdict;
  if (explanation.verdict.crawler_rule == CrawlerRule::kNotSubject) {
    return {"not-subject",
            "robots.txt does not bind this crawler (docs/semantics.md 8.3): allowed"};
  }
  if (explanation.verdict.crawler_rule == CrawlerRule::kGlobalIgnored) {
    return {"global-ignored",
            "no group names the crawler and it must be named: * does not apply, allowed"};
  }
  if (explanation.applied == AppliedGroups::kNone) {
    return {"no-group", "no group names the agent and there is no * group: everything is allowed"};
  }
  std::uint32_t allow = 0, disallow = 0;
  for (const RuleMatch& match : explanation.matches) {
    std::uint32_t& best = match.rule.kind == RuleKind::kAllow ? allow : disallow;
    best = std::max(best, match.strength);
  }
  if (explanation.matches.empty()) return {"no-match", "no rule matches the path: allowed"};
  if (!verdict.has_decisive_rule()) {
    return {"strength-zero", "only empty rules match, and strength 0 never decides: allowed"};
  }
  const std::string rule = (verdict.allowed ? "the allow at line " : "the disallow at line ") +
                           std::to_string(verdict.line);
  const auto strength_of = [&verdict](std::uint32_t strength) {
    return " (strength " + std::to_string(strength) +
           (verdict.via_index_htm ? ", through its index.htm rewrite)" : ")");
  };
  const auto strongest = [](std::string_view kind, std::uint32_t strength) {
    return strength == 0
               ? "any " + std::string(kind) + " (none matches)"
               : "the strongest " + std::string(kind) + " (" + std::to_string(strength) + ")";
  };
  if (!verdict.allowed) {
    return {"longest-match", "longest match: " + rule + strength_of(disallow) +
                                 " is stronger than " + strongest("allow", allow)};
  }
  if (allow == disallow) {
    return {"tie-allow", rule + strength_of(allow) +
                             " and the strongest disallow are equally strong: a tie goes to allow"};
  }
  return {"longest-match", "longest match: " + rule + strength_of(allow) + " is stronger than " +
                               strongest("disallow", disallow)};
}

}  // namespace robotstxt::cli
