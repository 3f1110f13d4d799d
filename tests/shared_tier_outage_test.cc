// A shared tier that hangs costs `robotstxt serve` one store timeout (250 ms), once:
// the tier is then marked down and no request, /readyz included, waits on it until the
// service's own probe finds it answering again. The Redis is hung with SIGSTOP (its
// connections stay open and silent, as a frozen or swamped Redis leaves them).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using testing::becomes_ready;
using testing::FixtureServer;
using testing::HttpResult;
using testing::RedisServer;
using testing::ResumeAtExit;
using testing::ServiceProcess;
using testing::url_encode;
using Steady = std::chrono::steady_clock;

std::string check_path(const std::string& url) {
  return "/v1/check?url=" + url_encode(url) + "&agent=bot";
}

TEST(SharedTierOutageTest, HungRedisCostsOneTimeoutOnceThenNoWaiting) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ServiceProcess service(
      {"--connect-to", origin.connect_to_all(), "--allow-private", "--redis", redis.url()});
  ASSERT_NE(service.port(), 0);
  // A pooled connection to Redis exists before it hangs.
  ASSERT_EQ(service.get(check_path("http://before.test/private")).status, 200);
  ASSERT_TRUE(becomes_ready(service));

  redis.pause();
  const ResumeAtExit resume(redis);
  // 12 new origins (each one a shared-tier lookup) and 3 readiness checks, spread over
  // about 2.5 s: long enough for a tier that is retried once a second to be retried.
  constexpr auto kSlow = std::chrono::milliseconds(200);
  int slow = 0;
  auto longest = Steady::duration::zero();
  for (int i = 0; i < 12; ++i) {
    auto started = Steady::now();
    const HttpResult result =
        service.get(check_path("http://o" + std::to_string(i) + ".test/private"));
    auto took = Steady::now() - started;
    EXPECT_EQ(result.status, 200) << result.body;
    EXPECT_NE(result.body.find(R"("allowed":false)"), std::string::npos) << result.body;
    slow += took >= kSlow ? 1 : 0;
    longest = std::max(longest, took);
    if (i % 4 == 3) {
      started = Steady::now();
      const HttpResult ready = service.get("/readyz");
      took = Steady::now() - started;
      EXPECT_NE(ready.body.find(R"("status":"degraded")"), std::string::npos) << ready.body;
      slow += took >= kSlow ? 1 : 0;
      longest = std::max(longest, took);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_LE(slow, 1) << "requests that waited on the hung Redis";
  EXPECT_LT(longest, std::chrono::milliseconds(700)) << "one 250 ms timeout and some slack";

  redis.resume();
  EXPECT_TRUE(becomes_ready(service)) << "the probe finds Redis back";
  const HttpResult after = service.get(check_path("http://after.test/private"));
  EXPECT_NE(after.body.find(R"("cache_tier":"fetched")"), std::string::npos) << after.body;
  EXPECT_NE(service.get("/metrics").body.find("robotstxt_shared_tier_up 1"), std::string::npos);
}

}  // namespace
}  // namespace robotstxt
