// `robotstxt check`: the conformance cases through the binary (exit codes, as the
// public spec-test runner calls it), and the command's output, streaming and errors.
#include <gtest/gtest.h>

#include <algorithm>

#include <iostream>
#include <nlohmann/json.hpp>

#include "support/conformance_cases.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

TEST(CheckCommand, EveryConformanceCaseThroughTheBinary) {
  const auto cases =
      testing::load_conformance_cases(ROBOTSTXT_SHARED_DIR "/conformance/spec-test.jsonl");
  ASSERT_GT(cases.size(), 0u) << "conformance cases not found under " ROBOTSTXT_SHARED_DIR;
  std::size_t passed = 0;
  for (const auto& c : cases) {
    const TempFile robots(c.body);
    const auto result = run_command(kCli, {"check", robots.path(), c.agent, c.url});
    const int expected_exit = c.expected_allowed ? 0 : 1;
    EXPECT_EQ(result.exit_code, expected_exit)
        << c.file << ": agent '" << c.agent << "' url '" << c.url << "' " << result.err;
    passed += result.exit_code == expected_exit ? 1 : 0;
  }
  std::cout << "conformance (robotstxt check): " << passed << " of " << cases.size() << " passed\n";
  EXPECT_EQ(passed, cases.size());
}

TEST(CheckCommand, PrintsVerdictWithDecisiveLineAndRuleAsWritten) {
  const TempFile robots("user-agent: *\ndisallow: /caf\xC3\xA9\nallow: /caf\xC3\xA9/menu\n");
  auto result =
      run_command(kCli, {"check", robots.path(), "Googlebot", "https://a.com/caf%C3%A9/x"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(
      result.out,
      "DISALLOWED by line 2: disallow: /caf\xC3\xA9 (the * group: no group names Googlebot)\n");
  result = run_command(kCli, {"check", robots.path(), "Googlebot", "https://a.com/other"});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "ALLOWED: no rule matched (the * group: no group names Googlebot)\n");
}

TEST(CheckCommand, CommaSeparatedAgentsAllowIfAnyGroupApplies) {
  const TempFile robots("user-agent: b\nallow: /\nuser-agent: *\ndisallow: /\n");
  EXPECT_EQ(run_command(kCli, {"check", robots.path(), "a", "http://h.com/x"}).exit_code, 1);
  EXPECT_EQ(run_command(kCli, {"check", robots.path(), "a, b", "http://h.com/x"}).exit_code, 0);
}

TEST(CheckCommand, StdinModeWritesOneLinePerUrlInOrder) {
  const TempFile robots("user-agent: *\ndisallow: /private\n");
  const auto result = run_command(kCli, {"check", robots.path(), "bot", "-"},
                                  "http://a.com/private/1\r\nhttp://a.com/public\n\n"
                                  "http://a.com/private");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "disallowed\thttp://a.com/private/1\nallowed\thttp://a.com/public\n"
            "allowed\t\ndisallowed\thttp://a.com/private\n");
}

TEST(CheckCommand, StdinModeHandlesAMillionUrls) {
  const TempFile robots("user-agent: *\ndisallow: /*7$\n");
  std::string urls;
  for (int i = 0; i < 1'000'000; ++i) urls += "http://a.com/" + std::to_string(i) + "\n";
  const auto result = run_command(kCli, {"check", robots.path(), "bot", "-"}, urls);
  ASSERT_EQ(result.exit_code, 0);
  std::size_t lines = 0, disallowed = 0;
  for (std::size_t pos = 0; pos < result.out.size(); pos = result.out.find('\n', pos) + 1) {
    ++lines;
    disallowed += result.out.compare(pos, 11, "disallowed\t") == 0 ? 1 : 0;
  }
  EXPECT_EQ(lines, 1'000'000u);
  EXPECT_EQ(disallowed, 100'000u);  // every number ending in 7
}

TEST(CheckCommand, JsonWritesOneObjectPerUrl) {
  const TempFile robots("user-agent: a\ndisallow: /x\n");
  const auto result = run_command(kCli, {"check", "--json", robots.path(), "a", "-"}, "/x/1\n/y\n");
  ASSERT_EQ(result.exit_code, 0);
  const std::size_t newline = result.out.find('\n');
  const auto first = nlohmann::json::parse(result.out.substr(0, newline));
  EXPECT_EQ(first["url"], "/x/1");
  EXPECT_EQ(first["allowed"], false);
  EXPECT_EQ(first["line"], 2);
  EXPECT_EQ(first["rule"], "disallow: /x");
  EXPECT_EQ(first["group"], "specific");
  const auto second = nlohmann::json::parse(result.out.substr(newline + 1));
  EXPECT_EQ(second["allowed"], true);
  EXPECT_TRUE(second["line"].is_null());
}

TEST(CheckCommand, JsonSurvivesInvalidUtf8) {
  const TempFile robots("user-agent: *\ndisallow: /\xFF\n");
  const auto result = run_command(kCli, {"check", "--json", robots.path(), "a", "/%FF\xFE"});
  EXPECT_EQ(result.exit_code, 1);
  const auto json = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(json.is_discarded()) << result.out;
  EXPECT_EQ(json["allowed"], false);
}

TEST(CheckCommand, UsageAndInputErrorsExitTwoWithAOneLineReason) {
  const TempFile robots("user-agent: *\n");
  struct ErrorCase {
    std::vector<std::string> args;
    std::string mentions;
  };
  const ErrorCase cases[] = {
      {{"check", "/nonexistent/robots.txt", "a", "/x"}, "cannot read '/nonexistent/robots.txt'"},
      {{"check", robots.path(), "a"}, "URL"},
      {{"check", robots.path(), "a", "/x", "extra"}, "extra"},
      {{"check", "--bogus", robots.path(), "a", "/x"}, "--bogus"},
      {{"nosuchcommand"}, "unknown command 'nosuchcommand'"},
      {{}, "subcommand"},
  };
  for (const ErrorCase& c : cases) {
    const auto result = run_command(kCli, c.args);
    EXPECT_EQ(result.exit_code, 2) << c.mentions;
    EXPECT_NE(result.err.find(c.mentions), std::string::npos) << result.err;
    // A usage mistake points at --help; a file that cannot be read is just one line.
    if (result.err.find("cannot read") == std::string::npos) {
      EXPECT_NE(result.err.find("--help"), std::string::npos) << "no usage hint: " << result.err;
    } else {
      EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    }
    EXPECT_TRUE(result.out.empty());
  }
}

TEST(CheckCommand, HelpExitsZeroAndDescribesTheArguments) {
  for (const auto& args :
       {std::vector<std::string>{"--help"}, std::vector<std::string>{"check", "--help"}}) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 0);
    EXPECT_NE(result.out.find("check"), std::string::npos);
  }
  EXPECT_NE(run_command(kCli, {"check", "--help"}).out.find("ROBOTS_FILE"), std::string::npos);
}

}  // namespace
}  // namespace robotstxt
