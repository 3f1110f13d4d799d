#include "census/output_files.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace robotstxt::census {

OutputFiles::~OutputFiles() {
  for (std::thread& removal : removals_) removal.join();
}

std::FILE* OutputFiles::create(const std::string& path) {
  struct stat status {};
  if (::lstat(path.c_str(), &status) == 0) {
    if (S_ISDIR(status.st_mode)) {
      errno = EISDIR;
      return nullptr;
    }
    std::string aside = path + ".replaced";
    if (std::rename(path.c_str(), aside.c_str()) != 0) return nullptr;
    try {
      removals_.emplace_back([aside] { ::unlink(aside.c_str()); });
    } catch (const std::system_error&) {
      ::unlink(aside.c_str());  // no thread to be had: removed here, as it would be there
    }
  } else if (errno != ENOENT) {
    return nullptr;
  }
  return std::fopen(path.c_str(), "wb");
}

}  // namespace robotstxt::census
