// Politeness (politeness.h): spacing, back-off and slots, each test named after the rule
// of docs/semantics.md "Politeness" it holds. Time is simulated (unix_clock_ms), so no
// assertion here depends on how fast the machine is.
#include "robotstxt/politeness.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/redis_schedule_store.h"
#include "robotstxt/redis_store.h"
#include "support/fixture_server.h"
#include "support/redis_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;
using testing::RedisServer;

constexpr std::int64_t kNow = 1'800'000'000'000;  // a fixed Unix ms

// One origin on loopback serving `robots_txt`, a client for it, and a clock at kNow.
class PolitenessTest : public ::testing::Test {
 protected:
  explicit PolitenessTest(const std::string& robots_txt = "User-agent: *\nCrawl-delay: 5\n")
      : site_("arrivals_site.py", {"--robots-txt", robots_txt}) {}

  void SetUp() override { ASSERT_NE(site_.port(), 0) << "arrivals_site.py did not start"; }

  std::string url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(site_.port()) + path;
  }

  PolitenessOptions options() {
    PolitenessOptions options;
    options.default_spacing = std::chrono::milliseconds(100);
    options.unix_clock_ms = [this] { return now_.load(); };
    return options;
  }

  FixtureServer site_;
  RobotsClient client_;
  std::atomic<std::int64_t> now_{kNow};
};

class DefaultSpacingTest : public PolitenessTest {
 protected:
  DefaultSpacingTest() : PolitenessTest("User-agent: *\nDisallow: /private\n") {}
};

// P1, P6: slots of one origin and crawler are handed out in order, one spacing apart,
// never the same twice; the first is now.
TEST_F(DefaultSpacingTest, P1_P6_SlotsFollowEachOtherByTheDefaultSpacing) {
  Politeness politeness(client_, options());
  std::vector<std::int64_t> slots;
  for (int i = 0; i < 5; ++i) {
    const Slot slot = politeness.acquire(url("/page" + std::to_string(i)), "MyBot");
    ASSERT_TRUE(slot.reserved);
    EXPECT_EQ(slot.spacing_source, SpacingSource::kDefault);
    EXPECT_EQ(slot.spacing_ms, 100);
    EXPECT_EQ(slot.wait_ms, slot.not_before_ms - kNow);
    EXPECT_FALSE(slot.shared);
    slots.push_back(slot.not_before_ms);
  }
  EXPECT_EQ(slots,
            (std::vector<std::int64_t>{kNow, kNow + 100, kNow + 200, kNow + 300, kNow + 400}));
  EXPECT_EQ(politeness.stats().slots, 5u);
  EXPECT_EQ(politeness.stats().waits, 4u);
}

// P1: the schedule is per crawler: another agent on the same origin has its own.
TEST_F(DefaultSpacingTest, P1_EachCrawlerHasItsOwnSchedule) {
  Politeness politeness(client_, options());
  EXPECT_EQ(politeness.acquire(url("/a"), "MyBot").not_before_ms, kNow);
  EXPECT_EQ(politeness.acquire(url("/a"), "OtherBot").not_before_ms, kNow);
  EXPECT_EQ(politeness.acquire(url("/a"), "mybot").not_before_ms, kNow + 100);
}

// P6: a disallowed URL reserves nothing; the next allowed one still gets "now".
TEST_F(DefaultSpacingTest, P6_DisallowedUrlReservesNoSlot) {
  Politeness politeness(client_, options());
  const Slot refused = politeness.acquire(url("/private/x"), "MyBot");
  EXPECT_FALSE(refused.decision.allowed);
  EXPECT_FALSE(refused.reserved);
  EXPECT_EQ(politeness.acquire(url("/public"), "MyBot").not_before_ms, kNow);
  EXPECT_EQ(politeness.stats().disallowed, 1u);
}

