// Proxies (FetchOptions::proxy, `fetch --proxy`, `serve --proxy`): the environment's
// proxy variables are never used, and with a proxy the target's addresses are checked
// before anything reaches the proxy. The proxy is tests/support/proxy_server.py, which
// answers every proxied request itself ("Disallow: /through-proxy"), so nothing leaves
// the machine whatever the target.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "robotstxt/fetcher.h"
#include "support/fixture_server.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::run_command;
using testing::ServiceProcess;
using testing::url_encode;

const std::string kCli = ROBOTSTXT_CLI;

// Every variable libcurl reads a proxy from, set for as long as the object lives: the
// tests' own HTTP client uses libcurl too, so they are set only around what is tested.
class ProxyEnvironment {
 public:
  explicit ProxyEnvironment(const std::string& proxy_url) {
    for (const char* name : kNames) setenv(name, proxy_url.c_str(), 1);
  }
  ~ProxyEnvironment() {
    for (const char* name : kNames) unsetenv(name);
  }
  ProxyEnvironment(const ProxyEnvironment&) = delete;
  ProxyEnvironment& operator=(const ProxyEnvironment&) = delete;

 private:
  static constexpr const char* kNames[] = {"http_proxy", "https_proxy", "ALL_PROXY", "all_proxy",
                                           "HTTPS_PROXY"};
};

class ProxyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NE(origin_.port(), 0);
    ASSERT_NE(proxy_.port(), 0);
  }
  std::string proxy_url() const { return "http://127.0.0.1:" + std::to_string(proxy_.port()); }
  int proxied(const std::string& label = "ALL") const { return proxy_.request_count(label); }
  static std::string check_path(const std::string& url) {
    return "/v1/check?url=" + url_encode(url) + "&agent=bot";
  }
  static json body_of(const testing::HttpResult& result) {
    return json::parse(result.body, nullptr, false);
  }

  FixtureServer origin_{"robots_server.py"};
  FixtureServer proxy_{"proxy_server.py"};
};

// libcurl would take a proxy from http_proxy or ALL_PROXY, and the address check would
// then judge the proxy instead of the target. The library reads none of them.
TEST_F(ProxyTest, LibraryIgnoresProxyVariablesOfTheEnvironment) {
  FetchOptions options;
  options.connect_to = {origin_.connect_to_all()};
  options.total_timeout = std::chrono::seconds(20);
  const ProxyEnvironment environment(proxy_url());
  const FetchOutcome outcome = Fetcher(options).fetch(*origin_of("http://env.test/"));
  EXPECT_EQ(outcome.kind, FetchKind::kResponse) << outcome.error;
  EXPECT_NE(outcome.body.find("Disallow: /private"), std::string::npos) << outcome.body;
  EXPECT_EQ(origin_.request_count("env"), 1);
  EXPECT_EQ(proxied(), 0);
}

// With a proxy, libcurl connects only to the proxy: the target's addresses are resolved
// (by the resolver, or CONNECT_TO as a direct fetch would connect) and judged first, a
// refused one sends nothing to the proxy, and the proxy's own address is not judged.
TEST_F(ProxyTest, TargetAddressesAreCheckedBeforeTheProxyIsAsked) {
  FetchOptions options;
  options.proxy = proxy_url();
  options.total_timeout = std::chrono::seconds(20);
  options.connect_to = {"internal.test:80:127.0.0.2:9"};
  // On loopback, 127.0.0.2 stands for an internal address; refusing the proxy's port
  // shows that the proxy itself is not judged.
  const std::uint16_t proxy_port = proxy_.port();
  std::vector<std::string> judged;
  options.refuse_address = [proxy_port, &judged](const PeerAddress& address) {
    judged.push_back(to_string(address));
    const bool internal = !address.ipv6 && address.bytes[3] == 2;
    return internal || address.port == proxy_port ? std::string("refused: internal")
                                                  : std::string();
  };
  const Fetcher fetcher(options);
  for (const char* refused_url : {"http://127.0.0.2:9/", "http://internal.test/"}) {
    const FetchOutcome refused = fetcher.fetch(*origin_of(refused_url));
    EXPECT_EQ(refused.kind, FetchKind::kRefused) << refused_url << " " << refused.error;
    EXPECT_EQ(refused.error, "refused: internal");
  }
  EXPECT_EQ(proxied(), 0);

  for (const char* allowed_url : {"http://127.0.0.3:9/", "http://localhost:9/"}) {
    const FetchOutcome allowed = fetcher.fetch(*origin_of(allowed_url));
    EXPECT_EQ(allowed.kind, FetchKind::kResponse) << allowed_url << " " << allowed.error;
    EXPECT_NE(allowed.body.find("/through-proxy"), std::string::npos) << allowed.body;
  }
  EXPECT_EQ(proxied("localhost"), 1);
  EXPECT_EQ(proxied(), 2);
  // Targets only, each once per request (libcurl gives localhost ::1 too, where it can),
  // never the proxy.
  ASSERT_GE(judged.size(), 4u);
  EXPECT_EQ(std::vector<std::string>(judged.begin(), judged.begin() + 4),
            (std::vector<std::string>{"127.0.0.2:9", "127.0.0.2:9", "127.0.0.3:9", "127.0.0.1:9"}));
  for (const std::string& address : judged) {
    EXPECT_TRUE(address == "[::1]:9" || address.starts_with("127.0.0.")) << address;
  }
}

