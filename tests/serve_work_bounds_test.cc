// Bounds on the work one request of `robotstxt serve` may cause
// (docs/serve.md): its share of the process's fetch slots, fetches withdrawn when its client
// goes away, one fetch per origin and refresh interval however many clients ask, and a
// budget of rules x URLs x crawlers and of answer bytes for /v1/evaluate. Origins that
// never answer are robots_server.py's "stall", on loopback like everything here.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <future>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "support/fixture_server.h"
#include "support/raw_connection.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::HttpResult;
using testing::ServiceProcess;
using testing::url_encode;
using SteadyClock = std::chrono::steady_clock;

class ServeWorkBoundsTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(origin_.port(), 0) << "robots_server.py did not start"; }

  // The fixture origin is on loopback: allowed here, as in every serve test but the
  // address check's.
  std::vector<std::string> args(std::vector<std::string> more) const {
    std::vector<std::string> all = {"--connect-to", origin_.connect_to_all(), "--allow-private"};
    all.insert(all.end(), more.begin(), more.end());
    return all;
  }

  static json body_of(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

  // A batch of `count` distinct origins that never answer.
  static std::string stalling_batch(int count) {
    json urls = json::array();
    for (int i = 0; i < count; ++i) {
      urls.push_back("http://stall.test:" + std::to_string(2000 + i) + "/x");
    }
    return json{{"agent", "bot"}, {"urls", urls}}.dump();
  }

  // A value of /metrics, or -1 when it is not there.
  static double metric(const ServiceProcess& service, const std::string& sample) {
    const std::string text = service.get("/metrics").body;
    const std::size_t at = text.find("\n" + sample + " ");
    if (at == std::string::npos) return -1;
    return std::stod(text.substr(at + sample.size() + 2));
  }

  // Waits (at most 10 s) until `done()` holds; false if it never did.
  static bool eventually(const std::function<bool()>& done) {
    const auto deadline = SteadyClock::now() + std::chrono::seconds(10);
    while (!done()) {
      if (SteadyClock::now() >= deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
  }

  FixtureServer origin_{"robots_server.py"};
};

// A batch of origins that never answer holds one slot of four (--request-fetch-share
// 0.25), so an unrelated check is answered from the other three.
TEST_F(ServeWorkBoundsTest, OneRequestHoldsAtMostItsShareOfFetchSlots) {
  ServiceProcess service(args({"--max-fetches", "4", "--timeout", "1.5"}));
  ASSERT_NE(service.port(), 0);
  std::future<HttpResult> batch =
      std::async(std::launch::async, [&] { return service.post("/v1/check", stalling_batch(4)); });
  ASSERT_TRUE(eventually([&] { return origin_.request_count("stall") >= 1; }));
  EXPECT_EQ(metric(service, "robotstxt_fetches_in_flight"), 1);
  const HttpResult unrelated =
      service.get("/v1/check?url=" + url_encode("http://unrelated.test/private/x") + "&agent=bot");
  ASSERT_EQ(unrelated.status, 200) << unrelated.body;
  EXPECT_EQ(body_of(unrelated)["access"], "rules") << unrelated.body;
  EXPECT_EQ(metric(service, "robotstxt_fetches_in_flight"), 1);
  const HttpResult answered = batch.get();
  ASSERT_EQ(answered.status, 200) << answered.body;
  EXPECT_EQ(body_of(answered)["results"].size(), 4u);
  EXPECT_EQ(origin_.request_count("stall"), 4) << "each origin fetched, one after the other";
}

// Sends a request on a raw connection and closes it after `stay`, unanswered.
void request_and_leave(std::uint16_t port, const std::string& path, const std::string& body,
                       std::chrono::milliseconds stay) {
  testing::RawConnection client(port);
  ASSERT_TRUE(client.connected());
  ASSERT_TRUE(client.send("POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                          "\r\nContent-Type: application/json\r\n" +
                          "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body));
  std::this_thread::sleep_for(stay);
  client.close();
}

// The client of a batch on origins that never answer goes away after a second: its
// fetches are withdrawn and every slot is free again long before the 20 s timeout.
TEST_F(ServeWorkBoundsTest, ClientThatLeavesGivesItsFetchSlotsBack) {
  ServiceProcess service(
      args({"--max-fetches", "4", "--request-fetch-share", "1", "--timeout", "20"}));
  ASSERT_NE(service.port(), 0);
  request_and_leave(service.port(), "/v1/check", stalling_batch(8), std::chrono::seconds(1));
  EXPECT_EQ(origin_.request_count("stall"), 4) << "the batch had taken every slot";
  ASSERT_TRUE(eventually([&] { return metric(service, "robotstxt_fetches_in_flight") == 0; }))
      << "the slots came back well within the fetch timeout";
  const HttpResult unrelated =
      service.get("/v1/check?url=" + url_encode("http://unrelated.test/private/x") + "&agent=bot");
  EXPECT_EQ(body_of(unrelated)["access"], "rules") << unrelated.body;
  EXPECT_EQ(origin_.request_count("stall"), 4) << "no origin of the batch was started after";
}

// 40 clients refresh one origin at once, and then once more: one fetch, and every answer
// says when it was.
TEST_F(ServeWorkBoundsTest, RefreshesOfOneOriginShareOneFetchPerInterval) {
  ServiceProcess service(args({}));
  ASSERT_NE(service.port(), 0);
  for (const std::string endpoint : {"POST /v1/refresh", "GET /v1/robots.txt"}) {
    SCOPED_TRACE(endpoint);
    const bool refresh = endpoint.starts_with("POST");
    // "held-": each answer 0.3 s late, so that the requests overlap.
    const std::string label = refresh ? "held-refresh" : "held-live";
    const std::string path = (refresh ? "/v1/refresh?url=" : "/v1/robots.txt?url=") +
                             url_encode("http://" + label + ".test/");
    const auto ask = [&] { return refresh ? service.post(path, "") : service.get(path); };
    std::vector<std::future<HttpResult>> answers;
    for (int i = 0; i < 40; ++i) answers.push_back(std::async(std::launch::async, ask));
    std::vector<HttpResult> results;
    for (auto& answer : answers) results.push_back(answer.get());
    results.push_back(ask());  // after every one of them: within the interval still
    json fetched_at;
    for (const HttpResult& result : results) {
      ASSERT_EQ(result.status, 200) << result.body;
      const json parsed = body_of(result);
      ASSERT_TRUE(parsed["fetched_at"].is_number()) << result.body;
      if (fetched_at.is_null()) fetched_at = parsed["fetched_at"];
      EXPECT_EQ(parsed["fetched_at"], fetched_at);
      EXPECT_EQ(parsed["access"], "rules");
    }
    EXPECT_EQ(origin_.request_count(label), 1) << "one fetch for every client";
  }
}

TEST_F(ServeWorkBoundsTest, PastTheRefreshIntervalAnOriginIsFetchedAgain) {
  ServiceProcess service(args({"--refresh-interval", "0.5"}));
  ASSERT_NE(service.port(), 0);
  const std::string refresh = "/v1/refresh?url=" + url_encode("http://again.test/");
  const std::string live = "/v1/robots.txt?url=" + url_encode("http://again.test/");
  EXPECT_EQ(service.post(refresh, "").status, 200);
  EXPECT_EQ(service.get(live).status, 200);
  EXPECT_EQ(origin_.request_count("again"), 2) << "the live body is fetched apart from the cache";
  EXPECT_EQ(service.post(refresh, "").status, 200);
  EXPECT_EQ(service.get(live).status, 200);
  EXPECT_EQ(origin_.request_count("again"), 2);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  EXPECT_EQ(service.post(refresh, "").status, 200);
  EXPECT_EQ(service.get(live).status, 200);
  EXPECT_EQ(origin_.request_count("again"), 4);
}

std::string rules_file(int rules) {
  std::string file = "User-agent: *\n";
  for (int i = 0; i < rules; ++i) file += "Disallow: /*x" + std::to_string(i) + "*\n";
  return file;
}

json evaluation(const std::string& robots_txt, int urls, json who) {
  json request = {{"robots_txt", robots_txt}, {"urls", json::array()}};
  request.update(who);
  for (int i = 0; i < urls; ++i)
    request["urls"].push_back("http://e.test/page/" + std::to_string(i));
  return request;
}

// Rules x URLs x crawlers over the budget is refused whole, with the budget in the error.
TEST_F(ServeWorkBoundsTest, EvaluationOverTheWorkBudgetIs413BeforeAnyWork) {
  ServiceProcess service(args({"--max-request-work", "1000"}));
  ASSERT_NE(service.port(), 0);
  const std::string file = rules_file(100);
  const HttpResult at_budget =
      service.post("/v1/evaluate", evaluation(file, 10, {{"agent", "bot"}}).dump());
  EXPECT_EQ(at_budget.status, 200) << at_budget.body;
  const HttpResult over =
      service.post("/v1/evaluate", evaluation(file, 11, {{"agent", "bot"}}).dump());
  ASSERT_EQ(over.status, 413) << over.body;
  const std::string error = body_of(over)["error"];
  EXPECT_NE(error.find("1100 units of work (100 rules x 11 URLs x 1 "), std::string::npos) << error;
  EXPECT_NE(error.find("at most 1000"), std::string::npos) << error;
  const HttpResult crawlers = service.post(
      "/v1/evaluate", evaluation(file, 2, {{"crawlers", {"Googlebot", "Bingbot"}}}).dump());
  EXPECT_EQ(crawlers.status, 200) << "2 URLs x 2 crawlers x 100 rules: " << crawlers.body;
  const HttpResult all =
      service.post("/v1/evaluate", evaluation(file, 2, {{"crawlers", "all"}}).dump());
  EXPECT_EQ(all.status, 413) << all.body;
}

// Every crawler of the catalogue times a few URLs: an answer over its byte budget is 413.
TEST_F(ServeWorkBoundsTest, EvaluationAnswerOverItsByteBudgetIs413) {
  ServiceProcess service(args({"--max-answer-bytes", "20000"}));
  ASSERT_NE(service.port(), 0);
  const std::string file = rules_file(3);
  const HttpResult small =
      service.post("/v1/evaluate", evaluation(file, 3, {{"agent", "bot"}}).dump());
  ASSERT_EQ(small.status, 200) << small.body;
  EXPECT_LE(small.body.size(), 20000u);
  EXPECT_EQ(body_of(small)["results"].size(), 3u);
  const HttpResult every =
      service.post("/v1/evaluate", evaluation(file, 3, {{"crawlers", "all"}}).dump());
  ASSERT_EQ(every.status, 413) << every.body.substr(0, 200);
  const std::string error = body_of(every)["error"];
  EXPECT_NE(error.find("over 20000 bytes"), std::string::npos) << error;
  // So many URLs that the least they could take is over the budget: refused up front.
  const HttpResult many =
      service.post("/v1/evaluate", evaluation(file, 200, {{"agent", "bot"}}).dump());
  EXPECT_EQ(many.status, 413) << many.body.substr(0, 200);
}

}  // namespace
}  // namespace robotstxt
