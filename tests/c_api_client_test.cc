// Runs the C program tests/c_api_test.c, which uses every function of the C ABI, with a
// loopback origin (robots_server.py) for its client checks: the fixture server is started
// here, in C++, and stopped whatever happens.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/c_api.h"
#include "robotstxt/redis_store.h"
#include "support/fixture_server.h"
#include "support/redis_server.h"
#include "support/run_command.h"

namespace {

TEST(CApi, EveryFunctionFromCAgainstALoopbackOrigin) {
  const robotstxt::testing::FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0) << "robots_server.py did not start";
  const robotstxt::testing::CommandResult run =
      robotstxt::testing::run_command(ROBOTSTXT_C_API_TEST, {origin.connect_to_all()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("every check holds"), std::string::npos) << run.out;
}

// The header promises that one client may decide on many threads at once: four threads,
// twenty URLs each over five origins, every answer what the origin says.
TEST(CApi, OneClientDecidesOnManyThreadsAtOnce) {
  const robotstxt::testing::FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0) << "robots_server.py did not start";
  const std::string connect_to = origin.connect_to_all();
  const robotstxt_string names[2] = {{"connect-to", 10}, {"allow-private", 13}};
  const robotstxt_string values[2] = {{connect_to.data(), connect_to.size()}, {"true", 4}};
  robotstxt_client* client = nullptr;
  ASSERT_EQ(robotstxt_client_new(names, values, 2, &client, nullptr), ROBOTSTXT_OK);
  robotstxt_agent* agent = nullptr;
  const robotstxt_string token{"FooBot", 6};
  ASSERT_EQ(robotstxt_agent_from_tokens(&token, 1, &agent, nullptr), ROBOTSTXT_OK);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int thread = 0; thread < 4; ++thread) {
    threads.emplace_back([&, thread] {
      for (int i = 0; i < 20; ++i) {
        const bool private_path = (i + thread) % 2 == 0;
        const std::string url = "http://origin-" + std::to_string(i % 5) + ".test/" +
                                (private_path ? "private/" : "public/") + std::to_string(i);
        robotstxt_decision* decision = nullptr;
        robotstxt_decision_info info{};
        if (robotstxt_client_decide(client, url.data(), url.size(), agent, &decision, nullptr) !=
                ROBOTSTXT_OK ||
            robotstxt_decision_get_info(decision, &info, nullptr) != ROBOTSTXT_OK ||
            info.allowed != (private_path ? 0 : 1)) {
          ++wrong;
        }
        robotstxt_decision_free(decision);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(wrong.load(), 0);
  robotstxt_agent_free(agent);
  robotstxt_client_free(client);
}

// The Redis options read together, as the CLI's flags of the same names: a password from a
// file authenticates (the record lands in Redis), and a wrong combination names the option.
TEST(CApi, TheRedisOptionsNameOneRedisAsTheCliDoes) {
  const robotstxt::testing::FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0) << "robots_server.py did not start";
  robotstxt::testing::RedisServer redis;
  ASSERT_NE(redis.port(), 0) << "redis-server did not start";
  ASSERT_EQ(redis.command({"CONFIG", "SET", "requirepass", "s3cret-Word42"}), "+OK\r\n");
  const robotstxt::testing::TempDir dir;
  const std::string password_file = dir.write("password", "s3cret-Word42\n");
  const std::string connect_to = origin.connect_to_all();
  const std::string url = "redis://127.0.0.1:" + std::to_string(redis.port()) + "/0";
  const auto text = [](const std::string& value) {
    return robotstxt_string{value.data(), value.size()};
  };
  // The strings outlive the views robotstxt_client_new() reads.
  const std::vector<std::string> name_text = {"connect-to", "allow-private", "redis",
                                              "redis-password-file"};
  const std::vector<std::string> value_text = {connect_to, "true", url, password_file};
  robotstxt_string names[4];
  robotstxt_string values[4];
  for (std::size_t i = 0; i < 4; ++i) {
    names[i] = text(name_text[i]);
    values[i] = text(value_text[i]);
  }
  robotstxt_client* client = nullptr;
  robotstxt_error error{};
  ASSERT_EQ(robotstxt_client_new(names, values, 4, &client, &error), ROBOTSTXT_OK) << error.message;
  robotstxt_agent* agent = nullptr;
  const robotstxt_string token{"FooBot", 6};
  ASSERT_EQ(robotstxt_agent_from_tokens(&token, 1, &agent, nullptr), ROBOTSTXT_OK);
  const std::string page = "http://through-redis.test/private";
  robotstxt_decision* decision = nullptr;
  ASSERT_EQ(robotstxt_client_decide(client, page.data(), page.size(), agent, &decision, nullptr),
            ROBOTSTXT_OK);
  robotstxt_decision_free(decision);
  robotstxt_agent_free(agent);
  robotstxt_client_free(client);
  // Authenticated with the file's password (its newline dropped): the record is there.
  robotstxt::RedisAddress address;
  address.port = redis.port();
  address.password = "s3cret-Word42";
  robotstxt::RedisStore store(robotstxt::RedisStoreOptions{.address = address});
  EXPECT_EQ(store.get("robotstxt:v1:origin:{http://through-redis.test}", 1 << 20).status,
            robotstxt::StoreStatus::kOk)
      << store.last_error();

  struct Case {
    std::vector<std::string> names;
    std::vector<std::string> values;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"redis-sentinel"}, {"127.0.0.1:1"}, "option 'redis-master' "},
      {{"redis-master"}, {"fleet"}, "option 'redis-master' "},
      {{"redis", "redis-password-file"},
       {url, dir.path() + "/missing"},
       "option 'redis-password-file' cannot read it"},
      {{"redis", "redis-sentinel", "redis-master"},
       {url, "127.0.0.1:1", "fleet"},
       "option 'redis-sentinel' "},
  };
  for (const Case& bad : cases) {
    std::vector<robotstxt_string> bad_names;
    std::vector<robotstxt_string> bad_values;
    for (std::size_t i = 0; i < bad.names.size(); ++i) {
      bad_names.push_back(text(bad.names[i]));
      bad_values.push_back(text(bad.values[i]));
    }
    robotstxt_client* refused = nullptr;
    robotstxt_error why{};
    EXPECT_EQ(
        robotstxt_client_new(bad_names.data(), bad_values.data(), bad_names.size(), &refused, &why),
        ROBOTSTXT_INVALID_ARGUMENT);
    EXPECT_EQ(refused, nullptr);
    EXPECT_NE(std::string(why.message).find(bad.says), std::string::npos) << why.message;
  }
}

}  // namespace
