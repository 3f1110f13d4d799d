// Why the answer for one URL differs between two versions of a robots.txt, in one sentence
// a site owner reads without knowing the matcher: which groups apply now, which rule was
// added or removed, and which rule decides. `diff --urls` says it under each changed row;
// where no rule decides, it borrows explain's sentence (verdict_reason.h) so both commands
// say the same thing the same way.
#ifndef ROBOTSTXT_TOOLS_ANSWER_VERDICT_CHANGE_H_
#define ROBOTSTXT_TOOLS_ANSWER_VERDICT_CHANGE_H_

#include <string>
#include <string_view>

#include "answer/parsed_file.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

/// The URL's answer flips, or the same answer is now given by another rule (a different
/// kind or pattern; a rule that only moved to another line is the same rule).
bool verdict_changed(const Verdict& before, const Verdict& after);

/// "now disallowed: GPTBot has its own group since line 12, and `disallow: /` (line 14)
/// decides"; "still allowed, but `allow: /a` (line 3) decides instead of no rule". `who`
/// names the asker as OwnedAgent::label() does; `plural` when it is several tokens merged.
std::string verdict_change(const Explanation& before, const ParsedFile& old_file,
                           const Explanation& after, const ParsedFile& new_file,
                           std::string_view who, bool plural);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_VERDICT_CHANGE_H_
