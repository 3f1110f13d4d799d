// `robotstxt serve --redis-cluster`: two instances on a local Redis Cluster of three
// masters answer as one fleet (each robots.txt fetched once, the records spread over
// every master), and /v1/acquire keeps one schedule per origin across them. Every
// server is started here and stopped whatever happens; every run is bounded.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/fixture_server.h"
#include "support/polite_crawl.h"
#include "support/redis_cluster.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::crawl_politely;
using testing::FixtureServer;
using testing::HttpClient;
using testing::HttpResult;
using testing::LocalRedisCluster;
using testing::PoliteCrawl;
using testing::ServiceProcess;
using testing::TempDir;
using testing::url_encode;

json parsed(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

// How many keys matching `pattern` node `node` holds (KEYS: a test's few hundred).
long long keys_on(LocalRedisCluster& cluster, std::size_t node, const std::string& pattern) {
  const std::string reply = cluster.node(node).command({"KEYS", pattern});
  return reply.starts_with("*") ? std::atoll(reply.c_str() + 1) : -1;
}

// 600 checks of 300 origins, each asked of both instances from four threads: every
// answer right, each robots.txt fetched once for the fleet, the records on all masters.
TEST(ServeClusterTest, TwoInstancesOnAClusterFetchEachOriginOnce) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok()) << "the Redis Cluster did not come up";
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  const std::vector<std::string> args = {"--connect-to", origin.connect_to_all(), "--allow-private",
                                         "--redis-cluster", cluster.seeds()};
  ServiceProcess first(args);
  ServiceProcess second(args);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  constexpr int kOrigins = 300;
  std::atomic<int> right{0};
  std::atomic<int> shared{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      HttpClient client;
      for (int i = t; i < 2 * kOrigins; i += 4) {
        const ServiceProcess& service = (i / kOrigins) % 2 == 0 ? first : second;
        const std::string url = "http://cfleet" + std::to_string(i % kOrigins) + ".test/private";
        const json answer = parsed(
            client.request("GET", service.url("/v1/check?url=" + url_encode(url) + "&agent=bot")));
        if (answer.is_object() && answer.value("allowed", true) == false) ++right;
        if (answer.is_object() && answer.value("cache_tier", "") == "shared") ++shared;
      }
    });
  }
  for (std::thread& client : clients) client.join();
  EXPECT_EQ(right, 2 * kOrigins);
  EXPECT_GE(shared, kOrigins - 10) << "the second ask of an origin reads the fleet's record";
  for (int i = 0; i < kOrigins; ++i) {
    EXPECT_EQ(origin.request_count("cfleet" + std::to_string(i)), 1) << i;
  }
  long long records = 0;
  for (std::size_t node = 0; node < LocalRedisCluster::kMasters; ++node) {
    const long long here = keys_on(cluster, node, "robotstxt:v1:origin:*");
    EXPECT_GT(here, 50) << "master " << node << " holds too few of the records";
    records += here;
  }
  EXPECT_EQ(records, kOrigins);
}

