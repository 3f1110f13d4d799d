// Politeness through `robotstxt serve` (POST /v1/acquire, /v1/report): several instances
// on one Redis hand out one schedule per origin, a fixture origin records when each
// fetch arrives, and Redis going away and coming back is seen in /readyz and /metrics.
// Rules: docs/semantics.md "Politeness". Every server is started here and stopped
// whatever happens; every run is bounded in count and time.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/polite_crawl.h"
#include "support/redis_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::becomes_ready;
using testing::crawl_politely;
using testing::FixtureServer;
using testing::HttpClient;
using testing::HttpResult;
using testing::PoliteCrawl;
using testing::RedisServer;
using testing::ServiceProcess;
using testing::unix_ms;

json parsed(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

class FleetPolitenessTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(site_.port(), 0) << "arrivals_site.py did not start"; }

  std::string site_url(const std::string& path) const {
    return "http://127.0.0.1:" + std::to_string(site_.port()) + path;
  }

  static std::vector<std::string> serve_args(const std::vector<std::string>& more) {
    std::vector<std::string> args = {"--allow-private", "--polite-spacing", "0.05"};
    args.insert(args.end(), more.begin(), more.end());
    return args;
  }

  static json acquire(HttpClient& client, const ServiceProcess& service, const json& body) {
    return parsed(client.request("POST", service.url("/v1/acquire"), body.dump()));
  }

  FixtureServer site_{"arrivals_site.py",
                      {"--robots-txt", "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"}};
};

// P1, P6: eight workers spread over two instances on one Redis fetch 30 URLs of one
// origin as told; the origin sees them never closer than its Crawl-delay of 0.2 s, so
// the run takes about 30 x 0.2 s, not eight times less.
TEST_F(FleetPolitenessTest, P1_P6_EightWorkersOnTwoInstancesKeepTheCrawlDelay) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  ServiceProcess first(serve_args({"--redis", redis.url()}));
  ServiceProcess second(serve_args({"--redis", redis.url()}));
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  constexpr int kUrls = 30;
  const auto started = std::chrono::steady_clock::now();
  const PoliteCrawl crawl = crawl_politely(first, second,
                                           {.site = site_url(""),
                                            .pages = kUrls,
                                            .workers = 8,
                                            .agent = "FleetBot",
                                            .spacing_source = "crawl-delay"});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  ASSERT_EQ(crawl.failures, std::vector<std::string>{});
  const std::vector<std::int64_t>& slots = crawl.slots;
  const std::map<std::string, std::int64_t>& slot_of_path = crawl.slot_of_path;
  // The slots themselves: 30 distinct times, each exactly one Crawl-delay after the last.
  ASSERT_EQ(slots.size(), static_cast<std::size_t>(kUrls));
  for (std::size_t i = 1; i < slots.size(); ++i) EXPECT_EQ(slots[i] - slots[i - 1], 200) << i;
  // What the origin saw: 30 arrivals, none before its slot. Two arrivals are then never
  // closer than 0.2 s minus how late the earlier one came (a worker that wakes late is
  // the test's doing, not the service's), with 10 ms for the two clocks' reading.
  const json arrivals = parsed(HttpClient().request("GET", site_url("/__arrivals")));
  ASSERT_TRUE(arrivals.is_array());
  ASSERT_EQ(arrivals.size(), static_cast<std::size_t>(kUrls));
  std::vector<std::pair<double, double>> times;  // arrival and lateness, in seconds
  for (const json& arrival : arrivals) {
    const double at = arrival[0].get<double>();
    const auto slot = slot_of_path.find(arrival[1].get<std::string>());
    ASSERT_NE(slot, slot_of_path.end()) << arrival.dump();
    const double late = at - static_cast<double>(slot->second) / 1000.0;
    EXPECT_GE(late, -0.01) << arrival.dump() << " came before its slot";
    times.emplace_back(at, std::max(late, 0.0));
  }
  std::sort(times.begin(), times.end());
  std::string gaps;  // said when a check fails: each gap and the earlier one's lateness
  for (std::size_t i = 1; i < times.size(); ++i) {
    const double gap = times[i].first - times[i - 1].first;
    gaps += std::to_string(gap) + " (" + std::to_string(times[i - 1].second) + " late) ";
    EXPECT_GE(gap, 0.2 - times[i - 1].second - 0.01) << i << ": " << gaps;
  }
  EXPECT_GE(times.back().first - times.front().first, 29 * 0.2 - times.front().second - 0.01);
  EXPECT_GE(seconds, 29 * 0.2 - 0.1);
  EXPECT_LT(seconds, 11.0);  // about 6 s; bounded, whatever the machine
}