// P6: nothing is reserved beyond max_wait; the caller is told when to ask again.
TEST_F(DefaultSpacingTest, P6_NoSlotBeyondTheLongestWait) {
  PolitenessOptions bounded = options();
  bounded.max_wait = std::chrono::milliseconds(250);
  Politeness politeness(client_, bounded);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(politeness.acquire(url("/a"), "MyBot").reserved);
  const Slot full = politeness.acquire(url("/a"), "MyBot");
  EXPECT_FALSE(full.reserved);
  EXPECT_EQ(full.wait_ms, 50);  // the slot at +300 is within 250 ms of now + 50
  EXPECT_EQ(politeness.stats().full, 1u);
  now_ += 50;
  EXPECT_EQ(politeness.acquire(url("/a"), "MyBot").not_before_ms, kNow + 300);
}

// P6: an unused slot is given back only when released, and only if it is the last one.
TEST_F(DefaultSpacingTest, P6_ReleaseGivesTheLastSlotBack) {
  Politeness politeness(client_, options());
  ASSERT_EQ(politeness.acquire(url("/a"), "MyBot").not_before_ms, kNow);
  const Slot unused = politeness.acquire(url("/b"), "MyBot");
  ASSERT_EQ(unused.not_before_ms, kNow + 100);
  politeness.release(unused, "MyBot");
  EXPECT_EQ(politeness.acquire(url("/c"), "MyBot").not_before_ms, kNow + 100);
}

// P1, P3: Crawl-delay 5 s spaces an agent that honours it; the option turns it off for
// plain tokens.
TEST_F(PolitenessTest, P1_P3_CrawlDelayWidensTheSpacingOfAgentsThatHonourIt) {
  Politeness honouring(client_, options());
  const Slot first = honouring.acquire(url("/a"), "MyBot");
  const Slot second = honouring.acquire(url("/b"), "MyBot");
  EXPECT_EQ(second.spacing_source, SpacingSource::kCrawlDelay);
  EXPECT_EQ(second.not_before_ms - first.not_before_ms, 5000);
  EXPECT_EQ(second.robots_spacing_ms, 5000);

  PolitenessOptions ignoring = options();
  ignoring.agents_honour_crawl_delay = false;
  ignoring.key_prefix = "other:";
  Politeness plain(client_, ignoring);
  (void)plain.acquire(url("/a"), "MyBot");
  const Slot next = plain.acquire(url("/b"), "MyBot");
  EXPECT_EQ(next.spacing_source, SpacingSource::kDefault);
  EXPECT_EQ(next.spacing_ms, 100);
  EXPECT_FALSE(next.robots_spacing_ms.has_value());
}

// P3: the catalogue says Google's crawlers ignore Crawl-delay and Bingbot honours it;
// either way the option for plain tokens does not change that.
TEST_F(PolitenessTest, P3_GoogleIgnoresCrawlDelayAndBingbotHonoursIt) {
  const Crawler* googlebot = find_crawler("Googlebot");
  const Crawler* bingbot = find_crawler("Bingbot");
  ASSERT_NE(googlebot, nullptr);
  ASSERT_NE(bingbot, nullptr);
  EXPECT_EQ(googlebot->crawl_delay, CrawlDelaySupport::kIgnored);
  EXPECT_EQ(bingbot->crawl_delay, CrawlDelaySupport::kHonoured);
  EXPECT_TRUE(bingbot->crawl_delay_source.starts_with("https://blogs.bing.com/"));
  for (const bool option : {true, false}) {
    PolitenessOptions chosen = options();
    chosen.agents_honour_crawl_delay = option;
    chosen.key_prefix = option ? "a:" : "b:";
    Politeness politeness(client_, chosen);
    (void)politeness.acquire(url("/a"), *googlebot);
    const Slot google = politeness.acquire(url("/b"), *googlebot);
    EXPECT_EQ(google.spacing_source, SpacingSource::kDefault) << option;
    EXPECT_EQ(google.spacing_ms, 100) << option;
    (void)politeness.acquire(url("/a"), *bingbot);
    const Slot bing = politeness.acquire(url("/b"), *bingbot);
    EXPECT_EQ(bing.spacing_source, SpacingSource::kCrawlDelay) << option;
    EXPECT_EQ(bing.spacing_ms, 5000) << option;
  }
}

