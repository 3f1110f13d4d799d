// The in-process cache's byte bound (cache.h) is a bound on memory: an entry counts what
// it really holds, compiled rules first, so a cache of files of many short rules stays
// within CacheOptions::max_bytes (`serve --cache-bytes`, shown in /metrics). The real
// figure here is every byte allocated with operator new and not yet freed.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <limits>
#include <new>
#include <string>

#include "robotstxt/cache.h"
#include "robotstxt/policy.h"
#include "robotstxt/robots_txt.h"
#include "support/fixture_server.h"
#include "support/service_process.h"

namespace {

// Bytes allocated and not freed, by anyone in this test binary.
std::atomic<long long> live_bytes{0};
// Each block carries its size in front, aligned as operator new must align.
constexpr std::size_t kHeader = alignof(std::max_align_t);

}  // namespace

void* operator new(std::size_t size) {
  void* block = std::malloc(size + kHeader);
  if (block == nullptr) throw std::bad_alloc();
  *static_cast<std::size_t*>(block) = size;
  live_bytes += static_cast<long long>(size);
  return static_cast<char*>(block) + kHeader;
}

void operator delete(void* pointer) noexcept {
  if (pointer == nullptr) return;
  void* block = static_cast<char*>(pointer) - kHeader;
  live_bytes -= static_cast<long long>(*static_cast<std::size_t*>(block));
  std::free(block);
}

void operator delete(void* pointer, std::size_t /*size*/) noexcept { operator delete(pointer); }

namespace robotstxt {
namespace {

using testing::FixtureServer;
using testing::ServiceProcess;
using testing::TempDir;
using testing::url_encode;

const TimePoint kStart = TimePoint{} + std::chrono::days(20000);

// What blew the bound up: 500 KB of one-line rules, each a few bytes of text but a
// compiled rule of its own.
std::string many_short_rules() {
  std::string body = "User-agent: *\n";
  for (int i = 0; body.size() < 500 * 1024; ++i) body += "Disallow: /a" + std::to_string(i) + "\n";
  return body;
}

RobotsEntry entry_for(const std::string& origin, const std::string& body) {
  FetchOutcome outcome;
  outcome.robots_url = origin + "/robots.txt";
  outcome.kind = FetchKind::kResponse;
  outcome.status = 200;
  outcome.body = body;
  return next_entry(nullptr, outcome, kStart);
}

TEST(CacheMemoryTest, CountsWhatItsEntriesReallyHold) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer allocates with its own operator new, which this count "
                  "cannot see; the other builds hold it";
#endif
  const std::string body = many_short_rules();
  const std::size_t compiled = RobotsTxt::parse(body).memory_usage();
  ASSERT_GT(compiled, body.size()) << "compiled, the rules take more than their text";
  RobotsCache cache({.max_entries = 1000, .max_bytes = std::numeric_limits<std::size_t>::max()});
  const long long before = live_bytes;
  for (int i = 0; i < 8; ++i) {
    cache.insert("http://o" + std::to_string(i) + ".test",
                 entry_for("http://o" + std::to_string(i) + ".test", body));
  }
  const auto held = static_cast<double>(live_bytes - before);
  const auto counted = static_cast<double>(cache.bytes());
  EXPECT_GE(cache.bytes(), 8 * compiled);
  EXPECT_GT(counted, held * 0.95) << "counted " << counted << " of " << held << " held";
  EXPECT_LT(counted, held * 1.05) << "counted " << counted << " of " << held << " held";
}

TEST(CacheMemoryTest, EvictsByCompiledSize) {
  const std::string body = many_short_rules();
  const std::size_t compiled = RobotsTxt::parse(body).memory_usage();
  const std::size_t limit = compiled * 7 / 2;  // room for three entries, not four
  const long long before = live_bytes;
  {
    RobotsCache cache({.max_entries = 1000, .max_bytes = limit});
    for (int i = 0; i < 10; ++i) {
      cache.insert("http://o" + std::to_string(i) + ".test",
                   entry_for("http://o" + std::to_string(i) + ".test", body));
    }
    EXPECT_EQ(cache.size(), 3u);
    EXPECT_LE(cache.bytes(), limit);
    EXPECT_LE(live_bytes - before, static_cast<long long>(limit)) << "what the cache holds";
    EXPECT_EQ(cache.find("http://o0.test"), nullptr) << "least recently used first";
    EXPECT_NE(cache.find("http://o9.test"), nullptr);
  }
}

// A metric's value in a Prometheus exposition (-1 if absent).
long long metric(const std::string& exposition, const std::string& name) {
  const std::size_t at = exposition.find("\n" + name + " ");
  return at == std::string::npos ? -1 : std::atoll(exposition.c_str() + at + name.size() + 2);
}

TEST(CacheMemoryTest, ServeBoundsItsCacheByCacheBytesAndShowsIt) {
  const TempDir files;
  const std::string body = many_short_rules();
  const auto compiled = static_cast<long long>(RobotsTxt::parse(body).memory_usage());
  FixtureServer origin("robots_server.py", {"--body", files.write("robots.txt", body)});
  ASSERT_NE(origin.port(), 0);
  const long long limit = compiled * 9 / 2;  // four entries, not five
  ServiceProcess service({"--connect-to", origin.connect_to_all(), "--allow-private",
                          "--cache-bytes", std::to_string(limit)});
  ASSERT_NE(service.port(), 0);
  for (int i = 0; i < 10; ++i) {
    const std::string url = "http://o" + std::to_string(i) + ".test/a1";
    EXPECT_EQ(service.get("/v1/check?url=" + url_encode(url) + "&agent=bot").status, 200);
  }
  const std::string metrics = service.get("/metrics").body;
  EXPECT_EQ(metric(metrics, "robotstxt_cache_bytes_limit"), limit);
  EXPECT_EQ(metric(metrics, "robotstxt_cache_entries"), 4) << metrics;
  EXPECT_LE(metric(metrics, "robotstxt_cache_bytes"), limit);
  EXPECT_GE(metric(metrics, "robotstxt_cache_bytes"), 4 * compiled);
}

}  // namespace
}  // namespace robotstxt
