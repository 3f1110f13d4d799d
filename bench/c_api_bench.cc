// What the C ABI costs (docs/c-api.md): every URL of the corpus checked for the five corpus
// agents three ways, each file parsed once, single-threaded: through the C++ API, through
// robotstxt_allowed (one crossing per URL, as a binding that asks URL by URL), and through
// robotstxt_allowed_urls (one crossing per file and agent). Prints checks/s of each, the
// best of REPEATS rounds, and fails only if the three disagree.
// Usage: c_api_bench [DATA_DIR] [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/c_api.h"
#include "robotstxt/robots_txt.h"

namespace {

using Clock = std::chrono::steady_clock;

struct ParsedHost {
  robotstxt::RobotsTxt rules;
  robotstxt_robots* handle = nullptr;
  std::vector<robotstxt_string> urls;
};

}  // namespace

int main(int argc, char** argv) {
  const std::string data_dir = argc > 1 ? argv[1] : ROBOTSTXT_TEST_DATA_DIR;
  const int repeats = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(data_dir);
  std::vector<ParsedHost> parsed(hosts.size());
  std::size_t url_count = 0;
  for (std::size_t i = 0; i < hosts.size(); ++i) {
    parsed[i].rules = robotstxt::RobotsTxt::parse(hosts[i].robots_body);
    if (robotstxt_parse(hosts[i].robots_body.data(), hosts[i].robots_body.size(), &parsed[i].handle,
                        nullptr) != ROBOTSTXT_OK) {
      return 1;
    }
    for (const std::string& url : hosts[i].urls) parsed[i].urls.push_back({url.data(), url.size()});
    url_count += hosts[i].urls.size();
  }
  std::vector<robotstxt_agent*> agents;
  for (const std::string_view token : robotstxt::bench::kCorpusAgents) {
    const robotstxt_string view{token.data(), token.size()};
    agents.push_back(nullptr);
    if (robotstxt_agent_from_tokens(&view, 1, &agents.back(), nullptr) != ROBOTSTXT_OK) return 1;
  }
  const std::size_t checks = url_count * agents.size();
  const auto rate = [&](double seconds) { return static_cast<double>(checks) / seconds / 1e6; };

  // Each way fills one answer per check, in the same order, so that they can be compared.
  std::vector<std::uint8_t> by_cpp(checks), by_single(checks), by_batch(checks);
  auto best_seconds = [&](auto&& run) {
    double best = 1e300;
    for (int round = 0; round < repeats; ++round) {
      const Clock::time_point start = Clock::now();
      run();
      best = std::min(best, std::chrono::duration<double>(Clock::now() - start).count());
    }
    return best;
  };
  const double cpp = best_seconds([&] {
    std::size_t at = 0;
    for (const ParsedHost& host : parsed) {
      for (const std::string_view token : robotstxt::bench::kCorpusAgents) {
        for (const robotstxt_string& url : host.urls) {
          by_cpp[at++] = host.rules.allowed({url.data, url.size}, token) ? 1 : 0;
        }
      }
    }
  });
  const double single = best_seconds([&] {
    std::size_t at = 0;
    for (const ParsedHost& host : parsed) {
      for (const robotstxt_agent* agent : agents) {
        for (const robotstxt_string& url : host.urls) {
          std::int32_t allowed = 0;
          robotstxt_allowed(host.handle, url.data, url.size, agent, &allowed, nullptr);
          by_single[at++] = static_cast<std::uint8_t>(allowed);
        }
      }
    }
  });
  const double batch = best_seconds([&] {
    std::size_t at = 0;
    for (const ParsedHost& host : parsed) {
      for (const robotstxt_agent* agent : agents) {
        robotstxt_allowed_urls(host.handle, host.urls.data(), host.urls.size(), agent,
                               by_batch.data() + at, nullptr);
        at += host.urls.size();
      }
    }
  });
  std::printf("c_api_bench: %zu files, %zu checks, best of %d rounds\n", hosts.size(), checks,
              repeats);
  std::printf("  C++ RobotsTxt::allowed        %6.2f M checks/s\n", rate(cpp));
  std::printf("  C robotstxt_allowed           %6.2f M checks/s\n", rate(single));
  std::printf("  C robotstxt_allowed_urls      %6.2f M checks/s\n", rate(batch));
  for (robotstxt_agent* agent : agents) robotstxt_agent_free(agent);
  for (ParsedHost& host : parsed) robotstxt_robots_free(host.handle);
  if (by_cpp != by_single || by_cpp != by_batch) {
    std::fprintf(stderr, "c_api_bench: the C ABI and the C++ API disagree\n");
    return 1;
  }
  return 0;
}
