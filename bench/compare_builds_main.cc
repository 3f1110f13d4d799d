// compare_builds: times two builds of the library against each other inside one process
// (bench/compare_builds.sh builds it). Each round runs both builds' corpus parse, and
// then both builds' corpus checks (through allowed_each, then one agent per allowed
// call), in an order that alternates from round to round, and the figure that matters is
// the median over rounds of the ratio of the new build's time to the old one's: the
// machine's speed drifts too much between two runs of a benchmark to resolve a change of
// a few percent, but not within one round.
// Usage: compare_builds SHARED_DIR ROUNDS
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/line_facts.h"

std::size_t old_build_parse(const std::vector<std::string>& bodies);
std::size_t new_build_parse(const std::vector<std::string>& bodies);
std::size_t old_build_check(const std::vector<std::string>& bodies,
                            const std::vector<std::vector<std::string>>& urls,
                            std::span<const std::string_view> agents);
std::size_t new_build_check(const std::vector<std::string>& bodies,
                            const std::vector<std::vector<std::string>>& urls,
                            std::span<const std::string_view> agents);
std::size_t old_build_check_one_by_one(const std::vector<std::string>& bodies,
                                       const std::vector<std::vector<std::string>>& urls,
                                       std::span<const std::string_view> agents);
std::size_t new_build_check_one_by_one(const std::vector<std::string>& bodies,
                                       const std::vector<std::vector<std::string>>& urls,
                                       std::span<const std::string_view> agents);

namespace {

using Clock = std::chrono::steady_clock;

double seconds_of(const std::function<std::size_t()>& work, std::size_t& result) {
  const auto start = Clock::now();
  result = work();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

// Times `old_work` and `new_work` in alternating order for `rounds` rounds and prints
// each one's best rate (`units` per second) and the median of the new/old time ratios.
// Returns false when the two disagree on the result.
bool compare(const char* what, const char* unit, double units, int rounds,
             const std::function<std::size_t()>& old_work,
             const std::function<std::size_t()>& new_work) {
  std::vector<double> old_times, new_times, ratios;
  std::size_t old_result = 0, new_result = 0;
  for (int round = 0; round < rounds; ++round) {
    double old_time = 0, new_time = 0;
    if (round % 2 == 0) {
      old_time = seconds_of(old_work, old_result);
      new_time = seconds_of(new_work, new_result);
    } else {
      new_time = seconds_of(new_work, new_result);
      old_time = seconds_of(old_work, old_result);
    }
    if (old_result != new_result) {
      std::fprintf(stderr, "compare_builds: the builds disagree on %s (%zu, %zu)\n", what,
                   old_result, new_result);
      return false;
    }
    old_times.push_back(old_time);
    new_times.push_back(new_time);
    ratios.push_back(new_time / old_time);
  }
  const double old_best = *std::min_element(old_times.begin(), old_times.end());
  const double new_best = *std::min_element(new_times.begin(), new_times.end());
  std::printf(
      "%s: old %.1f %s, new %.1f %s (best rounds); new/old time, median of %d rounds: %.3f\n", what,
      units / old_best, unit, units / new_best, unit, rounds, median(ratios));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string shared_dir = argc > 1 ? argv[1] : "../shared";
  const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 100;
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(shared_dir);
  if (hosts.empty()) {
    std::fprintf(stderr, "compare_builds: no corpus under %s/corpus\n", shared_dir.c_str());
    return 2;
  }
  std::vector<std::string> bodies;
  std::vector<std::vector<std::string>> urls;
  double megabytes = 0, checks = 0;
  for (const robotstxt::bench::Host& host : hosts) {
    bodies.push_back(host.robots_body);
    urls.push_back(host.urls);
    megabytes +=
        static_cast<double>(std::min(host.robots_body.size(), robotstxt::kMaxBodyBytes)) / 1e6;
    checks +=
        static_cast<double>(host.urls.size() * std::size(robotstxt::bench::kCorpusAgents)) / 1e6;
  }
  const std::span<const std::string_view> agents(robotstxt::bench::kCorpusAgents);
  const bool parse_agrees = compare(
      "parse + compile", "MB/s", megabytes, rounds, [&] { return old_build_parse(bodies); },
      [&] { return new_build_parse(bodies); });
  const bool checks_agree = compare(
      "checks, allowed_each", "million/s", checks, std::max(1, rounds / 2),
      [&] { return old_build_check(bodies, urls, agents); },
      [&] { return new_build_check(bodies, urls, agents); });
  const bool one_by_one_agrees = compare(
      "checks, allowed", "million/s", checks, std::max(1, rounds / 2),
      [&] { return old_build_check_one_by_one(bodies, urls, agents); },
      [&] { return new_build_check_one_by_one(bodies, urls, agents); });
  return parse_agrees && checks_agree && one_by_one_agrees ? 0 : 1;
}
