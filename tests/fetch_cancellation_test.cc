// A call that fetches can be withdrawn by its caller (Fetcher::fetch_all, RobotsClient's
// `cancelled` flag): it stops starting transfers, aborts those in flight, gives the
// process's fetch slots back at once, and what it did not settle is undecided, never
// cached. The origins here never answer (robots_server.py's "stall"), so only the
// withdrawal can end these calls before their 20 s timeout.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/fetch_gate.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;
using SteadyClock = std::chrono::steady_clock;

// Comfortably below the 20 s fetch timeout: a call that ends sooner was withdrawn.
constexpr auto kWithdrawnWithin = std::chrono::seconds(5);

class FetchCancellationTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0) << "robots_server.py did not start"; }

  FetchOptions fetch_options() const {
    FetchOptions fetch;
    fetch.connect_to.push_back(server_.connect_to_all());
    fetch.connect_timeout = std::chrono::seconds(5);
    fetch.total_timeout = std::chrono::seconds(20);
    return fetch;
  }

  // Distinct origins (by port) that all lead to the stalling fixture.
  static std::vector<Origin> stalling_origins(int count) {
    std::vector<Origin> origins;
    for (int i = 0; i < count; ++i) {
      origins.push_back(*origin_of("http://stall.test:" + std::to_string(1000 + i) + "/").origin);
    }
    return origins;
  }

  // Waits (at most 10 s) until `done()` holds; false if it never did.
  static bool eventually(const std::function<bool()>& done) {
    const auto deadline = SteadyClock::now() + std::chrono::seconds(10);
    while (!done()) {
      if (SteadyClock::now() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return true;
  }

  FixtureServer server_{"robots_server.py"};
};

TEST_F(FetchCancellationTest, WithdrawnCallAbortsItsTransfersAndGivesTheSlotsBack) {
  FetchOptions options = fetch_options();
  options.gate = std::make_shared<FetchGate>(4);
  const Fetcher fetcher(options);
  const std::vector<Origin> origins = stalling_origins(6);
  std::atomic<bool> cancelled{false};
  const auto started = SteadyClock::now();
  std::future<std::vector<FetchOutcome>> fetching =
      std::async(std::launch::async, [&] { return fetcher.fetch_all(origins, &cancelled); });
  ASSERT_TRUE(eventually([&] { return options.gate->in_flight() == 4; }))
      << "the call took every slot of the gate";
  cancelled = true;
  const std::vector<FetchOutcome> outcomes = fetching.get();
  EXPECT_LT(SteadyClock::now() - started, kWithdrawnWithin);
  EXPECT_EQ(options.gate->in_flight(), 0u) << "every slot is given back";
  ASSERT_EQ(outcomes.size(), origins.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(outcomes[i].kind, FetchKind::kLocalError);
    EXPECT_EQ(outcomes[i].error, kCancelledFetchError);
    EXPECT_EQ(outcomes[i].robots_url, origins[i].robots_url());
  }
}

TEST_F(FetchCancellationTest, WithdrawnCallStopsWaitingForASlot) {
  FetchOptions options = fetch_options();
  options.gate = std::make_shared<FetchGate>(1);
  ASSERT_TRUE(options.gate->try_enter());  // another call holds the only slot
  const Fetcher fetcher(options);
  const std::vector<Origin> origins = stalling_origins(2);
  std::atomic<bool> cancelled{false};
  const auto started = SteadyClock::now();
  std::future<std::vector<FetchOutcome>> fetching =
      std::async(std::launch::async, [&] { return fetcher.fetch_all(origins, &cancelled); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  cancelled = true;
  const std::vector<FetchOutcome> outcomes = fetching.get();
  EXPECT_LT(SteadyClock::now() - started, kWithdrawnWithin);
  for (const FetchOutcome& outcome : outcomes) EXPECT_EQ(outcome.error, kCancelledFetchError);
  EXPECT_EQ(server_.request_count("stall"), 0) << "nothing was started";
  options.gate->leave();
}

TEST_F(FetchCancellationTest, WithdrawnBatchIsUndecidedAndNothingIsCached) {
  RobotsClientOptions options;
  options.fetch = fetch_options();
  RobotsClient client(options);
  const std::vector<std::string> urls = {"http://stall.test:1001/a", "http://stall.test:1002/b"};
  std::atomic<bool> cancelled{false};
  std::future<std::vector<Decision>> deciding = std::async(
      std::launch::async, [&] { return client.decide_all(urls, {"FooBot"}, &cancelled); });
  ASSERT_TRUE(eventually([&] { return server_.request_count("stall") == 2; }));
  cancelled = true;
  const std::vector<Decision> decisions = deciding.get();
  ASSERT_EQ(decisions.size(), urls.size());
  for (const Decision& decision : decisions) {
    EXPECT_FALSE(decision.allowed);
    EXPECT_EQ(decision.state.access, Access::kUndecided);
    ASSERT_NE(decision.entry, nullptr);
    EXPECT_EQ(decision.entry->last_fetch.error, kCancelledFetchError);
  }
  EXPECT_EQ(client.cache().size(), 0u) << "a withdrawal says nothing about the origin";
}

// Another caller that waited for the same origin still wants the answer: it fetches
// the origin itself rather than inherit the withdrawal.
TEST_F(FetchCancellationTest, CallerWaitingOnAWithdrawnFetchFetchesItself) {
  RobotsClientOptions options;
  options.fetch = fetch_options();
  options.fetch.total_timeout = std::chrono::milliseconds(1500);
  RobotsClient client(options);
  const std::string url = "http://stall.test/a";
  std::atomic<bool> cancelled{false};
  std::future<Decision> withdrawn =
      std::async(std::launch::async, [&] { return client.decide(url, {"FooBot"}, &cancelled); });
  ASSERT_TRUE(eventually([&] { return server_.request_count("stall") == 1; }));
  std::future<Decision> waiting =
      std::async(std::launch::async, [&] { return client.decide(url, {"FooBot"}); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // it joins the first load
  cancelled = true;
  EXPECT_EQ(withdrawn.get().entry->last_fetch.error, kCancelledFetchError);
  const Decision answered = waiting.get();
  EXPECT_EQ(answered.entry->last_fetch.kind, FetchKind::kNetworkError)
      << answered.entry->last_fetch.error;
  EXPECT_EQ(server_.request_count("stall"), 2);
}

}  // namespace
}  // namespace robotstxt
