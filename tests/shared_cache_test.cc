// The fleet's shared cache tier (shared_cache.h): one fetch per origin for every process
// sharing the store, the docs/semantics.md 7 error timeline continued from the shared history
// across restarts, and a store that fails never failing an answer. The tier tests run
// three times: against the in-memory store, a real redis-server on loopback, and a local
// Redis Cluster of three masters.
#include "robotstxt/shared_cache.h"

#include <gtest/gtest.h>

#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "fetch/shared_record.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"
#include "support/in_memory_store.h"
#include "support/redis_cluster.h"
#include "support/redis_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;
using testing::InMemoryStore;
using testing::LocalRedisCluster;
using testing::RedisServer;

const TimePoint kStart = TimePoint{} + std::chrono::days(20000);

FetchOutcome response(int status, std::string body) {
  FetchOutcome outcome;
  outcome.robots_url = "http://example.test/robots.txt";
  outcome.kind = FetchKind::kResponse;
  outcome.status = status;
  outcome.body = std::move(body);
  return outcome;
}

TEST(SharedRecordTest, RoundTripsWhatThePolicyNeeds) {
  const std::string body = "User-agent: *\nDisallow: /private\n\nbinary \x01\x02\n";
  const RobotsEntry good = next_entry(nullptr, response(200, body), kStart);
  FetchOutcome failure;
  failure.robots_url = "http://example.test/robots.txt";
  failure.kind = FetchKind::kTooManyRedirects;
  failure.hops = {{"http://example.test/robots.txt", 301, "http://example.test/a%20b"}};
  failure.error = "stopped\nafter 5 hops";
  FetchOutcome server_error = response(503, "busy");
  const RobotsEntry failing = next_entry(&good, server_error, kStart + std::chrono::hours(30));

  const std::optional<SharedRecord> read =
      internal::decode_shared_record(internal::encode_shared_record(failing, body));
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->good_body, body);
  EXPECT_EQ(read->entry.errors_since, failing.errors_since);
  EXPECT_EQ(read->entry.last_answer, failing.last_answer);
  EXPECT_EQ(read->entry.fetched_at, failing.fetched_at);
  EXPECT_EQ(read->entry.fresh_until, failing.fresh_until);
  EXPECT_TRUE(read->entry.server_answered_error);
  EXPECT_EQ(read->entry.last_fetch.status, 503);
  ASSERT_NE(read->entry.good_copy, nullptr);
  EXPECT_FALSE(read->entry.good_copy->allowed("http://example.test/private", "bot"));

  const RobotsEntry redirected = next_entry(nullptr, failure, kStart);
  const std::optional<SharedRecord> hops =
      internal::decode_shared_record(internal::encode_shared_record(redirected, ""));
  ASSERT_TRUE(hops.has_value());
  EXPECT_EQ(hops->entry.good_copy, nullptr);
  EXPECT_EQ(hops->entry.last_fetch.kind, FetchKind::kTooManyRedirects);
  ASSERT_EQ(hops->entry.last_fetch.hops.size(), 1u);
  EXPECT_EQ(hops->entry.last_fetch.hops[0].to, "http://example.test/a%20b");
  EXPECT_EQ(hops->entry.last_fetch.error, "stopped after 5 hops") << "one line per value";
}

// Whatever sits under the key (a cut write, another program's value) is "no record".
TEST(SharedRecordTest, AnythingElseIsNoRecord) {
  const RobotsEntry good = next_entry(nullptr, response(200, "Disallow: /x\n"), kStart);
  const std::string text = internal::encode_shared_record(good, "Disallow: /x\n");
  for (std::size_t cut = 0; cut < text.size(); ++cut) {
    EXPECT_FALSE(internal::decode_shared_record(text.substr(0, cut)).has_value()) << cut;
  }
  EXPECT_FALSE(internal::decode_shared_record(text + "more").has_value());
  std::string wrong_kind = text;
  wrong_kind.replace(wrong_kind.find("kind=response"), 13, "kind=rumours!");
  EXPECT_FALSE(internal::decode_shared_record(wrong_kind).has_value());
  EXPECT_FALSE(internal::decode_shared_record("robotstxt-record 2\n").has_value());
}

