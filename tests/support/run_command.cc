#include "run_command.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>

#include "read_file.h"

namespace robotstxt::testing {

namespace {

// In the child after fork(): standard input, output and error become `in`, `out` and
// `err`, then `program` runs with `args`. Never returns.
[[noreturn]] void exec_with(const std::string& program, const std::vector<std::string>& args,
                            int in, int out, int err) {
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

// The exit code of child `pid` once it ends; -1 if it did not exit normally.
int exit_code_of(pid_t pid) {
  int status = 0;
  if (pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status)) return WEXITSTATUS(status);
  return -1;
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
    exec_with(program, args, open(input.path().c_str(), O_RDONLY),
              open(output.path().c_str(), O_WRONLY | O_TRUNC),
              open(errors.path().c_str(), O_WRONLY | O_TRUNC));
  }
  CommandResult result;
  result.exit_code = exit_code_of(pid);
  result.out = read_file(output.path());
  result.err = read_file(errors.path());
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
    exec_with(program, args, in, out, open(errors.path().c_str(), O_WRONLY | O_TRUNC));
  }
  if (redirects.stdout_closed) close(pipe_ends[1]);
  CommandResult result;
  result.exit_code = exit_code_of(pid);
  result.err = read_file(errors.path());
  return result;
}

}  // namespace robotstxt::testing
