// `robotstxt serve` (docs/serve.md): the JSON API over HTTP/1.1 with
// keep-alive, its errors, the drain on SIGTERM, and a fleet of two instances sharing one
// Redis. Every server is started on loopback by the test and stopped after it.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <future>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::becomes_ready;
using testing::FixtureServer;
using testing::HttpClient;
using testing::HttpResult;
using testing::RedisServer;
using testing::ServiceProcess;
using testing::url_encode;

class ServeTest : public ::testing::Test {
 protected:
  // The fixture origin is on loopback: the tests of everything but the address check
  // allow it.
  std::vector<std::string> origin_args() const {
    return {"--connect-to", origin_.connect_to_all(), "--allow-private"};
  }

  static json body_of(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

  std::string check_path(const std::string& url, const std::string& who = "agent=bot") const {
    return "/v1/check?url=" + url_encode(url) + "&" + who;
  }

  FixtureServer origin_{"robots_server.py"};
};

TEST_F(ServeTest, CheckAnswersInTheCliVocabularyWithTheCacheTier) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  const HttpResult first = service.get(check_path("http://one.test/private/a"));
  ASSERT_EQ(first.status, 200) << first.body;
  const json answer = body_of(first);
  EXPECT_EQ(answer["url"], "http://one.test/private/a");
  EXPECT_EQ(answer["allowed"], false);
  EXPECT_EQ(answer["robots_url"], "http://one.test/robots.txt");
  EXPECT_EQ(answer["access"], "rules") << first.body;
  EXPECT_EQ(answer["line"], 2);
  EXPECT_EQ(answer["pattern"], "/private");
  EXPECT_EQ(answer["applied"], "global");
  EXPECT_EQ(answer["status"], 200);
  EXPECT_EQ(answer["cache_tier"], "fetched");

  const json second =
      body_of(service.get(check_path("http://one.test/public", "crawler=Googlebot-Image")));
  EXPECT_EQ(second["allowed"], true);
  EXPECT_EQ(second["crawler"], "Googlebot-Image");
  EXPECT_EQ(second["cache_tier"], "memory");
  EXPECT_EQ(origin_.request_count("one"), 1);
}

TEST_F(ServeTest, BatchKeepsOrderAndFetchesEachOriginOnce) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  json urls = json::array();
  for (int i = 0; i < 60; ++i) {
    const std::string host = "batch" + std::to_string(i % 6) + ".test";
    urls.push_back("http://" + host + (i % 4 == 0 ? "/private/" : "/open/") + std::to_string(i));
  }
  urls.push_back("not a url");
  const HttpResult result =
      service.post("/v1/check", json{{"agent", "bot"}, {"urls", urls}}.dump());
  ASSERT_EQ(result.status, 200) << result.body;
  const json results = body_of(result)["results"];
  ASSERT_EQ(results.size(), urls.size());
  for (std::size_t i = 0; i + 1 < urls.size(); ++i) {
    EXPECT_EQ(results[i]["url"], urls[i]);
    EXPECT_EQ(results[i]["allowed"], i % 4 != 0) << i;
  }
  EXPECT_TRUE(results.back().contains("error"));
  for (int origin = 0; origin < 6; ++origin) {
    EXPECT_EQ(origin_.request_count("batch" + std::to_string(origin)), 1) << origin;
  }
}

TEST_F(ServeTest, EvaluateDecidesOnTheGivenBodyWithoutFetching) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  const json request = {{"robots_txt", "User-agent: *\nDisallow: /Drafts/\nSitemap: /relative\n"},
                        {"crawler", "Googlebot"},
                        {"urls", {"http://given.test/Drafts/a", "http://given.test/drafts/a"}}};
  const HttpResult result = service.post("/v1/evaluate", request.dump());
  ASSERT_EQ(result.status, 200) << result.body;
  const json answer = body_of(result);
  EXPECT_EQ(answer["results"][0]["allowed"], false);
  EXPECT_EQ(answer["results"][0]["rule"], "/Drafts/");
  EXPECT_EQ(answer["results"][0]["crawler"], "Googlebot");
  EXPECT_EQ(answer["results"][1]["allowed"], true) << "paths are case-sensitive";
  std::set<std::string> codes;
  for (const json& finding : answer["lint"]["findings"]) codes.insert(finding["code"]);
  EXPECT_TRUE(codes.contains("sitemap-not-absolute"));
  EXPECT_EQ(origin_.request_count("given"), 0);
}

