// The cache of docs/semantics.md 7: bounded (LRU by entries and bytes), fresh entries reused,
// stale ones reloaded, and single-flight: one load per origin however many ask at once.
#include "robotstxt/cache.h"

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"

namespace robotstxt {
namespace {

const TimePoint kNow = TimePoint{} + std::chrono::days(20000);

RobotsEntry entry_with(std::string body, TimePoint fetched = kNow) {
  FetchOutcome outcome;
  outcome.kind = FetchKind::kResponse;
  outcome.status = 200;
  outcome.body = std::move(body);
  return next_entry(nullptr, outcome, fetched);
}

// A loader that counts its calls and the keys it was asked for.
struct CountingLoader {
  std::atomic<int> calls{0};
  std::atomic<int> keys{0};
  RobotsCache::Loader loader() {
    return [this](std::span<const std::string> wanted, std::span<const RobotsCache::EntryPtr>) {
      ++calls;
      keys += static_cast<int>(wanted.size());
      std::vector<RobotsEntry> entries;
      for (std::size_t i = 0; i < wanted.size(); ++i) entries.push_back(entry_with(""));
      return entries;
    };
  }
};

// A local failure is not the origin's state (fetcher.h, FetchKind::kLocalError): the
// caller gets it, the cache keeps what it had, and the next call loads again.
TEST(CacheTest, LocalFailuresAreReturnedButNeverStored) {
  RobotsCache cache;
  FetchOutcome local;
  local.kind = FetchKind::kLocalError;
  local.error = "socket: Too many open files";
  int loads = 0;
  const RobotsCache::Loader failing = [&](std::span<const std::string> keys,
                                          std::span<const RobotsCache::EntryPtr>) {
    ++loads;
    return std::vector<RobotsEntry>(keys.size(), next_entry(nullptr, local, kNow));
  };
  const RobotsCache::EntryPtr first = cache.get_or_load("a", kNow, failing);
  ASSERT_NE(first, nullptr);
  EXPECT_TRUE(first->is_local_failure());
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.find("a"), nullptr);
  (void)cache.get_or_load("a", kNow, failing);
  EXPECT_EQ(loads, 2);