// P4, P5: a 429 with Retry-After: 1 raises the spacing to 1 s; 200s bring it back down.
TEST_F(FleetPolitenessTest, P4_P5_TooManyRequestsRaisesTheSpacingUntilSuccessesLowerIt) {
  ServiceProcess service({"--allow-private", "--polite-spacing", "0.3"});
  ASSERT_NE(service.port(), 0);
  HttpClient client;
  const json ask = {{"url", site_url("/status/429?retry_after=1")}, {"agent", "FleetBot"}};
  EXPECT_EQ(acquire(client, service, ask)["spacing_ms"], 300);
  // What the worker's fetch got, as the origin sent it.
  const HttpResult throttled = client.request("GET", site_url("/status/429?retry_after=1"));
  ASSERT_EQ(throttled.status, 429);
  const HttpResult reported =
      client.request("POST", service.url("/v1/report"),
                     json{{"url", ask["url"]}, {"status", 429}, {"retry_after", 1}}.dump());
  ASSERT_EQ(reported.status, 200) << reported.body;
  EXPECT_EQ(parsed(reported)["back_off_ms"], 1000);
  const json slowed = acquire(client, service, ask);
  EXPECT_EQ(slowed["spacing_ms"], 1000);
  EXPECT_EQ(slowed["spacing_source"], "back-off");
  const auto report_success = [&] {
    return parsed(client.request("POST", service.url("/v1/report"),
                                 json{{"url", ask["url"]}, {"status", 200}}.dump()));
  };
  // Inside the Retry-After no fetch should have happened: a success then is not believed.
  EXPECT_EQ(report_success()["back_off_ms"], 1000);
  // Once the window has passed, each success halves the back-off and opens the next one.
  std::vector<std::int64_t> back_offs;
  std::int64_t window = parsed(reported)["not_before"].get<std::int64_t>();
  for (int i = 0; i < 2; ++i) {
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::max<std::int64_t>(window - unix_ms(), 0) + 5));
    const json ok = report_success();
    back_offs.push_back(ok["back_off_ms"].get<std::int64_t>());
    if (ok["not_before"].is_number()) window = ok["not_before"].get<std::int64_t>();
  }
  EXPECT_EQ(back_offs, (std::vector<std::int64_t>{500, 0}));  // 250 is below 0.3 s: gone
  const json relaxed = acquire(client, service, ask);
  EXPECT_EQ(relaxed["spacing_ms"], 300);
  EXPECT_EQ(relaxed["spacing_source"], "default");
  const std::string metrics = client.request("GET", service.url("/metrics")).body;
  EXPECT_NE(metrics.find("robotstxt_politeness_back_offs_total{cause=\"429\"} 1\n"),
            std::string::npos);
  EXPECT_NE(metrics.find("robotstxt_politeness_retry_after_total 1\n"), std::string::npos);
  EXPECT_NE(metrics.find("robotstxt_politeness_slots_total 3\n"), std::string::npos);
}

// P3: Google's crawlers ignore Crawl-delay, Bingbot honours it (the catalogue's sources
// say so); a plain token follows --crawl-delay-for-agents.
TEST_F(FleetPolitenessTest, P3_CrawlersFollowTheCatalogueAndPlainTokensTheOption) {
  for (const std::string option : {"honour", "ignore"}) {
    ServiceProcess service(serve_args({"--crawl-delay-for-agents", option}));
    ASSERT_NE(service.port(), 0);
    HttpClient client;
    const std::string url = site_url("/a");
    EXPECT_EQ(acquire(client, service, {{"url", url}, {"crawler", "Googlebot"}})["spacing_source"],
              "default")
        << option;
    EXPECT_EQ(acquire(client, service, {{"url", url}, {"crawler", "Bingbot"}})["spacing_source"],
              "crawl-delay")
        << option;
    EXPECT_EQ(acquire(client, service, {{"url", url}, {"agent", "FleetBot"}})["spacing_source"],
              option == "honour" ? "crawl-delay" : "default");
  }
}

