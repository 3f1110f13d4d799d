// The Redis Cluster client under RedisStore (redis_store.h): the slot map, read from the
// cluster with CLUSTER SLOTS, says which master holds each of the 16384 slots; each
// command goes to the master of its key's slot (redis_key_slot.h) through that master's
// own connection pool, and MOVED and ASK redirections are followed. Everything read
// from the cluster is bounded: the slot map's size, the masters it names, the host
// names, and the redirections one command may follow.
#ifndef ROBOTSTXT_FETCH_REDIS_CLUSTER_H_
#define ROBOTSTXT_FETCH_REDIS_CLUSTER_H_

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fetch/redis_key_slot.h"
#include "robotstxt/redis_store.h"

struct redisReply;  // hiredis

namespace robotstxt::internal {

/// Redirections one command follows: a slot moves once, and an ASK during a migration
/// may be followed by a MOVED when it ends; more is a cluster that contradicts itself.
inline constexpr int kMaxRedisRedirects = 5;
/// Masters the client keeps a pool for; a slot map or a redirection naming more is
/// refused (a real cluster has at most about a thousand nodes, most of them replicas).
inline constexpr std::size_t kMaxRedisMasters = 256;

/// One master as the slot map or a redirection names it.
struct RedisNodeAddress {
  std::string host;
  int port = 0;
  bool operator==(const RedisNodeAddress&) const = default;
};

/// "MOVED 3999 127.0.0.1:6381" or "ASK 3999 127.0.0.1:6381", read and checked: the slot
/// is in range and the address has a host (at most 255 bytes) and a port in 1..65535.
struct RedisRedirect {
  bool ask = false;  ///< ASK (once, after ASKING) rather than MOVED (the slot's new home)
  int slot = 0;
  RedisNodeAddress to;
};
/// nullopt when `error` is no redirection or not one Redis can have sent.
[[nodiscard]] std::optional<RedisRedirect> read_redis_redirect(std::string_view error);

/// The slot map a CLUSTER SLOTS reply gives, checked: at most 16384 ranges, each within
/// 0..16383, each master's address as for redirections (an empty host is `asked`'s), at
/// most kMaxRedisMasters masters. nullopt when the reply breaks any of these.
struct RedisSlotMap {
  std::vector<RedisNodeAddress> masters;
  /// Index into masters for each slot; kNoMaster where no range covers it.
  std::array<std::uint16_t, kRedisClusterSlots> master_of_slot{};
  static constexpr std::uint16_t kNoMaster = 0xFFFF;
};
[[nodiscard]] std::optional<RedisSlotMap> read_redis_slot_map(const redisReply& reply,
                                                              const RedisNodeAddress& asked);

class RedisCluster {
 public:
  /// options.cluster_seeds are asked for the slot map; every node gets their user and
  /// password and options' timeouts.
  explicit RedisCluster(const RedisStoreOptions& options);
  ~RedisCluster();
  RedisCluster(const RedisCluster&) = delete;
  RedisCluster& operator=(const RedisCluster&) = delete;

  /// Runs `arguments` on the master of `key`'s slot, following redirections. The reply
  /// (free it with freeReplyObject) or null, with `error` saying why.
  redisReply* run(std::string_view key, std::span<const std::string_view> arguments,
                  std::string& error);

  /// How many masters the slot map names (0 before it was read).
  [[nodiscard]] std::size_t masters() const;

 private:
  // The pool of `address`, made when first needed; null past kMaxRedisMasters.
  RedisStore* node(const RedisNodeAddress& address);
  // Reads the slot map again from a master or a seed; false (with `error`) when none
  // answered usably. Not more often than every few milliseconds: many callers that meet
  // one MOVED at once read it once. Asks further nodes only within one connect timeout.
  bool refresh(std::string& error);
  // The master of `slot` in the current map, or null.
  RedisStore* master_of(std::uint16_t slot);

  RedisStoreOptions options_;  // a node's options, address aside
  std::vector<RedisNodeAddress> seeds_;
  mutable std::mutex mutex_;                        // guards everything below
  std::vector<RedisNodeAddress> addresses_;         // each node's address...
  std::vector<std::unique_ptr<RedisStore>> nodes_;  // ...and pool, never removed
  std::vector<std::size_t> node_of_master_;         // the map's masters as indices into nodes_
  std::unique_ptr<RedisSlotMap> map_;               // null until read
  bool stale_ = true;  // a master failed: read the map before the next command
  std::chrono::steady_clock::time_point refreshed_at_{};
  std::mutex refresh_mutex_;  // one refresh at a time
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_FETCH_REDIS_CLUSTER_H_
