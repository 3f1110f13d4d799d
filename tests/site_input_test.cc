// A site named where a command takes a robots.txt file: fetched as `fetch` fetches it
// (its policy decides what the fetch leaves to read), and said on stderr before the
// answer. Every site here is a label of one loopback server (robots_server.py):
// libcurl resolves *.localhost to 127.0.0.1 itself.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/site_input.h"
#include "support/fixture_server.h"
#include "support/run_command.h"

namespace {

using robotstxt::cli::names_site;
using robotstxt::testing::FixtureServer;
using robotstxt::testing::run_command;
using robotstxt::testing::TempDir;

const std::string kCli = ROBOTSTXT_CLI;

class SiteInputTest : public ::testing::Test {
 protected:
  std::string site(const std::string& label) const {
    return "http://" + label + ".localhost:" + std::to_string(server_.port()) + "/";
  }
  FixtureServer server_{"robots_server.py"};
};

TEST_F(SiteInputTest, ASiteIsFetchedAndWhatWasFetchedIsSaidFirst) {
  ASSERT_NE(server_.port(), 0);
  const auto result = run_command(kCli, {"check", site("plain"), "Googlebot", "/private/a"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.out.rfind("DISALLOWED by line 2", 0), 0u) << result.out;
  EXPECT_EQ(result.err, "robotstxt check: fetched " + site("plain") + "robots.txt: HTTP 200\n");
  EXPECT_EQ(server_.request_count("plain"), 1);
}

TEST_F(SiteInputTest, EveryCommandThatReadsAFileTakesASite) {
  ASSERT_NE(server_.port(), 0);
  // Each command, and what its answer shows of the served "Disallow: /private".
  const std::vector<std::pair<std::vector<std::string>, std::string>> runs = {
      {{"lint", site("lint")}, "2 directives"},
      {{"info", site("info")}, "/private"},
      {{"audit", site("audit"), "/private/x"}, "disallowed"},
      {{"explain", site("explain"), "Googlebot", "/private"}, "disallow: /private"},
  };
  for (const auto& [args, shown] : runs) {
    const auto result = run_command(kCli, args);
    EXPECT_NE(result.exit_code, 2) << args[0] << ": " << result.err;
    EXPECT_EQ(result.err.rfind("robotstxt " + args[0] + ": fetched http://", 0), 0u) << result.err;
    EXPECT_NE(result.out.find(shown), std::string::npos) << args[0] << ": " << result.out;
  }
}

TEST_F(SiteInputTest, RedirectsAreNamedHopByHop) {
  ASSERT_NE(server_.port(), 0);
  const auto result = run_command(kCli, {"check", site("redirect-2"), "Googlebot", "/private"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("/hop/2: HTTP 200, after 301 from " + site("redirect-2") +
                            "robots.txt, after 302 from " + site("redirect-2") + "hop/1\n"),
            std::string::npos)
      << result.err;
}

TEST_F(SiteInputTest, NoRobotsTxtIsAnEmptyFileAndSaidSo) {
  ASSERT_NE(server_.port(), 0);
  const auto result = run_command(kCli, {"check", site("status-404"), "Googlebot", "/private"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("HTTP 404\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("read as an empty robots.txt"), std::string::npos) << result.err;
}

TEST_F(SiteInputTest, AServerErrorLeavesNothingToReadAndExits2) {
  ASSERT_NE(server_.port(), 0);
  const auto result = run_command(kCli, {"lint", site("status-503")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_NE(result.err.find("HTTP 503\n"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("error: no robots.txt to read from"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("full disallow"), std::string::npos) << result.err;
}

TEST(NamesSite, UrlsAndBareHostsNameSitesFilesStayFiles) {
  EXPECT_TRUE(names_site("https://example.com"));
  EXPECT_TRUE(names_site("HTTP://example.com/"));
  EXPECT_TRUE(names_site("example.com"));
  EXPECT_TRUE(names_site("www.example.co.uk:8080"));
  EXPECT_FALSE(names_site("-"));
  EXPECT_FALSE(names_site("robots.txt"));  // a mistyped file is reported, not fetched
  EXPECT_FALSE(names_site("site.html"));
  EXPECT_FALSE(names_site("localhost"));
  EXPECT_FALSE(names_site("a/b.com"));
  EXPECT_FALSE(names_site("example.com:http"));
  // A file of that name here is read as the file.
  const TempDir dir;
  (void)dir.write("example.org", "user-agent: *\n");
  const std::string before = std::filesystem::current_path();
  ASSERT_EQ(::chdir(dir.path().c_str()), 0);
  EXPECT_FALSE(names_site("example.org"));
  EXPECT_TRUE(names_site("example.net"));
  ASSERT_EQ(::chdir(before.c_str()), 0);
}

}  // namespace
