// SharedStore over Redis with hiredis (see redis_store.h).
#include "robotstxt/redis_store.h"

#include <hiredis/hiredis.h>

#include <array>
#include <charconv>
#include <utility>

#include "fetch/redis_cluster.h"
#include "fetch/redis_connection.h"
#include "fetch/redis_sentinel.h"

namespace robotstxt {

using Reply = internal::RedisReply;

// A pooled connection, and which master it was made to (with Sentinel): one made before
// the master was forgotten is dropped rather than pooled again.
class RedisStore::Connection : public internal::RedisConnection {
 public:
  Connection(const RedisEndpoint& node, const RedisStoreOptions& options, std::uint64_t generation)
      : RedisConnection(node.host, node.port, options.connect_timeout, options.command_timeout),
        generation_(generation) {}
  Connection(std::string why, RedisFailure failure, std::uint64_t generation)
      : RedisConnection(std::move(why), failure), generation_(generation) {}
  std::uint64_t generation() const { return generation_; }

 private:
  std::uint64_t generation_;
};

std::string_view to_word(RedisFailure failure) {
  switch (failure) {
    case RedisFailure::kNone:
      return "";
    case RedisFailure::kConnection:
      return "connection";
    case RedisFailure::kTimeout:
      return "timeout";
    case RedisFailure::kAuthentication:
      return "authentication";
    case RedisFailure::kNoMaster:
      return "no-master";
    case RedisFailure::kReplica:
      return "replica";
    case RedisFailure::kError:
      return "error";
  }
  return "error";
}

namespace {

// The bytes `value` stands for, its %XX escapes decoded; nullopt when a % starts none.
std::optional<std::string> percent_decoded(std::string_view value) {
  std::string decoded;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != '%') {
      decoded.push_back(value[i]);
      continue;
    }
    unsigned byte = 0;
    if (i + 2 >= value.size()) return std::nullopt;
    const auto [end, error] = std::from_chars(value.data() + i + 1, value.data() + i + 3, byte, 16);
    if (error != std::errc() || end != value.data() + i + 3) return std::nullopt;
    decoded.push_back(static_cast<char>(byte));
    i += 2;
  }
  return decoded;
}

}  // namespace

RedisUrlResult parse_redis_url(std::string_view url) {
  constexpr std::string_view kScheme = "redis://";
  if (!url.starts_with(kScheme)) return {std::nullopt, "a Redis URL starts with redis://"};
  url.remove_prefix(kScheme.size());
  RedisAddress address;
  // User info ends at the last '@': a password may hold '@', '/' or ':' of its own. No
  // error below quotes it.
  if (const std::size_t at = url.rfind('@'); at != std::string_view::npos) {
    const std::string_view user_info = url.substr(0, at);
    url.remove_prefix(at + 1);
    const std::size_t colon = user_info.find(':');
    if (colon == std::string_view::npos) {
      return {std::nullopt, "the Redis password goes after a colon: redis://[USER]:PASSWORD@HOST"};
    }
    std::optional<std::string> username = percent_decoded(user_info.substr(0, colon));
    std::optional<std::string> password = percent_decoded(user_info.substr(colon + 1));
    if (!username || !password) {
      return {std::nullopt, "a % in the Redis user or password must start an escape such as %40"};
    }
    if (password->empty()) {
      return {std::nullopt, "the Redis password is empty (redis://[USER]:PASSWORD@HOST)"};
    }
    address.username = std::move(*username);
    address.password = std::move(*password);
  }
  const std::size_t slash = url.find('/');
  std::string_view host_port = url.substr(0, slash);
  if (slash != std::string_view::npos) {
    const std::string_view database = url.substr(slash + 1);
    if (!database.empty()) {
      const auto [end, error] =
          std::from_chars(database.data(), database.data() + database.size(), address.database);
      if (error != std::errc() || end != database.data() + database.size() ||
          address.database < 0) {
        return {std::nullopt, "the Redis database must be a number (redis://HOST:PORT/DB)"};
      }
    }
  }
  const std::size_t colon = host_port.rfind(':');
  if (colon != std::string_view::npos && host_port.find(']', colon) == std::string_view::npos) {
    const std::string_view port = host_port.substr(colon + 1);
    const auto [end, error] = std::from_chars(port.data(), port.data() + port.size(), address.port);
    if (error != std::errc() || end != port.data() + port.size() || address.port <= 0 ||
        address.port > 65535) {
      return {std::nullopt, "the Redis port must be a number from 1 to 65535"};
    }
    host_port = host_port.substr(0, colon);
  }
  if (host_port.size() >= 2 && host_port.front() == '[' && host_port.back() == ']') {
    host_port = host_port.substr(1, host_port.size() - 2);
  }
  if (host_port.empty()) return {std::nullopt, "the Redis URL names no host"};
  address.host = host_port;
  return {std::move(address), {}};
}

