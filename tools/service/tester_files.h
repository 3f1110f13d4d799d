// The files of the robots.txt tester page (tools/service/tester/), embedded in the
// binary at build time by cmake/EmbedFiles.cmake.
#ifndef ROBOTSTXT_TOOLS_SERVICE_TESTER_FILES_H_
#define ROBOTSTXT_TOOLS_SERVICE_TESTER_FILES_H_

#include <span>
#include <string_view>

namespace robotstxt::service {

struct EmbeddedFile {
  std::string_view name;   ///< "index.html", "tester.js", ...
  std::string_view bytes;  ///< the file, byte for byte
};

/// Every file of the page.
std::span<const EmbeddedFile> tester_files();

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_TESTER_FILES_H_
