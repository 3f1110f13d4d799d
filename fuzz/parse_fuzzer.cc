// Fuzz target for RobotsTxt::parse and every query on its result. It checks consistency,
// not only survival: the fast boolean, the full verdict, allowed_each() and explain()'s
// verdict each equal the brute-force oracle's (tests/support/brute_force_oracle.h), which
// shares no code with them; explain()'s verdict is the strongest of its own matches
// (tests/support/strongest_match.h); the verdict of a group's first check, which scans
// its rules unindexed, equals that of the index walk, for every probe; and the per-line
// facts (what the linter sees) count the same lines and rules as the compiler.
//
// The work per input is bounded (eight probe URLs, whatever the body's size), so that
// the target runs thousands of inputs a second: the probes that find disagreements are
// the ones built from the body's own rules, not many more of the same, and libFuzzer
// brings the variety by trying other bodies.
//
// Built with libFuzzer under clang (-DROBOTSTXT_FUZZ_ENGINE=libfuzzer); otherwise a
// replay main runs the files or folders given on the command line, which is how CI
// runs it over the corpus.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "consistency.h"
#include "core/compiled_rule_order.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"
#include "support/brute_force_oracle.h"
#include "support/strongest_match.h"

namespace {

constexpr std::size_t kRuleProbes = 4;   // URLs made from the body's first rule patterns
constexpr std::size_t kSliceProbes = 4;  // URLs made from slices spread over the body
constexpr std::size_t kSliceBytes = 40;

// URLs made of the body's own bytes are the ones most likely to hit its rules: its rule
// patterns (wildcards and `$` included, as literal bytes) and slices of the body.
std::vector<std::string> probe_urls(std::string_view body,
                                    std::span<const robotstxt::LineFacts> lines) {
  std::vector<std::string> urls;
  for (const auto& line : lines) {
    if (urls.size() == kRuleProbes) break;
    if (line.kind != robotstxt::LineKind::kAllow && line.kind != robotstxt::LineKind::kDisallow) {
      continue;
    }
    const bool rooted = !line.value.empty() && line.value.front() == '/';
    urls.push_back("http://h.com" + std::string(rooted ? "" : "/") + std::string(line.value));
  }
  for (std::size_t i = 0; i < kSliceProbes && i * kSliceBytes <= body.size(); ++i) {
    const std::size_t start = body.size() * i / kSliceProbes;
    urls.push_back("http://h.com/" + std::string(body.substr(start, kSliceBytes)));
  }
  return urls;
}

// The fast boolean and the full verdict against the brute-force oracle, for one agent
// or several.
void check_verdict(const robotstxt::RobotsTxt& robots, std::string_view url,
                   std::span<const std::string_view> agents,
                   const robotstxt::testing::BruteForceOracle& oracle) {
  const robotstxt::testing::OracleVerdict expected = oracle.verdict(url, agents);
  require(robots.allowed(url, agents) == expected.allowed, "allowed() != oracle");
  const robotstxt::Verdict verdict = robots.verdict(url, agents);
  const std::string difference = robotstxt::testing::difference_from_oracle(verdict, expected);
  require(difference.empty(), ("verdict() != oracle: " + difference).c_str());
  require(verdict.allowed == (verdict.line == 0 || verdict.kind == robotstxt::RuleKind::kAllow),
          "decisive rule contradicts the verdict");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view body(reinterpret_cast<const char*>(data), size);
  const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(body);
  const robotstxt::testing::BruteForceOracle oracle(body);
  const auto lines = robotstxt::describe_lines(body);
  require(lines.size() == robots.line_count(), "line counts differ");

  std::size_t rule_lines = 0;
  std::string_view first_agent = "a";
  bool agent_seen = false;
  for (const auto& line : lines) {
    const bool rule =
        line.kind == robotstxt::LineKind::kAllow || line.kind == robotstxt::LineKind::kDisallow;
    rule_lines += rule && !line.outside_group ? 1 : 0;
    if (line.kind == robotstxt::LineKind::kUserAgent && !agent_seen) {
      first_agent = line.value;
      agent_seen = true;
    }
  }
  std::size_t compiled_rules = 0;
  for (const auto& group : robots.groups()) compiled_rules += group.rules.size();
  require(rule_lines == compiled_rules, "rule counts differ");

  // An agent no group names, the one most files name, `*` itself, and the body's own
  // first agent (so that its specific group applies); each URL gets one of them and one
  // pair, in turn.
  const std::array<std::string_view, 4> agents = {"a", "googlebot", "*", first_agent};
  const std::vector<std::string> urls = probe_urls(body, lines);
  // Every group indexed before any check, against a fresh parse per probe, whose one check
  // scans each group it reads: the two paths a check can take, on every probe.
  const robotstxt::RobotsTxt indexed = robotstxt::RobotsTxt::parse(body);
  (void)robotstxt::internal::compiled_rule_order(indexed);
  for (std::size_t u = 0; u < urls.size(); ++u) {
    const std::string_view url = urls[u];
    const std::string_view& agent = agents[u % agents.size()];
    check_verdict(robots, url, {&agent, 1}, oracle);
    const std::array<std::string_view, 2> pair = {agent, agents[(u + 1) % agents.size()]};
    check_verdict(robots, url, pair, oracle);
    const robotstxt::RobotsTxt fresh = robotstxt::RobotsTxt::parse(body);
    const std::span<const std::string_view> asked(pair);
    const robotstxt::Verdict scanned = fresh.verdict(url, asked);
    const robotstxt::Verdict walked = indexed.verdict(url, asked);
    require(scanned.allowed == walked.allowed && scanned.line == walked.line &&
                scanned.kind == walked.kind && scanned.strength == walked.strength &&
                scanned.via_index_htm == walked.via_index_htm &&
                scanned.pattern == walked.pattern && scanned.applied == walked.applied,
            "an unindexed group's scan and the index walk differ");
    const robotstxt::Explanation explanation = robots.explain(url, agent);
    const std::string explained =
        robotstxt::testing::difference_from_oracle(explanation.verdict, oracle.verdict(url, agent));
    require(explained.empty(), ("explain() != oracle: " + explained).c_str());
    const std::string from_matches =
        robotstxt::testing::difference_from_strongest_match(explanation);
    require(from_matches.empty(),
            ("explain()'s verdict is not its strongest match: " + from_matches).c_str());
    // All four agents at once: the path read once and groups matched once must not
    // change any answer.
    std::array<bool, agents.size()> each{};
    require(robots.allowed_each(url, agents, each) == agents.size(), "allowed_each() count");
    for (std::size_t a = 0; a < agents.size(); ++a) {
      require(each[a] == oracle.verdict(url, agents[a]).allowed, "allowed_each() != oracle");
    }
  }
  (void)robots.crawl_delay(first_agent);
  (void)robots.directives();
  (void)robots.sitemaps();
  return 0;
}
