#include "census/line_reader.h"

#include <cstring>

#include "answer/cli_support.h"

namespace robotstxt::census {

bool LineReader::next(std::string& line) {
  line.clear();
  while (true) {
    if (start_ == end_) {
      if (std::feof(file_) != 0) return !line.empty();
      end_ = std::fread(buffer_, 1, sizeof buffer_, file_);
      start_ = 0;
      if (end_ == 0) {
        if (std::ferror(file_) != 0) throw LineError{"cannot be read"};
        return !line.empty();
      }
    }
    const char* newline =
        static_cast<const char*>(std::memchr(buffer_ + start_, '\n', end_ - start_));
    const std::size_t stop = newline != nullptr ? newline - buffer_ : end_;
    if (line.size() + (stop - start_) > max_line_bytes_) {
      throw LineError{"is over " + cli::with_thousands(max_line_bytes_) + " bytes"};
    }
    line.append(buffer_ + start_, stop - start_);
    start_ = newline != nullptr ? stop + 1 : end_;
    if (newline != nullptr) return true;
  }
}

}  // namespace robotstxt::census
