// Starting a server a test needs as a child process whose standard output the test
// reads: the fixture servers (fixture_server.h) and `robotstxt serve`
// (service_process.h) both announce their port on their first line.
#ifndef ROBOTSTXT_TESTS_SUPPORT_CHILD_PROCESS_H_
#define ROBOTSTXT_TESTS_SUPPORT_CHILD_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace robotstxt::testing {

struct ChildWithOutput {
  pid_t pid = -1;   ///< -1 when it could not be started
  int output = -1;  ///< read end of a pipe from the child's standard output
};

/// Runs argv[0] with `argv`. The child is killed if the test process dies first, so a
/// crashed test never leaves a server behind. With `error_file`, its standard error is
/// appended to that file (created if need be); else it is the test's.
ChildWithOutput spawn_with_output(std::vector<std::string> argv,
                                  const std::string& error_file = "");

/// The first line read from `fd` (without its newline), waiting at most `timeout`.
std::string read_first_line(int fd, std::chrono::milliseconds timeout);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_CHILD_PROCESS_H_
