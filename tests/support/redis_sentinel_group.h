// A Redis master, its replica and three sentinels watching it (as "fleet", quorum 2) on
// free 127.0.0.1 ports, with short failure detection (down after 1,000 ms), for the
// Sentinel and failover tests; every process is stopped when the object dies.
#ifndef ROBOTSTXT_TESTS_SUPPORT_REDIS_SENTINEL_GROUP_H_
#define ROBOTSTXT_TESTS_SUPPORT_REDIS_SENTINEL_GROUP_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "support/fixture_server.h"
#include "support/redis_server.h"

namespace robotstxt::testing {

class RedisSentinelGroup {
 public:
  static constexpr char kMasterName[] = "fleet";

  /// Starts them all and waits (at most 20 s) until each sentinel knows the replica and
  /// the two other sentinels, so that a failover can be elected. ready() says whether.
  RedisSentinelGroup();
  RedisSentinelGroup(const RedisSentinelGroup&) = delete;
  RedisSentinelGroup& operator=(const RedisSentinelGroup&) = delete;

  bool ready() const { return ready_; }
  /// "127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3", for --redis-sentinel.
  std::string sentinel_list() const;
  RedisServer& master() { return *master_; }
  RedisServer& replica() { return *replica_; }
  RedisServer& sentinel(std::size_t i) { return *sentinels_.at(i); }
  /// The master's port as the first sentinel that answers names it; 0 if none does.
  std::uint16_t master_port_now() const;
  /// Waits until a sentinel names a master other than `old_port` and that node answers
  /// ROLE as master; true then, false after `within`.
  bool moved_from(std::uint16_t old_port, std::chrono::milliseconds within) const;

 private:
  TempDir dir_;
  std::unique_ptr<RedisServer> master_;
  std::unique_ptr<RedisServer> replica_;
  std::vector<std::unique_ptr<RedisServer>> sentinels_;
  bool ready_ = false;
};

/// redis-cli's output for ARGUMENTS sent to 127.0.0.1:port (each reply line a line).
std::string redis_cli(std::uint16_t port, const std::vector<std::string>& arguments);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_REDIS_SENTINEL_GROUP_H_
