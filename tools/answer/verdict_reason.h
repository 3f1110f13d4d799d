// Why a verdict is what it is, in the terms of docs/semantics.md 3, 5 and 8: one code and one
// sentence, shared by `explain` and the service's /v1/evaluate so both say the same.
#ifndef ROBOTSTXT_TOOLS_ANSWER_VERDICT_REASON_H_
#define ROBOTSTXT_TOOLS_ANSWER_VERDICT_REASON_H_

#include <optional>
#include <string>

#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

struct VerdictReason {
  // no-group, no-match, strength-zero, longest-match, tie-allow; for a crawler also
  // not-subject and global-ignored (docs/semantics.md 8)
  std::string code;
  std::string text;
};

/// The reason for `explanation`'s verdict (for a crawler, its verdict says how its
/// groups were chosen).
VerdictReason verdict_reason(const Explanation& explanation);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_VERDICT_REASON_H_
