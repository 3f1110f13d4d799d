// Loads a corpus folder (tests/data/corpus) into memory for the benchmark: robots.txt
// bodies by host, and the URL lists of the hosts that have both files.
#ifndef ROBOTSTXT_BENCH_CORPUS_LOADER_H_
#define ROBOTSTXT_BENCH_CORPUS_LOADER_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::bench {

struct Host {
  std::string name;
  std::string robots_body;
  std::vector<std::string> urls;  // empty when the corpus has no URL list for the host
};

/// The agents every corpus URL is checked for, by the corpus test, the oracle test and
/// the benchmark: two big crawlers, an alias-style token, a bot with many own groups,
/// and one that no file names.
inline constexpr std::string_view kCorpusAgents[] = {"googlebot", "bingbot", "Googlebot-Image",
                                                     "AhrefsBot", "FooBot"};

/// Every host of `data_dir`/corpus/robots, sorted by name. Empty if the folder is missing.
std::vector<Host> load_corpus(const std::string& data_dir);

/// How many robots.txt files `data_dir`/corpus/robots holds, counted without reading
/// them: what tests compare load_corpus() with instead of a number written by hand.
std::size_t count_robots_files(const std::string& data_dir);

}  // namespace robotstxt::bench

#endif  // ROBOTSTXT_BENCH_CORPUS_LOADER_H_