// The tester page asks for every crawler of a purpose at once; each answer names its
// crawler and says why, as `explain` does.
TEST_F(ServeTest, EvaluateAnswersEveryCrawlerOfASelectionWithReasons) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  const json catalogue = body_of(service.get("/v1/crawlers"));
  std::vector<std::string> ai;
  for (const json& crawler : catalogue["crawlers"]) {
    if (crawler["purpose"] == "ai-training" || crawler["purpose"] == "ai-search") {
      ai.push_back(crawler["name"]);
    }
  }
  ASSERT_FALSE(ai.empty()) << catalogue.dump();
  const json request = {
      {"robots_txt", "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private\n"},
      {"crawlers", "ai"},
      {"urls", {"http://given.test/a", "http://given.test/private/b"}}};
  const HttpResult result = service.post("/v1/evaluate", request.dump());
  ASSERT_EQ(result.status, 200) << result.body;
  const json results = body_of(result)["results"];
  ASSERT_EQ(results.size(), 2 * ai.size());
  for (std::size_t i = 0; i < ai.size(); ++i) {
    EXPECT_EQ(results[i]["crawler"], ai[i]);
    EXPECT_EQ(results[i]["url"], "http://given.test/a");
    EXPECT_TRUE(results[i]["verdict_explanation"].is_string());
    if (ai[i] == "GPTBot") {
      EXPECT_EQ(results[i]["allowed"], false);
      EXPECT_EQ(results[i]["line"], 2);
      EXPECT_EQ(results[i]["verdict_reason"], "longest-match");
      EXPECT_TRUE(results[i]["content_usage"].is_null()) << "no preferences when disallowed";
    }
  }

  const json named = {{"robots_txt", "User-agent: *\nDisallow: /x\nContent-Usage: train-ai=n\n"},
                      {"crawlers", {"Googlebot", "GPTBot"}},
                      {"urls", {"http://given.test/y"}}};
  const json answer = body_of(service.post("/v1/evaluate", named.dump()));
  ASSERT_EQ(answer["results"].size(), 2u) << answer.dump();
  EXPECT_EQ(answer["results"][0]["crawler"], "Googlebot");
  EXPECT_EQ(answer["results"][0]["verdict_reason"], "no-match");
  EXPECT_EQ(answer["results"][0]["content_usage"]["train-ai"], "disallowed");

  const json unknown = {
      {"robots_txt", ""}, {"crawlers", {"Gooblebot"}}, {"urls", {"http://a.test/"}}};
  const HttpResult refused = service.post("/v1/evaluate", unknown.dump());
  EXPECT_EQ(refused.status, 400);
  EXPECT_NE(body_of(refused)["error"].get<std::string>().find("unknown crawler 'Gooblebot'"),
            std::string::npos);
  const json both = {
      {"robots_txt", ""}, {"crawlers", "all"}, {"agent", "bot"}, {"urls", json::array()}};
  EXPECT_EQ(service.post("/v1/evaluate", both.dump()).status, 400);
}