TEST(RedisUrlTest, ReadsHostPortAndDatabase) {
  const RedisUrlResult full = parse_redis_url("redis://10.1.2.3:6380/4");
  ASSERT_TRUE(full.address.has_value()) << full.error;
  EXPECT_EQ(full.address->host, "10.1.2.3");
  EXPECT_EQ(full.address->port, 6380);
  EXPECT_EQ(full.address->database, 4);
  const RedisUrlResult plain = parse_redis_url("redis://cache.internal");
  ASSERT_TRUE(plain.address.has_value());
  EXPECT_EQ(plain.address->port, 6379);
  EXPECT_EQ(plain.address->database, 0);
  EXPECT_EQ(parse_redis_url("redis://[::1]:7000/").address->host, "::1");
  for (const char* bad : {"http://h:1", "redis://", "redis://h:0", "redis://h:70000",
                          "redis://h:12x", "redis://h/db", "redis://h/-1"}) {
    const RedisUrlResult refused = parse_redis_url(bad);
    EXPECT_FALSE(refused.address.has_value()) << bad;
    EXPECT_FALSE(refused.error.empty()) << bad;
  }
}

TEST(RedisUrlTest, ReadsUserAndPasswordAndNeverQuotesThem) {
  const RedisUrlResult acl = parse_redis_url("redis://fleet:s3cret@10.1.2.3:6380/4");
  ASSERT_TRUE(acl.address.has_value()) << acl.error;
  EXPECT_EQ(acl.address->host, "10.1.2.3");
  EXPECT_EQ(acl.address->port, 6380);
  EXPECT_EQ(acl.address->username, "fleet");
  EXPECT_EQ(acl.address->password, "s3cret");
  // The password alone (Redis before ACLs), and one holding '@', '/' and ':' escaped or not.
  const RedisUrlResult plain = parse_redis_url("redis://:p%40ss@cache");
  ASSERT_TRUE(plain.address.has_value()) << plain.error;
  EXPECT_EQ(plain.address->username, "");
  EXPECT_EQ(plain.address->password, "p@ss");
  EXPECT_EQ(plain.address->host, "cache");
  EXPECT_EQ(parse_redis_url("redis://u:a@b/c:d@cache:7000/1").address->password, "a@b/c:d");
  for (const char* bad :
       {"redis://s3cret@cache", "redis://u:@cache", "redis://u:s3cret%4@cache",
        "redis://u:s3cret%zz@cache", "redis://u:s3cret@", "redis://u:s3cret@h:x"}) {
    const RedisUrlResult refused = parse_redis_url(bad);
    EXPECT_FALSE(refused.address.has_value()) << bad;
    EXPECT_FALSE(refused.error.empty()) << bad;
    EXPECT_EQ(refused.error.find("s3cret"), std::string::npos) << refused.error;
  }
}

TEST(RedisUrlTest, RedactionDropsEverythingBeforeTheLastAt) {
  EXPECT_EQ(redact_redis_url("redis://fleet:s3cret@10.0.0.5:6379/0"),
            "redis://***@10.0.0.5:6379/0");
  EXPECT_EQ(redact_redis_url("redis://u:a@b@cache/0"), "redis://***@cache/0");
  EXPECT_EQ(redact_redis_url("redis://cache:6379/0"), "redis://cache:6379/0");
  EXPECT_EQ(redact_redis_url("s3cret@cache"), "***@cache");  // not even a URL
}

// The TTL of the key scheme: freshness plus the 30 days docs/semantics.md 7 may still need.
TEST(SharedCacheKeysTest, RecordsLiveForFreshnessPlusTheLastGoodCopyLimit) {
  auto store = std::make_shared<InMemoryStore>();
  SharedCache cache(store);
  const RobotsEntry good = next_entry(nullptr, response(200, "Disallow: /x\n"), kStart);
  cache.publish("http://example.test", good, "Disallow: /x\n", kStart, {});
  const auto ttl = store->ttl("robotstxt:v1:origin:{http://example.test}");
  EXPECT_GT(ttl, std::chrono::hours(24) + std::chrono::days(30) - std::chrono::minutes(1));
  EXPECT_LE(ttl, std::chrono::hours(24) + std::chrono::days(30));
  EXPECT_EQ(cache.stats().writes, 1u);
}

