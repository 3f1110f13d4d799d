// The fetch benchmark (docs/performance.md): the robots.txt of 2,000 distinct origins,
// served on loopback, fetched through RobotsClient::allowed_all with 200 transfers in
// flight. Reports wall time, fetches/s, peak memory and the threads the process used.
//
// Usage: fetch_bench [ORIGINS] [CONCURRENCY] [DATA_DIR]
//
// The origins are host names h-0.bench ... h-1999.bench that libcurl's CONNECT_TO sends
// to one server on 127.0.0.1, so each is a distinct origin with its own connection, as
// on the real web. The server runs in a child process (forked before any thread
// exists), so the figures are the client's alone; it serves the corpus's real robots.txt
// files, host i getting file i modulo the corpus size.
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "corpus_loader.h"
#include "loopback_origin.h"
#include "robotstxt/robots_client.h"

namespace {

using SteadyClock = std::chrono::steady_clock;

int current_threads() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("Threads:", 0) == 0) return std::atoi(line.c_str() + 8);
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  const int origins = argc > 1 ? std::max(1, std::atoi(argv[1])) : 2000;
  const int concurrency = argc > 2 ? std::max(1, std::atoi(argv[2])) : 200;
  const std::string data_dir = argc > 3 ? argv[3] : ROBOTSTXT_TEST_DATA_DIR;

  std::uint16_t port = 0;
  const int listener = robotstxt::bench::listen_on_loopback(port);
  if (listener < 0) return 2;
  const pid_t server = fork();
  if (server == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    std::vector<std::string> bodies;
    for (auto& host : robotstxt::bench::load_corpus(data_dir)) {
      bodies.push_back(std::move(host.robots_body));
    }
    if (bodies.empty()) bodies.emplace_back("User-agent: *\nDisallow: /private\n");
    robotstxt::bench::serve_bodies(listener, bodies);
  }
  close(listener);

  robotstxt::RobotsClientOptions options;
  options.fetch.max_concurrent_transfers = static_cast<std::size_t>(concurrency);
  options.fetch.connect_to.push_back("::127.0.0.1:" + std::to_string(port));
  robotstxt::RobotsClient client(options);
  std::vector<std::string> urls;
  for (int i = 0; i < origins; ++i) {
    urls.push_back("http://h-" + std::to_string(i) + ".bench/some/page.html");
  }
  const std::string_view agents[] = {"Googlebot"};

  std::atomic<bool> sampling{true};
  std::atomic<int> peak_threads{0};
  std::thread sampler([&] {
    while (sampling) {
      peak_threads = std::max(peak_threads.load(), current_threads());
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });

  // Give the child time to load the corpus before the clock starts.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const auto start = SteadyClock::now();
  const std::vector<robotstxt::Decision> decisions = client.decide_all(urls, agents);
  const double fetch_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  const auto cached_start = SteadyClock::now();
  const std::vector<robotstxt::Decision> cached = client.decide_all(urls, agents);
  const double cached_seconds =
      std::chrono::duration<double>(SteadyClock::now() - cached_start).count();
  sampling = false;
  sampler.join();
  kill(server, SIGKILL);
  waitpid(server, nullptr, 0);

  int rules = 0, failed = 0, truncated = 0;
  for (const robotstxt::Decision& decision : decisions) {
    if (decision.state.access == robotstxt::Access::kRules) ++rules;
    if (decision.entry->last_fetch.kind != robotstxt::FetchKind::kResponse) ++failed;
    if (decision.entry->last_fetch.truncated) ++truncated;
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("origins            %d (concurrency %d)\n", origins, concurrency);
  std::printf("wall time          %.3f s\n", fetch_seconds);
  std::printf("fetches/s          %.0f\n", origins / fetch_seconds);
  std::printf("outcomes           %d rules, %d failed, %d truncated at 512,000 bytes\n", rules,
              failed, truncated);
  std::printf("cached answers     %.0f URLs/s (second pass, all from the cache)\n",
              origins / cached_seconds);
  std::printf("cache              %zu entries, %.1f MiB\n", client.cache().size(),
              static_cast<double>(client.cache().bytes()) / (1 << 20));
  std::printf("peak RSS           %.1f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
  std::printf("threads            %d at peak (main + this sampler; fetching uses the main one)\n",
              peak_threads.load());
  return failed == 0 ? 0 : 1;
}
