// Waiting for a file another process writes (a service's log) to hold a line.
#ifndef ROBOTSTXT_TESTS_SUPPORT_FILE_WAITING_H_
#define ROBOTSTXT_TESTS_SUPPORT_FILE_WAITING_H_

#include <chrono>
#include <string>
#include <thread>

#include "support/read_file.h"

namespace robotstxt::testing {

/// The file at `path` once it holds `part`, read again every 20 ms for at most `limit`;
/// else the file as it is then, and the test fails on what it looks for next.
inline std::string file_once_it_holds(const std::string& path, const std::string& part,
                                      std::chrono::milliseconds limit = std::chrono::seconds(10)) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  std::string text = read_file(path);
  while (text.find(part) == std::string::npos && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    text = read_file(path);
  }
  return text;
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_FILE_WAITING_H_
