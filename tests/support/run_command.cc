#include "run_command.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iterator>
#include <stdexcept>

namespace robotstxt::testing {

namespace {
std::string read_all(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}
}  // namespace

TempFile::TempFile(const std::string& contents) {
  std::string pattern = "/tmp/robotstxt-test-XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd < 0) throw std::runtime_error("mkstemp failed");
  std::size_t written = 0;
  while (written < contents.size()) {
    const ssize_t n = write(fd, contents.data() + written, contents.size() - written);
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  close(fd);
  path_ = pattern;
}

TempFile::~TempFile() { unlink(path_.c_str()); }

CommandResult run_command(const std::string& program, const std::vector<std::string>& args,
                          const std::string& stdin_text) {
  const TempFile input(stdin_text);
  const TempFile output("");
  const TempFile errors("");
  const pid_t pid = fork();
  if (pid == 0) {
    const int in = open(input.path().c_str(), O_RDONLY);
    const int out = open(output.path().c_str(), O_WRONLY | O_TRUNC);
    const int err = open(errors.path().c_str(), O_WRONLY | O_TRUNC);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  CommandResult result;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  }
  result.out = read_all(output.path());
  result.err = read_all(errors.path());
  return result;
}

CommandResult run_redirected(const std::string& program, const std::vector<std::string>& args,
                             const Redirects& redirects) {
  const TempFile errors("");
  int pipe_ends[2] = {-1, -1};
  if (redirects.stdout_closed && pipe(pipe_ends) != 0) return {};
  if (redirects.stdout_closed) close(pipe_ends[0]);  // nobody will read
  const pid_t pid = fork();
  if (pid == 0) {
    signal(SIGPIPE, SIG_DFL);  // as a shell would start it
    const int in =
        open(redirects.stdin_path.empty() ? "/dev/null" : redirects.stdin_path.c_str(), O_RDONLY);
    const int out = redirects.stdout_closed ? pipe_ends[1]
                    : redirects.stdout_path.empty()
                        ? open("/dev/null", O_WRONLY)
                        : open(redirects.stdout_path.c_str(), O_WRONLY | O_TRUNC);
    const int err = open(errors.path().c_str(), O_WRONLY | O_TRUNC);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
    argv.push_back(nullptr);
    execv(program.c_str(), argv.data());
    _exit(127);
  }
  if (redirects.stdout_closed) close(pipe_ends[1]);
  CommandResult result;
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)) {
    result.exit_code = WEXITSTATUS(status);
  }
  result.err = read_all(errors.path());
  return result;
}

}  // namespace robotstxt::testing