// The tier's behaviour, once over each store.
class SharedTierTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    if (GetParam() == "cluster") {
      cluster_ = std::make_unique<LocalRedisCluster>();
      ASSERT_TRUE(cluster_->ok()) << "the Redis Cluster did not come up";
      RedisStoreOptions options;
      options.cluster_seeds = parse_redis_cluster_seeds(cluster_->seeds()).seeds;
      store_ = std::make_shared<RedisStore>(options);
    } else if (GetParam() == "redis") {
      redis_ = std::make_unique<RedisServer>();
      ASSERT_NE(redis_->port(), 0) << "redis-server did not start";
      RedisStoreOptions options;
      options.address = *parse_redis_url(redis_->url()).address;
      store_ = std::make_shared<RedisStore>(options);
    } else {
      memory_ = std::make_shared<InMemoryStore>();
      store_ = memory_;
    }
    ASSERT_NE(origin_.port(), 0);
  }

  // A new process of the fleet: its own memory, the shared store, the fixture origin.
  RobotsClient instance(std::string connect_to = {}) {
    RobotsClientOptions options;
    options.fetch.connect_to.push_back(connect_to.empty() ? origin_.connect_to_all() : connect_to);
    options.fetch.total_timeout = total_timeout_;
    options.shared_store = store_;
    options.shared_cache.retry_after = std::chrono::milliseconds(0);
    options.clock = [this] { return now_; };
    return RobotsClient(options);
  }

  void store_goes_down() {
    if (cluster_) {
      for (std::size_t i = 0; i < LocalRedisCluster::kMasters; ++i) cluster_->node(i).kill_now();
    } else if (redis_) {
      redis_->kill_now();
    } else {
      memory_->down = true;
    }
  }
  bool store_comes_back() {
    if (cluster_) {
      for (std::size_t i = 0; i < LocalRedisCluster::kMasters; ++i) {
        if (!cluster_->node(i).restart()) return false;
      }
      return cluster_->becomes_ok();
    }
    if (redis_) return redis_->restart();
    memory_->down = false;
    return true;
  }

  FixtureServer origin_{"robots_server.py"};
  std::unique_ptr<RedisServer> redis_;
  std::unique_ptr<LocalRedisCluster> cluster_;
  std::shared_ptr<InMemoryStore> memory_;
  std::shared_ptr<SharedStore> store_;
  TimePoint now_ = kStart;
  std::chrono::milliseconds total_timeout_{std::chrono::seconds(60)};
};

INSTANTIATE_TEST_SUITE_P(Stores, SharedTierTest, ::testing::Values("memory", "redis", "cluster"));

TEST_P(SharedTierTest, SecondInstanceAnswersFromTheSharedTier) {
  RobotsClient first = instance();
  const Decision fetched = first.decide("http://shared.test/private/a", "bot");
  EXPECT_EQ(fetched.cache, CacheTier::kFetched);
  EXPECT_FALSE(fetched.allowed);

  RobotsClient second = instance();
  const Decision shared = second.decide("http://shared.test/private/a", "bot");
  EXPECT_EQ(shared.cache, CacheTier::kShared);
  EXPECT_FALSE(shared.allowed);
  EXPECT_EQ(shared.state.reason, AccessReason::kParsed);
  ASSERT_NE(shared.verdict.line, 0u);
  EXPECT_EQ(shared.verdict.line, fetched.verdict.line);
  EXPECT_TRUE(second.allowed("http://shared.test/public", "bot"));
  EXPECT_EQ(second.decide("http://shared.test/x", "bot").cache, CacheTier::kMemory);
  EXPECT_EQ(origin_.request_count("shared"), 1);
  EXPECT_EQ(second.shared_cache()->stats().hits, 1u);
}

