// RobotsClient::refresh(): concurrent refreshes of one origin share one fetch, and an
// origin fetched less than min_refresh_interval ago is answered from that fetch, so
// that whoever may ask for refreshes cannot make the client hammer a site.
#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;

class RefreshIntervalTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0) << "robots_server.py did not start"; }

  RobotsClientOptions options(std::chrono::milliseconds interval) const {
    RobotsClientOptions client;
    client.fetch.connect_to.push_back(server_.connect_to_all());
    client.fetch.total_timeout = std::chrono::seconds(20);
    client.min_refresh_interval = interval;
    return client;
  }

  FixtureServer server_{"robots_server.py"};
};

TEST_F(RefreshIntervalTest, ConcurrentRefreshesShareOneFetch) {
  RobotsClient client(options(std::chrono::milliseconds(0)));
  // "held-" answers after 0.3 s: every refresh below arrives while the first is in flight.
  const Origin origin = *origin_of("http://held-together.test/").origin;
  constexpr int kRefreshes = 20;
  std::vector<std::future<RobotsCache::EntryPtr>> refreshes;
  for (int i = 0; i < kRefreshes; ++i) {
    refreshes.push_back(std::async(std::launch::async, [&] { return client.refresh(origin); }));
  }
  std::vector<TimePoint> fetched_at;
  for (auto& refresh : refreshes) fetched_at.push_back(refresh.get()->fetched_at);
  EXPECT_EQ(server_.request_count("held-together"), 1);
  for (const TimePoint time : fetched_at) EXPECT_EQ(time, fetched_at.front());
}

TEST_F(RefreshIntervalTest, AnOriginIsRefetchedAtMostOncePerInterval) {
  RobotsClient client(options(std::chrono::seconds(10)));
  const Origin origin = *origin_of("http://interval.test/").origin;
  const RobotsCache::EntryPtr first = client.refresh(origin);
  const RobotsCache::EntryPtr second = client.refresh(origin);
  EXPECT_EQ(server_.request_count("interval"), 1);
  EXPECT_EQ(second->fetched_at, first->fetched_at) << "the answer says when the fetch was";
  (void)client.decide("http://interval.test/x", {"FooBot"});
  EXPECT_EQ(server_.request_count("interval"), 1) << "the refreshed entry is cached";
}

TEST_F(RefreshIntervalTest, PastTheIntervalRefreshFetchesAgain) {
  RobotsClient client(options(std::chrono::milliseconds(300)));
  const Origin origin = *origin_of("http://later.test/").origin;
  (void)client.refresh(origin);
  std::this_thread::sleep_for(std::chrono::milliseconds(400));
  (void)client.refresh(origin);
  EXPECT_EQ(server_.request_count("later"), 2);
}

}  // namespace
}  // namespace robotstxt
