// `robotstxt fetch - --polite`: each allowed URL is printed at its slot on the origin's
// schedule (docs/semantics.md "Politeness"), alone or sharing the schedule through Redis.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <future>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::CommandResult;
using testing::FixtureServer;
using testing::RedisServer;
using testing::run_command;

class PoliteFetchTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(site_.port(), 0) << "arrivals_site.py did not start"; }

  std::string urls(const std::string& prefix, int count) const {
    std::string text;
    for (int i = 0; i < count; ++i) {
      text += "http://127.0.0.1:" + std::to_string(site_.port()) + "/" + prefix +
              std::to_string(i) + "\n";
    }
    return text;
  }

  // The slots of --json output, in the order printed.
  static std::vector<std::int64_t> slots(const std::string& out) {
    std::vector<std::int64_t> found;
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
      const json parsed = json::parse(line, nullptr, false);
      if (parsed.contains("slot"))
        found.push_back(parsed["slot"]["not_before"].get<std::int64_t>());
    }
    return found;
  }

  FixtureServer site_{"arrivals_site.py",
                      {"--robots-txt", "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"}};
};

// P1, P6: five URLs of one origin come out one Crawl-delay apart, in order, and the run
// lasts the four gaps between them; a disallowed URL waits for nothing.
TEST_F(PoliteFetchTest, P1_P6_UrlsOfOneOriginArePrintedAtTheirSlots) {
  const auto started = std::chrono::steady_clock::now();
  const CommandResult result = run_command(
      ROBOTSTXT_CLI, {"fetch", "-", "PoliteBot", "--polite", "--json", "--polite-spacing", "0.05"},
      urls("page", 5) + urls("private/", 1));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::vector<std::int64_t> found = slots(result.out);
  ASSERT_EQ(found.size(), 5u) << result.out;
  for (std::size_t i = 1; i < found.size(); ++i) EXPECT_EQ(found[i] - found[i - 1], 200) << i;
  EXPECT_NE(result.out.find("\"allowed\":false"), std::string::npos);
  EXPECT_GE(seconds, 0.8 - 0.05);
  EXPECT_LT(seconds, 11.0);
}

// P6, P8: two runs on one Redis share the schedule: their slots never coincide.
TEST_F(PoliteFetchTest, P6_TwoRunsOnOneRedisShareTheSchedule) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  const std::vector<std::string> args = {"fetch",  "-",       "PoliteBot", "--polite",
                                         "--json", "--redis", redis.url(), "--polite-spacing",
                                         "0.05"};
  auto first = std::async(std::launch::async,
                          [&] { return run_command(ROBOTSTXT_CLI, args, urls("a", 4)); });
  auto second = std::async(std::launch::async,
                           [&] { return run_command(ROBOTSTXT_CLI, args, urls("b", 4)); });
  const CommandResult one = first.get();
  const CommandResult two = second.get();
  ASSERT_EQ(one.exit_code, 0) << one.err;
  ASSERT_EQ(two.exit_code, 0) << two.err;
  std::vector<std::int64_t> all = slots(one.out);
  const std::vector<std::int64_t> other = slots(two.out);
  all.insert(all.end(), other.begin(), other.end());
  ASSERT_EQ(all.size(), 8u);
  std::sort(all.begin(), all.end());
  for (std::size_t i = 1; i < all.size(); ++i) EXPECT_EQ(all[i] - all[i - 1], 200) << i;
  EXPECT_NE(one.out.find("\"schedule\":\"shared\""), std::string::npos);
}

// Bad input is one line on stderr and exit 2.
TEST_F(PoliteFetchTest, PoliteNeedsStandardInputAndASaneSpacing) {
  const CommandResult one_url =
      run_command(ROBOTSTXT_CLI, {"fetch", "http://127.0.0.1:1/", "PoliteBot", "--polite"});
  EXPECT_EQ(one_url.exit_code, 2);
  EXPECT_NE(one_url.err.find("--polite works with URL '-'"), std::string::npos);
  const CommandResult negative = run_command(
      ROBOTSTXT_CLI, {"fetch", "-", "PoliteBot", "--polite", "--polite-spacing", "-1"}, "");
  EXPECT_EQ(negative.exit_code, 2);
  EXPECT_EQ(std::count(negative.err.begin(), negative.err.end(), '\n'), 1);
}

}  // namespace
}  // namespace robotstxt
