// The files a census writes into its output folder. A file an earlier run left there is
// replaced, never written through (a copy linked to it keeps its bytes), and its removal
// does not hold the run up: removing or truncating a large file frees its pages, some
// milliseconds for the tens of megabytes of a small census's hosts.jsonl, longer when
// the kernel is still writing them back.
#ifndef ROBOTSTXT_TOOLS_CENSUS_OUTPUT_FILES_H_
#define ROBOTSTXT_TOOLS_CENSUS_OUTPUT_FILES_H_

#include <cstdio>
#include <string>
#include <thread>
#include <vector>

namespace robotstxt::census {

class OutputFiles {
 public:
  OutputFiles() = default;
  OutputFiles(const OutputFiles&) = delete;
  OutputFiles& operator=(const OutputFiles&) = delete;
  /// Waits until the files moved aside are removed.
  ~OutputFiles();

  /// Opens `path` for writing as a new file. What an earlier run left at `path` is moved
  /// aside (to `path` + ".replaced") and removed on a thread of its own. Null with errno
  /// set when the file cannot be created, or when `path` is a folder.
  [[nodiscard]] std::FILE* create(const std::string& path);

 private:
  std::vector<std::thread> removals_;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_OUTPUT_FILES_H_