// P1 on a cluster: eight workers over two instances fetch 20 URLs of one origin with a
// Crawl-delay of 0.2 s; the slots are 0.2 s apart, and no fetch came before its slot.
TEST(ServeClusterTest, EightWorkersOnTwoInstancesKeepTheCrawlDelay) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok());
  FixtureServer site("arrivals_site.py",
                     {"--robots-txt", "User-agent: *\nCrawl-delay: 0.2\nDisallow: /private\n"});
  ASSERT_NE(site.port(), 0);
  const std::vector<std::string> args = {"--allow-private", "--polite-spacing", "0.05",
                                         "--redis-cluster", cluster.seeds()};
  ServiceProcess first(args);
  ServiceProcess second(args);
  ASSERT_NE(first.port(), 0);
  ASSERT_NE(second.port(), 0);
  const auto site_url = [&](const std::string& path) {
    return "http://127.0.0.1:" + std::to_string(site.port()) + path;
  };
  constexpr int kUrls = 20;
  const PoliteCrawl crawl = crawl_politely(first, second,
                                           {.site = site_url(""),
                                            .pages = kUrls,
                                            .workers = 8,
                                            .agent = "FleetBot",
                                            .spacing_source = ""});
  ASSERT_EQ(crawl.failures, std::vector<std::string>{});
  const std::vector<std::int64_t>& slots = crawl.slots;
  const std::map<std::string, std::int64_t>& slot_of_path = crawl.slot_of_path;
  ASSERT_EQ(slots.size(), static_cast<std::size_t>(kUrls));
  for (std::size_t i = 1; i < slots.size(); ++i) EXPECT_EQ(slots[i] - slots[i - 1], 200) << i;
  const json arrivals = parsed(HttpClient().request("GET", site_url("/__arrivals")));
  ASSERT_TRUE(arrivals.is_array());
  ASSERT_EQ(arrivals.size(), static_cast<std::size_t>(kUrls));
  for (const json& arrival : arrivals) {
    const auto slot = slot_of_path.find(arrival[1].get<std::string>());
    ASSERT_NE(slot, slot_of_path.end()) << arrival.dump();
    EXPECT_GE(arrival[0].get<double>(), static_cast<double>(slot->second) / 1000.0 - 0.01)
        << arrival.dump() << " came before its slot";
  }
}

// Nodes that require a password: --redis-password-file gives it to every node, and the
// tier is reachable; without it, the tier is unreachable for the reason that says so.
TEST(ServeClusterTest, APasswordFileReachesEveryNode) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok()) << "the Redis Cluster did not come up";
  constexpr const char* kPassword = "cluster-s3cret";
  for (std::size_t i = 0; i < LocalRedisCluster::kMasters; ++i) {
    ASSERT_EQ(cluster.node(i).command({"CONFIG", "SET", "requirepass", kPassword}), "+OK\r\n");
  }
  const TempDir dir;
  const std::string password_file = dir.write("password", std::string(kPassword) + "\n");
  ServiceProcess with_file(
      {"--redis-cluster", cluster.seeds(), "--redis-password-file", password_file});
  ASSERT_NE(with_file.port(), 0);
  const json ready = parsed(with_file.get("/readyz"));
  EXPECT_EQ(ready["shared_tier"], "reachable") << ready.dump();
  ServiceProcess without({"--redis-cluster", cluster.seeds()});
  ASSERT_NE(without.port(), 0);
  const json refused = parsed(without.get("/readyz"));
  EXPECT_EQ(refused["shared_tier"], "unreachable") << refused.dump();
  EXPECT_EQ(refused.dump().find(kPassword), std::string::npos);
}

// One line on stderr and exit 2 for seeds that cannot be used, and the password is
// never quoted; --redis and --redis-cluster together name two stores.
TEST(ServeClusterTest, RefusesSeedsItCannotUse) {
  const TempDir dir;
  const std::string password_file = dir.write("password", "from-file\n");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--redis-cluster", "redis://u:s3cret@h1:7000/2"}, "database 0 only"},
      {{"--redis-cluster", "redis://u:s3cret@h1:0"}, "port must be a number"},
      {{"--redis-cluster", "h1:1", "--redis", "redis://h2:1/0"}, "give one"},
      {{"--redis-cluster", "redis://u:s3cret@h1:1", "--redis-password-file", password_file},
       "give it in one place"},
      {{"--redis-cluster", "h1:1", "--redis-password-file", "/nonexistent/password-file"},
       "--redis-password-file"},
  };
  for (const auto& [args, message] : cases) {
    std::vector<std::string> argv = {"serve"};
    argv.insert(argv.end(), args.begin(), args.end());
    const testing::CommandResult result = testing::run_command(ROBOTSTXT_CLI, argv);
    EXPECT_EQ(result.exit_code, 2) << args[1];
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find("s3cret"), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace robotstxt