class AbsurdDelayTest : public PolitenessTest {
 protected:
  AbsurdDelayTest() : PolitenessTest("User-agent: *\nCrawl-delay: 86400\n") {}
};

// P2: a day between fetches is capped at max_spacing, and the cap is said.
TEST_F(AbsurdDelayTest, P2_AbsurdCrawlDelayIsCappedAndReported) {
  Politeness politeness(client_, options());
  const Slot slot = politeness.acquire(url("/a"), "MyBot");
  EXPECT_TRUE(slot.capped);
  EXPECT_EQ(slot.spacing_ms, 60000);
  EXPECT_EQ(slot.robots_spacing_ms, 60000);
  EXPECT_EQ(politeness.stats().capped, 1u);
}

class RequestRateTest : public PolitenessTest {
 protected:
  RequestRateTest() : PolitenessTest("User-agent: *\nRequest-rate: 2/5s\nCrawl-delay: 1\n") {}
};

// P1: "2/5s" is one request per 2.5 s, larger than the 1 s Crawl-delay.
TEST_F(RequestRateTest, P1_RequestRateIsConvertedToSecondsPerRequest) {
  Politeness politeness(client_, options());
  const Slot slot = politeness.acquire(url("/a"), "MyBot");
  EXPECT_EQ(slot.spacing_ms, 2500);
  EXPECT_EQ(slot.spacing_source, SpacingSource::kRequestRate);
}

// P4, P5: a 429 with Retry-After: 1 raises the spacing to 1 s from now; successes halve
// it until it is under the default, and then the default rules again.
TEST_F(DefaultSpacingTest, P4_P5_RetryAfterRaisesTheSpacingAndSuccessesBringItDown) {
  Politeness politeness(client_, options());
  ASSERT_EQ(politeness.acquire(url("/a"), "MyBot").spacing_ms, 100);
  const BackOffReport raised = politeness.report(url("/a"), 429, "1");
  ASSERT_EQ(raised.error, "");
  EXPECT_EQ(raised.back_off_ms, 1000);
  const Slot slowed = politeness.acquire(url("/b"), "MyBot");
  EXPECT_EQ(slowed.spacing_source, SpacingSource::kBackOff);
  EXPECT_EQ(slowed.spacing_ms, 1000);
  EXPECT_EQ(slowed.not_before_ms, kNow + 1000);  // Retry-After counts from the report
  // Each success counts once its window has passed, and opens the next.
  std::vector<std::int64_t> relaxed;
  std::int64_t window = raised.not_before_ms;
  for (int i = 0; i < 4; ++i) {
    now_ = window;
    const BackOffReport report = politeness.report(url("/b"), 200);
    relaxed.push_back(report.back_off_ms);
    window = report.not_before_ms;
  }
  EXPECT_EQ(relaxed, (std::vector<std::int64_t>{500, 250, 125, 0}));
  const Slot back = politeness.acquire(url("/c"), "MyBot");
  EXPECT_EQ(back.spacing_source, SpacingSource::kDefault);
  EXPECT_EQ(back.spacing_ms, 100);
  const PolitenessStats stats = politeness.stats();
  EXPECT_EQ(stats.back_offs_429, 1u);
  EXPECT_EQ(stats.retry_after, 1u);
  EXPECT_EQ(stats.relaxations, 4u);
}

