// Runs a Redis Cluster of three masters (no replicas) on free 127.0.0.1 ports, in a
// temporary directory, for the cluster client's tests; every node stops when the object
// dies, whatever the test did (and with the test process, as RedisServer's do).
#ifndef ROBOTSTXT_TESTS_SUPPORT_REDIS_CLUSTER_H_
#define ROBOTSTXT_TESTS_SUPPORT_REDIS_CLUSTER_H_

#include <cstddef>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "support/fixture_server.h"
#include "support/redis_server.h"

namespace robotstxt::testing {

class LocalRedisCluster {
 public:
  static constexpr std::size_t kMasters = 3;

  /// Starts the nodes, gives each a third of the slots, joins them and waits (at most
  /// 20 s) until every node says the cluster is ok. ok() says whether it came up.
  LocalRedisCluster();
  LocalRedisCluster(const LocalRedisCluster&) = delete;
  LocalRedisCluster& operator=(const LocalRedisCluster&) = delete;

  bool ok() const { return ok_; }
  /// "127.0.0.1:P1,127.0.0.1:P2,127.0.0.1:P3", for --redis-cluster.
  std::string seeds() const;
  RedisServer& node(std::size_t i) { return *nodes_[i]; }
  /// The node's cluster id (CLUSTER MYID).
  std::string id(std::size_t i) const;
  /// Which node holds `slot` now.
  std::size_t holder_of(int slot) const;
  /// Moves `slot` from its node to node `to` whole: its keys migrated, every node told.
  bool move_slot(int slot, std::size_t to);
  /// The steps of a move, for a test that stops half way (ASK): mark the slot migrating
  /// to `to`, migrate one key of it, and give the slot to `to` on every node.
  bool begin_move(int slot, std::size_t to);
  bool migrate(const std::string& key, int slot, std::size_t to);
  bool finish_move(int slot, std::size_t to);
  /// Waits (at most 20 s) until every running node says the cluster is ok.
  bool becomes_ok() const;

 private:
  TempDir dir_;
  std::vector<std::unique_ptr<RedisServer>> nodes_;
  bool ok_ = false;
  std::map<int, std::size_t> moved_;  // slots move_slot() moved, and where
};

/// The value of a RESP reply ("+OK\r\n" -> "OK", ":5\r\n" -> "5", "$3\r\nabc\r\n" ->
/// "abc"); "" for anything else.
std::string reply_text(const std::string& reply);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_REDIS_CLUSTER_H_
