// How the command describes itself: `robotstxt --help` (and `robotstxt` alone) lists the
// commands one line each, and each command's help opens with its usage, one line per
// way of giving its arguments, in the order they are given.
#ifndef ROBOTSTXT_TOOLS_CLI_HELP_FORMAT_H_
#define ROBOTSTXT_TOOLS_CLI_HELP_FORMAT_H_

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace robotstxt::cli {

/// CLI11's help, rearranged: usage first, then the description; commands listed by
/// their summary line.
class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() = default;
  HelpFormatter(std::string summary, std::vector<std::string> usages)
      : summary_(std::move(summary)), usages_(std::move(usages)) {}

  /// What the command does, in one line, for the list of commands.
  const std::string& summary() const { return summary_; }

  std::string make_help(const CLI::App* app, std::string name,
                        CLI::AppFormatMode mode) const override;
  std::string make_usage(const CLI::App* app, std::string name) const override;
  std::string make_subcommand(const CLI::App* command) const override;

 private:
  std::string summary_;
  std::vector<std::string> usages_;  // after "robotstxt COMMAND [OPTIONS] "
};

/// Gives `command` its line in the list of commands (what it does, as its manual page's
/// NAME says it) and its usage: every way its arguments are given, each in the order
/// they are given ("ROBOTS_FILE AGENT URL", "--crawler NAME ROBOTS_FILE URL").
void describe_command(CLI::App& command, std::string summary, std::vector<std::string> usages);

/// The command `name` was probably meant to be (a few edits away, or one it begins
/// with), or "" when none is that close.
std::string nearest_command(const CLI::App& app, std::string_view name);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_HELP_FORMAT_H_
