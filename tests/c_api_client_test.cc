// Runs the C program tests/c_api_test.c, which uses every function of the C ABI, with a
// loopback origin (robots_server.py) for its client checks: the fixture server is started
// here, in C++, and stopped whatever happens.
#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/c_api.h"
#include "support/fixture_server.h"
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

}  // namespace