// P4, P5: reports are believed only within bounds. Made-up successes do not clear a
// back-off: one inside the window changes nothing, and after it each window allows one
// halving, as a crawler fetching at its slots would report.
TEST_F(DefaultSpacingTest, P5_SuccessesBringABackOffDownNoFasterThanItsWindows) {
  Politeness politeness(client_, options());
  const BackOffReport raised = politeness.report(url("/a"), 429, "1");
  ASSERT_EQ(raised.back_off_ms, 1000);
  for (int i = 0; i < 6; ++i) {
    const BackOffReport fake = politeness.report(url("/a"), 200);
    EXPECT_EQ(fake.back_off_ms, 1000) << i;
    EXPECT_EQ(fake.not_before_ms, kNow + 1000) << i;
  }
  now_ = kNow + 1000;
  std::vector<std::int64_t> after;
  for (int i = 0; i < 6; ++i) after.push_back(politeness.report(url("/a"), 200).back_off_ms);
  EXPECT_EQ(after, (std::vector<std::int64_t>{500, 500, 500, 500, 500, 500}));
  EXPECT_EQ(politeness.stats().relaxations, 1u);
}

// P2, P4: one made-up 429 with an absurd Retry-After stops the origin for at most the
// cap, and slows it for one cap more: slots that acquires reserve under the back-off do
// not hold the schedule past its end, and then the back-off is over by itself.
TEST_F(DefaultSpacingTest, P4_OneReportStopsAnOriginForAtMostTheCap) {
  PolitenessOptions capped = options();
  capped.max_spacing = std::chrono::milliseconds(1000);
  Politeness politeness(client_, capped);
  const BackOffReport raised = politeness.report(url("/a"), 429, "86400");
  ASSERT_TRUE(raised.capped);
  ASSERT_EQ(raised.not_before_ms, kNow + 1000);
  std::vector<std::int64_t> taken;  // ten acquires by whoever sent the report
  for (int i = 0; i < 10; ++i) {
    const Slot slot = politeness.acquire(url("/" + std::to_string(i)), "Attacker");
    ASSERT_TRUE(slot.reserved);
    taken.push_back(slot.not_before_ms - kNow);
  }
  EXPECT_EQ(taken, (std::vector<std::int64_t>{1000, 2000, 2100, 2200, 2300, 2400, 2500, 2600, 2700,
                                              2800}));
  // Another crawler's first slot is the window's end; past the back-off's end, the
  // default spacing is back without any report.
  EXPECT_EQ(politeness.acquire(url("/x"), "MyBot").not_before_ms, kNow + 1000);
  now_ = kNow + 2000;
  const Slot after = politeness.acquire(url("/y"), "MyBot");
  EXPECT_EQ(after.spacing_source, SpacingSource::kDefault);
  EXPECT_EQ(after.not_before_ms, kNow + 2000);
}

// P4: without Retry-After, each 503 doubles the back-off, from twice the default, up to
// the cap; a 404 changes nothing.
TEST_F(DefaultSpacingTest, P4_ServiceUnavailableDoublesTheBackOffUpToTheCap) {
  PolitenessOptions capped = options();
  capped.max_spacing = std::chrono::milliseconds(1000);
  Politeness politeness(client_, capped);
  std::vector<std::int64_t> back_offs;
  for (int i = 0; i < 5; ++i) back_offs.push_back(politeness.report(url("/"), 503).back_off_ms);
  EXPECT_EQ(back_offs, (std::vector<std::int64_t>{200, 400, 800, 1000, 1000}));
  EXPECT_EQ(politeness.report(url("/"), 404).back_off_ms, 1000);
  EXPECT_EQ(politeness.stats().back_offs_503, 5u);
}

