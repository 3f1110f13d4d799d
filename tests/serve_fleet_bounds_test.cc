// What a client may make a fleet keep or do, tried as an attacker on the network would
// against `robotstxt serve` without a token (docs/serve.md, "Threat model"): names and
// URLs too long to store, batches of many origins, origins that never answer, and a
// Redis that is full. Redis, the service and the fixture origin are started here on
// loopback and stopped whatever happens; every run is bounded in count and time.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::HttpResult;
using testing::RedisServer;
using testing::ServiceProcess;
using testing::url_encode;

json body_of(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

// The integer of a RESP reply (":5\r\n"), or -1 when it is not one.
std::int64_t integer_reply(const std::string& reply) {
  if (!reply.starts_with(":")) return -1;
  return std::stoll(reply.substr(1));
}

// A field of INFO (used_memory, evicted_keys, ...), or -1 when absent.
std::int64_t info_field(const RedisServer& redis, const std::string& section,
                        const std::string& field) {
  const std::string text = redis.command({"INFO", section});
  const std::size_t at = text.find("\r\n" + field + ":");
  if (at == std::string::npos) return -1;
  return std::stoll(text.substr(at + field.size() + 3));
}

class ServeFleetBoundsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(origin_.port(), 0) << "robots_server.py did not start";
    ASSERT_NE(redis_.port(), 0) << "redis-server did not start";
  }

  // Every host name leads to the fixture origin on loopback (allowed here).
  std::vector<std::string> args(const std::vector<std::string>& more = {}) const {
    std::vector<std::string> all = {"--connect-to", origin_.connect_to_all(), "--allow-private",
                                    "--redis", redis_.url()};
    all.insert(all.end(), more.begin(), more.end());
    return all;
  }

  std::int64_t keys() const { return integer_reply(redis_.command({"DBSIZE"})); }

  FixtureServer origin_{"robots_server.py"};
  RedisServer redis_;
};

