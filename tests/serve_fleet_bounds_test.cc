// What a client may make a fleet keep or do, tried as an attacker on the network would
// against `robotstxt serve` without a token (docs/serve.md, "Threat model"): names and
// URLs too long to store, batches of many origins, and origins that never answer.
// Redis, the service and the fixture origin are started here on loopback and stopped
// whatever happens; every run is bounded in count and time.
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
      integer_reply(redis_.command({"PTTL", "robotstxt:v1:origin:http://reset.test"}));
  const std::int64_t kept =
      integer_reply(redis_.command({"PTTL", "robotstxt:v1:origin:http://fine.test"}));
  constexpr std::int64_t kRetry = 30LL * 60 * 1000;  // PolicyOptions::error_retry_interval
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  EXPECT_GT(never, 0);
  EXPECT_LE(never, kRetry);
  EXPECT_GT(kept, 30 * kDay);
}

}  // namespace
}  // namespace robotstxt
