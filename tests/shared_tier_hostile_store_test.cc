// The shared tier distrusts its store (shared_cache.h): whoever can write to the Redis
// can plant any value under our keys. A record is read only up to its size limit, only
// as the writer could have written it and only for the origin it is stored under;
// anything else is counted, ignored and overwritten by the next fetch. A lock that
// never expires is never waited for. Against a real redis-server on loopback.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "fetch/shared_record.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/shared_cache.h"
#include "support/fixture_server.h"
#include "support/redis_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;
using testing::RedisServer;

const TimePoint kStart = TimePoint{} + std::chrono::days(20000);

std::string record_for(const std::string& origin, int status, const std::string& body) {
  FetchOutcome outcome;
  outcome.robots_url = origin + "/robots.txt";
  outcome.kind = FetchKind::kResponse;
  outcome.status = status;
  outcome.body = body;
  return internal::encode_shared_record(next_entry(nullptr, outcome, kStart), body);
}

// `text` with the first `from` replaced by `to` (which must be there).
std::string with(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// `text` with the value of its line "name=..." replaced by `value`.
std::string with_field(std::string text, const std::string& name, const std::string& value) {
  const std::size_t at = text.find("\n" + name + "=");
  EXPECT_NE(at, std::string::npos) << name;
  if (at == std::string::npos) return text;
  const std::size_t start = at + name.size() + 2;
  return text.replace(start, text.find('\n', start) - start, value);
}

// Only what encode_shared_record can produce decodes; each line below is a value it never
// writes. What decodes encodes back to the very same bytes.
TEST(SharedRecordTrustTest, DecodesOnlyWhatTheWriterCanWrite) {
  const std::string good = record_for("http://a.test", 200, "Disallow: /x\n");
  const std::optional<SharedRecord> read = internal::decode_shared_record(good);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(internal::encode_shared_record(read->entry, read->good_body), good);

  const std::vector<std::pair<std::string, std::string>> never_written = {
      {"kind", "local error"},  // local failures are never published
      {"kind", "refused address"},
      {"status", "-5"},
      {"status", "1000"},
      {"status", "42"},
      {"status", "0200"},  // to_string never pads
      {"status", "+200"},
      {"status", ""},
      {"fetched_at", "-1"},
      {"fetched_at", "99999999999999999"},  // past what a TimePoint holds
      {"fresh_until", "0"},                 // fresh until before it was fetched
      {"last_answer", "x"},
      {"http_version", "12"},
      {"truncated", "2"},
      {"server_answered_error", "yes"},
      {"error", "carriage\rreturn"},  // the writer turns \r into a space
      {"robots_url", ""},
      {"good_body", "14"},
      {"good_body", "013"},
  };
  for (const auto& [name, value] : never_written) {
    EXPECT_FALSE(internal::decode_shared_record(with_field(good, name, value)).has_value())
        << name << "=" << value;
  }
  // A 2xx that started no error run always carries its rules.
  std::string no_rules = with_field(good, "good_body", "");
  no_rules.resize(no_rules.size() - std::string("Disallow: /x\n").size());
  EXPECT_FALSE(internal::decode_shared_record(no_rules).has_value());

  FetchOutcome redirects;
  redirects.robots_url = "http://a.test/robots.txt";
  redirects.kind = FetchKind::kTooManyRedirects;
  redirects.status = 301;
  redirects.hops = {{"http://a.test/robots.txt", 301, "(not followed)"}};
  const std::string hops =
      internal::encode_shared_record(next_entry(nullptr, redirects, kStart), "");
  const std::optional<SharedRecord> hop_read = internal::decode_shared_record(hops);
  ASSERT_TRUE(hop_read.has_value());
  EXPECT_EQ(internal::encode_shared_record(hop_read->entry, hop_read->good_body), hops);
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"hop=301 ", "hop=200 "},  // only a 3xx is a hop
           {"hop=301 http", "hop=301  http"},
           {"server_answered_error=0", "server_answered_error=1"},  // a redirect is no 5xx
           {"hops=1", "hops=2"}}) {
    EXPECT_FALSE(internal::decode_shared_record(with(hops, from, to)).has_value()) << to;
  }
}

// libcurl hands on any three-digit status (an origin can answer 999); the policy counts
// it as a server error, so the writer writes it and the reader must take it.
TEST(SharedRecordTrustTest, AnyThreeDigitStatusAnOriginSendsIsKept) {
  const std::string odd = record_for("http://a.test", 999, "");
  const std::optional<SharedRecord> read = internal::decode_shared_record(odd);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(read->entry.last_fetch.status, 999);
}

class HostileStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(redis_.port(), 0) << "redis-server did not start";
    ASSERT_NE(origin_.port(), 0);
  }

  RobotsClient client(std::chrono::milliseconds total_timeout = std::chrono::seconds(10)) {
    RobotsClientOptions options;
    options.fetch.connect_to.push_back(origin_.connect_to_all());
    options.fetch.total_timeout = total_timeout;
    RedisStoreOptions store;
    store.address = *parse_redis_url(redis_.url()).address;
    options.shared_store = std::make_shared<RedisStore>(store);
    options.clock = [] { return kStart; };
    return RobotsClient(options);
  }

  // What the key holds now, as a record (nullopt: none, or not one).
  std::optional<SharedRecord> stored(const std::string& origin) {
    const std::string reply = redis_.command({"GET", "robotstxt:v1:origin:{" + origin + "}"});
    const std::size_t body = reply.find("\r\n");
    if (!reply.starts_with("$") || body == std::string::npos || reply.size() < body + 4) {
      return std::nullopt;
    }
    return internal::decode_shared_record(reply.substr(body + 2, reply.size() - body - 4));
  }

  // Bytes Redis has sent to its clients so far.
  long long bytes_sent() {
    const std::string info = redis_.command({"INFO", "stats"});
    const std::string name = "total_net_output_bytes:";
    const std::size_t at = info.find(name);
    return at == std::string::npos ? -1 : std::atoll(info.c_str() + at + name.size());
  }

  RedisServer redis_;
  FixtureServer origin_{"robots_server.py"};
};

