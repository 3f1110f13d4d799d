// The corpus benchmark (README, "Performance"): parse every robots.txt of the corpus,
// then check every URL of its host for five agents, single-threaded, and report
// parse MB/s, checks/s and peak memory. Usage: corpus_bench [SHARED_DIR] [REPEATS]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  const auto run_start = Clock::now();
  const std::string shared_dir = argc > 1 ? argv[1] : ROBOTSTXT_SHARED_DIR;
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 1;
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(shared_dir);
  if (hosts.empty()) {
    std::fprintf(stderr, "corpus_bench: no corpus under %s/corpus\n", shared_dir.c_str());
    return 2;
  }
  const double load_seconds = seconds_since(run_start);

  double best_parse = 1e9, best_check = 1e9;
  std::size_t parsed_bytes = 0, checks = 0, disallowed = 0, compiled_bytes = 0;
  double worst_ratio = 0;
  for (int round = 0; round < repeats; ++round) {
    std::vector<robotstxt::RobotsTxt> parsed;
    parsed.reserve(hosts.size());
    parsed_bytes = 0;
    const auto parse_start = Clock::now();
    for (const auto& host : hosts) {
      parsed.push_back(robotstxt::RobotsTxt::parse(host.robots_body));
      parsed_bytes += std::min(host.robots_body.size(), robotstxt::kMaxBodyBytes);
    }
    best_parse = std::min(best_parse, seconds_since(parse_start));

    checks = disallowed = 0;
    const auto check_start = Clock::now();
    for (std::size_t h = 0; h < hosts.size(); ++h) {
      for (const std::string& url : hosts[h].urls) {
        for (const std::string_view agent : robotstxt::bench::kCorpusAgents) {
          disallowed += parsed[h].allowed(url, agent) ? 0 : 1;
          ++checks;
        }
      }
    }
    best_check = std::min(best_check, seconds_since(check_start));

    compiled_bytes = 0;
    for (std::size_t h = 0; h < hosts.size(); ++h) {
      compiled_bytes += parsed[h].memory_usage();
      const std::size_t counted = std::min(hosts[h].robots_body.size(), robotstxt::kMaxBodyBytes);
      if (counted >= 1024) {
        worst_ratio = std::max(worst_ratio, static_cast<double>(parsed[h].memory_usage()) /
                                                static_cast<double>(counted));
      }
    }
  }

  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("machine: %u hardware threads; single-threaded run\n",
              std::thread::hardware_concurrency());
  std::printf("corpus: %zu robots.txt files, %.2f MB counted, loaded in %.3f s\n", hosts.size(),
              static_cast<double>(parsed_bytes) / 1e6, load_seconds);
  std::printf("parse+compile: %.4f s, %.0f MB/s\n", best_parse,
              static_cast<double>(parsed_bytes) / 1e6 / best_parse);
  std::printf("checks: %zu (%zu disallowed) in %.4f s, %.2f million checks/s\n", checks, disallowed,
              best_check, static_cast<double>(checks) / best_check / 1e6);
  std::printf(
      "compiled size: %.2f MB for %.2f MB of robots.txt (%.2fx; worst file >= 1 KiB: %.2fx)\n",
      static_cast<double>(compiled_bytes) / 1e6, static_cast<double>(parsed_bytes) / 1e6,
      static_cast<double>(compiled_bytes) / static_cast<double>(parsed_bytes), worst_ratio);
  std::printf("peak memory (max RSS): %.1f MB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
  std::printf("whole run: %.3f s\n", seconds_since(run_start));
  return 0;
}
