// Reads a census output file of JSON lines (hosts.jsonl, responses.jsonl,
// unresolved.jsonl) line by line, each line bounded: a hostile file can make no line grow
// without bound, and the file is never held whole.
#ifndef ROBOTSTXT_TOOLS_CENSUS_LINE_READER_H_
#define ROBOTSTXT_TOOLS_CENSUS_LINE_READER_H_

#include <cstddef>
#include <cstdio>
#include <string>

namespace robotstxt::census {

/// Why a line cannot be read: the reader's, or its caller's, words for it.
struct LineError {
  std::string message;
};

class LineReader {
 public:
  /// `max_line_bytes`: the longest line taken, without its newline.
  LineReader(std::FILE* file, std::size_t max_line_bytes)
      : file_(file), max_line_bytes_(max_line_bytes) {}
  /// The next line into `line`, without its newline; false at the end. Throws LineError
  /// on a line over the bound or a read error.
  bool next(std::string& line);

 private:
  std::FILE* file_;
  std::size_t max_line_bytes_;
  char buffer_[1 << 16];
  std::size_t start_ = 0;
  std::size_t end_ = 0;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_LINE_READER_H_
