// The files a census reads, in the order their host lines are written: each INPUT is a
// WARC file or a folder of robots.txt files named by host (its files sorted by name), and
// `-` reads such paths from stdin, one a line.
#ifndef ROBOTSTXT_TOOLS_CENSUS_INPUT_UNITS_H_
#define ROBOTSTXT_TOOLS_CENSUS_INPUT_UNITS_H_

#include <optional>
#include <string>
#include <vector>

namespace robotstxt::census {

/// One file to read: a WARC file, or one host's robots.txt in a folder of them.
struct WorkUnit {
  std::string path;
  bool host_file = false;
};

/// The units of `inputs`, or nullopt after one line on stderr (an unreadable folder or
/// stdin).
[[nodiscard]] std::optional<std::vector<WorkUnit>> units_or_report(
    const std::vector<std::string>& inputs);

/// open(2) for reading, retried on EINTR; -1 with errno set on failure.
[[nodiscard]] int open_file(const std::string& path);

/// Whether `path` names a folder.
[[nodiscard]] bool is_directory(const std::string& path);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_INPUT_UNITS_H_
