// `robotstxt fetch`: the report for one URL, exit codes, --json, and the stdin form,
// against a robots_server.py started by the test.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;

const std::string kCli = ROBOTSTXT_CLI;

class FetchCommandTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0); }
  std::vector<std::string> with_server(std::vector<std::string> args) const {
    args.insert(args.begin(), "fetch");
    args.push_back("--connect-to");
    args.push_back(server_.connect_to_all());
    return args;
  }
  testing::FixtureServer server_{"robots_server.py"};
};

TEST_F(FetchCommandTest, DisallowedUrlPrintsEveryStepAndExits1) {
  const auto result =
      run_command(kCli, with_server({"http://redirect-2.test/private/page", "FooBot"}));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.out.find("robots.txt  http://redirect-2.test/robots.txt"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("redirect 1  301 http://redirect-2.test/robots.txt -> "
                            "http://redirect-2.test/hop/1"),
            std::string::npos);
  EXPECT_NE(result.out.find("redirect 2  302"), std::string::npos);
  EXPECT_NE(result.out.find("status      200 (HTTP/1.1)"), std::string::npos);
  EXPECT_NE(result.out.find("bytes       33"), std::string::npos);
  EXPECT_NE(result.out.find("access      rules"), std::string::npos);
  EXPECT_NE(result.out.find("cache       fresh for 24 h"), std::string::npos);
  EXPECT_NE(result.out.find("DISALLOWED by line 2: disallow: /private"), std::string::npos);
}

TEST_F(FetchCommandTest, AllowedUrlExits0) {
  const auto result = run_command(kCli, with_server({"http://status-200.test/public", "FooBot"}));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("ALLOWED: no rule matched"), std::string::npos) << result.out;
}

TEST_F(FetchCommandTest, ServerErrorIsFullDisallowAndExits1) {
  const auto result = run_command(kCli, with_server({"http://status-503.test/public", "FooBot"}));
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.out.find("status      503"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("access      full disallow"), std::string::npos);
  EXPECT_NE(result.out.find("cache       retry in 30 min"), std::string::npos);
}

TEST_F(FetchCommandTest, JsonReportHasTheWholeStory) {
  const auto result = run_command(kCli, with_server({"http://big.test/early", "FooBot", "--json"}));
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["robots_url"], "http://big.test/robots.txt");
  EXPECT_EQ(json["status"], 200);
  EXPECT_EQ(json["http_version"], 1.1);
  EXPECT_EQ(json["bytes"], 512000);
  EXPECT_EQ(json["truncated"], true);
  EXPECT_EQ(json["access"], "rules");
  EXPECT_EQ(json["allowed"], false);
  EXPECT_EQ(json["line"], 2);
  EXPECT_EQ(json["rule"], "/early");
  EXPECT_EQ(json["cache_seconds"], 86400);
  EXPECT_TRUE(json["redirects"].empty());
}

TEST_F(FetchCommandTest, TimeoutAndUserAgentHeaderOptions) {
  const auto stalled =
      run_command(kCli, with_server({"http://stall.test/a", "FooBot", "--timeout", "0.5"}));
  EXPECT_EQ(stalled.exit_code, 1);
  EXPECT_NE(stalled.out.find("network error"), std::string::npos) << stalled.out;
  const auto agent = run_command(
      kCli, with_server({"http://ua.test/ua/Probe", "FooBot", "--user-agent-header", "Probe"}));
  EXPECT_EQ(agent.exit_code, 1) << agent.out;
}