// P4: Retry-After as an HTTP date, and a Retry-After over the cap, capped and said.
TEST_F(DefaultSpacingTest, P4_RetryAfterMayBeAnHttpDateAndIsCapped) {
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", 1445412470000), 10000);
  EXPECT_EQ(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", 1445412490000), 0);
  EXPECT_EQ(parse_retry_after(" 120 ", 0), 120000);
  EXPECT_FALSE(parse_retry_after("soon", 0).has_value());
  EXPECT_FALSE(parse_retry_after("-1", 0).has_value());
  Politeness politeness(client_, options());
  const BackOffReport report = politeness.report(url("/"), 429, "7200");
  EXPECT_TRUE(report.capped);
  EXPECT_EQ(report.back_off_ms, 60000);
}

// Bad reports are refused with a reason, never taken half-way.
TEST_F(DefaultSpacingTest, ReportsOfNoOriginOrNoStatusAreRefused) {
  Politeness politeness(client_, options());
  EXPECT_NE(politeness.report("not a url", 429).error, "");
  EXPECT_NE(politeness.report(url("/"), 42).error, "");
  EXPECT_NE(politeness.report(url("/"), 429, "tomorrow-ish").error, "");
  EXPECT_EQ(politeness.stats().back_offs_429, 0u);
}

// P7: values in the store are hostile until checked: a schedule or back-off of another
// form, or far in the future, is ignored and overwritten (in both stores).
TEST(ScheduleStoreTest, P7_HostileValuesAreIgnored) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  auto redis_store = std::make_shared<RedisStore>(
      RedisStoreOptions{.address = {.host = "127.0.0.1", .port = redis.port()}});
  RedisScheduleStore shared(redis_store);
  InMemoryScheduleStore local;
  for (ScheduleStore* store : std::vector<ScheduleStore*>{&local, &shared}) {
    for (const std::string& hostile :
         {std::string("99999999999999999"), std::string("-5"), std::string("1e300"),
          std::string("12 34"), std::to_string(kNow + 86'400'000)}) {
      ASSERT_EQ(store->write("s", hostile, std::chrono::seconds(60)), StoreStatus::kOk);
      ASSERT_EQ(store->write("b", hostile, std::chrono::seconds(60)), StoreStatus::kOk);
      const SlotReply reply = store->reserve({"s", "b", kNow, 100, 60000, 600000, 60000});
      ASSERT_EQ(reply.status, StoreStatus::kOk) << hostile;
      EXPECT_TRUE(reply.reserved) << hostile;
      EXPECT_EQ(reply.slot_ms, kNow) << hostile;
      EXPECT_EQ(reply.spacing_ms, 100) << hostile;
      EXPECT_EQ(store->read("s").value, std::to_string(kNow)) << hostile;
    }
  }
}

// The in-process schedule holds at most its bound of keys, whatever the traffic: the
// expired first, then those closest to expiry.
TEST(ScheduleStoreTest, InProcessScheduleKeepsAtMostItsBoundOfKeys) {
  InMemoryScheduleStore local(3);
  for (int i = 0; i < 100; ++i) {
    const std::string key = "s" + std::to_string(i);
    ASSERT_TRUE(local.reserve({key, "b", kNow, 100, 60000, 600000, 60000 + i}).reserved);
    EXPECT_LE(local.size(), 3u);
  }
  // The newest, which expires last, is still there.
  EXPECT_EQ(local.read("s99").value, std::to_string(kNow));
  EXPECT_EQ(local.read("s0").status, StoreStatus::kMissing);
}