// The tester's "load live": the body as the origin serves it now, with the redirects
// followed and the access state that fetch gives; the address rules still hold.
TEST_F(ServeTest, RobotsTxtGivesTheLiveBodyWithStatusAndRedirects) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  const HttpResult result =
      service.get("/v1/robots.txt?url=" + url_encode("http://redirect-2.test/"));
  ASSERT_EQ(result.status, 200) << result.body;
  const json live = body_of(result);
  EXPECT_EQ(live["body"], "User-agent: *\nDisallow: /private\n");
  EXPECT_EQ(live["status"], 200);
  EXPECT_EQ(live["access"], "rules");
  ASSERT_EQ(live["redirects"].size(), 2u) << result.body;
  EXPECT_EQ(live["redirects"][0]["from"], "http://redirect-2.test/robots.txt");
  EXPECT_EQ(live["final_url"], live["redirects"][1]["to"]);

  const json missing =
      body_of(service.get("/v1/robots.txt?url=" + url_encode("http://status-404.test/")));
  EXPECT_EQ(missing["status"], 404);
  EXPECT_TRUE(missing["body"].is_null()) << "an error page is no robots.txt";
  EXPECT_EQ(missing["access"], "full-allow");

  ServiceProcess guarded({"--connect-to", origin_.connect_to_all()});
  ASSERT_NE(guarded.port(), 0);
  EXPECT_EQ(guarded.get("/v1/robots.txt?url=" + url_encode("http://rebound.test/")).status, 422);
  EXPECT_EQ(origin_.request_count("rebound"), 0);
}

// The page is public (it holds nothing), its API calls are not.
TEST_F(ServeTest, TesterPageNeedsNoTokenButTheApiDoes) {
  testing::TempDir dir;
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--token-file", dir.write("token", "s3cret-token\n")});
  ServiceProcess service(args);
  ASSERT_NE(service.port(), 0);
  const HttpResult page = service.get("/");
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.body.find("id=\"robots-input\""), std::string::npos);
  EXPECT_NE(service.get("/tester.js").body.find("/v1/evaluate"), std::string::npos);
  EXPECT_EQ(service.get("/nothing.js").status, 404);
  EXPECT_EQ(service.get("/v1/crawlers").status, 401);
  EXPECT_EQ(
      HttpClient()
          .request("GET", service.url("/v1/crawlers"), "", {"Authorization: Bearer s3cret-token"})
          .status,
      200);
}

TEST_F(ServeTest, RobotsShowsTheEntryAndRefreshFetchesAgain) {
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--refresh-interval", "0"});  // refetch what was just fetched
  ServiceProcess service(args);
  ASSERT_NE(service.port(), 0);
  const json entry = body_of(service.get("/v1/robots?url=" + url_encode("http://entry.test/x")));
  EXPECT_EQ(entry["robots_url"], "http://entry.test/robots.txt");
  EXPECT_EQ(entry["status"], 200);
  ASSERT_EQ(entry["groups"].size(), 1u);
  EXPECT_EQ(entry["groups"][0]["rules"][0]["pattern"], "/private");
  EXPECT_TRUE(entry["fresh_until"].is_number());
  EXPECT_EQ(origin_.request_count("entry"), 1);
  const HttpResult refreshed =
      service.post("/v1/refresh?url=" + url_encode("http://entry.test/"), "");
  EXPECT_EQ(refreshed.status, 200) << refreshed.body;
  EXPECT_EQ(origin_.request_count("entry"), 2);
  (void)service.get("/v1/robots?url=" + url_encode("http://entry.test/y"));
  EXPECT_EQ(origin_.request_count("entry"), 2) << "the refreshed entry is cached";
}

TEST_F(ServeTest, BadRequestsGetAJsonErrorAndTheRightStatus) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  const struct {
    std::string method, path, body;
    long status;
  } cases[] = {
      {"POST", "/v1/check", "{not json", 400},
      {"POST", "/v1/check", "[1, 2]", 400},
      {"POST", "/v1/check", R"({"agent": "bot", "urls": "http://a.test/"})", 400},
      {"POST", "/v1/check", R"({"agent": "bot", "urls": [1]})", 400},
      {"POST", "/v1/check", R"({"crawler": "Googlebot-Imag", "urls": []})", 400},
      {"POST", "/v1/check", R"({"agent": "a", "crawler": "Googlebot", "urls": []})", 400},
      {"POST", "/v1/check", R"({"urls": []})", 400},
      {"POST", "/v1/evaluate", R"({"agent": "bot", "urls": []})", 400},
      {"GET", "/v1/check?agent=bot", "", 400},
      {"GET", "/v1/check?url=example.com&agent=bot", "", 400},
      {"GET", "/v1/check?url=http%3A%2F%2Fa.test%2F&agent=%2C%2C", "", 400},
      {"GET", "/v1/check?url=http%ZZ&agent=bot", "", 400},
      {"GET", "/v1/robots", "", 400},
      {"GET", "/v1/robots?url=example.com", "", 400},
      {"GET", "/v1/robots.txt", "", 400},
      {"GET", "/v1/robots.txt?url=example.com", "", 400},
      {"POST", "/v1/refresh", "", 400},
      {"POST", "/v1/refresh?url=example.com", "", 400},
      {"GET", "/v2/check", "", 404},
      {"DELETE", "/v1/check", "", 405},
  };
  for (const auto& c : cases) {
    const HttpResult result = HttpClient().request(c.method, service.url(c.path), c.body);
    EXPECT_EQ(result.status, c.status) << c.method << " " << c.path << " " << c.body;
    const json error = body_of(result);
    EXPECT_TRUE(error.is_object() && error["error"].is_string()) << result.body;
  }
  const json unknown =
      body_of(service.post("/v1/check", R"({"crawler": "Googlebot-Imag", "urls": []})"));
  EXPECT_NE(unknown["error"].get<std::string>().find("Googlebot-Image"), std::string::npos);
}

