// `fetch` and `serve` share their fetching flags (--timeout, --user-agent-header,
// --connect-to, --proxy): the same names, the same help and the same checks, because
// both register them from one place (tools/cli/transfer_options.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;

constexpr const char* kCli = ROBOTSTXT_CLI;

// The help line of `flag` in `command --help`, from the flag to the end of its line.
std::string help_line(const std::string& command, const std::string& flag) {
  const std::string help = run_command(kCli, {command, "--help"}).out;
  const std::size_t at = help.find("  " + flag + " ");
  if (at == std::string::npos) return "";
  return help.substr(at, help.find('\n', at) - at);
}

TEST(TransferFlagsTest, FetchAndServeDescribeTheSharedFlagsInTheSameWords) {
  for (const std::string flag : {"--timeout", "--user-agent-header", "--connect-to", "--proxy"}) {
    const std::string fetch = help_line("fetch", flag);
    EXPECT_FALSE(fetch.empty()) << flag;
    if (flag == "--proxy") {
      // serve adds one line of its own (its address checks); the first line is shared.
      EXPECT_EQ(help_line("serve", flag).substr(0, fetch.size() + 1), fetch + ";") << flag;
    } else {
      EXPECT_EQ(help_line("serve", flag), fetch) << flag;
    }
  }
}

TEST(TransferFlagsTest, FetchAndServeRefuseTheSameBadValuesWithTheSameWords) {
  struct BadValue {
    std::vector<std::string> flag;
    std::string message;
  };
  const std::vector<BadValue> bad_values = {
      {{"--timeout", "0"}, "--timeout must be a number of seconds above 0 (at most 86400)"},
      {{"--timeout", "86401"}, "--timeout must be a number of seconds above 0 (at most 86400)"},
      {{"--proxy", "ftp://127.0.0.1:21"}, "--proxy must be SCHEME://HOST:PORT"},
  };
  for (const BadValue& bad : bad_values) {
    // Refused before anything is fetched or listened on: the URL is never asked for.
    std::vector<std::string> fetch = {"fetch", "http://127.0.0.1:9/", "FooBot"};
    std::vector<std::string> serve = {"serve", "--listen", "127.0.0.1:0"};
    fetch.insert(fetch.end(), bad.flag.begin(), bad.flag.end());
    serve.insert(serve.end(), bad.flag.begin(), bad.flag.end());
    for (const std::vector<std::string>& args : {fetch, serve}) {
      const auto result = run_command(kCli, args);
      EXPECT_EQ(result.exit_code, 2) << args[0] << " " << bad.flag[1];
      EXPECT_TRUE(result.err.starts_with("robotstxt " + args[0] + ": error: " + bad.message))
          << result.err;
    }
  }
}

}  // namespace
}  // namespace robotstxt
