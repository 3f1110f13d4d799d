/**
 * @file redis_store.h
 * @brief The shared tier's store in Redis (SharedStore over hiredis): what lets a fleet
 *        of crawler processes share one robots.txt cache (shared_cache.h).
 *
 * @code
 *   auto address = robotstxt::parse_redis_url("redis://10.0.0.5:6379/0");
 *   if (!address.address) { ... address.error ... }
 *   robotstxt::RobotsClientOptions options;
 *   options.shared_store = std::make_shared<robotstxt::RedisStore>(
 *       robotstxt::RedisStoreOptions{.address = *address.address});
 * @endcode
 *
 * Every call is bounded by the timeouts below and never throws; a Redis that is down or
 * slow makes calls return StoreStatus::kUnavailable, and last_error() says why. Connections
 * are made when needed, one per concurrent caller, and reused; a broken one is dropped and
 * made again (at once, for the same call, unless the old one timed out: a call waits one
 * timeout). With a password, each connection authenticates first (AUTH).
 *
 * With Sentinel (RedisAddress::sentinels), the master's address is asked of the sentinels
 * (redis_sentinel.h), each in turn, each within the timeouts below; a node is used only
 * once it answers ROLE as a master. A connection lost, or a READONLY reply (the node has
 * become a replica), makes the next connection ask the sentinels again: a replica is never
 * written to.
 *
 * With RedisStoreOptions::cluster_seeds, the store is a Redis Cluster client: each
 * command goes to the master that holds its key's slot (src/fetch/redis_cluster.h), with
 * the same pools and bounds per master.
 */
#ifndef ROBOTSTXT_REDIS_STORE_H_
#define ROBOTSTXT_REDIS_STORE_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "robotstxt/shared_cache.h"

struct redisReply;  // hiredis

namespace robotstxt {
namespace internal {
class RedisCluster;
}

/// One Redis or Sentinel node: a host name or address and a port.
struct RedisEndpoint {
  std::string host;
  int port = 0;
};

struct RedisAddress {
  std::string host = "127.0.0.1";
  int port = 6379;
  /// When not empty: host and port above are unused; the master named master_name is
  /// found by asking these sentinels in turn. User, password and database below are the
  /// master's; a sentinel that answers NOAUTH is sent the same AUTH (a fleet whose
  /// sentinels require a password gives them the master's).
  std::vector<RedisEndpoint> sentinels{};
  std::string master_name{};
  int database = 0;
  /// AUTH with these when password is set: `AUTH username password` (a Redis 6 ACL
  /// user), or `AUTH password` when username is empty.
  std::string username{};
  std::string password{};
};

struct RedisUrlResult {
  std::optional<RedisAddress> address;
  std::string error;  ///< why the URL was refused, when address is empty
};

/// Reads `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (port 6379 and database 0 by
/// default; `%` escapes in USER and PASSWORD, e.g. `%40` for `@`). The error never holds
/// the password.
/// Example: parse_redis_url("redis://127.0.0.1:6380/2").address->database == 2.
[[nodiscard]] RedisUrlResult parse_redis_url(std::string_view url);

/// The URL with its user info (user and password) replaced by `***`, for logs and
/// messages: redact_redis_url("redis://fleet:s3cret@10.0.0.5/0") == "redis://***@10.0.0.5/0".
/// Everything up to the last `@` after the scheme goes, whether or not the URL is valid.
[[nodiscard]] std::string redact_redis_url(std::string_view url);

/// Reads the seed nodes of a Redis Cluster:
/// `[redis://[[USER]:PASSWORD@]]HOST:PORT[,HOST:PORT...]` (port 6379 by default). The user
/// and password, given once, are used on every node of the cluster; a cluster has database
/// 0 only, so no /DB. At most 64 seeds. The error never holds the password.
/// Example: parse_redis_cluster_seeds("redis://:pw@10.0.0.5:7000,10.0.0.6:7000")
/// .seeds holds two seeds, each with password "pw".
struct RedisSeedsResult {
  std::vector<RedisAddress> seeds;  ///< empty when refused
  std::string error;                ///< why the seeds were refused
};
/// With `password` (read from a file: read_redis_password_file(), redis_settings.h), the
/// seeds may name a user alone (`redis://USER@HOST:PORT,...`) and that password goes to
/// every node; seeds that hold a password of their own are then refused.
[[nodiscard]] RedisSeedsResult parse_redis_cluster_seeds(
    std::string_view seeds, const std::optional<std::string>& password = std::nullopt);

struct RedisStoreOptions {
  RedisAddress address;
  /// A Redis Cluster instead of the one Redis at `address`: its seed nodes (with the
  /// credentials of every node). The store reads the slot map from them (CLUSTER SLOTS),
  /// sends each command to the master of its key's slot and follows MOVED and ASK
  /// redirections (at most 5 per command); a script's keys must share one slot.
  std::vector<RedisAddress> cluster_seeds{};
  /// Per connection made, to Redis or to a sentinel.
  std::chrono::milliseconds connect_timeout{250};
  /// A reply slower than this counts as Redis being unavailable (a sentinel's too).
  std::chrono::milliseconds command_timeout{250};
};

/// What the last failure was, as one word for /readyz (to_word()).
enum class RedisFailure {
  kNone,            ///< no failure yet
  kConnection,      ///< no connection: refused, closed, or no answer to connect
  kTimeout,         ///< connected, but no reply within the command timeout
  kAuthentication,  ///< AUTH refused: a wrong user or password, or none given
  kNoMaster,        ///< no sentinel answered with the master's address
  kReplica,         ///< the node is not (or no longer) a master
  kError,           ///< another error reply from Redis
};

/// "connection", "timeout", "authentication", "no-master", "replica", "error"; "" for kNone.
[[nodiscard]] std::string_view to_word(RedisFailure failure);

class RedisStore final : public SharedStore {
 public:
  explicit RedisStore(RedisStoreOptions options);
  ~RedisStore() override;
  RedisStore(const RedisStore&) = delete;
  RedisStore& operator=(const RedisStore&) = delete;