TEST_F(ServeTest, LimitsOnBodiesBatchesAndHeadersAre413And431) {
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--max-batch", "3"});
  ServiceProcess service(args);
  ASSERT_NE(service.port(), 0);
  const json four = {
      {"agent", "bot"},
      {"urls", {"http://a.test/1", "http://a.test/2", "http://a.test/3", "http://a.test/4"}}};
  EXPECT_EQ(service.post("/v1/check", four.dump()).status, 413);
  EXPECT_EQ(service.post("/v1/check", std::string(2 * 1024 * 1024, ' ')).status, 413);
  const HttpResult big_header = HttpClient().request("GET", service.url("/healthz"), "",
                                                     {"X-Padding: " + std::string(64 * 1024, 'x')});
  EXPECT_EQ(big_header.status, 431);
  EXPECT_EQ(service.get("/healthz").status, 200) << "the service is still there";
}

TEST_F(ServeTest, KeepAliveAnswersManyRequestsOnOneConnection) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  HttpClient client;
  EXPECT_EQ(client.request("GET", service.url("/healthz")).new_connections, 1);
  for (int i = 0; i < 20; ++i) {
    const HttpResult result = client.request("GET", service.url(check_path("http://alive.test/x")));
    EXPECT_EQ(result.status, 200);
    EXPECT_EQ(result.new_connections, 0) << "request " << i;
  }
}

// SIGTERM: no new connections, the request in flight is answered, exit 0.
TEST_F(ServeTest, SigtermDrainsInFlightRequestsAndExitsZero) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  // slow-3: three redirects, each answer half a second late.
  auto in_flight = std::async(std::launch::async, [&] {
    return service.get("/v1/check?url=" + url_encode("http://slow-3.test/x") + "&agent=bot");
  });
  // Bounded, so that a fetch that never starts fails the test instead of hanging it.
  for (int i = 0; i < 6000 && origin_.request_count("slow-3") < 1; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_GE(origin_.request_count("slow-3"), 1);
  EXPECT_EQ(service.terminate(), 0);
  const HttpResult answered = in_flight.get();
  EXPECT_EQ(answered.status, 200);
  EXPECT_EQ(body_of(answered)["status"], 200);
}

TEST_F(ServeTest, ReadyzSaysWhetherTheSharedTierIsReachable) {
  ServiceProcess alone(origin_args());
  ASSERT_NE(alone.port(), 0);
  EXPECT_EQ(body_of(alone.get("/readyz"))["shared_tier"], "none");
  EXPECT_EQ(alone.get("/healthz").status, 200);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--redis", redis.url()});
  ServiceProcess shared(args);
  ASSERT_NE(shared.port(), 0);
  EXPECT_EQ(body_of(shared.get("/readyz"))["status"], "ready");
  redis.kill_now();
  const json degraded = body_of(shared.get("/readyz"));
  EXPECT_EQ(degraded["status"], "degraded");
  EXPECT_EQ(degraded["shared_tier"], "unreachable");
  // Still answering, from its own fetches; the failure is counted.
  EXPECT_EQ(shared.get(check_path("http://during.test/private")).status, 200);
  EXPECT_NE(shared.get("/metrics").body.find("robotstxt_shared_tier_errors_total "),
            std::string::npos);
  ASSERT_TRUE(redis.restart());
  EXPECT_TRUE(becomes_ready(shared));
}

