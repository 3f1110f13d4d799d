// What the compiled robots.txt of an origin costs the cache (RobotsTxt::memory_usage(),
// the part of a cache entry that depends on the file), over the corpus: per origin on
// average, at the median, and in total against the bodies' bytes. Built against any
// revision by bench/cache_memory.sh, so that two versions can be compared.
//   cache_memory DATA_DIR   (the folder that holds corpus/, e.g. tests/data)
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/robots_txt.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: cache_memory DATA_DIR\n");
    return 2;
  }
  const std::string data_dir = argv[1];
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(data_dir);
  if (hosts.empty()) {
    std::fprintf(stderr, "cache_memory: no corpus under %s\n", data_dir.c_str());
    return 2;
  }
  std::vector<std::size_t> sizes;
  std::size_t compiled = 0;
  std::size_t bodies = 0;
  for (const robotstxt::bench::Host& host : hosts) {
    const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(host.robots_body);
    sizes.push_back(robots.memory_usage());
    compiled += robots.memory_usage();
    bodies += host.robots_body.size();
  }
  std::sort(sizes.begin(), sizes.end());
  std::printf("origins %zu, bodies %zu bytes, compiled %zu bytes (%.3f of the bodies)\n",
              hosts.size(), bodies, compiled,
              static_cast<double>(compiled) / static_cast<double>(bodies));
  std::printf("per origin: mean %.0f bytes, median %zu bytes\n",
              static_cast<double>(compiled) / static_cast<double>(hosts.size()),
              sizes[sizes.size() / 2]);
  return 0;
}