TEST_F(FetchCommandTest, StdinUrlsAreAnsweredInOrderWithOneFetchPerOrigin) {
  const std::string urls =
      "http://many.test/private/1\n"
      "http://status-404.test/private/2\n"
      "http://many.test/public\n"
      "not a url\n"
      "http://status-500.test/x\n"
      "http://many.test/private/3\n";
  const auto result = run_command(kCli, with_server({"-", "--agent", "FooBot"}), urls);
  EXPECT_EQ(result.exit_code, 2) << "an invalid URL makes the exit code 2";
  EXPECT_EQ(result.out,
            "disallowed\thttp://many.test/private/1\n"
            "allowed\thttp://status-404.test/private/2\tfull allow: HTTP 404; no robots.txt "
            "(4xx other than 429): everything is allowed\n"
            "allowed\thttp://many.test/public\n"
            "error\tnot%20a%20url\n"
            "disallowed\thttp://status-500.test/x\tfull disallow: HTTP 500; server error or "
            "unreachable for less than 12 hours: everything is disallowed\n"
            "disallowed\thttp://many.test/private/3\n");
  EXPECT_NE(result.err.find("not an absolute URL"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("fetched"), std::string::npos) << "no progress when not a terminal";
  EXPECT_EQ(server_.request_count("many"), 1);
}

// Every line not decided by rules says why: the status, the fetch error, the redirect
// failure, the server-error window.
TEST_F(FetchCommandTest, StdinLinesSayWhyTheRulesDidNotDecide) {
  const std::string refused = "http://reset.test/x";
  const std::string urls =
      "http://status-404.test/a\nhttp://status-503.test/b\n"
      "http://loop.test/c\n" +
      refused + "\nhttp://many.test/private\n";
  const auto text = run_command(kCli, with_server({"-", "--agent", "FooBot"}), urls);
  EXPECT_EQ(text.exit_code, 0) << text.err;
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.out.size();) {
    const std::size_t end = text.out.find('\n', start);
    lines.push_back(text.out.substr(start, end - start));
    start = end + 1;
  }
  ASSERT_EQ(lines.size(), 5u) << text.out;
  EXPECT_TRUE(lines[0].starts_with("allowed\thttp://status-404.test/a\tfull allow: HTTP 404"))
      << lines[0];
  EXPECT_TRUE(lines[1].starts_with("disallowed\thttp://status-503.test/b\tfull disallow: HTTP 503"))
      << lines[1];
  EXPECT_NE(lines[1].find("12 hours"), std::string::npos) << lines[1];
  EXPECT_TRUE(lines[2].starts_with("allowed\thttp://loop.test/c\tfull allow: redirect loop"))
      << lines[2];
  EXPECT_TRUE(lines[3].starts_with("disallowed\t" + refused + "\tfull disallow: network error"))
      << lines[3];
  EXPECT_EQ(lines[4], "disallowed\thttp://many.test/private") << "rules decided: no reason";

  const auto json = run_command(kCli, with_server({"-", "--agent", "FooBot", "--json"}), urls);
  EXPECT_EQ(json.exit_code, 0) << json.err;
  const nlohmann::json first = nlohmann::json::parse(json.out.substr(0, json.out.find('\n')));
  EXPECT_EQ(first["access"], "full-allow");
  EXPECT_EQ(first["status"], 404);
  EXPECT_EQ(first["outcome"], "response");
  EXPECT_TRUE(first.contains("fetch_error"));
}

// Memory does not grow with the input: lines are answered in a bounded window, in order.
TEST_F(FetchCommandTest, StdinStreamsEveryLineInOrder) {
  std::string urls;
  const char* const hosts[] = {"many", "status-404", "status-503", "other"};
  for (int i = 0; i < 200000; ++i) {
    urls += "http://" + std::string(hosts[i % 4]) + ".test/private/" + std::to_string(i) + "\n";
  }
  const auto result = run_command(kCli, with_server({"-", "--agent", "FooBot"}), urls);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::size_t start = 0;
  for (int i = 0; i < 200000; ++i) {
    const std::size_t end = result.out.find('\n', start);
    ASSERT_NE(end, std::string::npos) << "line " << i << " missing";
    const std::string line = result.out.substr(start, end - start);
    const std::string url =
        "http://" + std::string(hosts[i % 4]) + ".test/private/" + std::to_string(i);
    ASSERT_NE(line.find("\t" + url), std::string::npos) << "line " << i << ": " << line;
    ASSERT_TRUE(line.starts_with(i % 4 == 1 ? "allowed\t" : "disallowed\t")) << line;
    start = end + 1;
  }
  EXPECT_EQ(start, result.out.size());
  EXPECT_EQ(server_.request_count("many"), 1);
}

