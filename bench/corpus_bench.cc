// The corpus benchmark (docs/performance.md): parse every robots.txt of the corpus,
// then check every URL of its host for five agents, single-threaded, and report parse
// MB/s beside two floors (a plain memchr line split over the same bytes, and the
// tokenizer with the rule sort alone: sorted_index_floor.h), checks/s, the
// worst-case wildcard shapes, compiled size and peak memory. Every timed figure is the
// min and median of REPEATS rounds; the first round is also shown alone (cold), with the
// page faults it took and what one costs on this machine.
// Usage: corpus_bench [DATA_DIR] [REPEATS]
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "corpus_checks.h"
#include "corpus_loader.h"
#include "robotstxt/matcher.h"
#include "robotstxt/robots_txt.h"
#include "sorted_index_floor.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Min and median of the rounds' timings, in seconds.
struct Timings {
  std::vector<double> rounds;
  [[nodiscard]] double min() const { return *std::min_element(rounds.begin(), rounds.end()); }
  [[nodiscard]] double median() const {
    std::vector<double> sorted = rounds;
    std::sort(sorted.begin(), sorted.end());
    const std::size_t n = sorted.size();
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
};

// The floor for parsing: find every line ending with memchr, touching each byte once.
// Returns the line count so that the compiler cannot drop the work.
std::size_t split_lines(std::string_view body) {
  std::size_t lines = 0;
  const char* at = body.data();
  const char* const end = at + body.size();
  while (const void* found = std::memchr(at, '\n', static_cast<std::size_t>(end - at))) {
    at = static_cast<const char*>(found) + 1;
    ++lines;
  }
  return lines + 1;
}

// One rule against one path, timed over enough calls to be measurable; microseconds per
// call, min and median of `rounds`.
void time_worst_case(const char* name, const std::string& pattern, const std::string& path,
                     int rounds) {
  Timings timings;
  std::size_t matches = 0;  // printed, so that the calls cannot be optimised away
  constexpr int kCalls = 20;
  for (int round = 0; round < std::max(rounds, 3); ++round) {
    const auto start = Clock::now();
    for (int call = 0; call < kCalls; ++call) matches += robotstxt::pattern_matches(path, pattern);
    timings.rounds.push_back(seconds_since(start) / kCalls);
  }
  std::printf("worst case, %s (pattern %zu bytes, path %zu bytes, %s): %.2f / %.2f us\n", name,
              pattern.size(), path.size(), matches > 0 ? "matches" : "no match",
              timings.min() * 1e6, timings.median() * 1e6);
}

void time_worst_cases(int rounds) {
  const std::string path = "/" + std::string(16 * 1024, 'a');
  time_worst_case("long segment after *", "/*" + std::string(1000, 'a') + "b", path, rounds);
  std::string stars = "/";
  for (int i = 0; i < 1000; ++i) stars += "a*";
  time_worst_case("1,000 stars", stars + "b$", path, rounds);
}

// Minor page faults this process has taken so far.
long page_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// The most memory this process has held so far, in KiB.
long max_rss_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

// Microseconds one page fault costs on this machine: a block larger than the heap keeps
// spare is touched one byte a page, and the time is divided by the faults counted (not
// by the pages, in case the allocator had some of them already). The first round's
// faults times this is the part of the cold round spent on the machine handing out
// memory rather than on parsing.
double microseconds_per_page_fault() {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  constexpr std::size_t kBytes = std::size_t{16} << 20;
  const auto block = std::make_unique_for_overwrite<char[]>(kBytes);
  const long faults_before = page_faults();
  const auto start = Clock::now();
  for (std::size_t at = 0; at < kBytes; at += page) block[at] = 1;
  const double seconds = seconds_since(start);
  const long faults = page_faults() - faults_before;
  return faults > 0 ? seconds * 1e6 / static_cast<double>(faults) : 0.0;
}

}  // namespace

