// Helpers shared by the subcommands: reading inputs, agent lists, errors, JSON output.
#ifndef ROBOTSTXT_TOOLS_CLI_SUPPORT_H_
#define ROBOTSTXT_TOOLS_CLI_SUPPORT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace robotstxt::cli {

/// Exit codes shared by every subcommand (documented in the README).
inline constexpr int kExitOk = 0;        // allowed / nothing found
inline constexpr int kExitNegative = 1;  // disallowed / findings / changes
inline constexpr int kExitUsage = 2;     // usage or I/O error

/// Reads a whole file ("-" is standard input). On failure reports
/// "cannot read 'PATH': REASON" with report_error() and returns nullopt.
std::optional<std::string> read_file_or_report(std::string_view command, const std::string& path);

/// Prints "robotstxt <command>: error: MESSAGE" and a line pointing at --help to stderr.
/// An empty command means the program itself.
void report_error(std::string_view command, std::string_view message);

/// Splits "googlebot, Googlebot-Image" into {"googlebot", "Googlebot-Image"}; blanks dropped.
std::vector<std::string> split_agents(std::string_view comma_separated);

/// Views over `agents`, the form the library takes.
std::vector<std::string_view> as_views(const std::vector<std::string>& agents);

/// One line of JSON, never throwing on invalid UTF-8 (bad bytes become U+FFFD).
std::string to_json_line(const nlohmann::json& value);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_SUPPORT_H_
