// Runs a program (the built `robotstxt` CLI) with arguments and standard input, and
// captures what it printed and how it exited. Uses temporary files, not pipes, so a
// large input or output can never deadlock the test.
#ifndef ROBOTSTXT_TESTS_SUPPORT_RUN_COMMAND_H_
#define ROBOTSTXT_TESTS_SUPPORT_RUN_COMMAND_H_

#include <string>
#include <vector>

namespace robotstxt::testing {

struct CommandResult {
  int exit_code = -1;  // -1 if the program did not exit normally
  std::string out;
  std::string err;
};

CommandResult run_command(const std::string& program, const std::vector<std::string>& args,
                          const std::string& stdin_text = "");

/// Where the program's standard streams come from and go to, for tests of I/O failures.
struct Redirects {
  std::string stdin_path;      ///< read standard input from here (e.g. a directory)
  std::string stdout_path;     ///< write standard output here (e.g. /dev/full)
  bool stdout_closed = false;  ///< standard output is a pipe nobody reads
};

/// run_command() with standard input and output redirected; `out` is then empty.
CommandResult run_redirected(const std::string& program, const std::vector<std::string>& args,
                             const Redirects& redirects);

/// A file that exists for the lifetime of this object, with the given bytes.
class TempFile {
 public:
  explicit TempFile(const std::string& contents);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_RUN_COMMAND_H_
