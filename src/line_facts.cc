// Per-line facts (SEMANTICS.md sections 1 and 6).
#include "robotstxt/line_facts.h"

#include "ascii.h"
#include "line_description.h"
#include "tokenizer.h"

namespace robotstxt {

void internal::LineDescriber::add(const LineFacts& line, std::vector<LineFacts>& lines) {
  LineFacts& kept = lines.emplace_back(line);
  if (line.kind == LineKind::kUserAgent) seen_user_agent_ = true;
  // SEMANTICS 2.3: rules before the first user-agent line belong to no group.
  kept.outside_group =
      !seen_user_agent_ && (line.kind == LineKind::kAllow || line.kind == LineKind::kDisallow);
  kept.unsupported = line.kind == LineKind::kOther && is_unsupported_key(line.key);
}

std::vector<LineFacts> describe_lines(std::string_view body) {
  std::vector<LineFacts> lines;
  internal::LineDescriber describer;
  internal::for_each_line(
      body, [&](const LineFacts& line, bool /*plain_value*/) { describer.add(line, lines); });
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
