#include "answer/parsed_file.h"

#include <utility>

#include "answer/render.h"

namespace robotstxt::cli {

ParsedFile::ParsedFile(std::string_view body) : ParsedFile(RobotsTxt::parse(body)) {}

ParsedFile::ParsedFile(RobotsTxt robots) : robots_(std::move(robots)), groups_(robots_.groups()) {
  written_.resize(robots_.line_count() + std::size_t{1});
  for (const Group& group : groups_) {
    for (const RuleLine& rule : group.rules) {
      if (rule.line < written_.size()) written_[rule.line] = rule.written;
    }
  }
  for (const Directive& directive : robots_.directives()) {
    if (directive.line < written_.size()) written_[directive.line] = directive.value;
  }
}

std::string_view ParsedFile::written(std::uint32_t line) const {
  return line < written_.size() ? written_[line] : std::string_view();
}

std::string ParsedFile::rule_text(RuleKind kind, std::uint32_t line) const {
  return cli::rule_text(kind, written(line));
}

}  // namespace robotstxt::cli