TEST_F(HostileStoreTest, RecordTheWriterNeverWritesIsCountedIgnoredAndOverwritten) {
  const std::string planted = with(record_for("http://planted.test", 200, "Allow: /\n"),
                                   "kind=response", "kind=local error");
  ASSERT_EQ(redis_.command({"SET", "robotstxt:v1:origin:{http://planted.test}", planted}),
            "+OK\r\n");
  RobotsClient reader = client();
  const Decision decision = reader.decide("http://planted.test/private", "bot");
  EXPECT_EQ(decision.cache, CacheTier::kFetched);
  EXPECT_FALSE(decision.allowed) << "the origin's rules, not the planted record's";
  EXPECT_GE(reader.shared_cache()->stats().bad_records, 1u);
  EXPECT_EQ(reader.shared_cache()->stats().errors, 0u) << "a bad record is not an outage";
  const std::optional<SharedRecord> now = stored("http://planted.test");
  ASSERT_TRUE(now.has_value()) << "overwritten by the fetch";
  EXPECT_EQ(now->entry.last_fetch.kind, FetchKind::kResponse);
}

// A record copied under another origin's key would answer for that origin.
TEST_F(HostileStoreTest, RecordOfAnotherOriginIsNotTaken) {
  ASSERT_EQ(redis_.command({"SET", "robotstxt:v1:origin:{http://victim.test}",
                            record_for("http://elsewhere.test", 200, "Allow: /\n")}),
            "+OK\r\n");
  RobotsClient reader = client();
  const Decision decision = reader.decide("http://victim.test/private", "bot");
  EXPECT_EQ(decision.cache, CacheTier::kFetched);
  EXPECT_FALSE(decision.allowed);
  EXPECT_GE(reader.shared_cache()->stats().bad_records, 1u);
}

// 64 MB under a record key: read up to the limit (1 MiB), not whole.
TEST_F(HostileStoreTest, HugeRecordIsNotReadWhole) {
  std::string huge = record_for("http://huge.test", 200, "Allow: /\n");
  huge.resize(std::size_t{64} << 20, 'x');
  ASSERT_EQ(redis_.command({"SET", "robotstxt:v1:origin:{http://huge.test}", huge}), "+OK\r\n");
  huge = {};
  RobotsClient reader = client();
  const long long before = bytes_sent();
  ASSERT_GE(before, 0);
  const Decision decision = reader.decide("http://huge.test/private", "bot");
  const long long sent = bytes_sent() - before;
  EXPECT_EQ(decision.cache, CacheTier::kFetched);
  EXPECT_FALSE(decision.allowed);
  EXPECT_LT(sent, 4LL << 20) << "at most the limit for each of the two looks";
  EXPECT_GE(reader.shared_cache()->stats().bad_records, 1u);
  EXPECT_TRUE(stored("http://huge.test").has_value()) << "overwritten by the fetch";
}

// A value of another type under a record key is a bad record, not a Redis outage.
TEST_F(HostileStoreTest, KeyOfAnotherTypeIsABadRecordNotAnOutage) {
  ASSERT_EQ(redis_.command({"HSET", "robotstxt:v1:origin:{http://hashed.test}", "a", "b"}),
            ":1\r\n");
  RobotsClient reader = client();
  EXPECT_EQ(reader.decide("http://hashed.test/private", "bot").cache, CacheTier::kFetched);
  EXPECT_GE(reader.shared_cache()->stats().bad_records, 1u);
  EXPECT_EQ(reader.shared_cache()->stats().errors, 0u);
  EXPECT_TRUE(reader.shared_cache()->available());
  EXPECT_TRUE(stored("http://hashed.test").has_value()) << "overwritten by the fetch";
}

// No holder of ours leaves a lock without an expiry: one is taken over at once instead
// of being waited for until the fetch timeout (10 s here).
TEST_F(HostileStoreTest, LockWithoutExpiryIsNotWaitedFor) {
  ASSERT_EQ(redis_.command({"SET", "robotstxt:v1:lock:{http://stuck.test}", "forever"}), "+OK\r\n");
  RobotsClient reader = client(std::chrono::seconds(10));
  const auto started = std::chrono::steady_clock::now();
  const Decision decision = reader.decide("http://stuck.test/private", "bot");
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
  EXPECT_EQ(decision.cache, CacheTier::kFetched);
  EXPECT_FALSE(decision.allowed);
  EXPECT_EQ(reader.shared_cache()->stats().waits, 0u);
  EXPECT_EQ(origin_.request_count("stuck"), 1);
  // Released by its new holder after the fetch, as any lock of ours.
  EXPECT_EQ(redis_.command({"EXISTS", "robotstxt:v1:lock:{http://stuck.test}"}), ":0\r\n");
}

}  // namespace
}  // namespace robotstxt