// The fleet: two instances on one Redis, a thousand checks spread over both, exactly
// one robots.txt request per origin; the instance that did not fetch answers "shared".
TEST_F(ServeTest, TwoInstancesOnOneRedisFetchEachOriginOnce) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--redis", redis.url()});
  ServiceProcess first(args);
  ServiceProcess second(args);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  constexpr int kOrigins = 20;
  std::vector<std::thread> clients;
  std::atomic<int> answered{0};
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      HttpClient client;
      for (int i = t; i < 1000; i += 4) {
        const ServiceProcess& service = i % 2 == 0 ? first : second;
        const std::string url = "http://fleet" + std::to_string(i % kOrigins) + ".test/private";
        const HttpResult result = client.request("GET", service.url(check_path(url)));
        if (result.status == 200 && body_of(result)["allowed"] == false) ++answered;
      }
    });
  }
  for (std::thread& client : clients) client.join();
  EXPECT_EQ(answered, 1000);
  for (int origin = 0; origin < kOrigins; ++origin) {
    EXPECT_EQ(origin_.request_count("fleet" + std::to_string(origin)), 1) << origin;
  }
  // A new origin: fetched by one instance, the other answers from the shared tier.
  EXPECT_EQ(body_of(first.get(check_path("http://late.test/a")))["cache_tier"], "fetched");
  EXPECT_EQ(body_of(second.get(check_path("http://late.test/a")))["cache_tier"], "shared");
}

// SSRF: by default nothing internal is fetched, checked on the address connected, so a
// public-looking name that resolves to loopback is refused too. 422 names the reason.
TEST_F(ServeTest, InternalAddressesAreRefusedWith422UnlessAllowed) {
  ServiceProcess guarded({"--connect-to", origin_.connect_to_all()});
  ASSERT_NE(guarded.port(), 0);
  const std::string direct = "http://127.0.0.1:" + std::to_string(origin_.port()) + "/x";
  for (const std::string& url : {direct, std::string("http://rebound.test/x")}) {
    const HttpResult refused = guarded.get(check_path(url));
    EXPECT_EQ(refused.status, 422) << url << " " << refused.body;
    EXPECT_NE(body_of(refused)["error"].get<std::string>().find("loopback"), std::string::npos);
  }
  EXPECT_EQ(guarded.get("/v1/robots?url=" + url_encode(direct)).status, 422);
  EXPECT_EQ(guarded.post("/v1/refresh?url=" + url_encode(direct), "").status, 422);
  const json batch = body_of(guarded.post(
      "/v1/check", json{{"agent", "bot"}, {"urls", {"http://rebound.test/a"}}}.dump()));
  EXPECT_NE(batch["results"][0]["error"].get<std::string>().find("loopback"), std::string::npos);
  EXPECT_EQ(origin_.request_count("rebound"), 0);
  EXPECT_EQ(origin_.request_count("127"), 0);

  ServiceProcess open(origin_args());
  ASSERT_NE(open.port(), 0);
  EXPECT_EQ(open.get(check_path("http://rebound.test/x")).status, 200);
}

