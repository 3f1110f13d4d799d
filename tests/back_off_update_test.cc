// The back-off update (ScheduleStore::update_back_off, docs/semantics.md P4, P5): one
// atomic step per report, so that reports arriving together from a fleet are all
// counted. Time is simulated (unix_clock_ms): no assertion depends on the machine's
// speed.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/politeness.h"
#include "robotstxt/redis_schedule_store.h"
#include "robotstxt/redis_store.h"
#include "support/redis_server.h"

namespace robotstxt {
namespace {

using testing::RedisServer;

constexpr std::int64_t kNow = 1'800'000'000'000;  // a fixed Unix ms
constexpr std::int64_t kDefaultSpacing = 100;

// Reports of several origins; none is fetched, so the client never goes to the network.
std::string origin_url(int origin) {
  return "https://origin" + std::to_string(origin) + ".example/page";
}

PolitenessOptions doubling_options(std::int64_t cap_ms) {
  PolitenessOptions options;
  options.default_spacing = std::chrono::milliseconds(kDefaultSpacing);
  options.max_spacing = std::chrono::milliseconds(cap_ms);
  options.unix_clock_ms = [] { return kNow; };
  return options;
}

std::shared_ptr<RedisStore> redis_store_on(const RedisServer& redis) {
  // Generous: on a busy machine a slow reply would send a report to this process's
  // schedule, and the test is about the shared one.
  return std::make_shared<RedisStore>(
      RedisStoreOptions{.address = {.host = "127.0.0.1", .port = redis.port()},
                        .command_timeout = std::chrono::seconds(5)});
}

// The two stores under one typed test: this process's, and one on a throwaway Redis.
struct InProcessStore {
  InMemoryScheduleStore store;
  [[nodiscard]] bool ready() const { return true; }
};

struct SharedStoreOnRedis {
  RedisServer redis;
  RedisScheduleStore store{redis_store_on(redis)};
  [[nodiscard]] bool ready() const { return redis.port() != 0; }
};

template <typename Backend>
class BackOffRuleTest : public ::testing::Test {
 protected:
  Backend backend_;
};

using Backends = ::testing::Types<InProcessStore, SharedStoreOnRedis>;
TYPED_TEST_SUITE(BackOffRuleTest, Backends);

constexpr std::int64_t kCap = 1000;
constexpr std::int64_t kTtl = 60'000;
const std::string kKey = "robotstxt:v1:backoff:{https://example.com}";

std::string record_text(std::int64_t back_off, std::int64_t not_before) {
  return format_back_off({back_off, not_before});
}

BackOffRecord record(std::int64_t back_off, std::int64_t not_before) {
  return BackOffRecord{back_off, not_before};
}

struct RuleCase {
  std::string name;
  std::optional<std::string> stored;  // planted before the update; nullopt: no record
  LoadSignal signal;
  std::optional<std::int64_t> retry_after_ms;
  BackOffRecord expected;
  bool capped;
  bool changed;
};

// Default spacing 100 ms, cap 1000 ms, at kNow. Each case names the step of the rule
// (ScheduleStore::update_back_off) it holds.
std::vector<RuleCase> rule_cases() {
  using enum LoadSignal;
  return {
      {"2: a first 429 is twice the default", std::nullopt, kThrottled, std::nullopt,
       record(200, kNow + 200), false, true},
      {"2: a 429 doubles the back-off", record_text(300, kNow), kThrottled, std::nullopt,
       record(600, kNow + 600), false, true},
      {"2: a back-off below the default doubles from the default", record_text(30, kNow),
       kThrottled, std::nullopt, record(200, kNow + 200), false, true},
      {"2: more than half the cap doubles to the cap", record_text(600, kNow), kThrottled,
       std::nullopt, record(1000, kNow + 1000), false, true},
      {"2: at the cap it stays there", record_text(1000, kNow), kThrottled, std::nullopt,
       record(1000, kNow + 1000), false, true},
      {"2: Retry-After is taken as it is", record_text(800, kNow), kThrottled, 300,
       record(300, kNow + 300), false, true},
      {"2: Retry-After over the cap is capped and said", std::nullopt, kThrottled, 5000,
       record(1000, kNow + 1000), true, true},
      {"2: Retry-After 0 is no back-off from now", record_text(400, kNow), kThrottled, 0,
       record(0, kNow), false, true},
      {"3: a success after the window halves and opens the next", record_text(400, kNow), kSuccess,
       std::nullopt, record(200, kNow + 200), false, true},
      {"3: a success long after the window counts from now", record_text(400, kNow - 5000),
       kSuccess, std::nullopt, record(200, kNow + 200), false, true},
      {"3: halved below the default it is gone", record_text(150, kNow - 150), kSuccess,
       std::nullopt, record(0, 0), false, true},
      {"3: a success rounds the half down", record_text(301, kNow), kSuccess, std::nullopt,
       record(150, kNow + 150), false, true},
      {"3: a success inside the window is not believed", record_text(400, kNow + 1), kSuccess,
       std::nullopt, record(400, kNow + 1), false, false},
      {"4: a success without a record writes nothing", std::nullopt, kSuccess, std::nullopt,
       record(0, 0), false, false},
      {"4: a success on a zero back-off writes nothing", record_text(0, kNow), kSuccess,
       std::nullopt, record(0, kNow), false, false},
      {"4: another status reads the record", record_text(400, kNow + 400), kNone, 300,
       record(400, kNow + 400), false, false},
      {"4: another status without a record", std::nullopt, kNone, std::nullopt, record(0, 0), false,
       false},
      {"1: a back-off above the cap is no record", record_text(5000, kNow), kSuccess, std::nullopt,
       record(0, 0), false, false},
      {"1: not before beyond now + cap is no record", record_text(400, kNow + 5000), kThrottled,
       std::nullopt, record(200, kNow + 200), false, true},
      {"1: letters are no record", "abc", kThrottled, std::nullopt, record(200, kNow + 200), false,
       true},
      {"1: a sign is no record", "-5 10", kThrottled, std::nullopt, record(200, kNow + 200), false,
       true},
      {"1: an exponent is no record", "1e3 5", kThrottled, std::nullopt, record(200, kNow + 200),
       false, true},
      {"1: sixteen digits are no record", "1234567890123456 1", kThrottled, std::nullopt,
       record(200, kNow + 200), false, true},
      {"1: one number is no record", "400", kThrottled, std::nullopt, record(200, kNow + 200),
       false, true},
      {"1: two spaces are no record", "400  " + std::to_string(kNow), kThrottled, std::nullopt,
       record(200, kNow + 200), false, true},
      {"1: a trailing space is no record", record_text(400, kNow) + " ", kThrottled, std::nullopt,
       record(200, kNow + 200), false, true},
      {"1: a long value is no record", std::string(300, '7'), kThrottled, std::nullopt,
       record(200, kNow + 200), false, true},
  };
}

// P4, P5, P7: both stores follow the rule alike, case for case, and store what they
// answer (or leave the record as it was when nothing changed).
TYPED_TEST(BackOffRuleTest, P4_P5_P7_BothStoresFollowTheSameRule) {
  ASSERT_TRUE(this->backend_.ready());
  ScheduleStore& store = this->backend_.store;
  for (const RuleCase& rule : rule_cases()) {
    SCOPED_TRACE(rule.name);
    const std::string key = kKey + "/" + rule.name;
    if (rule.stored) {
      ASSERT_EQ(store.write(key, *rule.stored, std::chrono::milliseconds(kTtl)), StoreStatus::kOk);
    }
    const BackOffReply reply = store.update_back_off(
        {key, kNow, rule.signal, rule.retry_after_ms, kDefaultSpacing, kCap, kTtl});
    ASSERT_EQ(reply.status, StoreStatus::kOk);
    EXPECT_EQ(reply.record.back_off_ms, rule.expected.back_off_ms);
    EXPECT_EQ(reply.record.not_before_ms, rule.expected.not_before_ms);
    EXPECT_EQ(reply.capped, rule.capped);
    EXPECT_EQ(reply.changed, rule.changed);
    const StoreRead after = store.read(key);
    if (rule.changed) {
      EXPECT_EQ(after.value, format_back_off(rule.expected));
    } else if (rule.stored) {
      EXPECT_EQ(after.value, *rule.stored);
    } else {
      EXPECT_EQ(after.status, StoreStatus::kMissing);
    }
  }
}

// P7: a written record expires the TTL after its "not before" (Redis says how long is
// left: PTTL).
TEST(BackOffUpdateTest, P7_ARecordExpiresTheTtlAfterItsNotBefore) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  RedisScheduleStore store(redis_store_on(redis));
  const BackOffReply raised =
      store.update_back_off({kKey, kNow, LoadSignal::kThrottled, 700, kDefaultSpacing, kCap, kTtl});
  ASSERT_EQ(raised.status, StoreStatus::kOk);
  const std::string reply = redis.command({"PTTL", kKey});
  ASSERT_TRUE(reply.starts_with(":")) << reply;
  const std::int64_t left = std::stoll(reply.substr(1));
  EXPECT_LE(left, kTtl + 700);
  EXPECT_GT(left, kTtl);  // more than the TTL alone: the 700 ms of "not before" count
}

// P8: with Redis down a report is taken by this process's schedule, and said so.
TEST(BackOffUpdateTest, P8_RedisDownReportsGoToThisProcess) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  PolitenessOptions options = doubling_options(kCap);
  options.shared_schedule = std::make_shared<RedisScheduleStore>(redis_store_on(redis));
  RobotsClient client;
  Politeness politeness(client, options);
  ASSERT_TRUE(politeness.report(origin_url(0), 429).shared);
  redis.kill_now();
  const BackOffReport alone = politeness.report(origin_url(0), 429);
  EXPECT_EQ(alone.error, "");
  EXPECT_FALSE(alone.shared);
  EXPECT_EQ(alone.back_off_ms, 200);  // this process had no record: from the default again
  EXPECT_EQ(politeness.stats().shared_errors, 1u);
  EXPECT_EQ(politeness.stats().local_fallbacks, 1u);
  EXPECT_EQ(politeness.stats().back_offs_429, 2u);
}