std::string redact_redis_url(std::string_view url) {
  const std::size_t at = url.rfind('@');
  if (at == std::string_view::npos) return std::string(url);
  const std::size_t scheme_end = url.find("://");
  const std::size_t kept =
      scheme_end != std::string_view::npos && scheme_end < at ? scheme_end + 3 : 0;
  return std::string(url.substr(0, kept)) + "***@" + std::string(url.substr(at + 1));
}

RedisSeedsResult parse_redis_cluster_seeds(std::string_view seeds,
                                           const std::optional<std::string>& password) {
  // Enough for any seed list; each seed may cost a connection attempt at start.
  constexpr std::size_t kMaxSeeds = 64;
  constexpr std::string_view kScheme = "redis://";
  if (seeds.starts_with(kScheme)) seeds.remove_prefix(kScheme.size());
  std::string user_info;
  if (const std::size_t at = seeds.rfind('@'); at != std::string_view::npos) {
    user_info = std::string(seeds.substr(0, at + 1));
    seeds.remove_prefix(at + 1);
  }
  if (password) {
    if (user_info.find(':') != std::string::npos) {
      return {{}, "the seeds hold a password, and so does the password file: give it in one place"};
    }
    // A stand-in, so that a user alone reads as a user; the file's password replaces it.
    user_info = user_info.empty() ? ":x@" : user_info.insert(user_info.size() - 1, ":x");
  }
  RedisSeedsResult result;
  while (true) {
    const std::size_t comma = seeds.find(',');
    const std::string_view seed = seeds.substr(0, comma);
    if (seed.find('/') != std::string_view::npos) {
      return {{}, "a Redis Cluster has database 0 only: no /DB after a seed"};
    }
    if (result.seeds.size() == kMaxSeeds) {
      return {{}, "more than " + std::to_string(kMaxSeeds) + " Redis Cluster seeds"};
    }
    // The user and password, given once, go with every seed.
    RedisUrlResult address = parse_redis_url(std::string(kScheme) + user_info + std::string(seed));
    if (!address.address) return {{}, std::move(address.error)};
    if (password) address.address->password = *password;
    result.seeds.push_back(std::move(*address.address));
    if (comma == std::string_view::npos) break;
    seeds.remove_prefix(comma + 1);
  }
  return result;
}

RedisStore::RedisStore(RedisStoreOptions options) : options_(std::move(options)) {
  if (!options_.cluster_seeds.empty()) {
    cluster_ = std::make_unique<internal::RedisCluster>(options_);
  }
}

RedisStore::~RedisStore() = default;

void RedisStore::give_back(std::unique_ptr<Connection> connection) {
  if (connection->broken()) return;
  const std::lock_guard lock(mutex_);
  if (connection->generation() != master_generation_) return;
  idle_.push_back(std::move(connection));
}

std::unique_ptr<RedisStore::Connection> RedisStore::connect() {
  const RedisAddress& address = options_.address;
  std::optional<RedisEndpoint> node;
  std::uint64_t generation = 0;
  if (address.sentinels.empty()) {
    node = RedisEndpoint{address.host, address.port};
  } else {
    {
      const std::lock_guard lock(mutex_);
      node = master_;
      generation = master_generation_;
    }
    if (!node) {
      internal::SentinelAnswer answer = internal::ask_sentinels(options_);
      if (!answer.master) {
        return std::make_unique<Connection>(std::move(answer.error), RedisFailure::kNoMaster,
                                            generation);
      }
      node = answer.master;
      const std::lock_guard lock(mutex_);
      // Another caller may have asked meanwhile: the first answer stands.
      if (!master_ && generation == master_generation_) master_ = node;
    }
  }
  auto connection = std::make_unique<Connection>(*node, options_, generation);
  if (!address.password.empty()) connection->authenticate(address.username, address.password);
  connection->select(address.database);
  // A node the sentinels name may not have taken over yet, or may have been demoted
  // since: only a master is written to.
  if (!address.sentinels.empty()) {
    connection->is_master();
    if (connection->broken()) forget_master(generation);
  }
  return connection;
}

