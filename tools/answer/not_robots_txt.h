// Bodies that are no robots.txt at all (an HTML page, binary data). Crawlers still read
// them line by line, but reporting each of their lines buries the one finding that
// matters, so the commands say it once, with lint's evidence, and list the lines only
// when asked.
#ifndef ROBOTSTXT_TOOLS_ANSWER_NOT_ROBOTS_TXT_H_
#define ROBOTSTXT_TOOLS_ANSWER_NOT_ROBOTS_TXT_H_

#include "robotstxt/lint.h"

namespace robotstxt::cli {

/// The whole-file finding (html-body or binary-body) that says the body is not a
/// robots.txt, or nullptr. Valid as long as `report`.
const Finding* not_robots_txt(const LintReport& report);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_NOT_ROBOTS_TXT_H_
