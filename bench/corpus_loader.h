// Loads ../shared/corpus into memory for the benchmark: robots.txt bodies by host, and the
// URL lists of the hosts that have both files.
#ifndef ROBOTSTXT_BENCH_CORPUS_LOADER_H_
#define ROBOTSTXT_BENCH_CORPUS_LOADER_H_

#include <string>
#include <vector>

namespace robotstxt::bench {

struct Host {
  std::string name;
  std::string robots_body;
  std::vector<std::string> urls;  // empty when the corpus has no URL list for the host
};

/// Every host of `shared_dir`/corpus/robots, sorted by name. Empty if the folder is missing.
std::vector<Host> load_corpus(const std::string& shared_dir);

}  // namespace robotstxt::bench

#endif  // ROBOTSTXT_BENCH_CORPUS_LOADER_H_