// The window between looking up and taking the lock: another process publishes its
// record and lets go of the lock just then. Taking the lock must not mean fetching again.
TEST(SharedTierRaceTest, RecordPublishedBetweenLookupAndLockIsUsedNotRefetched) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  auto store = std::make_shared<InMemoryStore>();
  const auto client_options = [&] {
    RobotsClientOptions options;
    options.fetch.connect_to.push_back(origin.connect_to_all());
    options.shared_store = store;
    options.clock = [] { return kStart; };
    return options;
  };
  RobotsClient first(client_options());
  RobotsClient second(client_options());
  // The second instance finds no record; before it takes the lock, the first fetches and
  // publishes (and releases its own lock).
  store->before_next_acquire = [&] {
    EXPECT_EQ(first.decide("http://race.test/private/a", "bot").cache, CacheTier::kFetched);
  };
  const Decision second_answer = second.decide("http://race.test/private/a", "bot");
  EXPECT_EQ(second_answer.cache, CacheTier::kShared);
  EXPECT_FALSE(second_answer.allowed);
  EXPECT_EQ(origin.request_count("race"), 1);
  // The second instance gave its lock back: a third may take it at once.
  EXPECT_EQ(
      store->acquire("robotstxt:v1:lock:{http://race.test}", "third", std::chrono::seconds(5)),
      StoreStatus::kOk);
}

// docs/semantics.md 7 through the shared history: each step is a new process (a restart) with an
// empty memory; a fake clock moves through the 12 hours and the 30 days.
TEST_P(SharedTierTest, ErrorTimelineContinuesAcrossRestarts) {
  const std::string url = "http://flaky.test/private/a";
  EXPECT_FALSE(instance().decide(url, "bot").allowed);  // 2xx: the rules disallow /private

  // From now on the origin cannot be reached.
  const std::string dead = "::127.0.0.1:" + std::to_string(testing::unused_port());
  now_ += std::chrono::hours(25);  // the copy went stale: the next process fetches
  const TimePoint first_error = now_;
  Decision down = instance(dead).decide("http://flaky.test/public", "bot");
  EXPECT_EQ(down.cache, CacheTier::kFetched);
  EXPECT_EQ(down.state.reason, AccessReason::kRecentServerError);
  EXPECT_FALSE(down.allowed);

  now_ = first_error + std::chrono::hours(11);
  down = instance(dead).decide("http://flaky.test/public", "bot");
  EXPECT_EQ(down.state.reason, AccessReason::kRecentServerError) << "not a new 12 hours";
  ASSERT_NE(down.entry, nullptr);
  EXPECT_EQ(down.entry->errors_since, first_error);

  now_ = first_error + std::chrono::hours(13);
  RobotsClient later = instance(dead);
  const Decision last_good = later.decide("http://flaky.test/public", "bot");
  EXPECT_EQ(last_good.state.reason, AccessReason::kLastGoodCopy);
  EXPECT_TRUE(last_good.allowed);
  EXPECT_FALSE(later.decide(url, "bot").allowed) << "the last good copy's rules apply";

  now_ = first_error + std::chrono::days(31);
  const Decision long_down = instance(dead).decide("http://flaky.test/public", "bot");
  EXPECT_EQ(long_down.state.reason, AccessReason::kLongErrorSiteDown);
  EXPECT_FALSE(long_down.allowed);
  EXPECT_EQ(origin_.request_count("flaky"), 1);
}

