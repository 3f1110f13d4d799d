// What a shared-tier failure costs two `robotstxt serve` instances answering a steady
// stream of checks: (a) Redis frozen for 5 s (SIGSTOP, then SIGCONT); (b) with Sentinel,
// the master killed and the replica promoted. In both: no answer lost, no wrong answer,
// every request answered within the bound the code keeps (a Redis call gives up after
// one 250 ms timeout and the tier is then skipped until its probe finds it), and once the
// tier is back, what one instance fetched the other reads. bench/shared_tier_faults.sh
// measures the same faults (p99 latency, seconds until sharing resumes).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "support/fixture_server.h"
#include "support/redis_sentinel_group.h"
#include "support/redis_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using testing::becomes_ready;
using testing::FixtureServer;
using testing::HttpClient;
using testing::HttpResult;
using testing::RedisSentinelGroup;
using testing::RedisServer;
using testing::ResumeAtExit;
using testing::ServiceProcess;
using testing::url_encode;
using Steady = std::chrono::steady_clock;

// The bound: one store timeout (250 ms) or two (a pooled connection, then a new one),
// a sentinel asked, a loopback fetch and slack for a machine shared with other builds.
constexpr auto kAnswerBound = std::chrono::seconds(2);

struct StreamResult {
  int asked = 0;
  int lost = 0;   // no 200
  int wrong = 0;  // a 200 whose verdict is not robots_server.py's
  Steady::duration longest{};
};

// Checks, alternating between the two instances, each on a new origin (so each one asks
// the shared tier and fetches), the disallowed and the allowed path in turn, until
// `done()` or 600 checks. `during` runs once, after the first 10.
template <typename Done, typename During>
StreamResult steady_stream(const ServiceProcess& first, const ServiceProcess& second,
                           const std::string& label, Done done, During during) {
  StreamResult result;
  HttpClient clients[2];
  const ServiceProcess* services[2] = {&first, &second};
  for (int i = 0; i < 600 && !(i > 10 && done()); ++i) {
    if (i == 10) during();
    const bool disallowed = i % 2 == 0;
    const std::string url =
        "http://" + label + std::to_string(i) + ".test/" + (disallowed ? "private" : "public");
    const auto started = Steady::now();
    const HttpResult answer = clients[i % 2].request(
        "GET", services[i % 2]->url("/v1/check?url=" + url_encode(url) + "&agent=bot"));
    result.longest = std::max(result.longest, Steady::now() - started);
    ++result.asked;
    if (answer.status != 200) {
      ++result.lost;
      continue;
    }
    const std::string expected = disallowed ? R"("allowed":false)" : R"("allowed":true)";
    if (answer.body.find(expected) == std::string::npos) ++result.wrong;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return result;
}

// One instance fetches an origin; the other then finds it in the shared tier, and the
// origin was asked once.
void expect_sharing(const ServiceProcess& first, const ServiceProcess& second,
                    const FixtureServer& origin, const std::string& label) {
  const std::string path =
      "/v1/check?url=" + url_encode("http://" + label + ".test/private") + "&agent=bot";
  const HttpResult fetched = first.get(path);
  EXPECT_NE(fetched.body.find(R"("cache_tier":"fetched")"), std::string::npos) << fetched.body;
  const HttpResult shared = second.get(path);
  EXPECT_NE(shared.body.find(R"("cache_tier":"shared")"), std::string::npos) << shared.body;
  EXPECT_EQ(origin.request_count(label), 1);
}

TEST(SharedTierFaultTest, RedisFrozenFiveSecondsCostsNoAnswer) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  const std::vector<std::string> arguments = {"--connect-to", origin.connect_to_all(),
                                              "--allow-private", "--redis", redis.url()};
  ServiceProcess first(arguments);
  ServiceProcess second(arguments);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  ASSERT_TRUE(becomes_ready(first));
  ASSERT_TRUE(becomes_ready(second));
  const ResumeAtExit resume(redis);
  Steady::time_point paused_at;
  const StreamResult stream = steady_stream(
      first, second, "paused",
      [&] { return Steady::now() - paused_at > std::chrono::milliseconds(6500); },
      [&] {
        redis.pause();
        paused_at = Steady::now();
      });
  EXPECT_GT(stream.asked, 20);
  EXPECT_EQ(stream.lost, 0);
  EXPECT_EQ(stream.wrong, 0);
  EXPECT_LT(stream.longest, kAnswerBound);
  redis.resume();
  ASSERT_TRUE(becomes_ready(first));
  ASSERT_TRUE(becomes_ready(second));
  expect_sharing(first, second, origin, "afterpause");
}

TEST(SharedTierFaultTest, SentinelFailoverCostsNoAnswerAndSharingResumes) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisSentinelGroup group;
  ASSERT_TRUE(group.ready()) << "the sentinels did not come up";
  const std::vector<std::string> arguments = {"--connect-to",
                                              origin.connect_to_all(),
                                              "--allow-private",
                                              "--redis-sentinel",
                                              group.sentinel_list(),
                                              "--redis-master",
                                              RedisSentinelGroup::kMasterName};
  ServiceProcess first(arguments);
  ServiceProcess second(arguments);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  ASSERT_TRUE(becomes_ready(first));
  ASSERT_TRUE(becomes_ready(second));
  expect_sharing(first, second, origin, "beforefailover");
  const std::uint16_t old_master = group.master().port();
  Steady::time_point killed_at;
  bool moved = false;
  const StreamResult stream = steady_stream(
      first, second, "failover",
      [&] {
        // Until the sentinels have promoted the replica, and a second more.
        if (!moved && group.master_port_now() != old_master) moved = true;
        return (moved && Steady::now() - killed_at > std::chrono::seconds(1)) ||
               Steady::now() - killed_at > std::chrono::seconds(25);
      },
      [&] {
        group.master().kill_now();
        killed_at = Steady::now();
      });
  ASSERT_TRUE(group.moved_from(old_master, std::chrono::seconds(20))) << "no failover";
  EXPECT_GT(stream.asked, 20);
  EXPECT_EQ(stream.lost, 0);
  EXPECT_EQ(stream.wrong, 0);
  EXPECT_LT(stream.longest, kAnswerBound);
  ASSERT_TRUE(becomes_ready(first, std::chrono::seconds(10)));
  ASSERT_TRUE(becomes_ready(second, std::chrono::seconds(10)));
  // Written through the new master by one instance, read there by the other.
  expect_sharing(first, second, origin, "afterfailover");
  EXPECT_NE(testing::redis_cli(group.replica().port(),
                               {"EXISTS", "robotstxt:v1:origin:{http://afterfailover.test}"}),
            "0\n");
}

}  // namespace
}  // namespace robotstxt
