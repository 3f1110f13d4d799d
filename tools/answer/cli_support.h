// Helpers shared by the subcommands: reading inputs, agent lists, errors, JSON output.
#ifndef ROBOTSTXT_TOOLS_ANSWER_CLI_SUPPORT_H_
#define ROBOTSTXT_TOOLS_ANSWER_CLI_SUPPORT_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace robotstxt::cli {

/// Exit codes shared by every subcommand (documented in docs/cli.md).
inline constexpr int kExitOk = 0;        // allowed / nothing found
inline constexpr int kExitNegative = 1;  // disallowed / findings / changes
inline constexpr int kExitUsage = 2;     // usage or I/O error

/// Prints "robotstxt <command>: error: MESSAGE (see 'robotstxt <command> --help')" to
/// stderr, one line. An empty command means the program itself.
void report_error(std::string_view command, std::string_view message);

/// Prints "robotstxt <command>: error: MESSAGE", one line, for a failure that is not
/// a usage mistake (a file that cannot be read): --help would not help.
void report_io_error(std::string_view command, std::string_view message);

/// `input` made safe to echo in a message or in text output: at most about max_bytes of it, control
/// bytes and DEL written as \xHH, and "... (N more bytes)" when cut. Every message that repeats
/// what the user gave goes through here, so a 5 MB line or an escape sequence never reaches the
/// terminal.
std::string printable(std::string_view input, std::size_t max_bytes = 200);

/// printable(), appended to `out`: for output written line by line in a hot loop.
void append_printable(std::string_view input, std::size_t max_bytes, std::string& out);

/// printable()'s limit for text output whose purpose is to show the input (a rule as
/// written, a URL, a sitemap, a finding's line): escaped, never cut.
inline constexpr std::size_t kShowWhole = std::string_view::npos;

/// Splits "googlebot, Googlebot-Image" into {"googlebot", "Googlebot-Image"}; blanks
/// dropped. The one agent syntax of every subcommand (agent_options.h).
std::vector<std::string> split_agents(std::string_view comma_separated);

/// 3314 as "3,314": counts in text output, as lint's messages write them.
std::string with_thousands(std::size_t number);

/// One line of JSON, never throwing on invalid UTF-8 (bad bytes become U+FFFD).
std::string to_json_line(const nlohmann::json& value);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_CLI_SUPPORT_H_