// P6, P7: the Redis script and the in-process schedule answer alike, including the
// back-off's "not before" and the bound on waiting.
TEST(ScheduleStoreTest, P6_RedisAndInProcessSchedulesAgree) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  auto redis_store = std::make_shared<RedisStore>(
      RedisStoreOptions{.address = {.host = "127.0.0.1", .port = redis.port()}});
  RedisScheduleStore shared(redis_store);
  InMemoryScheduleStore local;
  std::vector<std::vector<std::int64_t>> answers;
  for (ScheduleStore* store : std::vector<ScheduleStore*>{&local, &shared}) {
    std::vector<std::int64_t> answer;
    const auto reserve = [&](std::int64_t now) {
      const SlotReply reply = store->reserve({"s", "b", now, 100, 5000, 1200, 60000});
      answer.insert(answer.end(), {reply.reserved ? 1 : 0, reply.slot_ms - kNow, reply.spacing_ms,
                                   reply.backed_off ? 1 : 0});
    };
    reserve(kNow);
    reserve(kNow);
    ASSERT_EQ(store->write("b", format_back_off({400, kNow + 700}), std::chrono::seconds(60)),
              StoreStatus::kOk);
    reserve(kNow + 10);
    reserve(kNow + 10);
    reserve(kNow + 10);  // at +1500: beyond the 1200 ms wait
    ASSERT_EQ(store->release("s", kNow + 1100, 400), StoreStatus::kOk);
    reserve(kNow + 20);
    answers.push_back(answer);
  }
  // The back-off {400, not before +700} ends at +1100: the slot after it is spaced by
  // the base spacing again; the release no longer finds its slot the last one, and the
  // next slot, at +1300, is beyond the 1200 ms wait.
  EXPECT_EQ(answers[0], (std::vector<std::int64_t>{1, 0,    100, 0,  //
                                                   1, 100,  100, 0,  //
                                                   1, 700,  400, 1,  //
                                                   1, 1100, 400, 1,  //
                                                   1, 1200, 100, 0,  //
                                                   0, 1300, 100, 0}));
  EXPECT_EQ(answers[1], answers[0]);
}

// P6: many threads of two processes' worth of Politeness objects on one Redis never get
// the same slot, and consecutive slots are exactly one spacing apart.
TEST_F(DefaultSpacingTest, P6_TwoInstancesOnOneRedisNeverShareASlot) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  auto redis_store = std::make_shared<RedisStore>(
      RedisStoreOptions{.address = {.host = "127.0.0.1", .port = redis.port()}});
  PolitenessOptions shared = options();
  shared.shared_schedule = std::make_shared<RedisScheduleStore>(redis_store);
  RobotsClient other_client;
  Politeness first(client_, shared);
  Politeness second(other_client, shared);
  constexpr int kThreads = 8;
  constexpr int kEach = 25;
  std::vector<std::vector<std::int64_t>> slots(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      Politeness& politeness = t % 2 == 0 ? first : second;
      for (int i = 0; i < kEach; ++i) {
        const Slot slot = politeness.acquire(url("/p"), "MyBot");
        if (slot.reserved && slot.shared) slots[t].push_back(slot.not_before_ms);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<std::int64_t> all;
  for (const auto& some : slots) all.insert(all.end(), some.begin(), some.end());
  ASSERT_EQ(all.size(), static_cast<std::size_t>(kThreads * kEach));
  std::sort(all.begin(), all.end());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i], kNow + static_cast<std::int64_t>(i) * 100) << i;
  }
}

// P8: with Redis down each instance keeps its own schedule and says so; once Redis is
// back, it joins the shared one again.
TEST_F(DefaultSpacingTest, P8_RedisDownFallsBackToThisProcessAndRejoins) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  auto redis_store = std::make_shared<RedisStore>(
      RedisStoreOptions{.address = {.host = "127.0.0.1", .port = redis.port()}});
  PolitenessOptions shared = options();
  shared.shared_schedule = std::make_shared<RedisScheduleStore>(redis_store);
  shared.retry_shared_after = std::chrono::milliseconds(1);
  Politeness politeness(client_, shared);
  ASSERT_TRUE(politeness.acquire(url("/a"), "MyBot").shared);
  redis.kill_now();
  const Slot alone = politeness.acquire(url("/b"), "MyBot");
  EXPECT_TRUE(alone.reserved);
  EXPECT_FALSE(alone.shared);
  EXPECT_FALSE(politeness.shared_reachable());
  EXPECT_GE(politeness.stats().shared_errors, 1u);
  EXPECT_GE(politeness.stats().local_fallbacks, 1u);
  ASSERT_TRUE(redis.restart());
  EXPECT_TRUE(politeness.shared_reachable());
  const Slot again = politeness.acquire(url("/c"), "MyBot");
  EXPECT_TRUE(again.shared);
  EXPECT_TRUE(again.reserved);
}

}  // namespace
}  // namespace robotstxt
