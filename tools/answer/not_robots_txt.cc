#include "answer/not_robots_txt.h"

namespace robotstxt::cli {

const Finding* not_robots_txt(const LintReport& report) {
  for (const Finding& finding : report.findings) {
    if (finding.code == "html-body" || finding.code == "binary-body") return &finding;
  }
  return nullptr;
}

}  // namespace robotstxt::cli
