// A cross-check of explain() that does not go through the verdict's code: the verdict
// must be the strongest of the matches explain() lists (docs/semantics.md 5.1-5.4), computed
// here from the list alone.
#ifndef ROBOTSTXT_TESTS_SUPPORT_STRONGEST_MATCH_H_
#define ROBOTSTXT_TESTS_SUPPORT_STRONGEST_MATCH_H_

#include <string>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt::testing {

/// The entry of `matches` that decides: the strongest; at equal strength an allow
/// (a tie goes to allow, 5.2); among those, the first in the file (5.4). Null when
/// nothing matched with a strength above 0 (strength 0 never decides).
[[nodiscard]] const RuleMatch* strongest_match(const std::vector<RuleMatch>& matches);

/// Empty when explanation.verdict is what its strongest match says (allowed, decisive
/// line and kind, strength), or allowed without a decisive line when there is none;
/// otherwise what differs.
[[nodiscard]] std::string difference_from_strongest_match(const Explanation& explanation);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_STRONGEST_MATCH_H_
