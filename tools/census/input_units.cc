#include "census/input_units.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "answer/cli_support.h"
#include "census/census_options.h"
#include "cli/input.h"

namespace robotstxt::census {
namespace {

namespace fs = std::filesystem;

// Adds `path` as units: a folder's files (sorted by name: the output's order), or a file.
bool add_units(const std::string& path, std::vector<WorkUnit>& units) {
  if (!is_directory(path)) {
    units.push_back({path, false});
    return true;
  }
  std::error_code error;
  std::vector<std::string> names;
  for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
    if (it->is_regular_file(error)) names.push_back(it->path().filename().string());
  }
  if (error) {
    cli::report_unreadable(kCommand, path, error.value());
    return false;
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) units.push_back({(fs::path(path) / name).string(), true});
  return true;
}

}  // namespace

bool is_directory(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

std::optional<std::vector<WorkUnit>> units_or_report(const std::vector<std::string>& inputs) {
  std::vector<WorkUnit> units;
  for (const std::string& input : inputs) {
    if (input != "-") {
      if (!add_units(input, units)) return std::nullopt;
      continue;
    }
    cli::InputLines lines(STDIN_FILENO);
    std::string line;
    while (lines.next(line)) {
      if (!line.empty() && !add_units(line, units)) return std::nullopt;
    }
    if (lines.error() != 0) {
      cli::report_unreadable(kCommand, "-", lines.error());
      return std::nullopt;
    }
  }
  return units;
}

int open_file(const std::string& path) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

}  // namespace robotstxt::census
