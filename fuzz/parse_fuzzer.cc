// Fuzz target for RobotsTxt::parse and every query on its result. It checks consistency,
// not only survival: the fast boolean, the full verdict and explain() agree, the verdict
// equals the brute-force oracle's (tests/support/brute_force_oracle.h), and the
// per-line facts (what the linter sees) count the same lines and rules as the compiler.
//
// Built with libFuzzer under clang (-DROBOTSTXT_FUZZ_ENGINE=libfuzzer); otherwise a
// replay main runs the files or folders given on the command line, which is how CI
// runs it over the corpus.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "consistency.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"
#include "support/brute_force_oracle.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(body);
  const robotstxt::testing::BruteForceOracle oracle(body);
  const auto lines = robotstxt::describe_lines(body);
  require(lines.size() == robots.line_count(), "line counts differ");

  std::size_t rule_lines = 0;
  for (const auto& line : lines) {
    const bool rule =
        line.kind == robotstxt::LineKind::kAllow || line.kind == robotstxt::LineKind::kDisallow;
    rule_lines += rule && !line.outside_group ? 1 : 0;
  }
  std::size_t compiled_rules = 0;
  for (const auto& group : robots.groups()) compiled_rules += group.rules.size();
  require(rule_lines == compiled_rules, "rule counts differ");

  // URLs made of the body's own bytes are the ones most likely to hit its rules.
  const std::string_view agents[] = {"a", "googlebot", "*"};
  for (std::size_t start = 0; start < body.size() && start < 2048; start += 97) {
    const std::string url = "http://h.com/" + std::string(body.substr(start, 40));
    for (const std::string_view agent : agents) {
      const robotstxt::Verdict verdict = robots.verdict(url, agent);
      require(verdict.allowed == robots.allowed(url, agent), "allowed() != verdict()");
      const auto explanation = robots.explain(url, agent);
      require(explanation.verdict.line == verdict.line, "explain() != verdict()");
      const std::string difference =
          robotstxt::testing::difference_from_oracle(verdict, oracle.verdict(url, agent));
      require(difference.empty(), ("verdict() != oracle: " + difference).c_str());
      require(verdict.allowed == (verdict.line == 0 || verdict.kind == robotstxt::RuleKind::kAllow),
              "decisive rule contradicts the verdict");
    }
  }
  (void)robots.crawl_delay("a");
  (void)robots.directives();
  (void)robots.sitemaps();
  return 0;
}
