// Runs Debian's redis-server on a free 127.0.0.1 port, without persistence, for the
// shared cache tier's tests; stops it when the object dies, whatever the test did.
#ifndef ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_
#define ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_

#include <sys/types.h>

#include <cstdint>
#include <string>

namespace robotstxt::testing {

class RedisServer {
 public:
  /// Starts on a free port; port() is 0 if it did not come up.
  RedisServer();
  ~RedisServer();
  RedisServer(const RedisServer&) = delete;
  RedisServer& operator=(const RedisServer&) = delete;

  std::uint16_t port() const { return port_; }
  std::string url() const { return "redis://127.0.0.1:" + std::to_string(port_) + "/0"; }
  /// Kills the server (SIGKILL: as a crash would) and waits for it to be gone.
  void kill_now();
  /// Starts it again on the same port (empty: nothing was persisted). True once it answers.
  bool restart();

 private:
  bool start();
  pid_t pid_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_REDIS_SERVER_H_
