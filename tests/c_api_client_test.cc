// Runs the C program tests/c_api_test.c, which uses every function of the C ABI, with a
// loopback origin (robots_server.py) for its client checks: the fixture server is started
// here, in C++, and stopped whatever happens.
#include <gtest/gtest.h>

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

}  // namespace