// P6: a disallowed URL gets no slot; the batch form answers each URL in order; what is
// malformed is a 4xx with a JSON error, never a slot.
TEST_F(FleetPolitenessTest, P6_BatchesDisallowedUrlsAndBadRequests) {
  ServiceProcess service(serve_args({"--max-batch", "3"}));
  ASSERT_NE(service.port(), 0);
  HttpClient client;
  const json batch = acquire(
      client, service,
      {{"urls", {site_url("/a"), site_url("/private/b"), site_url("/c")}}, {"agent", "FleetBot"}});
  ASSERT_TRUE(batch.contains("slots")) << batch.dump();
  ASSERT_EQ(batch["slots"].size(), 3u);
  EXPECT_EQ(batch["slots"][0]["reserved"], true);
  EXPECT_EQ(batch["slots"][1]["allowed"], false);
  EXPECT_EQ(batch["slots"][1]["reserved"], false);
  EXPECT_FALSE(batch["slots"][1].contains("not_before"));
  EXPECT_EQ(batch["slots"][2]["not_before"].get<std::int64_t>() -
                batch["slots"][0]["not_before"].get<std::int64_t>(),
            200);
  struct Case {
    std::string path;
    std::string body;
    long status;
  };
  const std::vector<Case> cases = {
      {"/v1/acquire", "{}", 400},
      {"/v1/acquire", R"({"url": "http://a.test/", "crawler": "NoSuchBot"})", 400},
      {"/v1/acquire", R"({"url": "nowhere", "agent": "A"})", 400},
      {"/v1/acquire", R"({"url": "http://a.test/", "urls": [], "agent": "A"})", 400},
      {"/v1/acquire", R"({"urls": ["a", "b", "c", "d"], "agent": "A"})", 413},
      {"/v1/acquire?x=1", R"({"url": "http://a.test/", "agent": "A"})", 400},
      {"/v1/report", R"({"url": "http://a.test/", "status": 42})", 400},
      {"/v1/report", R"({"url": "http://a.test/", "status": "429"})", 400},
      {"/v1/report", R"({"url": "http://a.test/", "status": 429, "retry_after": "later"})", 400},
      {"/v1/report", R"({"url": "http://a.test/", "status": 429, "retry_after": -3})", 400},
      {"/v1/report", "[]", 400},
  };
  for (const Case& c : cases) {
    const HttpResult result = client.request("POST", service.url(c.path), c.body);
    EXPECT_EQ(result.status, c.status) << c.path << " " << c.body;
    EXPECT_TRUE(parsed(result).contains("error")) << result.body;
  }
  EXPECT_EQ(client.request("GET", service.url("/v1/acquire")).status, 405);
}

// The robots.txt fetches acquiring starts are counted with the others, once per origin
// however many URLs of it a batch holds.
TEST_F(FleetPolitenessTest, AcquiresCountTheirFetchesWithTheOthers) {
  ServiceProcess service(serve_args({}));
  ASSERT_NE(service.port(), 0);
  HttpClient client;
  const auto fetched = [&] {
    const std::string metrics = client.request("GET", service.url("/metrics")).body;
    const std::string sample = "\nrobotstxt_fetches_total{outcome=\"2xx\"} ";
    const std::size_t at = metrics.find(sample);
    return at == std::string::npos ? 0 : std::stoi(metrics.substr(at + sample.size()));
  };
  EXPECT_EQ(acquire(client, service, {{"url", site_url("/a")}, {"agent", "FleetBot"}})["allowed"],
            true);
  EXPECT_EQ(fetched(), 1);
  // Known now: neither a check nor another acquire fetches it again.
  EXPECT_EQ(client
                .request("GET", service.url("/v1/check?url=" + testing::url_encode(site_url("/b")) +
                                            "&agent=FleetBot"))
                .status,
            200);
  EXPECT_EQ(acquire(client, service, {{"url", site_url("/c")}, {"agent", "FleetBot"}})["allowed"],
            true);
  EXPECT_EQ(fetched(), 1);
  // "localhost" is another origin than "127.0.0.1": one more fetch for its two URLs.
  const std::string other = "http://localhost:" + std::to_string(site_.port());
  const json slots = acquire(client, service,
                             {{"urls", {other + "/d", site_url("/e"), other + "/private/f"}},
                              {"agent", "FleetBot"}})["slots"];
  ASSERT_EQ(slots.size(), 3u) << slots.dump();
  EXPECT_EQ(slots[2]["allowed"], false) << slots.dump();
  EXPECT_EQ(fetched(), 2);
}

// P8: with Redis down each instance keeps its own schedule and says so in /readyz and
// /metrics; when Redis is back, both join the shared schedule again.
TEST_F(FleetPolitenessTest, P8_RedisDownEachInstanceSaysItIsAloneAndRejoins) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  ServiceProcess first(serve_args({"--redis", redis.url()}));
  ServiceProcess second(serve_args({"--redis", redis.url()}));
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  HttpClient client;
  const json ask = {{"url", site_url("/a")}, {"agent", "FleetBot"}};
  for (const ServiceProcess* service : {&first, &second}) {
    EXPECT_EQ(acquire(client, *service, ask)["schedule"], "shared");
    EXPECT_EQ(parsed(client.request("GET", service->url("/readyz")))["schedule"], "shared");
  }
  redis.kill_now();
  for (const ServiceProcess* service : {&first, &second}) {
    const json slot = acquire(client, *service, ask);
    EXPECT_EQ(slot["reserved"], true) << slot.dump();
    EXPECT_EQ(slot["schedule"], "local") << slot.dump();
    const json ready = parsed(client.request("GET", service->url("/readyz")));
    EXPECT_EQ(ready["schedule"], "local");
    EXPECT_EQ(ready["status"], "degraded");
    const std::string metrics = client.request("GET", service->url("/metrics")).body;
    EXPECT_NE(metrics.find("robotstxt_politeness_shared_schedule 0\n"), std::string::npos);
  }
  ASSERT_TRUE(redis.restart());
  for (const ServiceProcess* service : {&first, &second}) {
    // The shared tier's background probe finds Redis back; the schedule follows it.
    ASSERT_TRUE(becomes_ready(*service));
    EXPECT_EQ(parsed(client.request("GET", service->url("/readyz")))["schedule"], "shared");
    EXPECT_EQ(acquire(client, *service, ask)["schedule"], "shared");
    const std::string metrics = client.request("GET", service->url("/metrics")).body;
    EXPECT_NE(metrics.find("robotstxt_politeness_shared_schedule 1\n"), std::string::npos);
  }
}

}  // namespace
}  // namespace robotstxt
