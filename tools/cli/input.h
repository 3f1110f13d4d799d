// Reading the tools' inputs: a robots.txt in bounded memory, and URL lists line by
// line. Plain read(2), so a directory or an unreadable file is an error value with its
// errno, never an exception or an empty answer.
#ifndef ROBOTSTXT_TOOLS_CLI_INPUT_H_
#define ROBOTSTXT_TOOLS_CLI_INPUT_H_

#include <optional>
#include <string>
#include <string_view>

#include "robotstxt/body_limit.h"
#include "robotstxt/lint.h"

namespace robotstxt::cli {

/// A robots.txt as read: the first kMaxBodyBytes bytes, all that counts (docs/semantics.md 1.1),
/// and what followed them.
struct RobotsInput {
  std::string head;
  /// With RestOfFile::kCount, the bytes and line ends past the head (up to a bound);
  /// otherwise bytes is 1 when the file was longer and counted_to_end is false.
  IgnoredTail tail;
};

enum class RestOfFile {
  kSkip,   // stop one byte past the head: enough to know the file was longer
  kCount,  // count what follows, for lint's report, in bounded memory and time
};

/// Reads PATH ("-" is standard input). On failure reports "cannot read 'PATH': REASON"
/// on one line and returns nullopt.
std::optional<RobotsInput> read_robots_or_report(std::string_view command, const std::string& path,
                                                 RestOfFile rest = RestOfFile::kSkip);

/// The lines of a file descriptor without their line end (LF, or CR LF), in order.
class InputLines {
 public:
  explicit InputLines(int fd) : fd_(fd) {}
  /// The next line, or false at the end of input or on a read error (see error()).
  bool next(std::string& line);
  /// errno of the read that failed, or 0.
  int error() const { return error_; }

 private:
  bool fill();

  int fd_;
  int error_ = 0;
  bool at_end_ = false;
  std::string buffer_;
  std::size_t start_ = 0;
};

/// Opens PATH for InputLines ("-" is standard input). On failure reports it like
/// read_robots_or_report() and returns nullopt. The descriptor stays open until exit.
std::optional<int> open_or_report(std::string_view command, const std::string& path);

/// "cannot read 'PATH': REASON", the one line every failed read reports.
void report_unreadable(std::string_view command, const std::string& path, int error);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_INPUT_H_