// A DNS name is at most 253 bytes, a URL at most 16 KiB: past them a request is a 400
// with a JSON error before anything is decided, fetched or stored.
TEST_F(ServeFleetBoundsTest, HostOfAHundredThousandBytesIsRefusedAndStoresNothing) {
  ServiceProcess service(args());
  ASSERT_NE(service.port(), 0);
  const std::int64_t before = keys();
  ASSERT_GE(before, 0);
  const std::string huge_host = "http://" + std::string(100'000, 'a') + ".test/x";
  const std::string long_host = "http://" + std::string(254, 'b') + "/x";
  const std::string long_path = "http://fine.test/" + std::string(20'000, 'p');
  for (const std::string& url : {huge_host, long_host, long_path}) {
    SCOPED_TRACE(url.substr(0, 40));
    const HttpResult acquired =
        service.post("/v1/acquire", json{{"url", url}, {"agent", "bot"}}.dump());
    EXPECT_EQ(acquired.status, 400) << acquired.body;
    EXPECT_TRUE(body_of(acquired)["error"].is_string()) << acquired.body;
    const HttpResult reported =
        service.post("/v1/report", json{{"url", url}, {"status", 429}, {"retry_after", 60}}.dump());
    EXPECT_EQ(reported.status, 400) << reported.body;
    EXPECT_TRUE(body_of(reported)["error"].is_string()) << reported.body;
  }
  EXPECT_NE(body_of(service.post("/v1/acquire",
                                 json{{"url", long_path}, {"agent", "bot"}}.dump()))["error"]
                .get<std::string>()
                .find("at most 16384"),
            std::string::npos);
  // In a batch a URL past the bound refuses the whole request; a host past 253 bytes is
  // that URL's error, as any URL without an origin is.
  for (const char* endpoint : {"/v1/acquire", "/v1/check"}) {
    EXPECT_EQ(
        service
            .post(endpoint, json{{"urls", {huge_host, "http://ok.test/"}}, {"agent", "bot"}}.dump())
            .status,
        400)
        << endpoint;
  }
  EXPECT_EQ(service
                .post("/v1/evaluate", json{{"robots_txt", "User-agent: *\nDisallow: /p\n"},
                                           {"urls", {long_path}},
                                           {"agent", "bot"}}
                                          .dump())
                .status,
            400);
  const json batch =
      body_of(service.post("/v1/check", json{{"urls", {long_host}}, {"agent", "bot"}}.dump()));
  EXPECT_EQ(batch["results"][0]["allowed"], false) << batch.dump();
  EXPECT_EQ(batch["results"][0]["url_error"], "invalid-host") << batch.dump();
  EXPECT_EQ(keys(), before);
  EXPECT_EQ(origin_.request_count(std::string(254, 'b')), 0);
}

// Every origin a batch names may be fetched and kept in the shared tier: their number
// per request is bounded (--max-batch-origins), refused whole (413) before any fetch.
TEST_F(ServeFleetBoundsTest, BatchOfMoreOriginsThanTheBoundIsRefusedWhole) {
  ServiceProcess service(args({"--max-batch-origins", "3"}));
  ASSERT_NE(service.port(), 0);
  const std::int64_t before = keys();
  json four = json::array();
  for (int i = 0; i < 4; ++i) four.push_back("http://origin" + std::to_string(i) + ".test/a");
  for (const char* endpoint : {"/v1/acquire", "/v1/check"}) {
    const HttpResult refused =
        service.post(endpoint, json{{"urls", four}, {"agent", "bot"}}.dump());
    EXPECT_EQ(refused.status, 413) << endpoint;
    EXPECT_NE(refused.body.find("more than 3 origins"), std::string::npos) << refused.body;
  }
  EXPECT_EQ(keys(), before);
  EXPECT_EQ(origin_.request_count("origin0"), 0);
  // Many URLs of three origins are one batch.
  json three = json::array();
  for (int i = 0; i < 30; ++i)
    three.push_back("http://origin" + std::to_string(i % 3) + ".test/" + std::to_string(i));
  const HttpResult taken =
      service.post("/v1/acquire", json{{"urls", three}, {"agent", "bot"}}.dump());
  ASSERT_EQ(taken.status, 200) << taken.body;
  EXPECT_EQ(body_of(taken)["slots"].size(), 30u);
  EXPECT_EQ(origin_.request_count("origin0"), 1);
}

// The record of an origin that has never answered (here it resets every connection)
// lasts until it is fetched again, not 30 days: made-up names cannot fill the tier.
// An origin that answered keeps its record for its freshness plus 30 days.
TEST_F(ServeFleetBoundsTest, OriginThatNeverAnsweredIsKeptOnlyUntilItsRetry) {
  ServiceProcess service(args());
  ASSERT_NE(service.port(), 0);
  const HttpResult failed =
      service.get("/v1/check?agent=bot&url=" + url_encode("http://reset.test/x"));
  ASSERT_EQ(failed.status, 200) << failed.body;
  EXPECT_EQ(body_of(failed)["outcome"], "network-error") << failed.body;
  const HttpResult answered =
      service.get("/v1/check?agent=bot&url=" + url_encode("http://fine.test/x"));
  ASSERT_EQ(answered.status, 200) << answered.body;
  const std::int64_t never =
      integer_reply(redis_.command({"PTTL", "robotstxt:v1:origin:{http://reset.test}"}));
  const std::int64_t kept =
      integer_reply(redis_.command({"PTTL", "robotstxt:v1:origin:{http://fine.test}"}));
  constexpr std::int64_t kRetry = 30LL * 60 * 1000;  // PolicyOptions::error_retry_interval
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  EXPECT_GT(never, 0);
  EXPECT_LE(never, kRetry);
  EXPECT_GT(kept, 30 * kDay);
}

// docs/serve.md "Running a fleet": with maxmemory and `maxmemory-policy allkeys-lru`, a
// full Redis evicts the least recently used keys, and the fleet goes on answering right,
// on its shared cache and schedule. Under Redis's default (noeviction) writes fail: the
// instances still answer right, from their own memory, but count errors and share less.
TEST_F(ServeFleetBoundsTest, FullRedisWithTheDocumentedPolicyKeepsTheFleetAnswering) {
  for (const std::string policy : {"allkeys-lru", "noeviction"}) {
    SCOPED_TRACE(policy);
    ASSERT_EQ(redis_.command({"FLUSHALL"}), "+OK\r\n");
    ASSERT_EQ(redis_.command({"CONFIG", "SET", "maxmemory-policy", policy}), "+OK\r\n");
    const std::int64_t used = info_field(redis_, "memory", "used_memory");
    ASSERT_GT(used, 0);
    const std::string limit = std::to_string(used + (1 << 20));
    ASSERT_EQ(redis_.command({"CONFIG", "SET", "maxmemory", "0"}), "+OK\r\n");
    // 3 MB of other records, then the limit: Redis is full before the service starts.
    const std::string filled =
        redis_.command({"EVAL",
                        "for i = 1, 3000 do redis.call('SET', 'robotstxt:v1:origin:filler' .. i, "
                        "string.rep('x', 1000), 'PX', 3600000) end return 1",
                        "0"});
    ASSERT_EQ(filled, ":1\r\n");
    ASSERT_EQ(redis_.command({"CONFIG", "SET", "maxmemory", limit}), "+OK\r\n");
    const std::int64_t evicted_before = info_field(redis_, "stats", "evicted_keys");
    ServiceProcess service(args());
    ASSERT_NE(service.port(), 0);
    for (int i = 0; i < 10; ++i) {
      const std::string host = "http://full" + std::to_string(i) + ".test";
      const json blocked =
          body_of(service.get("/v1/check?agent=bot&url=" + url_encode(host + "/private/a")));
      EXPECT_EQ(blocked["allowed"], false) << blocked.dump();
      EXPECT_EQ(blocked["access"], "rules") << blocked.dump();
      const json slot = body_of(
          service.post("/v1/acquire", json{{"url", host + "/page"}, {"agent", "bot"}}.dump()));
      EXPECT_EQ(slot["allowed"], true) << slot.dump();
      EXPECT_EQ(slot["reserved"], true) << slot.dump();
    }
    const std::string metrics = service.get("/metrics").body;
    if (policy == "allkeys-lru") {
      const json ready = body_of(service.get("/readyz"));
      EXPECT_EQ(ready["status"], "ready") << ready.dump();
      EXPECT_EQ(ready["schedule"], "shared") << ready.dump();
      EXPECT_NE(metrics.find("\nrobotstxt_shared_tier_errors_total 0\n"), std::string::npos);
      EXPECT_NE(metrics.find("\nrobotstxt_politeness_shared_errors_total 0\n"), std::string::npos);
      EXPECT_GT(info_field(redis_, "stats", "evicted_keys"), evicted_before);
      // What the fleet wrote last is there: the shared tier answers another instance.
      ServiceProcess second(args());
      ASSERT_NE(second.port(), 0);
      EXPECT_EQ(body_of(second.get("/v1/check?agent=bot&url=" +
                                   url_encode("http://full9.test/private/a")))["cache_tier"],
                "shared");
    } else {
      // Redis refused the writes (OOM): counted, and answered from this instance.
      EXPECT_EQ(metrics.find("\nrobotstxt_shared_tier_errors_total 0\n"), std::string::npos);
    }
    ASSERT_EQ(redis_.command({"CONFIG", "SET", "maxmemory", "0"}), "+OK\r\n");
  }
}

}  // namespace
}  // namespace robotstxt
