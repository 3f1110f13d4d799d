// Per-line facts (docs/semantics.md 1 and 6).
#include "robotstxt/line_facts.h"

#include "base/ascii.h"
#include "core/line_description.h"
#include "core/tokenizer.h"

namespace robotstxt {

std::vector<LineFacts> describe_lines(std::string_view body) {
  std::vector<LineFacts> lines;
  internal::LineDescriber describer;
  internal::for_each_line(body, [&](const LineFacts& line, internal::RuleValue /*value*/) {
    describer.add(line, lines);
  });
  return lines;
}

bool is_unsupported_key(std::string_view key) noexcept {
  // An array of string_view, not a braced list of literals: that would call strlen on
  // every one of them for every unknown line of every file.
  static constexpr std::string_view kKnown[] = {"clean-param",  "content-signal", "content-usage",
                                                "crawl-delay",  "domain",         "host",
                                                "noarchive",    "nofollow",       "noindex",
                                                "request-rate", "revisit-after",  "visit-time"};
  for (const std::string_view known : kKnown) {
    if (internal::equals_ignoring_case(key, known)) return true;
  }
  return false;
}

}  // namespace robotstxt
