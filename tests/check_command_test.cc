// `robotstxt check`: the conformance cases through the binary (exit codes, as the
// public spec-test runner calls it, with --as-written), and the command's output,
// streaming and errors.
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

// The conformance cases give Google's matcher the agent and the URL exactly as written:
// --as-written asks that way.
TEST(CheckCommand, EveryConformanceCaseThroughTheBinary) {
  const auto cases =
      testing::load_conformance_cases(ROBOTSTXT_TEST_DATA_DIR "/conformance/spec-test.jsonl");
  ASSERT_GT(cases.size(), 0u) << "conformance cases not found under " ROBOTSTXT_TEST_DATA_DIR;
  std::size_t passed = 0;
  for (const auto& c : cases) {
    const TempFile robots(c.body);
    const auto result = run_command(kCli, {"check", "--as-written", robots.path(), c.agent, c.url});
    const int expected_exit = c.expected_allowed ? 0 : 1;
    EXPECT_EQ(result.exit_code, expected_exit)
        << c.file << ": agent '" << c.agent << "' url '" << c.url << "' " << result.err;
    passed += result.exit_code == expected_exit ? 1 : 0;
  }
  std::cout << "conformance (robotstxt check): " << passed << " of " << cases.size() << " passed\n";
  EXPECT_EQ(passed, cases.size());
}