void RedisStore::forget_master(std::uint64_t generation) {
  if (options_.address.sentinels.empty()) return;
  const std::lock_guard lock(mutex_);
  if (generation != master_generation_) return;  // forgotten already
  master_.reset();
  ++master_generation_;
  idle_.clear();
}

namespace {

// A node that became a replica refuses writes with READONLY (and a script that writes
// the same way); with Sentinel that means the master has moved.
bool is_readonly(const redisReply& reply) {
  if (reply.type != REDIS_REPLY_ERROR) return false;
  const std::string_view error(reply.str, reply.len);
  return error.starts_with("READONLY") || error.find("-READONLY") != std::string_view::npos;
}

}  // namespace

redisReply* RedisStore::run(std::string_view key,
                            std::initializer_list<std::string_view> arguments) {
  return run(key, std::span<const std::string_view>(arguments.begin(), arguments.size()));
}

redisReply* RedisStore::run(std::string_view key, std::span<const std::string_view> arguments) {
  if (!cluster_) return run_here(arguments, false);
  std::string error;
  redisReply* reply = cluster_->run(key, arguments, error);
  if (reply == nullptr) {
    failed_because(std::move(error), RedisFailure::kConnection);
  } else if (reply->type == REDIS_REPLY_ERROR) {
    const std::string_view text(reply->str, reply->len);
    if (!text.starts_with("NOSCRIPT")) failed_because(std::string(text), RedisFailure::kError);
  }
  return reply;
}

redisReply* RedisStore::run_here(std::span<const std::string_view> arguments, bool asking) {
  bool pooled = false;
  std::unique_ptr<Connection> connection;
  {
    const std::lock_guard lock(mutex_);
    if (!idle_.empty()) {
      connection = std::move(idle_.back());
      idle_.pop_back();
      pooled = true;
    }
  }
  // An ASK redirection holds for the one command after ASKING, on its connection.
  const auto send = [&](Connection& on) -> Reply {
    if (asking) {
      constexpr std::array<std::string_view, 1> kAsking = {"ASKING"};
      Reply asked = on.command(kAsking);
      if (!asked || asked->type != REDIS_REPLY_STATUS) return asked;
    }
    return on.command(arguments);
  };
  if (!connection) connection = connect();
  Reply reply = send(*connection);
  bool moved = false;
  if (reply && is_readonly(*reply)) {
    connection->break_for("the node is no longer the master (READONLY)", RedisFailure::kReplica);
    reply.reset();
    moved = true;
  }
  if (!reply) forget_master(connection->generation());
  // A pooled connection may predate a Redis restart (or a failover): one more try on a
  // new one. Not after a timeout, which would double the wait on a Redis that hangs.
  if (!reply && (pooled || moved) && !connection->timed_out()) {
    connection = connect();
    reply = send(*connection);
    if (reply && is_readonly(*reply)) {
      connection->break_for("the node is no longer the master (READONLY)", RedisFailure::kReplica);
      reply.reset();
    }
    if (!reply) forget_master(connection->generation());
  }
  if (!reply) {
    failed_because(connection->error(), connection->failure());
  } else if (reply->type == REDIS_REPLY_ERROR) {
    // NOSCRIPT is how a script's first run is asked for (run_script()), and MOVED and
    // ASK how a cluster node sends a command elsewhere (RedisCluster): not failures.
    const std::string_view error(reply->str, reply->len);
    if (!error.starts_with("NOSCRIPT") && !error.starts_with("MOVED ") &&
        !error.starts_with("ASK ")) {
      failed_because(std::string(error), RedisFailure::kError);
    }
  }
  give_back(std::move(connection));
  return reply.release();
}

void RedisStore::failed_because(std::string why, RedisFailure failure) {
  const std::lock_guard lock(mutex_);
  last_error_ = std::move(why);
  last_failure_ = failure;
}

RedisFailure RedisStore::last_failure() const {
  const std::lock_guard lock(mutex_);
  return last_failure_;
}

std::string RedisStore::last_error() const {
  const std::lock_guard lock(mutex_);
  return last_error_;
}

StoreRead RedisStore::get(const std::string& key, std::size_t max_bytes) {
  // GETRANGE reads at most max_bytes + 1 bytes (its end is inclusive): enough to tell a
  // value that is too long without moving all of it. A missing key reads as "", which
  // no SharedCache record is either.
  const Reply reply(run(key, {"GETRANGE", key, "0", std::to_string(max_bytes)}));
  if (!reply) return {StoreStatus::kUnavailable, {}};
  if (reply->type == REDIS_REPLY_ERROR &&
      std::string_view(reply->str, reply->len).starts_with("WRONGTYPE")) {
    return {StoreStatus::kUnreadable, {}};
  }
  if (reply->type != REDIS_REPLY_STRING) return {StoreStatus::kUnavailable, {}};
  if (reply->len == 0) return {StoreStatus::kMissing, {}};
  if (reply->len > max_bytes) return {StoreStatus::kUnreadable, {}};
  return {StoreStatus::kOk, std::string(reply->str, reply->len)};
}

