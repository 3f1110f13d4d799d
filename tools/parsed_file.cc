#include "parsed_file.h"

#include <utility>

namespace robotstxt::cli {

ParsedFile::ParsedFile(std::string body)
    : body_(std::move(body)),
      robots_(RobotsTxt::parse(body_)),
      lines_(describe_lines(body_)),
      groups_(robots_.groups()) {}

std::string_view ParsedFile::written(std::uint32_t line) const {
  return line >= 1 && line <= lines_.size() ? lines_[line - 1].value : std::string_view();
}

std::string ParsedFile::rule_text(RuleKind kind, std::uint32_t line) const {
  return std::string(to_string(kind)) + ": " + std::string(written(line));
}

}  // namespace robotstxt::cli
