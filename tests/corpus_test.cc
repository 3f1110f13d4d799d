// Robustness on real files: every robots.txt of tests/data/corpus parses, and every URL
// of its host is checked for five agents. Each answer is held against what the library
// does not compute itself: the brute-force oracle (support/brute_force_oracle.h) for the
// fast boolean and explain()'s verdict, and the strongest of explain()'s own matches for
// its decisive line (support/strongest_match.h).
#include <gtest/gtest.h>

#include <iostream>
#include <iterator>

#include "corpus_loader.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"
#include "support/brute_force_oracle.h"
#include "support/strongest_match.h"

namespace robotstxt {
namespace {

using testing::BruteForceOracle;
using testing::difference_from_oracle;
using testing::difference_from_strongest_match;

TEST(Corpus, EveryCheckAgreesWithTheOracleAndWithItsOwnMatches) {
  const auto hosts = bench::load_corpus(ROBOTSTXT_TEST_DATA_DIR);
  ASSERT_GT(hosts.size(), 0u) << "no corpus under " ROBOTSTXT_TEST_DATA_DIR;
  ASSERT_EQ(hosts.size(), bench::count_robots_files(ROBOTSTXT_TEST_DATA_DIR));
  std::size_t checks = 0;
  std::size_t disallowed = 0;
  std::size_t decided_by_a_match = 0;
  std::size_t disagreements = 0;
  std::size_t urls = 0;
  for (const auto& host : hosts) {
    urls += host.urls.size();
    const RobotsTxt robots = RobotsTxt::parse(host.robots_body);
    const BruteForceOracle oracle(host.robots_body);
    // The per-line facts and the compiled file count the same lines.
    ASSERT_EQ(describe_lines(host.robots_body).size(), robots.line_count()) << host.name;
    for (const std::string& url : host.urls) {
      for (const std::string_view agent : bench::kCorpusAgents) {
        const testing::OracleVerdict expected = oracle.verdict(url, agent);
        const Explanation explanation = robots.explain(url, agent);
        std::string difference = difference_from_oracle(explanation.verdict, expected);
        const std::string from_matches = difference_from_strongest_match(explanation);
        if (!from_matches.empty()) difference += " explain(): " + from_matches;
        if (robots.allowed(url, agent) != expected.allowed) difference += " allowed() differs;";
        ++checks;
        disallowed += expected.allowed ? 0 : 1;
        decided_by_a_match += explanation.verdict.has_decisive_rule() ? 1 : 0;
        // The first few in full; a broken matcher would otherwise flood the log.
        if (!difference.empty() && ++disagreements <= 10) {
          ADD_FAILURE() << host.name << " agent '" << agent << "' url '" << url
                        << "': " << difference;
        }
      }
    }
  }
  std::cout << "corpus: " << hosts.size() << " files, " << checks << " checks, " << disallowed
            << " disallowed, " << decided_by_a_match << " decided by a rule\n";
  EXPECT_EQ(disagreements, 0u);
  EXPECT_GT(urls, 0u);
  EXPECT_EQ(checks, urls * std::size(bench::kCorpusAgents));
  EXPECT_GT(disallowed, 0u);
  EXPECT_GT(decided_by_a_match, disallowed) << "allows decided by a rule occur too";
}

TEST(Corpus, CompiledSizeStaysUnderThreeTimesTheBody) {
  for (const auto& host : bench::load_corpus(ROBOTSTXT_TEST_DATA_DIR)) {
    const std::size_t counted = std::min(host.robots_body.size(), kMaxBodyBytes);
    EXPECT_LT(RobotsTxt::parse(host.robots_body).memory_usage(), 3 * counted + 1024) << host.name;
  }
}

}  // namespace
}  // namespace robotstxt
