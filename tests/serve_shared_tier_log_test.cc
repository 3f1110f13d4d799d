// What `serve --redis` says about its shared tier: one line in its log (stderr) when Redis
// cannot be reached at start, one when it is lost, one when it is back, never with the
// URL's password; `robotstxt_shared_tier_up` in /metrics says the same. Redis here is a
// real redis-server on a free loopback port, with an ACL user and a password, started by
// the test and stopped whatever happens.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/file_waiting.h"
#include "support/fixture_server.h"
#include "support/read_file.h"
#include "support/redis_acl_user.h"
#include "support/redis_server.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using testing::add_acl_user;
using testing::file_once_it_holds;
using testing::FixtureServer;
using testing::kAclPassword;
using testing::kAclUser;
using testing::read_file;
using testing::RedisServer;
using testing::ServiceProcess;
using testing::TempDir;
using testing::url_encode;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end = text.find('\n'); end != std::string::npos; end = text.find('\n', start)) {
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The value of one sample line of the Prometheus text, -1 when absent.
double metric(const std::string& text, const std::string& sample) {
  const std::size_t at = text.find("\n" + sample + " ");
  if (at == std::string::npos) return -1;
  return std::stod(text.substr(at + sample.size() + 2));
}

std::string url_with_password(std::uint16_t port) {
  return "redis://" + std::string(kAclUser) + ":" + kAclPassword +
         "@127.0.0.1:" + std::to_string(port) + "/0";
}

// How the log shows that URL: its user info redacted.
std::string shown_url(std::uint16_t port) {
  return "redis://***@127.0.0.1:" + std::to_string(port) + "/0";
}

TEST(ServeSharedTierLogTest, UnreachableAtStartIsOneLineWithoutThePassword) {
  const std::uint16_t port = testing::unused_port();
  ASSERT_NE(port, 0);
  const TempDir dir;
  const std::string log = dir.path() + "/serve.log";
  ServiceProcess service({"--redis", url_with_password(port)}, log);
  ASSERT_NE(service.port(), 0);
  const std::string text = file_once_it_holds(log, "unreachable at start");
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 1u) << text;
  EXPECT_NE(lines[0].find(" shared-tier: Redis at " + shown_url(port) +
                          " is unreachable at start (Connection refused): degraded"),
            std::string::npos)
      << lines[0];
  EXPECT_EQ(text.find(kAclPassword), std::string::npos) << text;
  EXPECT_EQ(text.find(kAclUser), std::string::npos) << text;
  const std::string metrics = service.get("/metrics").body;
  EXPECT_EQ(metric(metrics, "robotstxt_shared_tier_up"), 0) << metrics;
  EXPECT_NE(metrics.find("# HELP robotstxt_shared_tier_up "), std::string::npos);
  EXPECT_NE(service.get("/readyz").body.find(R"("shared_tier":"unreachable")"), std::string::npos);
}

// A Redis that answers but refuses the password is as unreachable as one that is not
// there, and the line says why in Redis's words (which never quote the password).
TEST(ServeSharedTierLogTest, AWrongPasswordIsUnreachableAtStartAndSaysWhy) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ASSERT_TRUE(add_acl_user(redis, "another-one"));
  const TempDir dir;
  const std::string log = dir.path() + "/serve.log";
  ServiceProcess service({"--redis", url_with_password(redis.port())}, log);
  ASSERT_NE(service.port(), 0);
  const std::string text = file_once_it_holds(log, "unreachable at start");
  const std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 1u) << text;
  EXPECT_NE(lines[0].find(shown_url(redis.port()) + " is unreachable at start (WRONGPASS"),
            std::string::npos)
      << lines[0];
  EXPECT_EQ(text.find(kAclPassword), std::string::npos) << text;
  EXPECT_EQ(metric(service.get("/metrics").body, "robotstxt_shared_tier_up"), 0);
}

TEST(ServeSharedTierLogTest, LostAndBackAreOneLineEachAndTheGaugeFollows) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ASSERT_TRUE(add_acl_user(redis, kAclPassword));
  const TempDir dir;
  const std::string log = dir.path() + "/serve.log";
  ServiceProcess service({"--connect-to", origin.connect_to_all(), "--allow-private", "--redis",
                          url_with_password(redis.port())},
                         log);
  ASSERT_NE(service.port(), 0);
  const auto check = [&service](const std::string& host) {
    return service.get("/v1/check?url=" + url_encode("http://" + host + "/private") + "&agent=bot");
  };
  // Authenticated as the ACL user: the record is written where another instance finds it.
  ASSERT_EQ(check("before.test").status, 200);
  EXPECT_EQ(redis.command({"EXISTS", "robotstxt:v1:origin:{http://before.test}"}), ":1\r\n");
  EXPECT_EQ(metric(service.get("/metrics").body, "robotstxt_shared_tier_up"), 1);
  EXPECT_EQ(read_file(log), "") << "Redis answered at start: nothing to say";

  redis.kill_now();
  EXPECT_EQ(check("during.test").status, 200);  // the lookup that finds Redis gone
  std::string text = file_once_it_holds(log, " is unreachable (");
  std::vector<std::string> lines = lines_of(text);
  ASSERT_EQ(lines.size(), 1u) << text;
  EXPECT_NE(lines[0].find(" shared-tier: Redis at " + shown_url(redis.port()) +
                          " is unreachable (Connection refused): degraded"),
            std::string::npos)
      << lines[0];
  EXPECT_EQ(metric(service.get("/metrics").body, "robotstxt_shared_tier_up"), 0);

  ASSERT_TRUE(redis.restart());
  ASSERT_TRUE(add_acl_user(redis, kAclPassword));
  text = file_once_it_holds(log, "is reachable again");
  lines = lines_of(text);
  ASSERT_EQ(lines.size(), 2u) << text;
  EXPECT_NE(lines[1].find(" shared-tier: Redis at " + shown_url(redis.port()) +
                          " is reachable again: ready"),
            std::string::npos)
      << lines[1];
  EXPECT_EQ(metric(service.get("/metrics").body, "robotstxt_shared_tier_up"), 1);
  EXPECT_EQ(text.find(kAclPassword), std::string::npos) << text;
  EXPECT_EQ(text.find(kAclUser), std::string::npos) << text;
}

// The URL is refused before anything is asked, and the refusal does not quote it whole.
TEST(ServeSharedTierLogTest, ARefusedRedisUrlIsNotQuotedWithItsPassword) {
  const std::vector<std::string> refused = {
      std::string("redis://") + kAclUser + ":" + kAclPassword + "@127.0.0.1:notaport/0",
      std::string("redis://") + kAclPassword + "@127.0.0.1/0",  // no colon: not taken as a host
  };
  for (const std::string& url : refused) {
    const TempDir dir;
    const std::string log = dir.path() + "/serve.log";
    ServiceProcess service({"--redis", url}, log);
    EXPECT_EQ(service.port(), 0) << url;
    EXPECT_EQ(service.terminate(), 2) << url;
    const std::string text = read_file(log);
    EXPECT_NE(text.find("--redis 'redis://***@127.0.0.1"), std::string::npos) << text;
    EXPECT_EQ(text.find(kAclPassword), std::string::npos) << text;
  }
}

}  // namespace
}  // namespace robotstxt
