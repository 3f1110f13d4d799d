// The public conformance cases (tests/data/conformance/spec-test.jsonl) through the
// library: every verdict must equal Google's.
#include <gtest/gtest.h>

#include <iostream>

#include "robotstxt/robots_txt.h"
#include "support/conformance_cases.h"

namespace robotstxt {
namespace {

TEST(Conformance, EveryCaseMatchesGooglesVerdict) {
  const auto cases =
      testing::load_conformance_cases(ROBOTSTXT_TEST_DATA_DIR "/conformance/spec-test.jsonl");
  ASSERT_GT(cases.size(), 0u) << "conformance cases not found under " ROBOTSTXT_TEST_DATA_DIR;
  std::size_t passed = 0;
  for (const auto& c : cases) {
    const bool allowed = RobotsTxt::parse(c.body).allowed(c.url, c.agent);
    EXPECT_EQ(allowed, c.expected_allowed)
        << c.file << ": agent '" << c.agent << "' url '" << c.url << "'";
    passed += allowed == c.expected_allowed ? 1 : 0;
  }
  std::cout << "conformance (library): " << passed << " of " << cases.size() << " passed\n";
  EXPECT_EQ(passed, cases.size());
}

}  // namespace
}  // namespace robotstxt
