// A body's lines described as the tokenizer reads them (line_facts.h), alone or together
// with its compilation: one tokenizer pass for the linter and the service's evaluations.
#include "core/line_description.h"

#include "core/compiler.h"
#include "core/tokenizer.h"
#include "robotstxt/lint.h"

namespace robotstxt {

void internal::LineDescriber::add(const LineFacts& line, std::vector<LineFacts>& lines) {
  LineFacts& kept = lines.emplace_back(line);
  if (line.kind == LineKind::kUserAgent) seen_user_agent_ = true;
  // docs/semantics.md 2.3: rules before the first user-agent line belong to no group.
  kept.outside_group =
      !seen_user_agent_ && (line.kind == LineKind::kAllow || line.kind == LineKind::kDisallow);
  kept.unsupported = line.kind == LineKind::kOther && is_unsupported_key(line.key);
}

// RobotsTxt::parse() with each line's facts kept as the tokenizer reads it.
RobotsTxt internal::parse_and_describe(std::string_view body, std::vector<LineFacts>& lines) {
  lines.clear();
  LineDescriber describer;
  Compiler::Scratch& scratch = Compiler::thread_scratch();
  Compiler compiler(scratch, body);
  internal::for_each_line(body, [&](const LineFacts& line, internal::RuleValue value) {
    describer.add(line, lines);
    compiler.on_line(line, value);
  });
  return compiler.pack(scratch);
}

}  // namespace robotstxt
