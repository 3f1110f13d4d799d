#include "support/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

namespace robotstxt::testing {

ChildWithOutput spawn_with_output(std::vector<std::string> argv, const std::string& error_file) {
  ChildWithOutput child;
  // Opened here, before the fork: the child only redirects.
  const int error_fd =
      error_file.empty() ? -1 : open(error_file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  if (!error_file.empty() && error_fd < 0) return child;
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) {
    if (error_fd >= 0) close(error_fd);
    return child;
  }
  std::vector<char*> pointers;
  for (std::string& arg : argv) pointers.push_back(arg.data());
  pointers.push_back(nullptr);
  child.pid = fork();
  if (child.pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    dup2(pipe_fds[1], STDOUT_FILENO);
    if (error_fd >= 0) {
      dup2(error_fd, STDERR_FILENO);
      close(error_fd);
    }
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    execv(pointers[0], pointers.data());
    _exit(127);
  }
  close(pipe_fds[1]);
  if (error_fd >= 0) close(error_fd);
  child.output = pipe_fds[0];
  return child;
}

std::string read_first_line(int fd, std::chrono::milliseconds timeout) {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    pollfd poll_fd{fd, POLLIN, 0};
    if (poll(&poll_fd, 1, 100) <= 0) continue;
    char c = 0;
    if (read(fd, &c, 1) != 1) break;
    if (c == '\n') return line;
    line += c;
  }
  return line;
}

}  // namespace robotstxt::testing
