// `--redis-password-file`: the Redis password read from a file once at start, so that it
// is in neither the command line nor the process list. A wrong one is one line in the
// log at start and a reason word in /readyz; the password is never in a log line, an
// error, /metrics or any JSON (each is searched for it). Redis here is a real
// redis-server on a free loopback port with an ACL user, started and stopped by the test.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "support/file_waiting.h"
#include "support/fixture_server.h"
#include "support/read_file.h"
#include "support/redis_acl_user.h"
#include "support/redis_server.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::add_acl_user;
using testing::file_once_it_holds;
using testing::FixtureServer;
using testing::kAclPassword;
using testing::kAclUser;
using testing::read_file;
using testing::RedisServer;
using testing::run_command;
using testing::ServiceProcess;
using testing::TempDir;
using testing::url_encode;

std::string user_url(std::uint16_t port) {
  return "redis://" + std::string(kAclUser) + "@127.0.0.1:" + std::to_string(port) + "/0";
}

// The words /readyz may give as shared_tier_reason, from its schema.
std::vector<std::string> reason_words() {
  std::ifstream file(ROBOTSTXT_SOURCE_DIR "/schemas/serve-readyz.schema.json");
  const json schema = json::parse(file, nullptr, false);
  if (schema.is_discarded()) return {};
  return schema["properties"]["shared_tier_reason"]["enum"].get<std::vector<std::string>>();
}

std::string check(const ServiceProcess& service, const std::string& host) {
  return service.get("/v1/check?url=" + url_encode("http://" + host + "/private") + "&agent=bot")
      .body;
}

TEST(ServeRedisPasswordTest, ThePasswordFileAuthenticatesAndIsInNoArgumentNorOutput) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ASSERT_TRUE(add_acl_user(redis, kAclPassword));
  const TempDir dir;
  const std::string password_file = dir.write("redis-password", std::string(kAclPassword) + "\n");
  const std::string log = dir.path() + "/serve.log";
  ServiceProcess service(
      {"--connect-to", origin.connect_to_all(), "--allow-private", "--redis",
       user_url(redis.port()), "--redis-password-file", password_file, "--access-log", "-"},
      log);
  ASSERT_NE(service.port(), 0);
  const std::string answer = check(service, "before.test");
  EXPECT_NE(answer.find(R"("allowed":false)"), std::string::npos) << answer;
  // Authenticated as the ACL user with the file's password (its newline dropped).
  EXPECT_EQ(redis.command({"EXISTS", "robotstxt:v1:origin:{http://before.test}"}), ":1\r\n");
  const std::string ready = service.get("/readyz").body;
  EXPECT_EQ(json::parse(ready)["shared_tier"], "reachable") << ready;
  const std::string command_line = read_file("/proc/" + std::to_string(service.pid()) + "/cmdline");
  EXPECT_NE(command_line.find(password_file), std::string::npos);
  for (const std::string& output :
       {command_line, answer, ready, service.get("/metrics").body, read_file(log)}) {
    EXPECT_EQ(output.find(kAclPassword), std::string::npos) << output;
  }
}

TEST(ServeRedisPasswordTest, AWrongPasswordIsOneLineAtStartAndAReasonInReadyz) {
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ASSERT_TRUE(add_acl_user(redis, "another-one"));
  const TempDir dir;
  const std::string password_file = dir.write("redis-password", kAclPassword);
  const std::string log = dir.path() + "/serve.log";
  ServiceProcess service({"--connect-to", origin.connect_to_all(), "--allow-private", "--redis",
                          user_url(redis.port()), "--redis-password-file", password_file},
                         log);
  ASSERT_NE(service.port(), 0);
  const std::string text = file_once_it_holds(log, "unreachable at start");
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  EXPECT_NE(text.find("is unreachable at start (WRONGPASS"), std::string::npos) << text;
  const std::string ready = service.get("/readyz").body;
  const json answer = json::parse(ready);
  EXPECT_EQ(answer["status"], "degraded");
  EXPECT_EQ(answer["shared_tier"], "unreachable");
  EXPECT_EQ(answer["shared_tier_reason"], "authentication") << ready;
  const std::vector<std::string> words = reason_words();
  EXPECT_NE(std::find(words.begin(), words.end(), "authentication"), words.end())
      << "schemas/serve-readyz.schema.json lists the word";
  // Answers go on from this instance's own cache and fetches.
  const std::string decided = check(service, "during.test");
  EXPECT_NE(decided.find(R"("allowed":false)"), std::string::npos) << decided;
  for (const std::string& output :
       {text, ready, decided, service.get("/metrics").body, read_file(log)}) {
    EXPECT_EQ(output.find(kAclPassword), std::string::npos) << output;
  }
}

// A Redis that answers and refuses nothing has no reason to give.
TEST(ServeRedisPasswordTest, AReachableTierGivesNoReason) {
  RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ServiceProcess service({"--redis", redis.url()});
  ASSERT_NE(service.port(), 0);
  const json answer = json::parse(service.get("/readyz").body);
  EXPECT_EQ(answer["shared_tier"], "reachable");
  EXPECT_FALSE(answer.contains("shared_tier_reason"));
}

TEST(ServeRedisPasswordTest, AnUnusablePasswordFileIsOneLineAndExitTwo) {
  const TempDir dir;
  const std::string missing = dir.path() + "/no-such-file";
  const std::string twice = dir.write("password", std::string(kAclPassword) + "\n");
  struct Case {
    std::string command;
    std::vector<std::string> arguments;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"serve",
       {"--redis", "redis://127.0.0.1:1/0", "--redis-password-file", missing},
       "--redis-password-file '" + missing + "': cannot read it"},
      {"fetch",
       {"-", "bot", "--redis", "redis://127.0.0.1:1/0", "--redis-password-file", missing},
       "--redis-password-file '" + missing + "': cannot read it"},
      {"serve",
       {"--redis", "redis://u:" + std::string(kAclPassword) + "@127.0.0.1:1/0",
        "--redis-password-file", twice},
       "--redis 'redis://***@127.0.0.1:1/0': holds a password"},
      {"serve", {"--redis-password-file", twice}, "--redis-password-file '"},
      {"serve", {"--redis-sentinel", "127.0.0.1:1"}, "--redis-master '': is needed"},
      {"serve",
       {"--redis", "redis://127.0.0.1:1/0", "--redis-sentinel", "127.0.0.1:1", "--redis-master",
        "m"},
       "--redis-sentinel '127.0.0.1:1': is given with --redis"},
  };
  for (const Case& bad : cases) {
    std::vector<std::string> arguments = {bad.command};
    arguments.insert(arguments.end(), bad.arguments.begin(), bad.arguments.end());
    const testing::CommandResult result = run_command(ROBOTSTXT_CLI, arguments);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_NE(result.err.find(bad.says), std::string::npos) << result.err;
    EXPECT_EQ(result.err.find(kAclPassword), std::string::npos) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

}  // namespace
}  // namespace robotstxt
