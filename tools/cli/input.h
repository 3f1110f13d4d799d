// Reading the tools' inputs: a robots.txt in bounded memory, and URL lists line by
// line. Plain read(2), so a directory or an unreadable file is an error value with its
// errno, never an exception or an empty answer.
#ifndef ROBOTSTXT_TOOLS_CLI_INPUT_H_
#define ROBOTSTXT_TOOLS_CLI_INPUT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "robotstxt/body_limit.h"
#include "robotstxt/lint.h"

namespace robotstxt::cli {

/// A robots.txt as read: the first kMaxBodyBytes bytes, all that counts (docs/semantics.md 1.1),
/// and what followed them.
struct RobotsInput {
  std::string head;
  /// With RestOfFile::kCount, the bytes and line ends past the head (up to a bound);
  /// with kSize, the bytes past the head of a regular file; otherwise bytes is 1 when the
  /// file was longer and counted_to_end is false.
  IgnoredTail tail;
  /// With RestOfFile::kCount, a 64-bit FNV-1a digest of the bytes counted past the head:
  /// two files with the same head and digest have the same tail, for `diff`.
  std::uint64_t tail_digest = 0;
};

enum class RestOfFile {
  kSkip,   // stop one byte past the head: enough to know the file was longer
  kSize,   // as kSkip, and a regular file's size says how many bytes follow, unread
  kCount,  // count what follows, for lint's report, in bounded memory and time
};

/// Reads PATH ("-" is standard input). On failure reports "cannot read 'PATH': REASON"
/// on one line and returns nullopt.
std::optional<RobotsInput> read_robots_or_report(std::string_view command, const std::string& path,
                                                 RestOfFile rest = RestOfFile::kSkip);

/// "robotstxt COMMAND: note: 'PATH' has 341,036 bytes past the first 512,000, which
/// crawlers ignore" on stderr when `input` has any ("is longer than 512,000 bytes" when
/// they were not counted): rules there change nothing, and a reader of the answer would
/// otherwise think they were read. Nothing when it has none.
void note_past_limit(std::string_view command, const std::string& path, const RobotsInput& input);

/// The same fact in JSON: "bytes_past_limit", the bytes past the first 512,000 (at least
/// that many when the file was not read to its end), set in `json` when there are any.
void add_past_limit_json(nlohmann::json& json, const RobotsInput& input);

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
