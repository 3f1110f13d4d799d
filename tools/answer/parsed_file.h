// A robots.txt as the tools hold it: the compiled file, its groups, and each rule's and
// directive's value as written by line, so that every subcommand can show a line as its
// author wrote it. The body itself is not kept: the compiled file holds what is shown.
#ifndef ROBOTSTXT_TOOLS_ANSWER_PARSED_FILE_H_
#define ROBOTSTXT_TOOLS_ANSWER_PARSED_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

class ParsedFile {
 public:
  explicit ParsedFile(std::string_view body);
  /// A file compiled already (the service compiles and lints a pasted file in one pass).
  explicit ParsedFile(RobotsTxt robots);
  // The groups and the values by line are views into robots_: the object stays put.
  ParsedFile(const ParsedFile&) = delete;
  ParsedFile& operator=(const ParsedFile&) = delete;

  const RobotsTxt& robots() const { return robots_; }
  const std::vector<Group>& groups() const { return groups_; }

  /// The value of line `line` as written ("/x" for "Disallow: /x") when it is a rule of
  /// a group or a directive; empty for any other line.
  std::string_view written(std::uint32_t line) const;

  /// The rule as written, with its kind: "disallow: /x". What every output calls "rule".
  std::string rule_text(RuleKind kind, std::uint32_t line) const;

 private:
  RobotsTxt robots_;
  std::vector<Group> groups_;
  std::vector<std::string_view> written_;  // by line number, into robots_
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_PARSED_FILE_H_
