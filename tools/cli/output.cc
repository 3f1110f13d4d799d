#include "cli/output.h"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <streambuf>

#include "answer/cli_support.h"

namespace robotstxt::cli {
namespace {

class CheckedStdout : public std::streambuf {
 public:
  CheckedStdout() { setp(buffer_, buffer_ + sizeof(buffer_)); }

  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!write_buffer()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }

  int sync() override { return write_buffer() ? 0 : -1; }

 private:
  // False once a write has failed: later output is dropped, the first error kept.
  bool write_buffer() {
    const char* next = pbase();
    while (error_ == 0 && next < pptr()) {
      const ssize_t written = ::write(STDOUT_FILENO, next, static_cast<std::size_t>(pptr() - next));
      if (written >= 0) {
        next += written;
      } else if (errno == EPIPE) {
        // Nobody reads any more: what was asked for has been delivered, as far as it
        // was wanted. Stop now, quietly, rather than compute output for no one.
        std::_Exit(kExitOk);
      } else if (errno != EINTR) {
        error_ = errno;
      }
    }
    setp(buffer_, buffer_ + sizeof(buffer_));
    return error_ == 0;
  }

  char buffer_[1 << 16];
  int error_ = 0;
};

// Never destroyed: std::cout is flushed at exit, after function-local statics are gone.
CheckedStdout& checked_stdout() {
  static CheckedStdout* const buffer = new CheckedStdout;
  return *buffer;
}

}  // namespace

void use_checked_stdout() {
  // Without this a closed pipe kills the process with SIGPIPE; with it, write(2) says
  // EPIPE and write_buffer() ends the process with success.
  std::signal(SIGPIPE, SIG_IGN);
  std::cout.rdbuf(&checked_stdout());
}

int finish_stdout(int exit_code) {
  std::cout.flush();
  if (checked_stdout().error() == 0) return exit_code;
  std::cerr << "robotstxt: write error: " << std::strerror(checked_stdout().error()) << "\n";
  return kExitUsage;
}

}  // namespace robotstxt::cli