TEST_F(ServeTest, TokenFileRequiresTheBearerTokenOnV1) {
  testing::TempDir dir;
  const std::string token_file = dir.write("token", "s3cret-token\n");
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--token-file", token_file});
  ServiceProcess service(args);
  ASSERT_NE(service.port(), 0);
  const std::string path = check_path("http://auth.test/x");
  EXPECT_EQ(service.get(path).status, 401);
  for (const char* header :
       {"Authorization: Bearer s3cret-toke", "Authorization: Bearer s3cret-tokenX",
        "Authorization: Basic s3cret-token", "Authorization: s3cret-token"}) {
    EXPECT_EQ(HttpClient().request("GET", service.url(path), "", {header}).status, 401) << header;
  }
  EXPECT_EQ(HttpClient()
                .request("GET", service.url(path), "", {"Authorization: Bearer s3cret-token"})
                .status,
            200);
  EXPECT_EQ(service.get("/healthz").status, 200) << "probes need no token";
  EXPECT_EQ(origin_.request_count("auth"), 1);
  // What changes the fleet's schedule needs the token as every /v1/ call does: a client
  // without it can neither reserve slots nor report a 429.
  const std::string report = R"({"url":"http://auth.test/x","status":429,"retry_after":60})";
  const std::string acquire = R"({"url":"http://auth.test/x","agent":"bot"})";
  EXPECT_EQ(HttpClient().request("POST", service.url("/v1/report"), report).status, 401);
  EXPECT_EQ(HttpClient().request("POST", service.url("/v1/acquire"), acquire).status, 401);
  const HttpResult slot = HttpClient().request("POST", service.url("/v1/acquire"), acquire,
                                               {"Authorization: Bearer s3cret-token"});
  EXPECT_EQ(slot.status, 200);
  EXPECT_EQ(body_of(slot)["spacing_source"], "default") << "the refused report changed nothing";
  EXPECT_EQ(HttpClient()
                .request("POST", service.url("/v1/report"), report,
                         {"Authorization: Bearer s3cret-token"})
                .status,
            200);
}

// Off loopback, anyone on the network can reach the service: it starts only with a
// token or when told --no-token, and says both when given neither.
TEST_F(ServeTest, NonLoopbackListenNeedsTokenFileOrNoToken) {
  testing::TempDir dir;
  const std::string token_file = dir.write("token", "s3cret-token\n");
  for (const char* address : {"0.0.0.0:0", "[::]:0", "10.0.0.1:0", "[::ffff:10.0.0.1]:0"}) {
    const testing::CommandResult refused =
        testing::run_command(ROBOTSTXT_CLI, {"serve", "--listen", address});
    EXPECT_EQ(refused.exit_code, 2) << address;
    EXPECT_NE(refused.err.find("--token-file"), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find("--no-token"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
    EXPECT_EQ(refused.out, "");
  }
  // Accepted: the next check (an impossible --timeout) is the one that stops them, before
  // anything listens.
  const std::vector<std::vector<std::string>> accepted = {
      {"--listen", "0.0.0.0:0", "--no-token"},
      {"--listen", "0.0.0.0:0", "--token-file", token_file},
      {"--listen", "127.0.0.2:0"},
      {"--listen", "[::1]:0"},
      {"--listen", "[::ffff:127.0.0.1]:0"},
  };
  for (const std::vector<std::string>& args : accepted) {
    std::vector<std::string> argv = {"serve", "--timeout", "0"};
    argv.insert(argv.end(), args.begin(), args.end());
    const testing::CommandResult result = testing::run_command(ROBOTSTXT_CLI, argv);
    EXPECT_EQ(result.exit_code, 2) << args[1];
    EXPECT_NE(result.err.find("--timeout must be"), std::string::npos) << result.err;
  }
  const testing::CommandResult both = testing::run_command(
      ROBOTSTXT_CLI, {"serve", "--listen", "0.0.0.0:0", "--no-token", "--token-file", token_file});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("not both"), std::string::npos) << both.err;
}

// The value of one sample line of the Prometheus text, -1 when absent.
double metric(const std::string& text, const std::string& sample) {
  const std::size_t at = text.find("\n" + sample + " ");
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + sample.size() + 2));
}