int main(int argc, char** argv) {
  const auto run_start = Clock::now();
  const std::string data_dir = argc > 1 ? argv[1] : ROBOTSTXT_TEST_DATA_DIR;
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(data_dir);
  if (hosts.empty()) {
    std::fprintf(stderr, "corpus_bench: no corpus under %s/corpus\n", data_dir.c_str());
    return 2;
  }
  const double load_seconds = seconds_since(run_start);

  Timings parse, check, check_each, floor, index_floor;
  std::size_t floor_rules = 0;
  std::size_t parsed_bytes = 0, disallowed = 0, compiled_bytes = 0, lines = 0;
  double worst_ratio = 0;
  long first_round_faults = 0;
  long peak_rss_kib = 0;
  robotstxt::bench::SortedIndexFloor sorted_index_floor;  // reuses its buffers, as a parse does
  for (int round = 0; round < repeats; ++round) {
    std::vector<robotstxt::RobotsTxt> parsed;
    parsed.reserve(hosts.size());
    parsed_bytes = 0;
    const long faults_before = page_faults();
    const auto parse_start = Clock::now();
    for (const auto& host : hosts) {
      parsed.push_back(robotstxt::RobotsTxt::parse(host.robots_body));
      parsed_bytes += robotstxt::bench::counted_bytes(host);
    }
    parse.rounds.push_back(seconds_since(parse_start));
    if (round == 0) first_round_faults = page_faults() - faults_before;

    lines = 0;
    const auto floor_start = Clock::now();
    for (const auto& host : hosts) {
      lines += split_lines(
          std::string_view(host.robots_body).substr(0, robotstxt::bench::counted_bytes(host)));
    }
    floor.rounds.push_back(seconds_since(floor_start));

    const auto check_start = Clock::now();
    disallowed = robotstxt::bench::disallowed_one_agent_per_call(hosts, parsed);
    check.rounds.push_back(seconds_since(check_start));

    // The same checks with the path of each URL read once for its five agents.
    const auto each_start = Clock::now();
    const std::size_t disallowed_each =
        robotstxt::bench::disallowed_all_agents_per_call(hosts, parsed);
    check_each.rounds.push_back(seconds_since(each_start));
    if (disallowed_each != disallowed) {
      std::fprintf(stderr, "corpus_bench: allowed_each() and allowed() disagree\n");
      return 1;
    }

    compiled_bytes = 0;
    for (std::size_t h = 0; h < hosts.size(); ++h) {
      compiled_bytes += parsed[h].memory_usage();
      const std::size_t counted = robotstxt::bench::counted_bytes(hosts[h]);
      if (counted >= 1024) {
        worst_ratio = std::max(worst_ratio, static_cast<double>(parsed[h].memory_usage()) /
                                                static_cast<double>(counted));
      }
    }

    // The peak memory printed is the library's: read before the floor first runs, as
    // later rounds only repeat the work and the floor's buffers would add their own.
    if (round == 0) peak_rss_kib = max_rss_kib();
    floor_rules = 0;
    const auto index_floor_start = Clock::now();
    for (const auto& host : hosts) floor_rules += sorted_index_floor.run(host.robots_body);
    index_floor.rounds.push_back(seconds_since(index_floor_start));
  }

  const double megabytes = static_cast<double>(parsed_bytes) / 1e6;
  const std::size_t checks = robotstxt::bench::corpus_checks(hosts);
  const double million_checks = static_cast<double>(checks) / 1e6;
  std::printf("machine: %u hardware threads; single-threaded run, %d round(s): min / median\n",
              std::thread::hardware_concurrency(), repeats);
  std::printf("corpus: %zu robots.txt files, %.2f MB counted, %zu lines, loaded in %.3f s\n",
              hosts.size(), megabytes, lines, load_seconds);
  std::printf("parse+compile: %.4f / %.4f s, %.0f / %.0f MB/s (first round, cold: %.0f MB/s)\n",
              parse.min(), parse.median(), megabytes / parse.min(), megabytes / parse.median(),
              megabytes / parse.rounds.front());
  const double fault_us = microseconds_per_page_fault();
  std::printf("first round's page faults: %ld, at %.2f us each here: %.4f s of it\n",
              first_round_faults, fault_us,
              static_cast<double>(first_round_faults) * fault_us / 1e6);
  std::printf("floor, memchr line split of the same bytes: %.4f / %.4f s, %.0f / %.0f MB/s\n",
              floor.min(), floor.median(), megabytes / floor.min(), megabytes / floor.median());
  std::printf(
      "floor, tokenizer + rule sort alone (%zu rules; nothing else compiled): %.4f / %.4f s, "
      "%.0f / %.0f MB/s\n",
      floor_rules, index_floor.min(), index_floor.median(), megabytes / index_floor.min(),
      megabytes / index_floor.median());
  std::printf("checks: %zu (%zu disallowed) in %.4f / %.4f s, %.2f / %.2f million checks/s\n",
              checks, disallowed, check.min(), check.median(), million_checks / check.min(),
              million_checks / check.median());
  std::printf(
      "checks, allowed_each (path read once per URL): %.4f / %.4f s, %.2f / %.2f million "
      "checks/s\n",
      check_each.min(), check_each.median(), million_checks / check_each.min(),
      million_checks / check_each.median());
  std::printf("corpus work (parse + checks with allowed_each): %.4f / %.4f s\n",
              parse.min() + check_each.min(), parse.median() + check_each.median());
  time_worst_cases(repeats);
  std::printf(
      "compiled size: %.2f MB for %.2f MB of robots.txt (%.2fx; worst file >= 1 KiB: %.2fx)\n",
      static_cast<double>(compiled_bytes) / 1e6, megabytes,
      static_cast<double>(compiled_bytes) / static_cast<double>(parsed_bytes), worst_ratio);
  std::printf("peak memory (max RSS, the first round before the floor ran): %.1f MB\n",
              static_cast<double>(peak_rss_kib) / 1024.0);
  std::printf("whole run: %.3f s\n", seconds_since(run_start));
  return 0;
}