// Without --as-written, a case answers otherwise only where the question is not one a
// crawler asks: an agent that is not a product token is refused (exit 2), and a URL with
// bytes a crawler percent-encodes is matched encoded, as the JSON's url shows.
TEST(CheckCommand, ByDefaultConformanceCasesDifferOnlyWhereACrawlerAsksOtherwise) {
  const auto cases =
      testing::load_conformance_cases(ROBOTSTXT_TEST_DATA_DIR "/conformance/spec-test.jsonl");
  ASSERT_GT(cases.size(), 0u);
  const auto is_token = [](const std::string& agent) {
    return !agent.empty() && std::all_of(agent.begin(), agent.end(), [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-';
    });
  };
  const auto encodes = [](const std::string& url) {
    return std::any_of(url.begin(), url.end(), [](char c) {
      const auto byte = static_cast<unsigned char>(c);
      return byte <= 0x20 || byte >= 0x7F;
    });
  };
  std::size_t refused = 0, encoded = 0, same = 0;
  for (const auto& c : cases) {
    const TempFile robots(c.body);
    const auto result = run_command(kCli, {"check", "--json", robots.path(), c.agent, c.url});
    if (!is_token(c.agent)) {
      EXPECT_EQ(result.exit_code, 2) << c.file << ": agent '" << c.agent << "'";
      ++refused;
      continue;
    }
    if (encodes(c.url)) {
      ASSERT_NE(result.exit_code, 2) << c.file << ": " << result.err;
      EXPECT_NE(nlohmann::json::parse(result.out)["url"], c.url) << c.file;
      ++encoded;
      continue;
    }
    EXPECT_EQ(result.exit_code, c.expected_allowed ? 0 : 1)
        << c.file << ": agent '" << c.agent << "' url '" << c.url << "' " << result.err;
    ++same;
  }
  std::cout << "conformance by default: " << same << " as Google's matcher, " << refused
            << " agents refused, " << encoded << " URLs matched percent-encoded\n";
  EXPECT_GT(refused, 0u);
  EXPECT_GT(encoded, 0u);
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
  EXPECT_EQ(first["rule"], "/x");
  EXPECT_EQ(first["applied"], "specific");
  EXPECT_FALSE(first.contains("group"));
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
      {{}, "\nCommands:\n  check "},  // the list of commands (command_line_test)
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

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// docs/cli.md "Naming agents": the positional AGENT and --agent LIST are the same thing, and
// --agent is repeatable, appending to the list (docs/semantics.md 2.5: any name's group applies).
TEST(CheckCommand, AgentOptionIsThePositionalAgentAndAppends) {
  const TempFile robots("user-agent: a\ndisallow: /x\nuser-agent: b\ndisallow: /y\n");
  const auto positional = run_command(kCli, {"check", robots.path(), "a,b", "/y"});
  const auto option = run_command(kCli, {"check", "--agent", "a", robots.path(), "/y", "-a", "b"});
  EXPECT_EQ(positional.exit_code, 1);
  EXPECT_EQ(option.exit_code, 1) << option.err;
  EXPECT_EQ(option.out, positional.out);
  EXPECT_EQ(
      option.out,
      "DISALLOWED by line 4: disallow: /y (group naming a,b; * rules do not apply) (merged as "
      "one crawler: a group naming any of a,b applies)\n");
  const auto only_a = run_command(kCli, {"check", robots.path(), "/y", "--agent", "a"});
  EXPECT_EQ(only_a.exit_code, 0) << only_a.err;
  // explain takes it the same way.
  const auto explain = run_command(kCli, {"explain", robots.path(), "/y", "--agent", "b"});
  EXPECT_EQ(explain.exit_code, 1) << explain.err;
  EXPECT_TRUE(contains(explain.out, "agent     b\n")) << explain.out;
}

// docs/semantics.md 8.1: with groups for both googlebot-image and googlebot, Googlebot-Image
// follows only its own; without its own, it falls back to googlebot's.
TEST(CheckCommand, CrawlerFollowsItsOwnTokenThenItsFallback) {
  const TempFile both(
      "user-agent: googlebot\ndisallow: /photos\nuser-agent: googlebot-image\n"
      "disallow: /private\n");
  auto result = run_command(
      kCli, {"check", "--crawler", "Googlebot-Image", both.path(), "https://a.com/photos/1.jpg"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ALLOWED: no rule matched (group naming Googlebot-Image; * rules do not apply)\n");
  result = run_command(kCli, {"check", "--json", "--crawler", "googlebot-image", both.path(),
                              "https://a.com/private/1.jpg"});
  EXPECT_EQ(result.exit_code, 1);
  auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["crawler"], "Googlebot-Image");
  EXPECT_EQ(json["crawler_rule"], "own-token");
  EXPECT_EQ(json["crawler_token"], "Googlebot-Image");
  EXPECT_EQ(json["rule"], "/private");
  EXPECT_EQ(json["line"], 4);
  // The agent list of the same names merges both groups: a different question.
  EXPECT_EQ(run_command(kCli, {"check", both.path(), "Googlebot-Image,Googlebot",
                               "https://a.com/photos/1.jpg"})
                .exit_code,
            1);

  const TempFile fallback("user-agent: *\ndisallow: /\nuser-agent: googlebot\ndisallow: /photos\n");
  result = run_command(kCli, {"check", "--crawler", "Googlebot-Image", fallback.path(),
                              "https://a.com/photos/1.jpg"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "DISALLOWED by line 4: disallow: /photos (groups naming Googlebot: no group names "
            "Googlebot-Image)\n");
  // The streaming form answers for the crawler too.
  result =
      run_command(kCli, {"check", "--json", "--crawler", "Googlebot-Image", fallback.path(), "-"},
                  "https://a.com/photos/1.jpg\nhttps://a.com/x\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  json = nlohmann::json::parse(result.out.substr(0, result.out.find('\n')));
  EXPECT_EQ(json["crawler_rule"], "fallback-token");
  EXPECT_EQ(json["crawler_token"], "Googlebot");
  EXPECT_EQ(json["allowed"], false);
}

// docs/semantics.md 8.2: AdsBot-Google must be named; a file with only `*` binds it to nothing.
TEST(CheckCommand, CrawlerThatIgnoresTheGlobalGroup) {
  const TempFile robots("user-agent: *\ndisallow: /\n");
  const auto result =
      run_command(kCli, {"check", "--crawler", "AdsBot-Google", robots.path(), "https://a.com/x"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "ALLOWED: no rule matched (* ignored: AdsBot-Google must be named)\n");
  const auto json =
      nlohmann::json::parse(run_command(kCli, {"explain", "--json", "--crawler", "AdsBot-Google",
                                               robots.path(), "https://a.com/x"})
                                .out);
  EXPECT_EQ(json["crawler_rule"], "global-ignored");
  EXPECT_EQ(json["verdict_reason"], "global-ignored");
  EXPECT_TRUE(json["crawler_token"].is_null());
  EXPECT_EQ(json["applied"], "none");
}

// docs/semantics.md 8.3: a user-triggered fetcher is not subject to robots.txt, and says so.
TEST(CheckCommand, CrawlerNotSubjectToRobotsTxt) {
  const TempFile robots("user-agent: *\ndisallow: /\nuser-agent: chatgpt-user\ndisallow: /\n");
  const auto result =
      run_command(kCli, {"check", "--crawler", "ChatGPT-User", robots.path(), "https://a.com/x"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "ALLOWED: no rule matched (not subject to robots.txt)\n");
  const auto explain =
      run_command(kCli, {"explain", "--crawler", "ChatGPT-User", robots.path(), "https://a.com/x"});
  EXPECT_EQ(explain.exit_code, 0);
  EXPECT_TRUE(contains(explain.out, "crawler   ChatGPT-User (not subject to robots.txt)\n"))
      << explain.out;
}

}  // namespace
}  // namespace robotstxt