TEST_F(ServeTest, MetricsCountRequestsTiersFetchesAndLatency) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  for (int i = 0; i < 3; ++i) (void)service.get(check_path("http://counted.test/x"));
  (void)service.get(check_path("http://status-503.test/x"));
  (void)service.post("/v1/check", "{broken");
  const HttpResult result = service.get("/metrics");
  ASSERT_EQ(result.status, 200);
  const std::string& text = result.body;
  EXPECT_EQ(metric(text, R"(robotstxt_requests_total{endpoint="check",code="2xx"})"), 4);
  EXPECT_EQ(metric(text, R"(robotstxt_requests_total{endpoint="check_batch",code="4xx"})"), 1);
  EXPECT_EQ(metric(text, R"(robotstxt_request_duration_seconds_count{endpoint="check"})"), 4);
  EXPECT_EQ(
      metric(text, R"(robotstxt_request_duration_seconds_bucket{endpoint="check",le="+Inf"})"), 4);
  EXPECT_EQ(metric(text, R"(robotstxt_cache_answers_total{tier="fetched"})"), 2);
  EXPECT_EQ(metric(text, R"(robotstxt_cache_answers_total{tier="memory"})"), 2);
  EXPECT_EQ(metric(text, R"(robotstxt_fetches_total{outcome="2xx"})"), 1);
  EXPECT_EQ(metric(text, R"(robotstxt_fetches_total{outcome="5xx"})"), 1);
  EXPECT_EQ(metric(text, "robotstxt_shared_tier_errors_total"), -1) << "no shared tier";
}

// GET /v1/robots fetches an origin it does not hold, and that fetch is counted as a
// check's is; the check that follows finds the origin in memory.
TEST_F(ServeTest, MetricsCountTheFetchOfRobots) {
  ServiceProcess service(origin_args());
  ASSERT_NE(service.port(), 0);
  ASSERT_EQ(service.get("/v1/robots?url=" + url_encode("http://counted.test/")).status, 200);
  EXPECT_EQ(metric(service.get("/metrics").body, R"(robotstxt_fetches_total{outcome="2xx"})"), 1);
  EXPECT_EQ(body_of(service.get(check_path("http://counted.test/x")))["cache_tier"], "memory");
  EXPECT_EQ(metric(service.get("/metrics").body, R"(robotstxt_fetches_total{outcome="2xx"})"), 1);
  EXPECT_EQ(origin_.request_count("counted"), 1);
}

// Fetches are bounded for the whole process, not per request: several batches at once,
// each naming distinct slow origins, never have more than --max-fetches robots.txt
// requests in progress at the origin; the others wait for a slot and are answered.
TEST_F(ServeTest, MaxFetchesBoundsFetchesInFlightAcrossRequests) {
  std::vector<std::string> args = origin_args();
  for (const char* arg : {"--concurrency", "4", "--max-fetches", "3"}) args.emplace_back(arg);
  ServiceProcess service(args);
  ASSERT_NE(service.port(), 0);
  constexpr int kRequests = 4;
  constexpr int kOriginsPerRequest = 5;
  std::vector<std::future<HttpResult>> answers;
  for (int r = 0; r < kRequests; ++r) {
    json urls = json::array();
    for (int o = 0; o < kOriginsPerRequest; ++o) {
      urls.push_back("http://held-" + std::to_string(r) + "-" + std::to_string(o) +
                     ".test/private/x");
    }
    const std::string body = json{{"agent", "bot"}, {"urls", urls}}.dump();
    answers.push_back(std::async(std::launch::async,
                                 [&service, body] { return service.post("/v1/check", body); }));
  }
  for (std::future<HttpResult>& answer : answers) {
    const HttpResult result = answer.get();
    ASSERT_EQ(result.status, 200) << result.body;
    const json parsed = body_of(result);  // the loop below must not outlive it
    for (const json& one : parsed["results"]) {
      EXPECT_EQ(one["access"], "rules") << one.dump();
      EXPECT_EQ(one["allowed"], false) << one.dump();
    }
  }
  HttpClient client;
  const HttpResult peak =
      client.request("GET", "http://127.0.0.1:" + std::to_string(origin_.port()) + "/__peak/held");
  ASSERT_EQ(peak.status, 200);
  EXPECT_GE(std::stoi(peak.body), 1);
  EXPECT_LE(std::stoi(peak.body), 3) << "robots.txt requests in progress at once";
  const std::string metrics = service.get("/metrics").body;
  EXPECT_EQ(metric(metrics, "robotstxt_fetches_in_flight"), 0);
  EXPECT_EQ(metric(metrics, "robotstxt_fetches_in_flight_limit"), 3);
}

