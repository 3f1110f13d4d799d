// One side of bench/compare_builds.sh: one build of the library, timed over the corpus in
// a process of its own. Prints one line, the best time of each kind of work over its
// rounds, and the number of "disallowed" answers (both kinds of checks must agree):
//   parse SECONDS each SECONDS allowed SECONDS first SECONDS disallowed COUNT
//   first_disallowed COUNT megabytes MB checks MILLION
// "first" is each file parsed and asked one question, then dropped: what a census does
// for every host and `robotstxt check FILE AGENT URL` does once.
// Usage: compare_builds_side DATA_DIR ROUNDS   (the checks take half as many rounds)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "corpus_checks.h"
#include "corpus_loader.h"
#include "robotstxt/robots_txt.h"

namespace {

using Clock = std::chrono::steady_clock;

// The best time of `rounds` runs of `work`, which returns a count that must not differ
// from run to run (it keeps the work from being optimised away).
template <typename Work>
double best_seconds(int rounds, Work&& work, std::size_t& result) {
  double best = std::numeric_limits<double>::infinity();
  for (int round = 0; round < rounds; ++round) {
    const auto start = Clock::now();
    result = work();
    best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
  }
  return best;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: compare_builds_side DATA_DIR ROUNDS\n");
    return 2;
  }
  const int rounds = std::max(2, std::atoi(argv[2]));
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(argv[1]);
  if (hosts.empty()) {
    std::fprintf(stderr, "compare_builds_side: no corpus under %s/corpus\n", argv[1]);
    return 2;
  }
  double megabytes = 0;
  for (const robotstxt::bench::Host& host : hosts) {
    megabytes += static_cast<double>(robotstxt::bench::counted_bytes(host)) / 1e6;
  }
  const double million_checks = static_cast<double>(robotstxt::bench::corpus_checks(hosts)) / 1e6;

  // Each round keeps what it parsed until it ends, as a crawler keeps its files.
  std::size_t lines = 0;
  const double parse = best_seconds(
      rounds,
      [&] {
        std::vector<robotstxt::RobotsTxt> parsed;
        parsed.reserve(hosts.size());
        std::size_t counted = 0;
        for (const robotstxt::bench::Host& host : hosts) {
          parsed.push_back(robotstxt::RobotsTxt::parse(host.robots_body));
          counted += parsed.back().line_count();
        }
        return counted;
      },
      lines);

  // One question per file: the host's first URL, or its root when the corpus lists none,
  // for the first corpus agent.
  std::vector<std::string> first_urls;
  for (const robotstxt::bench::Host& host : hosts) {
    first_urls.push_back(host.urls.empty() ? "https://" + host.name + "/" : host.urls.front());
  }
  std::size_t first_disallowed = 0;
  const double first = best_seconds(
      rounds,
      [&] {
        std::size_t disallowed = 0;
        for (std::size_t h = 0; h < hosts.size(); ++h) {
          const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(hosts[h].robots_body);
          disallowed += robots.allowed(first_urls[h], robotstxt::bench::kCorpusAgents[0]) ? 0 : 1;
        }
        return disallowed;
      },
      first_disallowed);

  std::vector<robotstxt::RobotsTxt> parsed;
  for (const robotstxt::bench::Host& host : hosts) {
    parsed.push_back(robotstxt::RobotsTxt::parse(host.robots_body));
  }
  std::size_t disallowed_each = 0;
  const double each = best_seconds(
      rounds / 2, [&] { return robotstxt::bench::disallowed_all_agents_per_call(hosts, parsed); },
      disallowed_each);
  std::size_t disallowed_one_by_one = 0;
  const double allowed = best_seconds(
      rounds / 2, [&] { return robotstxt::bench::disallowed_one_agent_per_call(hosts, parsed); },
      disallowed_one_by_one);
  if (disallowed_each != disallowed_one_by_one) {
    std::fprintf(stderr, "compare_builds_side: allowed_each() and allowed() disagree\n");
    return 1;
  }
  std::printf(
      "parse %.6f each %.6f allowed %.6f first %.6f disallowed %zu first_disallowed %zu "
      "megabytes %.4f checks %.6f\n",
      parse, each, allowed, first, disallowed_each, first_disallowed, megabytes, million_checks);
  return 0;
}
