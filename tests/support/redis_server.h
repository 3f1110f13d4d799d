// Runs Debian's redis-server on a free 127.0.0.1 port, without persistence, for the
// shared cache tier's tests; stops it when the object dies, whatever the test did.
#ifndef ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_
#define ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace robotstxt::testing {

class RedisServer {
 public:
  /// Starts on a free port; port() is 0 if it did not come up.
  RedisServer();
  /// The same, with `arguments` after the defaults (e.g. {"--replicaof", "127.0.0.1 6380"}),
  /// and with `config_file` first when not empty: {config_file, "--sentinel"} runs a
  /// sentinel, whose config file must be writable (it rewrites it).
  explicit RedisServer(std::vector<std::string> arguments, std::string config_file = "");
  ~RedisServer();
  RedisServer(const RedisServer&) = delete;
  RedisServer& operator=(const RedisServer&) = delete;

  std::uint16_t port() const { return port_; }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_) + "/0"; }
  /// Kills the server (SIGKILL: as a crash would) and waits for it to be gone.
  void kill_now();
  /// Starts it again on the same port (empty: nothing was persisted). True once it answers.
  bool restart();
  /// SIGSTOP: the server hangs with its connections open, as an overloaded or frozen
  /// Redis does; resume() (SIGCONT) lets it go on. The destructor ends it either way.
  void pause();
  void resume();
  /// Sends one command (RESP) on a new connection and returns the reply as Redis sent it
  /// ("+OK\r\n", ":5\r\n", "$3\r\nabc\r\n", "-ERR ...\r\n"); "" if none came. For
  /// planting what the code under test never writes itself.
  std::string command(const std::vector<std::string>& arguments) const;

 private:
  bool start();
  std::vector<std::string> arguments_;
  std::string config_file_;
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

/// Resumes a paused server when it goes out of scope, whatever the test did, so that the
/// server's own end is a plain SIGKILL.
class ResumeAtExit {
 public:
  explicit ResumeAtExit(RedisServer& redis) : redis_(redis) {}
  ~ResumeAtExit() { redis_.resume(); }
  ResumeAtExit(const ResumeAtExit&) = delete;
  ResumeAtExit& operator=(const ResumeAtExit&) = delete;

 private:
  RedisServer& redis_;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_