  [[nodiscard]] StoreRead get(const std::string& key, std::size_t max_bytes) override;
  [[nodiscard]] StoreStatus put(const std::string& key, std::string_view value,
                                std::chrono::milliseconds ttl) override;
  [[nodiscard]] StoreStatus acquire(const std::string& key, std::string_view token,
                                    std::chrono::milliseconds ttl) override;
  [[nodiscard]] StoreStatus release(const std::string& key, std::string_view token) override;

  /// Runs a Lua `script` (EVALSHA, loading it once per connection's Redis when it is
  /// missing there) with `key_count` keys first in `arguments`, for an operation that
  /// must be atomic on the server. The reply's integers (one, or an array of integers);
  /// nullopt when Redis is unavailable or the reply has another shape.
  [[nodiscard]] std::optional<std::vector<long long>> run_script(
      std::string_view script, int key_count, std::span<const std::string> arguments);

  /// Why the last call that failed did, for an operator: the connection's error
  /// ("Connection refused"), "no answer within 250 ms", or Redis's error reply
  /// ("NOAUTH Authentication required."); never the password. Empty before any failure.
  [[nodiscard]] std::string last_error() const;
  /// The kind of the last failure (last_error()'s), kNone before any.
  [[nodiscard]] RedisFailure last_failure() const;

 private:
  friend class internal::RedisCluster;
  class Connection;
  void give_back(std::unique_ptr<Connection> connection);
  // A new connection: to the address, or to the master the sentinels name (asking them
  // when no master is known), checked with ROLE. Broken, saying why, when none is made.
  std::unique_ptr<Connection> connect();
  // With Sentinel: the master a connection of `generation` used is no longer to be
  // trusted; the next connection asks the sentinels, and idle ones to it are dropped.
  void forget_master(std::uint64_t generation);
  // Runs one command about `key`: on this Redis, or on the cluster's master of its slot.
  // The reply (to be freed with freeReplyObject) or null on failure.
  redisReply* run(std::string_view key, std::initializer_list<std::string_view> arguments);
  redisReply* run(std::string_view key, std::span<const std::string_view> arguments);
  // Runs one command on this Redis; with `asking`, ASKING first on the same connection
  // (a cluster's ASK redirection). A pooled connection that fails (Redis restarted
  // since) is replaced once.
  redisReply* run_here(std::span<const std::string_view> arguments, bool asking);

  // Keeps why a call failed (last_error()).
  void failed_because(std::string why, RedisFailure failure);

  RedisStoreOptions options_;
  mutable std::mutex mutex_;
  std::string last_error_;                           // under mutex_
  RedisFailure last_failure_ = RedisFailure::kNone;  // under mutex_
  std::optional<RedisEndpoint> master_;              // with Sentinel: the one in use; under mutex_
  std::uint64_t master_generation_ = 0;  // bumped when master_ is forgotten; under mutex_
  std::vector<std::unique_ptr<Connection>> idle_;
  std::unordered_map<std::string, std::string> script_digests_;  // each script's SHA1, once loaded
  std::unique_ptr<internal::RedisCluster> cluster_;              // null for one Redis
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_REDIS_STORE_H_