  (void)cache.insert("b", entry_with("User-agent: *\nDisallow: /\n"));
  const RobotsCache::EntryPtr stale = cache.get_or_load("b", kNow + std::chrono::days(2), failing);
  EXPECT_TRUE(stale->is_local_failure());
  ASSERT_NE(cache.find("b"), nullptr);
  EXPECT_FALSE(cache.find("b")->is_local_failure()) << "the stored entry is kept";
  (void)cache.insert("c", next_entry(nullptr, local, kNow));
  EXPECT_EQ(cache.find("c"), nullptr);
}

TEST(CacheTest, EntryCountBoundEvictsLeastRecentlyUsed) {
  RobotsCache cache({.max_entries = 3, .max_bytes = std::size_t{1} << 30});
  for (const char* key : {"a", "b", "c"}) (void)cache.insert(key, entry_with(""));
  EXPECT_NE(cache.find("a"), nullptr);  // "a" is now the most recently used
  (void)cache.insert("d", entry_with(""));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_NE(cache.find("a"), nullptr);
  EXPECT_NE(cache.find("c"), nullptr);
  EXPECT_NE(cache.find("d"), nullptr);
}

TEST(CacheTest, ByteBoundEvictsLeastRecentlyUsed) {
  std::string big_rules = "User-agent: *\n";
  for (int i = 0; i < 2000; ++i) big_rules += "Disallow: /path-" + std::to_string(i) + "\n";
  const std::size_t one = entry_with(big_rules).memory_usage();
  RobotsCache cache({.max_entries = 1000, .max_bytes = one * 3 + one / 2});
  for (const char* key : {"a", "b", "c", "d", "e"}) (void)cache.insert(key, entry_with(big_rules));
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_LE(cache.bytes(), one * 3 + one / 2);
  EXPECT_EQ(cache.find("a"), nullptr);
  EXPECT_EQ(cache.find("b"), nullptr);
  EXPECT_NE(cache.find("e"), nullptr);
}

TEST(CacheTest, ReplacingAnEntryKeepsTheByteCountRight) {
  RobotsCache cache;
  (void)cache.insert("a", entry_with("User-agent: *\nDisallow: /x\n"));
  const std::size_t before = cache.bytes();
  (void)cache.insert("a", entry_with("User-agent: *\nDisallow: /x\n"));
  EXPECT_EQ(cache.bytes(), before);
  EXPECT_EQ(cache.size(), 1u);
}

TEST(CacheTest, FreshEntriesAreReusedStaleOnesReloadedWithThePreviousEntry) {
  RobotsCache cache;
  CountingLoader counter;
  (void)cache.get_or_load("a", kNow, counter.loader());
  (void)cache.get_or_load("a", kNow + std::chrono::hours(23), counter.loader());
  EXPECT_EQ(counter.calls, 1);
  const RobotsCache::EntryPtr old = cache.find("a");
  RobotsCache::EntryPtr seen_previous;
  (void)cache.get_or_load(
      "a", kNow + std::chrono::hours(25),
      [&](std::span<const std::string>, std::span<const RobotsCache::EntryPtr> previous) {
        seen_previous = previous[0];
        return std::vector<RobotsEntry>{entry_with("")};
      });
  EXPECT_EQ(seen_previous, old);
}

TEST(CacheTest, BatchLoadsEachMissingKeyOnceInOneCall) {
  RobotsCache cache;
  CountingLoader counter;
  (void)cache.get_or_load("cached", kNow, counter.loader());
  const std::vector<std::string> keys{"a", "b", "a", "cached", "c", "b"};
  const std::vector<RobotsCache::EntryPtr> entries =
      cache.get_or_load(keys, kNow, counter.loader());
  EXPECT_EQ(counter.calls, 2);
  EXPECT_EQ(counter.keys, 4);  // "cached" once before, then a, b, c
  ASSERT_EQ(entries.size(), keys.size());
  EXPECT_EQ(entries[0], entries[2]);
  EXPECT_EQ(entries[1], entries[5]);
  for (const auto& entry : entries) EXPECT_NE(entry, nullptr);
}

TEST(CacheTest, ConcurrentCallersOfOneKeyShareOneLoad) {
  constexpr int kCallers = 50;
  RobotsCache cache;
  std::atomic<int> loads_started{0};
  std::atomic<int> callers_arrived{0};
  std::atomic<int> arrived_while_loading{0};
  // The load lasts until every caller has come to get_or_load(), so that all of them ask
  // while it is in flight, however slowly the threads start; it gives up after 10 s so
  // that the test stops by itself, and the count below then says why.
  const RobotsCache::Loader waiting_for_everyone = [&](std::span<const std::string> keys,
                                                       std::span<const RobotsCache::EntryPtr>) {
    ++loads_started;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (callers_arrived < kCallers && std::chrono::steady_clock::now() < give_up) {
      std::this_thread::yield();
    }
    arrived_while_loading = callers_arrived.load();
    return std::vector<RobotsEntry>(keys.size(), entry_with(""));
  };
  std::vector<std::thread> threads;
  std::vector<RobotsCache::EntryPtr> seen(kCallers);
  for (int i = 0; i < kCallers; ++i) {
    threads.emplace_back([&, i] {
      ++callers_arrived;
      seen[i] = cache.get_or_load("one", kNow, waiting_for_everyone);
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(arrived_while_loading, kCallers);
  EXPECT_EQ(loads_started, 1);
  for (const auto& entry : seen) EXPECT_EQ(entry, seen[0]);
}

TEST(CacheTest, LoaderExceptionReachesTheCallerAndReleasesTheKey) {
  RobotsCache cache;
  const RobotsCache::Loader failing =
      [](std::span<const std::string>,
         std::span<const RobotsCache::EntryPtr>) -> std::vector<RobotsEntry> {
    throw std::runtime_error("loader failed");
  };
  EXPECT_THROW((void)cache.get_or_load("a", kNow, failing), std::runtime_error);
  CountingLoader counter;
  EXPECT_NE(cache.get_or_load("a", kNow, counter.loader()), nullptr);
  EXPECT_EQ(counter.calls, 1);
}

// Single flight end to end: 100 threads ask about one origin through RobotsClient; the
// server counts the requests it receives.
TEST(CacheTest, HundredThreadsOneOriginOneRequestOnTheServer) {
  testing::FixtureServer server("robots_server.py");
  ASSERT_NE(server.port(), 0);
  RobotsClientOptions options;
  options.fetch.connect_to.push_back(server.connect_to_all());
  RobotsClient client(options);
  std::atomic<int> disallowed{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 100; ++i) {
    threads.emplace_back([&, i] {
      const std::string url = "http://single.test/private/" + std::to_string(i);
      if (!client.decide(url, {"FooBot"}).allowed) ++disallowed;
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(server.request_count("single"), 1);
  EXPECT_EQ(disallowed, 100);
  EXPECT_EQ(client.cache().size(), 1u);
}

// A batch in runs of one host's URLs reads each run's origin once (origin_prefix.h): every
// URL must still get its own origin's answer, as decide() gives it alone. The origins
// differ in rules, so a URL credited to its neighbour's origin answers wrongly.
TEST(CacheTest, BatchAnswersEachUrlAsItsOwnOriginDoes) {
  RobotsClientOptions options;
  options.clock = [] { return kNow; };
  RobotsClient client(options);
  (void)client.cache().insert("http://a.com", entry_with("User-agent: *\nDisallow: /private\n"));
  (void)client.cache().insert("http://a.com:8080", entry_with("User-agent: *\nDisallow: /public"));
  (void)client.cache().insert("https://a.com", entry_with("User-agent: *\nDisallow: /\n"));
  (void)client.cache().insert("http://b.com", entry_with(""));
  // Neighbours that share bytes but not an origin: a port, user info, another host.
  const std::vector<std::string> urls = {"http://a.com/private",
                                         "http://a.com:8080/private",
                                         "http://a.com:8080/public",
                                         "http://a.com/public",
                                         "http://a.com@b.com/private",
                                         "http://b.com/private",
                                         "http://b.com@a.com/private",
                                         "http://a.com?private",
                                         "http://a.com:8080?public",
                                         "http://a.com#x",
                                         "http://A.COM/private",
                                         "http://a.com:80/private",
                                         "https://a.com/public",
                                         "https://a.com:443/public",
                                         "http://user@a.com/private",
                                         "http://a.com:99999/private",
                                         "http://a.com:99999/public",
                                         "not a url",
                                         "http://a.com",
                                         " http://a.com/private",
                                         "http://a.com/private",
                                         "http:/a.com/private",
                                         "http://a.com/private",
                                         "http://a.com/public"};
  const std::vector<Decision> batch = client.decide_all(urls, {"bot"});
  ASSERT_EQ(batch.size(), urls.size());
  for (std::size_t i = 0; i < urls.size(); ++i) {
    const Decision alone = client.decide(urls[i], {"bot"});
    EXPECT_EQ(batch[i].url_error, alone.url_error) << urls[i];
    EXPECT_EQ(batch[i].robots_url, alone.robots_url) << urls[i];
    EXPECT_EQ(batch[i].allowed, alone.allowed) << urls[i];
    EXPECT_EQ(batch[i].entry, alone.entry) << urls[i];
  }
  EXPECT_FALSE(batch[0].allowed);                             // a.com: /private is disallowed
  EXPECT_TRUE(batch[1].allowed);                              // a.com:8080 disallows /public only
  EXPECT_EQ(batch[4].robots_url, "http://b.com/robots.txt");  // user info is not the host
  EXPECT_EQ(batch[15].url_error, UrlError::kInvalidPort);
}

}  // namespace
}  // namespace robotstxt