// A restarted instance continues from the shared tier: no refetch, and an origin in its
// first 12 hours of errors stays fully disallowed.
TEST_F(ServeTest, RestartedInstanceNeitherRefetchesNorForgetsErrors) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--redis", redis.url()});
  {
    ServiceProcess before(args);
    ASSERT_NE(before.port(), 0);
    EXPECT_EQ(body_of(before.get(check_path("http://status-503.test/a")))["access"],
              "full-disallow");
    EXPECT_EQ(body_of(before.get(check_path("http://kept.test/private")))["allowed"], false);
    EXPECT_EQ(before.terminate(), 0);
  }
  ServiceProcess after(args);
  ASSERT_NE(after.port(), 0);
  const json erroring = body_of(after.get(check_path("http://status-503.test/a")));
  EXPECT_EQ(erroring["cache_tier"], "shared");
  EXPECT_EQ(erroring["access"], "full-disallow");
  EXPECT_EQ(erroring["status"], 503);
  EXPECT_EQ(body_of(after.get(check_path("http://kept.test/private")))["cache_tier"], "shared");
  EXPECT_EQ(origin_.request_count("status-503"), 1);
  EXPECT_EQ(origin_.request_count("kept"), 1);
}

// Redis killed mid-run: every request is still answered, the failure is counted and
// /readyz says degraded; once Redis is back the shared tier is used again.
TEST_F(ServeTest, RedisKilledMidRunIsSurvivedAndRecovered) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0);
  std::vector<std::string> args = origin_args();
  args.insert(args.end(), {"--redis", redis.url()});
  ServiceProcess first(args);
  ServiceProcess second(args);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  EXPECT_EQ(body_of(first.get(check_path("http://before.test/private")))["cache_tier"], "fetched");
  redis.kill_now();
  for (int i = 0; i < 20; ++i) {
    const ServiceProcess& service = i % 2 == 0 ? first : second;
    const HttpResult result =
        service.get(check_path("http://during" + std::to_string(i % 5) + ".test/private"));
    EXPECT_EQ(result.status, 200) << i;
    EXPECT_EQ(body_of(result)["allowed"], false) << i;
  }
  EXPECT_GE(metric(first.get("/metrics").body, "robotstxt_shared_tier_errors_total"), 1);
  EXPECT_EQ(metric(first.get("/metrics").body, "robotstxt_shared_tier_up"), 0);
  EXPECT_EQ(body_of(second.get("/readyz"))["status"], "degraded");

  ASSERT_TRUE(redis.restart());
  EXPECT_TRUE(becomes_ready(first));
  EXPECT_EQ(body_of(first.get(check_path("http://after.test/private")))["cache_tier"], "fetched");
  EXPECT_TRUE(becomes_ready(second));
  EXPECT_EQ(body_of(second.get(check_path("http://after.test/private")))["cache_tier"], "shared");
  EXPECT_EQ(origin_.request_count("after"), 1);
}

// Options that cannot work are one line on stderr and exit 2, before anything listens.
TEST_F(ServeTest, BadOptionsAreOneLineUsageErrors) {
  const std::string taken = "127.0.0.1:" + std::to_string(origin_.port());
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--listen", "nowhere"}, "--listen must be HOST:PORT"},
      {{"--listen", "127.0.0.1:65536"}, "--listen must be HOST:PORT"},
      {{"--listen", "example.com:80"}, "is not an IP address"},
      {{"--listen", taken}, "cannot listen on " + taken},
      {{"--redis", "http://cache:6379"}, "starts with redis://"},
      {{"--token-file", "/nonexistent/token"}, "cannot read --token-file"},
      {{"--timeout", "0"}, "--timeout must be"},
  };
  for (const auto& [args, message] : cases) {
    std::vector<std::string> argv = {"serve"};
    argv.insert(argv.end(), args.begin(), args.end());
    const testing::CommandResult result = testing::run_command(ROBOTSTXT_CLI, argv);
    EXPECT_EQ(result.exit_code, 2) << args[0];
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace robotstxt
