// The public conformance cases (tests/data/conformance/spec-test.jsonl) through the C ABI
// (robotstxt/c_api.h) alone, the way every binding asks: each verdict must equal
// Google's, by the single call and by the batch call.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iostream>

#include "robotstxt/c_api.h"
#include "support/conformance_cases.h"

namespace {

TEST(CApiConformance, EveryCaseMatchesGooglesVerdict) {
  const auto cases = robotstxt::testing::load_conformance_cases(ROBOTSTXT_TEST_DATA_DIR
                                                                "/conformance/spec-test.jsonl");
  ASSERT_EQ(cases.size(), 400u) << "conformance cases not found under " ROBOTSTXT_TEST_DATA_DIR;
  std::size_t passed = 0;
  for (const auto& c : cases) {
    robotstxt_robots* robots = nullptr;
    ASSERT_EQ(robotstxt_parse(c.body.data(), c.body.size(), &robots, nullptr), ROBOTSTXT_OK);
    const robotstxt_string token{c.agent.data(), c.agent.size()};
    robotstxt_agent* agent = nullptr;
    ASSERT_EQ(robotstxt_agent_from_tokens(&token, 1, &agent, nullptr), ROBOTSTXT_OK);
    std::int32_t allowed = -1;
    ASSERT_EQ(robotstxt_allowed(robots, c.url.data(), c.url.size(), agent, &allowed, nullptr),
              ROBOTSTXT_OK);
    const robotstxt_string url{c.url.data(), c.url.size()};
    std::uint8_t batch_answer = 9;
    ASSERT_EQ(robotstxt_allowed_urls(robots, &url, 1, agent, &batch_answer, nullptr), ROBOTSTXT_OK);
    EXPECT_EQ(allowed, c.expected_allowed ? 1 : 0)
        << c.file << ": agent '" << c.agent << "' url '" << c.url << "'";
    EXPECT_EQ(batch_answer, allowed) << c.file;
    passed += allowed == (c.expected_allowed ? 1 : 0) ? 1 : 0;
    robotstxt_agent_free(agent);
    robotstxt_robots_free(robots);
  }
  std::cout << "conformance (C ABI): " << passed << " of " << cases.size() << " passed\n";
  EXPECT_EQ(passed, cases.size());
}

}  // namespace
