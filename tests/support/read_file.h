// The bytes of a file, for tests that compare what a command wrote or read a document.
#ifndef ROBOTSTXT_TESTS_SUPPORT_READ_FILE_H_
#define ROBOTSTXT_TESTS_SUPPORT_READ_FILE_H_

#include <fstream>
#include <iterator>
#include <string>

namespace robotstxt::testing {

/// Every byte of the file at `path`; empty when it cannot be read.
inline std::string read_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_READ_FILE_H_