// While another process holds the origin's lock, this one waits for its record.
TEST_P(SharedTierTest, WaitsForAnotherProcessInsteadOfFetching) {
  const std::string lock = "robotstxt:v1:lock:{http://waited.test}";
  ASSERT_EQ(store_->acquire(lock, "another-process", std::chrono::seconds(60)), StoreStatus::kOk);
  RobotsClient client = instance();
  auto decision = std::async(
      std::launch::async, [&] { return client.decide("http://waited.test/from-record", "bot"); });
  for (int i = 0; i < 30000 && client.shared_cache()->stats().misses == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(client.shared_cache()->stats().misses, 1u) << "the client never looked";
  const std::string body = "User-agent: *\nDisallow: /from-record\n";
  FetchOutcome fetched = response(200, body);
  fetched.robots_url = "http://waited.test/robots.txt";  // a record names its own origin
  const RobotsEntry entry = next_entry(nullptr, fetched, now_);
  ASSERT_EQ(store_->put("robotstxt:v1:origin:{http://waited.test}",
                        internal::encode_shared_record(entry, body), std::chrono::hours(1)),
            StoreStatus::kOk);
  const Decision waited = decision.get();
  EXPECT_EQ(waited.cache, CacheTier::kShared);
  EXPECT_FALSE(waited.allowed) << "the rules of the other process's fetch";
  EXPECT_EQ(origin_.request_count("waited"), 0);
  EXPECT_EQ(client.shared_cache()->stats().waits, 1u);
}

// A holder that gives up (its fetch failed locally, or it died and the lock expired)
// leaves the lock free: the waiter takes it and fetches.
TEST_P(SharedTierTest, FetchesWhenTheHolderLetsGo) {
  const std::string lock = "robotstxt:v1:lock:{http://released.test}";
  ASSERT_EQ(store_->acquire(lock, "another-process", std::chrono::seconds(60)), StoreStatus::kOk);
  RobotsClient client = instance();
  auto decision = std::async(std::launch::async,
                             [&] { return client.decide("http://released.test/private", "bot"); });
  for (int i = 0; i < 30000 && client.shared_cache()->stats().misses == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_EQ(client.shared_cache()->stats().misses, 1u) << "the client never looked";
  ASSERT_EQ(store_->release(lock, "another-process"), StoreStatus::kOk);
  const Decision fetched = decision.get();
  EXPECT_EQ(fetched.cache, CacheTier::kFetched);
  EXPECT_FALSE(fetched.allowed);
  EXPECT_EQ(origin_.request_count("released"), 1);
  EXPECT_EQ(client.shared_cache()->stats().waits, 1u);
  EXPECT_EQ(client.shared_cache()->stats().wait_timeouts, 0u);
}

// Waiting is bounded by the fetch timeout: a lock that never frees up costs one timeout.
TEST_P(SharedTierTest, WaitingEndsAtTheFetchTimeout) {
  ASSERT_EQ(store_->acquire("robotstxt:v1:lock:{http://stuck.test}", "another-process",
                            std::chrono::hours(1)),
            StoreStatus::kOk);
  total_timeout_ = std::chrono::milliseconds(200);
  RobotsClient client = instance();
  const Decision decision = client.decide("http://stuck.test/private", "bot");
  EXPECT_EQ(decision.cache, CacheTier::kFetched);
  EXPECT_FALSE(decision.allowed);
  EXPECT_EQ(client.shared_cache()->stats().wait_timeouts, 1u);
}

// Many threads of two processes ask for the same origins at once: one fetch each.
TEST_P(SharedTierTest, ConcurrentInstancesFetchEachOriginOnce) {
  RobotsClient first = instance();
  RobotsClient second = instance();
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      RobotsClient& client = t % 2 == 0 ? first : second;
      for (int origin = 0; origin < 5; ++origin) {
        const std::string url = "http://fleet" + std::to_string(origin) + ".test/private";
        EXPECT_FALSE(client.allowed(url, "bot"));
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int origin = 0; origin < 5; ++origin) {
    EXPECT_EQ(origin_.request_count("fleet" + std::to_string(origin)), 1) << origin;
  }
}

// A store that fails is counted and skipped, never an error; it is used again once back.
TEST_P(SharedTierTest, StoreOutageFallsBackToFetchingAndRecovers) {
  RobotsClient client = instance();
  store_goes_down();
  const Decision during = client.decide("http://outage.test/private", "bot");
  EXPECT_EQ(during.cache, CacheTier::kFetched);
  EXPECT_FALSE(during.allowed);
  EXPECT_GE(client.shared_cache()->stats().errors, 1u);
  EXPECT_EQ(client.shared_cache()->stats().writes, 0u);

  ASSERT_TRUE(store_comes_back());
  // The background probe finds it back; no request asks in the meantime.
  for (int i = 0; i < 5000 && !client.shared_cache()->available(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_TRUE(client.shared_cache()->available());
  const Decision after = client.decide("http://recovered.test/private", "bot");
  EXPECT_EQ(after.cache, CacheTier::kFetched);
  EXPECT_EQ(client.shared_cache()->stats().writes, 1u);
  EXPECT_TRUE(client.shared_cache()->available());
  EXPECT_EQ(instance().decide("http://recovered.test/private", "bot").cache, CacheTier::kShared);
}

// refresh(): fetched now although both tiers hold a fresh copy, and shared at once.
TEST_P(SharedTierTest, RefreshFetchesAgainAndPublishes) {
  RobotsClient client = instance();
  EXPECT_EQ(client.decide("http://renewed.test/private", "bot").cache, CacheTier::kFetched);
  now_ += std::chrono::minutes(1);
  const RobotsCache::EntryPtr renewed = client.refresh(*origin_of("http://renewed.test/").origin);
  ASSERT_NE(renewed, nullptr);
  EXPECT_EQ(renewed->fetched_at, now_);
  EXPECT_EQ(origin_.request_count("renewed"), 2);
  const Decision elsewhere = instance().decide("http://renewed.test/private", "bot");
  EXPECT_EQ(elsewhere.cache, CacheTier::kShared);
  EXPECT_EQ(elsewhere.entry->fetched_at, now_);
  EXPECT_TRUE(client.shared_cache()->reachable());
}

// decide_if_cached(): an answer only from this process's fresh memory, never a fetch.
TEST(DecideIfCachedTest, AnswersOnlyFromFreshMemory) {
  FixtureServer origin("robots_server.py");
  TimePoint now = kStart;
  RobotsClientOptions options;
  options.fetch.connect_to.push_back(origin.connect_to_all());
  options.clock = [&now] { return now; };
  RobotsClient client(options);
  EXPECT_FALSE(client.decide_if_cached("http://inline.test/private", "bot").has_value());
  EXPECT_EQ(origin.request_count("inline"), 0);
  (void)client.decide("http://inline.test/", "bot");
  const std::optional<Decision> cached =
      client.decide_if_cached("http://inline.test/private", "bot");
  ASSERT_TRUE(cached.has_value());
  EXPECT_FALSE(cached->allowed);
  EXPECT_EQ(cached->cache, CacheTier::kMemory);
  EXPECT_EQ(cached->robots_url, "http://inline.test/robots.txt");
  EXPECT_EQ(cached->verdict.line, 2u);
  const std::optional<Decision> crawler =
      client.decide_if_cached("http://inline.test/open", *find_crawler("Googlebot-Image"));
  ASSERT_TRUE(crawler.has_value());
  EXPECT_TRUE(crawler->allowed);
  const std::optional<Decision> no_origin = client.decide_if_cached("no url", "bot");
  ASSERT_TRUE(no_origin.has_value());
  EXPECT_NE(no_origin->url_error, UrlError::kNone);
  now += std::chrono::hours(25);  // stale
  EXPECT_FALSE(client.decide_if_cached("http://inline.test/private", "bot").has_value());
  EXPECT_EQ(origin.request_count("inline"), 1);
}

// Without a shared tier nothing changes: memory and fetches only.
TEST(SharedTierAbsentTest, ClientWithoutStoreUsesItsOwnCache) {
  FixtureServer origin("robots_server.py");
  RobotsClientOptions options;
  options.fetch.connect_to.push_back(origin.connect_to_all());
  RobotsClient client(options);
  EXPECT_EQ(client.shared_cache(), nullptr);
  EXPECT_EQ(client.decide("http://alone.test/private", "bot").cache, CacheTier::kFetched);
  EXPECT_EQ(client.decide("http://alone.test/private", "bot").cache, CacheTier::kMemory);
  EXPECT_EQ(origin.request_count("alone"), 1);
}

}  // namespace
}  // namespace robotstxt
