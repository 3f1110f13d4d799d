// The library against an independent, brute-force reading of docs/semantics.md 1-5
// (support/brute_force_oracle.h): on every conformance case and every corpus check the
// two must give the same verdict and, where the library names one, the same decisive rule.
// allowed(), verdict() and explain() share one code path; this is the test that can see
// that path being wrong.
#include <gtest/gtest.h>

#include <iostream>
#include <iterator>
#include <random>
#include <span>
#include <string>
#include <string_view>

#include "corpus_loader.h"
#include "robotstxt/robots_txt.h"
#include "support/brute_force_oracle.h"
#include "support/conformance_cases.h"

namespace robotstxt {
namespace {

using testing::BruteForceOracle;
using testing::difference_from_oracle;

// Up to `max_length` bytes drawn from `alphabet`. Engines are seeded with constants: a
// failure must be reproducible.
std::string random_text(std::mt19937& random, std::size_t max_length, std::string_view alphabet) {
  std::string text(random() % (max_length + 1), ' ');
  for (char& c : text) c = alphabet[random() % alphabet.size()];
  return text;
}

struct OneGroup {
  unsigned seed = 0;
  std::span<const std::string> stems;
  int rules = 0;
  unsigned allow_one_in = 2;  // the rest are disallows
  std::size_t rule_tail = 0;  // random bytes after a rule's stem (`*` and `/` among them)
  std::size_t url_tail = 0;   // random bytes after a URL's stem
};

// One group of `rules` rules (a stem, a random tail, sometimes `$`), then 400 URLs on the
// same stems: the library and the oracle must agree on each, and both answers must occur.
void expect_agreement_on_one_group(const OneGroup& group) {
  std::mt19937 random(group.seed);
  const auto stem = [&] { return group.stems[random() % group.stems.size()]; };
  std::string body = "user-agent: a\n";
  for (int rule = 0; rule < group.rules; ++rule) {
    body += (random() % group.allow_one_in == 0 ? "allow: " : "disallow: ") + stem() +
            random_text(random, group.rule_tail, "ab*/") + (random() % 5 == 0 ? "$" : "") + "\n";
  }
  const RobotsTxt robots = RobotsTxt::parse(body);
  const BruteForceOracle oracle(body);
  std::size_t disallowed = 0;
  for (int query = 0; query < 400; ++query) {
    const std::string url = "http://h.com" + stem() + random_text(random, group.url_tail, "ab/");
    const std::string difference =
        difference_from_oracle(robots.verdict(url, "a"), oracle.verdict(url, "a"));
    EXPECT_EQ(difference, "") << url;
    disallowed += robots.allowed(url, "a") ? 0 : 1;
  }
  EXPECT_GT(disallowed, 40u);
  EXPECT_LT(disallowed, 360u);
}

TEST(Oracle, AgreesWithEveryConformanceCaseAndWithTheLibrary) {
  const auto cases =
      testing::load_conformance_cases(ROBOTSTXT_TEST_DATA_DIR "/conformance/spec-test.jsonl");
  ASSERT_GT(cases.size(), 0u) << "conformance cases not found under " ROBOTSTXT_TEST_DATA_DIR;
  std::size_t oracle_right = 0;
  std::size_t library_agrees = 0;
  for (const auto& c : cases) {
    const testing::OracleVerdict expected = BruteForceOracle(c.body).verdict(c.url, c.agent);
    const RobotsTxt robots = RobotsTxt::parse(c.body);
    const std::string difference = difference_from_oracle(robots.verdict(c.url, c.agent), expected);
    EXPECT_EQ(expected.allowed, c.expected_allowed)
        << "oracle wrong on " << c.file << ": agent '" << c.agent << "' url '" << c.url << "'";
    EXPECT_EQ(difference, "") << c.file << ": agent '" << c.agent << "' url '" << c.url << "'";
    oracle_right += expected.allowed == c.expected_allowed ? 1 : 0;
    library_agrees += difference.empty() ? 1 : 0;
  }
  std::cout << "conformance: oracle right on " << oracle_right << " of " << cases.size()
            << ", library equal to the oracle on " << library_agrees << "\n";
}

TEST(Oracle, AgreesWithTheLibraryOnEveryCorpusCheck) {
  const auto hosts = bench::load_corpus(ROBOTSTXT_TEST_DATA_DIR);
  ASSERT_GT(hosts.size(), 0u) << "no corpus under " ROBOTSTXT_TEST_DATA_DIR;
  ASSERT_EQ(hosts.size(), bench::count_robots_files(ROBOTSTXT_TEST_DATA_DIR));
  std::size_t checks = 0;
  std::size_t decisive_lines = 0;
  std::size_t disagreements = 0;
  for (const auto& host : hosts) {
    if (host.urls.empty()) continue;
    const RobotsTxt robots = RobotsTxt::parse(host.robots_body);
    const BruteForceOracle oracle(host.robots_body);
    for (const std::string& url : host.urls) {
      // allowed_each() reads the path once for all agents: it must answer as verdict().
      bool each[std::size(bench::kCorpusAgents)] = {};
      ASSERT_EQ(robots.allowed_each(url, bench::kCorpusAgents, each), std::size(each));
      for (std::size_t a = 0; a < std::size(each); ++a) {
        const std::string_view agent = bench::kCorpusAgents[a];
        const Verdict verdict = robots.verdict(url, agent);
        std::string difference = difference_from_oracle(verdict, oracle.verdict(url, agent));
        if (each[a] != verdict.allowed) difference += " allowed_each() differs;";
        ++checks;
        decisive_lines += verdict.has_decisive_rule() ? 1 : 0;
        if (difference.empty()) continue;
        // Report the first few in full; a broken matcher would otherwise flood the log.
        if (++disagreements <= 10) {
          ADD_FAILURE() << host.name << " agent '" << agent << "' url '" << url
                        << "': " << difference;
        }
      }
    }
  }
  std::cout << "corpus: " << checks << " checks compared with the oracle (" << decisive_lines
            << " with a decisive line), " << disagreements << " disagreements\n";
  EXPECT_EQ(disagreements, 0u);
  EXPECT_GT(checks, 0u);
  EXPECT_GT(decisive_lines, 0u);
}

// Parses `body` and asks library and oracle about `url` for agent "a"; returns the
// difference (empty when they agree).
std::string difference_on(const std::string& body, const std::string& url) {
  const RobotsTxt robots = RobotsTxt::parse(body);
  return difference_from_oracle(robots.verdict(url, "a"), BruteForceOracle(body).verdict(url, "a"));
}

// The shapes that make a naive substring search or a backtracking matcher slow
// (docs/semantics.md 4.2): a long literal segment after `*` that almost occurs everywhere, and a
// thousand stars against a long path. The answers must still be exact.
TEST(Oracle, AgreesOnWorstCaseWildcardShapes) {
  const std::string as(16 * 1024, 'a');
  const std::string long_segment = std::string(1000, 'a') + "b";
  std::string thousand_stars;
  for (int i = 0; i < 1000; ++i) thousand_stars += "*a";
  const struct {
    std::string rule;
    std::string path;
  } cases[] = {
      {"/*" + long_segment, "/" + as},               // never occurs
      {"/*" + long_segment, "/" + as + "b"},         // occurs at the very end
      {"/*" + long_segment + "$", "/" + as + "b"},   // anchored at the end
      {"/*" + long_segment + "$", "/" + as + "bb"},  // occurs, but not at the end
      {"/*ab" + long_segment, "/" + as + "ab" + as + "b"},
      {"/*" + std::string(500, 'b') + "a", "/" + std::string(16 * 1024, 'b')},
      {"/*abababababac", "/" + std::string(8000, 'x') + "abababababababababac"},
      {"/" + thousand_stars, "/" + as},        // 1,000 segments that fit
      {"/" + thousand_stars + "b", "/" + as},  // the last one never fits
      {"/" + thousand_stars + "$", "/" + as},
      {"/" + thousand_stars + "b$", "/" + as + "b"},
      {"/" + thousand_stars, "/" + std::string(999, 'a')},  // one segment too many
      {"/" + std::string(1000, '*') + "b$", "/" + as + "b"},
  };
  for (const auto& c : cases) {
    for (const char* kind : {"disallow", "allow"}) {
      const std::string body =
          std::string("user-agent: a\ndisallow: /\n") + kind + ": " + c.rule + "\n";
      EXPECT_EQ(difference_on(body, "http://h.com" + c.path), "")
          << kind << " " << c.rule.substr(0, 40) << "... (" << c.rule.size()
          << " bytes) vs a path of " << c.path.size() << " bytes";
    }
  }
}

// Random rules and paths over a two-letter alphabet, where segments overlap and repeat
// (periodic needles, near misses): the cases where a fast substring search goes wrong.
TEST(Oracle, AgreesOnRandomWildcardRulesOverTwoLetters) {
  std::mt19937 random(20261122);  // fixed: a failure must be reproducible
  std::size_t disallowed = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string body = "user-agent: a\n";
    for (int rule = 0; rule < 3; ++rule) {
      body += (random() % 2 ? "allow: /" : "disallow: /") + random_text(random, 14, "aab*") +
              (random() % 3 == 0 ? "$" : "") + "\n";
    }
    const std::string url = "http://h.com/" + random_text(random, 40, "ab");
    EXPECT_EQ(difference_on(body, url), "") << body << url;
    disallowed += RobotsTxt::parse(body).allowed(url, "a") ? 0 : 1;
  }
  // Both answers must occur, or the comparison proves little.
  EXPECT_GT(disallowed, 300u);
  EXPECT_LT(disallowed, 2700u);
}

// One group large enough for the compiler's radix sort (thousands of rules), with
// prefixes that share their first eight or sixteen bytes and differ after: the index
// must still find every rule that can match.
TEST(Oracle, AgreesOnALargeGroup) {
  const std::string stems[] = {"", "/aaaaaaa", "/aaaaaaaaaaaaaaa", "/abababababababababab"};
  expect_agreement_on_one_group({.seed = 7,
                                 .stems = stems,
                                 .rules = 5000,
                                 .allow_one_in = 2,
                                 .rule_tail = 6,
                                 .url_tail = 12});
}

// The same for prefixes that share far more than sixteen bytes, which the compiler's sort
// compares sixteen bytes at a time: prefixes ending inside, at and past each boundary.
TEST(Oracle, AgreesOnALargeGroupOfLongSharedPrefixes) {
  const std::string stems[] = {"/" + std::string(15, 'a'), "/" + std::string(31, 'a'),
                               "/" + std::string(40, 'a') + "/b", "/" + std::string(70, 'a')};
  expect_agreement_on_one_group({.seed = 11,
                                 .stems = stems,
                                 .rules = 3000,
                                 .allow_one_in = 4,
                                 .rule_tail = 3,
                                 .url_tail = 4});
}

// A group large enough to be sorted, where the few rules starting "/b" are left in file
// order (kCompareEachUpTo): longest first, so the walk meets "/b" only after longer
// prefixes, at the very depth where a path "/b" ends. Each rule must still be found.
TEST(Oracle, AgreesWhereAPathEndsAmongAFewRulesLeftInFileOrder) {
  std::string body = "user-agent: a\n";
  for (const char letter : std::string_view("acdefghijklm")) {
    body += std::string("allow: /") + letter + "\n";
  }
  for (const char* rule : {"/bcd", "/bc", "/b", "/b*x", "/bd$"}) {
    body += std::string("disallow: ") + rule + "\n";
  }
  for (const char* path : {"/b", "/bc", "/bcd", "/bx", "/bd", "/bdx", "/a", "/"}) {
    EXPECT_EQ(difference_on(body, std::string("http://h.com") + path), "") << path;
  }
  EXPECT_FALSE(RobotsTxt::parse(body).allowed("http://h.com/b", "a"));
  EXPECT_FALSE(RobotsTxt::parse(body).allowed("http://h.com/bd", "a"));
}

// The oracle itself must be able to say no: a few hand-checked answers, each citing the
// rule, so that an oracle that always agreed with anything would fail here.
TEST(Oracle, FollowsTheRulesItIsBuiltFrom) {
  const BruteForceOracle oracle(
      "\xEF\xBB\xBFuser-agent: FooBot/1.2\r\n"  // 1.2 BOM, 1.3 CR LF, 2.4 token
      "disallow: /a*c$\r"                       // line 2: 4.2 wildcard and anchor
      "allow: /shop/index.html\n"               // line 3: 4.4 rewrite
      "dissalow: /shop\n"                       // line 4: 1.7 typo
      "user-agent: *\n"
      "disallow: /\n");
  const auto check = [&](std::string_view url, std::string_view agent) {
    return oracle.verdict(url, agent);
  };
  EXPECT_FALSE(check("http://a.com/abc", "foobot").allowed);
  EXPECT_EQ(check("http://a.com/abc", "foobot").line, 2u);
  EXPECT_TRUE(check("http://a.com/abcd", "foobot").allowed);
  EXPECT_FALSE(check("http://a.com/shop/x", "FooBot").allowed);
  const testing::OracleVerdict rewrite = check("http://a.com/shop/", "FooBot");
  EXPECT_TRUE(rewrite.allowed);  // "/shop/$" (7) beats "/shop" (5)
  EXPECT_TRUE(rewrite.via_index_htm);
  EXPECT_EQ(rewrite.strength, 7u);
  EXPECT_EQ(rewrite.line, 3u);
  EXPECT_FALSE(check("http://a.com/x", "Other").allowed);
  EXPECT_EQ(check("http://a.com/x", "Other").applied, AppliedGroups::kGlobal);
  EXPECT_TRUE(check("http://a.com/x", "FooBot").allowed);  // 5.3: `*` not consulted
}

}  // namespace
}  // namespace robotstxt
