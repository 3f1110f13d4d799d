// What `robotstxt serve` says when it refuses to fetch from an address (peer_address.h):
// the rule that refused and the way out (--allow-private), never the address a name
// resolved to or where --connect-to sent it, which would answer DNS questions about the
// service's network for anyone who can reach it. IPv4 inside IPv6 (6to4, NAT64) is
// refused as that IPv4 address is.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/fixture_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::ServiceProcess;
using testing::url_encode;

std::string check_path(const std::string& url) {
  return "/v1/check?url=" + url_encode(url) + "&agent=bot";
}

TEST(AddressRefusalTest, ServeNamesTheRuleAndTheWayOutButNotTheAddress) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  const std::string port = std::to_string(origin.port());
  // A name that "resolves" to loopback, and one sent to a private address (never
  // connected: the refusal comes before the socket).
  ServiceProcess service({"--connect-to", "rebound.test:80:127.0.0.1:" + port, "--connect-to",
                          "intranet.test:80:10.20.30.40:8081"});
  ASSERT_NE(service.port(), 0);
  const struct {
    std::string url;
    const char* rule;
    std::string hidden;  // what the answer must not say
  } cases[] = {
      {"http://rebound.test/a", "a loopback address", "127.0.0.1"},
      {"http://rebound.test/a", "a loopback address", port},
      {"http://intranet.test/a", "a private address", "10.20.30.40"},
      {"http://intranet.test/a", "a private address", "8081"},
  };
  for (const auto& c : cases) {
    const testing::HttpResult refused = service.get(check_path(c.url));
    EXPECT_EQ(refused.status, 422) << c.url << " " << refused.body;
    const std::string error = json::parse(refused.body, nullptr, false).value("error", "");
    EXPECT_NE(error.find(c.rule), std::string::npos) << error;
    EXPECT_NE(error.find("--allow-private"), std::string::npos) << error;
    EXPECT_EQ(error.find(c.hidden), std::string::npos) << error;
  }
  EXPECT_EQ(origin.request_count("rebound"), 0);
}

// 6to4 (2002:AABB:CCDD::/48) and NAT64 (64:ff9b::/96) forms of loopback and private
// IPv4 addresses are refused as those addresses; the refusal comes before any socket.
TEST(AddressRefusalTest, ServeRefusesIpv4InsideIpv6AsThatIpv4) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const struct {
    const char* url;
    const char* rule;
  } cases[] = {
      {"http://[2002:7f00:1::1]/a", "a loopback address"},
      {"http://[2002:a00:1::]/a", "a private address"},
      {"http://[2002:a9fe:a9fe::]/a", "a link-local address"},
      {"http://[64:ff9b::7f00:1]/a", "a loopback address"},
      {"http://[64:ff9b::c0a8:101]/a", "a private address"},
  };
  for (const auto& c : cases) {
    const testing::HttpResult refused = service.get(check_path(c.url));
    EXPECT_EQ(refused.status, 422) << c.url << " " << refused.body;
    const std::string error = json::parse(refused.body, nullptr, false).value("error", "");
    EXPECT_NE(error.find(c.rule), std::string::npos) << c.url << " " << error;
  }
}

}  // namespace
}  // namespace robotstxt
