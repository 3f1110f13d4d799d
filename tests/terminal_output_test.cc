// Text output never hands a terminal the control bytes of a file or of the network: a
// robots.txt holding ESC, BEL or NUL (an escape sequence that retitles the window and
// clears the screen) is shown with those bytes written as \xHH by every command that
// echoes it. JSON output escapes them its own way and is not concerned.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/fixture_server.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::CommandResult;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// An OSC title change ended by BEL, then "clear the screen"; a NUL in a rule (a value
// ends there, but lint quotes the whole line); ESC in a sitemap, in a directive and in
// an agent's name.
const std::string kHostileFile = std::string(
    "User-agent: *\n"
    "Disallow: /a\x1b]0;pwned\x07\x1b[2J\n"
    "Disallow: /n\0ul\n"
    "Sitemap: https://example.com/s\x1b[2Jx.xml\n"
    "Crawl-delay: 1\x1b[31m\n"
    "User-agent: bad\x1b[5mbot\n"
    "Disallow: /\n",
    152);

// The bytes that must never reach the terminal raw.
void expect_no_control_bytes(const CommandResult& result, const std::string& command) {
  for (const char byte : {'\x1b', '\x07', '\0'}) {
    EXPECT_EQ(result.out.find(byte), std::string::npos)
        << command << " printed byte " << static_cast<int>(byte) << ":\n"
        << result.out;
  }
}

class TerminalOutputTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(kHostileFile.size(), 152u) << "the file lost its bytes"; }
  TempFile hostile_{kHostileFile};
};

TEST_F(TerminalOutputTest, LintEscapesTheLinesItQuotes) {
  const CommandResult result = run_command(kCli, {"lint", hostile_.path()});
  expect_no_control_bytes(result, "lint");
  EXPECT_NE(result.out.find("\\x1B"), std::string::npos) << result.out;
}

TEST_F(TerminalOutputTest, InfoEscapesRulesSitemapsDirectivesAndAgents) {
  const CommandResult result = run_command(kCli, {"info", hostile_.path()});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_no_control_bytes(result, "info");
  EXPECT_NE(result.out.find("disallow: /a\\x1B]0;pwned\\x07\\x1B[2J"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("https://example.com/s\\x1B[2Jx.xml"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("bad\\x1B[5mbot"), std::string::npos) << result.out;
}

TEST_F(TerminalOutputTest, DiffEscapesRulesAndSitemapsAddedAndRemoved) {
  const TempFile plain("User-agent: *\nDisallow: /old\n");
  const CommandResult added = run_command(kCli, {"diff", plain.path(), hostile_.path()});
  ASSERT_EQ(added.exit_code, 1) << added.err;
  expect_no_control_bytes(added, "diff");
  EXPECT_NE(added.out.find("+ line 2 disallow: /a\\x1B]0;pwned\\x07\\x1B[2J"), std::string::npos)
      << added.out;
  EXPECT_NE(added.out.find("+ https://example.com/s\\x1B[2Jx.xml"), std::string::npos) << added.out;
  const CommandResult removed = run_command(kCli, {"diff", hostile_.path(), plain.path()});
  expect_no_control_bytes(removed, "diff (removed)");
  EXPECT_NE(removed.out.find("- line 2 disallow: /a\\x1B"), std::string::npos) << removed.out;

  // With --urls: the URLs read from a file, and the deciding rules before and after. As
  // written, so that the raw bytes reach the rule that holds them.
  const TempFile urls("http://a.test/a\x1b]0;pwned\x07\x1b[2J\n");
  const CommandResult flipped = run_command(kCli, {"diff", plain.path(), hostile_.path(), "--urls",
                                                   urls.path(), "--agent", "a", "--as-written"});
  ASSERT_EQ(flipped.exit_code, 1) << flipped.out << flipped.err;
  expect_no_control_bytes(flipped, "diff --urls");
  EXPECT_NE(flipped.out.find("now by line 2: disallow: /a\\x1B"), std::string::npos) << flipped.out;
}

// As written, the URL's raw bytes reach the rule that holds them; by default the URL is
// matched percent-encoded, and the URL as given, shown beside it, is escaped too.
TEST_F(TerminalOutputTest, ExplainAndCheckEscapeTheUrlAndTheDecidingRule) {
  const std::string url = "http://a.test/a\x1b]0;pwned\x07\x1b[2J";
  const CommandResult explain =
      run_command(kCli, {"explain", "--as-written", hostile_.path(), "a", url});
  EXPECT_EQ(explain.exit_code, 1) << explain.err;
  expect_no_control_bytes(explain, "explain");
  EXPECT_NE(explain.out.find("disallow: /a\\x1B]0;pwned"), std::string::npos) << explain.out;
  const CommandResult encoded = run_command(kCli, {"explain", hostile_.path(), "a", url});
  expect_no_control_bytes(encoded, "explain (encoded)");
  EXPECT_NE(encoded.out.find("given as http://a.test/a\\x1B]0;pwned"), std::string::npos)
      << encoded.out;

  const CommandResult check =
      run_command(kCli, {"check", "--as-written", hostile_.path(), "a", url});
  EXPECT_EQ(check.exit_code, 1) << check.err;
  expect_no_control_bytes(check, "check");
  EXPECT_NE(check.out.find("by line 2: disallow: /a\\x1B"), std::string::npos) << check.out;

  const CommandResult streamed =
      run_command(kCli, {"check", "--as-written", hostile_.path(), "a", "-"}, url + "\n");
  expect_no_control_bytes(streamed, "check -");
  EXPECT_NE(streamed.out.find("disallowed\thttp://a.test/a\\x1B"), std::string::npos)
      << streamed.out;
}

TEST_F(TerminalOutputTest, AuditEscapesTheDecidingRules) {
  const CommandResult result =
      run_command(kCli, {"audit", hostile_.path(), "http://a.test/a\x1b]0;pwned\x07\x1b[2J"});
  expect_no_control_bytes(result, "audit");
}

TEST_F(TerminalOutputTest, FetchEscapesWhatTheOriginSent) {
  const testing::TempDir dir;
  testing::FixtureServer origin("robots_server.py",
                                {"--body", dir.write("robots.txt", kHostileFile)});
  ASSERT_NE(origin.port(), 0);
  const CommandResult result =
      run_command(kCli, {"fetch", "--as-written", "http://hostile.test/a\x1b]0;pwned\x07\x1b[2J",
                         "a", "--connect-to", origin.connect_to_all()});
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  expect_no_control_bytes(result, "fetch");
  EXPECT_NE(result.out.find("by line 2: disallow: /a\\x1B"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace robotstxt
