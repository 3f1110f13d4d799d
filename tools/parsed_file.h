// A robots.txt as the tools hold it: the body, what the library compiled from it, and
// the facts of each line, so that every subcommand can show a rule as its author wrote
// it (the compiled file keeps only normalised patterns).
#ifndef ROBOTSTXT_TOOLS_PARSED_FILE_H_
#define ROBOTSTXT_TOOLS_PARSED_FILE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

class ParsedFile {
 public:
  explicit ParsedFile(std::string body);
  // The line facts and groups are views into body_ and robots_: the object stays put.
  ParsedFile(const ParsedFile&) = delete;
  ParsedFile& operator=(const ParsedFile&) = delete;

  const RobotsTxt& robots() const { return robots_; }
  const std::vector<LineFacts>& lines() const { return lines_; }
  const std::vector<Group>& groups() const { return groups_; }

  /// The value of line `line` as written ("/x" for "Disallow: /x"); empty for a line
  /// the file does not have.
  std::string_view written(std::uint32_t line) const;

  /// The rule as written, with its kind: "disallow: /x". What every output calls "rule".
  std::string rule_text(RuleKind kind, std::uint32_t line) const;

 private:
  std::string body_;
  RobotsTxt robots_;
  std::vector<LineFacts> lines_;
  std::vector<Group> groups_;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_PARSED_FILE_H_