StoreStatus RedisStore::put(const std::string& key, std::string_view value,
                            std::chrono::milliseconds ttl) {
  const Reply reply(run(key, {"SET", key, value, "PX", std::to_string(ttl.count())}));
  return reply && reply->type == REDIS_REPLY_STATUS ? StoreStatus::kOk : StoreStatus::kUnavailable;
}

StoreStatus RedisStore::acquire(const std::string& key, std::string_view token,
                                std::chrono::milliseconds ttl) {
  // SET NX PX, except that a key without an expiry (PTTL -1) is taken over: no holder of
  // ours leaves one, and waiting for it to free up would wait forever. In one step on
  // the server, so that two takers cannot both win.
  constexpr std::string_view kLockOrTakeOver =
      "if redis.call('set', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end "
      "if redis.call('pttl', KEYS[1]) == -1 then "
      "redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end "
      "return 0";
  const Reply reply(
      run(key, {"EVAL", kLockOrTakeOver, "1", key, token, std::to_string(ttl.count())}));
  if (!reply || reply->type != REDIS_REPLY_INTEGER) return StoreStatus::kUnavailable;
  return reply->integer == 1 ? StoreStatus::kOk : StoreStatus::kMissing;
}

StoreStatus RedisStore::release(const std::string& key, std::string_view token) {
  // Compare and delete in one step on the server: between a GET and a DEL our lock could
  // expire and another process take it.
  constexpr std::string_view kCompareAndDelete =
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
      "else return 0 end";
  const Reply reply(run(key, {"EVAL", kCompareAndDelete, "1", key, token}));
  return reply && reply->type == REDIS_REPLY_INTEGER ? StoreStatus::kOk : StoreStatus::kUnavailable;
}

std::optional<std::vector<long long>> RedisStore::run_script(
    std::string_view script, int key_count, std::span<const std::string> arguments) {
  // EVALSHA sends 40 bytes instead of the script; Redis answers NOSCRIPT (an error reply)
  // when it has not seen it since it started, and then EVAL runs and caches it there.
  std::string digest;
  {
    const std::lock_guard lock(mutex_);
    const auto found = script_digests_.find(std::string(script));
    if (found != script_digests_.end()) digest = found->second;
  }
  const std::string count = std::to_string(key_count);
  std::vector<std::string_view> command;
  command.reserve(arguments.size() + 3);
  command.insert(command.end(), {digest.empty() ? "EVAL" : "EVALSHA",
                                 digest.empty() ? script : std::string_view(digest), count});
  command.insert(command.end(), arguments.begin(), arguments.end());
  // In a cluster the script runs on the master of its keys' slot (the first key's), and
  // is loaded there; a master that has not seen it yet answers NOSCRIPT, as above.
  const std::string_view key =
      key_count > 0 && !arguments.empty() ? std::string_view(arguments[0]) : std::string_view();
  Reply reply(run(key, command));
  if (reply && reply->type == REDIS_REPLY_ERROR && !digest.empty()) {
    command[0] = "EVAL";
    command[1] = script;
    reply.reset(run(key, command));
  }
  if (!reply) return std::nullopt;
  if (digest.empty() && reply->type != REDIS_REPLY_ERROR) {
    const std::array<std::string_view, 3> load = {"SCRIPT", "LOAD", script};
    const Reply loaded(run(key, load));
    if (loaded && loaded->type == REDIS_REPLY_STRING) {
      const std::lock_guard lock(mutex_);
      script_digests_[std::string(script)] = std::string(loaded->str, loaded->len);
    }
  }
  std::vector<long long> integers;
  if (reply->type == REDIS_REPLY_INTEGER) {
    integers.push_back(reply->integer);
    return integers;
  }
  if (reply->type != REDIS_REPLY_ARRAY) return std::nullopt;
  for (std::size_t i = 0; i < reply->elements; ++i) {
    if (reply->element[i]->type != REDIS_REPLY_INTEGER) return std::nullopt;
    integers.push_back(reply->element[i]->integer);
  }
  return integers;
}

}  // namespace robotstxt
