// The version has one source, the VERSION file: the library header, `robotstxt --version`
// and the Debian changelog (which dpkg makes us write a second time) must all say what it
// says. Also `robotstxt help COMMAND`, the other way users ask the program about itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "robotstxt/fetcher.h"
#include "robotstxt/version.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;

const std::string kCli = ROBOTSTXT_CLI;

std::string first_line_of(const std::string& path) {
  std::ifstream file(path);
  std::string line;
  std::getline(file, line);
  return line;
}

std::string version_file() { return first_line_of(ROBOTSTXT_SOURCE_DIR "/VERSION"); }

TEST(Version, FileHoldsAVersionNumber) {
  EXPECT_FALSE(version_file().empty());
  EXPECT_EQ(version_file().find_first_not_of("0123456789."), std::string::npos) << version_file();
}

TEST(Version, HeaderSaysWhatTheVersionFileSays) { EXPECT_EQ(kVersion, version_file()); }

// Servers see the version in the default User-Agent header; it must not lag behind.
TEST(Version, DefaultUserAgentHeaderCarriesTheVersion) {
  EXPECT_EQ(FetchOptions{}.user_agent, "robotstxt/" + version_file() + " (robots.txt fetcher)");
}

TEST(Version, CliPrintsNameAndVersionAndExits0) {
  const auto result = run_command(kCli, {"--version"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "robotstxt " + version_file() + "\n");
  EXPECT_EQ(result.err, "");
}

// debian/changelog's first line is "robotstxt (VERSION[-REVISION]) DIST; urgency=...".
TEST(Version, DebianChangelogSaysWhatTheVersionFileSays) {
  const std::string line = first_line_of(ROBOTSTXT_SOURCE_DIR "/debian/changelog");
  const std::size_t open = line.find('(');
  const std::size_t close = line.find(')');
  ASSERT_NE(open, std::string::npos) << line;
  ASSERT_NE(close, std::string::npos) << line;
  std::string debian_version = line.substr(open + 1, close - open - 1);
  debian_version = debian_version.substr(0, debian_version.find('-'));
  EXPECT_EQ(debian_version, version_file()) << line;
}

TEST(HelpCommand, PrintsTheSameTextAsTheCommandsHelpOption) {
  for (const std::string command :
       {"check", "explain", "diff", "info", "lint", "fetch", "crawlers", "audit"}) {
    const auto help = run_command(kCli, {"help", command});
    const auto option = run_command(kCli, {command, "--help"});
    EXPECT_EQ(help.exit_code, 0) << command << ": " << help.err;
    EXPECT_EQ(help.err, "") << command;
    EXPECT_NE(help.out.find("Usage: robotstxt " + command), std::string::npos) << help.out;
    EXPECT_EQ(help.out, option.out) << command;
  }
}

TEST(HelpCommand, WithoutACommandPrintsTheProgramsHelp) {
  const auto help = run_command(kCli, {"help"});
  EXPECT_EQ(help.exit_code, 0) << help.err;
  EXPECT_EQ(help.out, run_command(kCli, {"--help"}).out);
  EXPECT_NE(help.out.find("robotstxt help COMMAND"), std::string::npos) << help.out;
}

TEST(HelpCommand, UnknownCommandIsOneLineOnStderrAndExit2) {
  const auto result = run_command(kCli, {"help", "chek"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err,
            "robotstxt: error: unknown command 'chek'; did you mean 'check'? (see 'robotstxt "
            "--help' for the list of commands)\n");
}

TEST(HelpCommand, TwoCommandsIsAUsageError) {
  const auto result = run_command(kCli, {"help", "check", "lint"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
}

}  // namespace
}  // namespace robotstxt