TEST_F(ProxyTest, FetchCommandIgnoresTheEnvironmentAndUsesProxyOption) {
  {
    const ProxyEnvironment environment(proxy_url());
    const auto direct = run_command(kCli, {"fetch", "http://env.test/private/a", "bot",
                                           "--connect-to", origin_.connect_to_all()});
    EXPECT_EQ(direct.exit_code, 1) << direct.out << direct.err;  // the origin's rules
  }
  EXPECT_EQ(origin_.request_count("env"), 1);
  EXPECT_EQ(proxied(), 0);

  const auto through = run_command(
      kCli, {"fetch", "http://via.test/through-proxy/a", "bot", "--proxy", proxy_url()});
  EXPECT_EQ(through.exit_code, 1) << through.out << through.err;  // the proxy's rules
  EXPECT_EQ(proxied("via"), 1);

  for (const char* bad : {"127.0.0.1:3128", "ftp://proxy:21", "http://", "http://a b:1"}) {
    const auto refused = run_command(kCli, {"fetch", "http://a.test/", "bot", "--proxy", bad});
    EXPECT_EQ(refused.exit_code, 2) << bad;
    EXPECT_NE(refused.err.find("--proxy must be"), std::string::npos) << refused.err;
    EXPECT_EQ(std::count(refused.err.begin(), refused.err.end(), '\n'), 1) << refused.err;
  }
}

TEST_F(ProxyTest, ServeIgnoresTheEnvironment) {
  const std::vector<std::string> args = {"--connect-to", origin_.connect_to_all(),
                                         "--allow-private"};
  std::unique_ptr<ServiceProcess> service;
  {
    const ProxyEnvironment environment(proxy_url());
    service = std::make_unique<ServiceProcess>(args);
  }
  ASSERT_NE(service->port(), 0);
  const testing::HttpResult answer = service->get(check_path("http://env.test/private/a"));
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(body_of(answer)["allowed"], false) << answer.body;
  EXPECT_EQ(origin_.request_count("env"), 1);
  EXPECT_EQ(proxied(), 0);
}

// serve --proxy: by default internal targets are refused before the proxy is asked (a
// name sent to loopback by --connect-to too); with --allow-private they go through it.
TEST_F(ProxyTest, ServeChecksTargetsBeforeUsingItsProxy) {
  ServiceProcess guarded({"--proxy", proxy_url(), "--connect-to", origin_.connect_to_all()});
  ASSERT_NE(guarded.port(), 0);
  for (const std::string& url : {"http://127.0.0.1:" + std::to_string(origin_.port()) + "/x",
                                 std::string("http://rebound.test/x")}) {
    const testing::HttpResult refused = guarded.get(check_path(url));
    EXPECT_EQ(refused.status, 422) << url << " " << refused.body;
    EXPECT_NE(body_of(refused)["error"].get<std::string>().find("a loopback address"),
              std::string::npos)
        << refused.body;
  }
  EXPECT_EQ(proxied(), 0);
  EXPECT_EQ(origin_.request_count("rebound"), 0);

  ServiceProcess open({"--proxy", proxy_url(), "--allow-private"});
  ASSERT_NE(open.port(), 0);
  const testing::HttpResult through = open.get(check_path("http://via.test/through-proxy/a"));
  ASSERT_EQ(through.status, 200) << through.body;
  EXPECT_EQ(body_of(through)["allowed"], false) << through.body;
  EXPECT_EQ(proxied("via"), 1);

  const auto bad = run_command(kCli, {"serve", "--proxy", "localhost:3128"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--proxy must be"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace robotstxt