// With few file descriptors the concurrency comes down to what fits, and says so,
// instead of answering origins from socket() failures.
TEST_F(FetchCommandTest, StdinLowersConcurrencyToTheDescriptorLimit) {
  std::string urls;
  for (int i = 0; i < 120; ++i) {
    urls += "http://status-200.test:" + std::to_string(3000 + i) + "/private/a\n";
  }
  const testing::TempFile input(urls);
  const std::string inner = "ulimit -n 40 && " + kCli + " fetch - --agent FooBot --connect-to " +
                            server_.connect_to_all() + " < " + input.path();
  const auto result = run_command("/bin/sh", {"-c", inner});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  std::string expected;
  for (int i = 0; i < 120; ++i) {
    expected += "disallowed\thttp://status-200.test:" + std::to_string(3000 + i) + "/private/a\n";
  }
  EXPECT_EQ(result.out, expected);
  EXPECT_NE(result.err.find("concurrency"), std::string::npos) << result.err;
}

TEST_F(FetchCommandTest, AgentGivenTwiceIsAUsageError) {
  const auto result = run_command(kCli, {"fetch", "http://a.test/", "A", "--agent", "B"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--agent"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("AGENT"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST_F(FetchCommandTest, EmptyAgentIsAUsageError) {
  const auto option = run_command(kCli, with_server({"http://many.test/", "--agent", ""}));
  EXPECT_EQ(option.exit_code, 2) << option.out;
  EXPECT_NE(option.err.find("names no product token"), std::string::npos) << option.err;
  const auto stdin_form = run_command(kCli, with_server({"-", "--agent", ""}), "http://a.test/\n");
  EXPECT_EQ(stdin_form.exit_code, 2) << stdin_form.out;
  EXPECT_TRUE(stdin_form.out.empty()) << stdin_form.out;
}

TEST_F(FetchCommandTest, MissingCaFileIsAUsageErrorNotAVerdict) {
  const auto result = run_command(
      kCli, with_server({"https://secure.test/", "FooBot", "--ca-file", "/nonexistent/ca.pem"}));
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out.find("DISALLOWED"), std::string::npos) << result.out;
  EXPECT_NE(result.err.find("/nonexistent/ca.pem"), std::string::npos) << result.err;
}

TEST_F(FetchCommandTest, StdinThatCannotBeReadIsAnIoError) {
  const auto result = run_command("/bin/sh", {"-c", kCli + " fetch - --agent FooBot < /tmp"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("standard input"), std::string::npos) << result.err;
}

// Progress goes to stderr only on a terminal: `script` (util-linux) gives the command a
// pseudo-terminal, so there the line must appear.
TEST_F(FetchCommandTest, StdinShowsProgressWhenStderrIsATerminal) {
  const testing::TempFile urls("http://many.test/a\nhttp://other.test/b\nhttp://many.test/c\n");
  const std::string inner = kCli + " fetch - --agent FooBot --connect-to " +
                            server_.connect_to_all() + " < " + urls.path();
  const auto result = run_command("/usr/bin/script", {"-qec", inner, "/dev/null"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("answered 3 URLs"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("allowed\thttp://many.test/a"), std::string::npos) << result.out;
}

TEST_F(FetchCommandTest, StdinJsonLines) {
  const auto result = run_command(kCli, with_server({"-", "--agent", "FooBot", "--json"}),
                                  "http://many.test/private\nhttp://many.test/ok\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto newline = result.out.find('\n');
  const nlohmann::json first = nlohmann::json::parse(result.out.substr(0, newline));
  const nlohmann::json second = nlohmann::json::parse(result.out.substr(newline + 1));
  EXPECT_EQ(first["allowed"], false);
  // Every form carries the whole verdict: the rule as written and as matched.
  EXPECT_EQ(first["pattern"], "/private");
  EXPECT_EQ(first["rule"], "/private");
  EXPECT_EQ(first["applied"], "global");
  EXPECT_EQ(second["allowed"], true);
}

TEST_F(FetchCommandTest, ConnectToTakesOneValueEachTime) {
  const std::string to_server = server_.connect_to_all();
  const auto result = run_command(kCli, {"fetch", "--connect-to", to_server, "--connect-to",
                                         to_server, "http://status-200.test/private", "FooBot"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.out.find("status      200"), std::string::npos) << result.out;
}

TEST_F(FetchCommandTest, UsageErrorsExit2) {
  EXPECT_EQ(run_command(kCli, {"fetch", "not-a-url", "FooBot"}).exit_code, 2);
  EXPECT_EQ(run_command(kCli, {"fetch", "gopher://a.com/", "FooBot"}).exit_code, 2);
  EXPECT_EQ(run_command(kCli, {"fetch", "http://a.test/"}).exit_code, 2);
  EXPECT_EQ(run_command(kCli, {"fetch", "-"}, "http://a.test/\n").exit_code, 2);
  EXPECT_EQ(run_command(kCli, {"fetch", "http://a.test/", "A", "--timeout", "0"}).exit_code, 2);
  EXPECT_EQ(run_command(kCli, {"fetch", "http://a.test/", "A", "--timeout", "x"}).exit_code, 2);
  const auto result = run_command(kCli, {"fetch", "ftp//x", "FooBot"});
  EXPECT_NE(result.err.find("robotstxt fetch: error:"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace robotstxt

namespace robotstxt {
namespace {

// docs/cli.md "JSON output": "rule" is the rule as written in the fetched body, "pattern" the
// form the matcher compares; the body is fetched once and the client decides from it.
TEST(FetchCommandVocabulary, RuleAsWrittenPatternNormalisedOneFetch) {
  const testing::TempFile body("User-agent: *\nDisallow: /caf\xC3\xA9\n");
  const testing::FixtureServer server("robots_server.py", {"--body", body.path()});
  ASSERT_NE(server.port(), 0);
  const auto result = run_command(kCli, {"fetch", "--json", "http://plain.test/caf%C3%A9", "a",
                                         "--connect-to", server.connect_to_all()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["rule"], "/caf\xC3\xA9");
  EXPECT_EQ(json["pattern"], "/caf%C3%A9");
  EXPECT_EQ(json["line"], 2);
  EXPECT_EQ(json["applied"], "global");
  EXPECT_EQ(server.request_count("plain"), 1);
}

// docs/semantics.md 8 through the fetch: --crawler takes the place of AGENT.
TEST(FetchCommandVocabulary, CrawlerInBothForms) {
  const testing::TempFile body("User-agent: *\nDisallow: /\nUser-agent: googlebot\nAllow: /\n");
  const testing::FixtureServer server("robots_server.py", {"--body", body.path()});
  ASSERT_NE(server.port(), 0);
  auto result = run_command(kCli, {"fetch", "--crawler", "Googlebot-Image", "http://a.test/x",
                                   "--connect-to", server.connect_to_all()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("verdict     ALLOWED by line 4: allow: / (groups naming Googlebot: "
                            "no group names Googlebot-Image)\n"),
            std::string::npos)
      << result.out;
  result = run_command(kCli,
                       {"fetch", "-", "--json", "--crawler", "AdsBot-Google", "--connect-to",
                        server.connect_to_all()},
                       "http://a.test/x\n");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["crawler"], "AdsBot-Google");
  EXPECT_EQ(json["crawler_rule"], "global-ignored");
  EXPECT_TRUE(json["crawler_token"].is_null());
  EXPECT_EQ(json["allowed"], true);
}

// With --redis, `fetch -` shares the fleet's cache: a second run (another process)
// answers from the shared tier instead of fetching again.
TEST_F(FetchCommandTest, StdinWithRedisSharesTheCacheBetweenRuns) {
  testing::RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  const std::string urls = "http://pooled.test/private/1\nhttp://pooled.test/public\n";
  const std::vector<std::string> args =
      with_server({"-", "--agent", "bot", "--redis", redis.url()});
  for (int run = 0; run < 2; ++run) {
    const auto result = run_command(kCli, args, urls);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out,
              "disallowed\thttp://pooled.test/private/1\nallowed\thttp://pooled.test/public\n");
  }
  EXPECT_EQ(server_.request_count("pooled"), 1);
  const auto one_url =
      run_command(kCli, with_server({"http://pooled.test/", "bot", "--redis", redis.url()}));
  EXPECT_EQ(one_url.exit_code, 2);
  EXPECT_NE(one_url.err.find("--redis works with URL '-'"), std::string::npos) << one_url.err;
  const auto bad = run_command(kCli, with_server({"-", "bot", "--redis", "http://x"}), urls);
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("redis://"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace robotstxt