// Each origin gets kThreads * kPerOrigin reports of 429 without Retry-After. Every one
// doubles the back-off and the cap is far above where they end, so one lost update
// leaves that origin's back-off at half (or less) of what the same reports give one
// after another.
constexpr int kThreads = 8;
constexpr int kOrigins = 10;
constexpr int kPerOrigin = 5;
constexpr std::int64_t kFarCap = kDefaultSpacing << 41;

// The back-off kThreads * kPerOrigin 429s give when reported one after another.
std::int64_t sequential_back_off(Politeness& politeness) {
  BackOffReport last;
  for (int i = 0; i < kThreads * kPerOrigin; ++i) last = politeness.report(origin_url(-1), 429);
  return last.back_off_ms;
}

// Reports every origin's 429s from kThreads threads, taking turns between `instances`;
// returns how many reports were taken by the shared schedule.
int report_together(const std::vector<Politeness*>& instances) {
  std::atomic<int> shared{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Politeness& politeness = *instances[static_cast<std::size_t>(t) % instances.size()];
      // Every thread works on the same origin at about the same time.
      for (int origin = 0; origin < kOrigins; ++origin) {
        for (int i = 0; i < kPerOrigin; ++i) {
          if (politeness.report(origin_url(origin), 429).shared) ++shared;
        }
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  return shared.load();
}

// P4: 429s reported at once by workers of two instances on one Redis all count: each
// origin ends with the back-off the same reports give one after another.
TEST(BackOffUpdateTest, P4_ReportsFromTwoInstancesOnOneRedisAreNeverLost) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  const auto redis_store = redis_store_on(redis);
  PolitenessOptions options = doubling_options(kFarCap);
  options.shared_schedule = std::make_shared<RedisScheduleStore>(redis_store);
  RobotsClient first_client;
  RobotsClient second_client;
  Politeness first(first_client, options);
  Politeness second(second_client, options);
  const std::int64_t expected = sequential_back_off(first);
  ASSERT_EQ(expected, kDefaultSpacing << (kThreads * kPerOrigin));

  ASSERT_EQ(report_together({&first, &second}), kThreads * kOrigins * kPerOrigin);

  for (int origin = 0; origin < kOrigins; ++origin) {
    // A 404 says nothing about load: it reads the back-off and leaves it.
    const BackOffReport now = first.report(origin_url(origin), 404);
    EXPECT_TRUE(now.shared);
    EXPECT_EQ(now.back_off_ms, expected) << origin_url(origin);
    EXPECT_EQ(now.not_before_ms, kNow + expected) << origin_url(origin);
  }
  // Every report counted once, the sequential ones included.
  EXPECT_EQ(first.stats().back_offs_429 + second.stats().back_offs_429,
            static_cast<std::uint64_t>(kThreads * kPerOrigin * (kOrigins + 1)));
  EXPECT_EQ(first.stats().local_fallbacks + second.stats().local_fallbacks, 0u);
}

// P4, P8: the same inside one process, where the schedule is this process's own.
TEST(BackOffUpdateTest, P4_ReportsFromManyThreadsOfOneProcessAreNeverLost) {
  RobotsClient client;
  Politeness politeness(client, doubling_options(kFarCap));
  const std::int64_t expected = sequential_back_off(politeness);

  EXPECT_EQ(report_together({&politeness}), 0);

  for (int origin = 0; origin < kOrigins; ++origin) {
    EXPECT_EQ(politeness.report(origin_url(origin), 404).back_off_ms, expected)
        << origin_url(origin);
  }
}

}  // namespace
}  // namespace robotstxt
