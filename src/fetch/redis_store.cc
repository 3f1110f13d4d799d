// SharedStore over Redis with hiredis (see redis_store.h).
#include "robotstxt/redis_store.h"

#include <hiredis/hiredis.h>
#include <pthread.h>
#include <signal.h>
#include <sys/time.h>

#include <array>
#include <cerrno>
#include <charconv>
#include <ctime>
#include <utility>

namespace robotstxt {
namespace {

timeval to_timeval(std::chrono::milliseconds duration) {
  timeval value{};
  value.tv_sec = static_cast<time_t>(duration.count() / 1000);
  value.tv_usec = static_cast<suseconds_t>((duration.count() % 1000) * 1000);
  return value;
}

// hiredis writes with write(): when Redis has gone away, that raises SIGPIPE, whose
// default action would end the whole process. Block it on this thread for the call and
// swallow one raised meanwhile, leaving the process's own handling untouched.
class SigpipeBlocked {
 public:
  SigpipeBlocked() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
  }
  ~SigpipeBlocked() {
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous_, SIGPIPE) == 0) {
      const timespec no_wait{};
      sigtimedwait(&pipe_, nullptr, &no_wait);
    }
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
  }
  SigpipeBlocked(const SigpipeBlocked&) = delete;
  SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

 private:
  sigset_t pipe_{};
  sigset_t previous_{};
};

struct ReplyDeleter {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

}  // namespace

// One hiredis connection. broken() once any call failed: it is then dropped.
// timed_out() when that failure was Redis not answering in time (rather than a
// connection it closed): trying again on another connection would only wait again.
class RedisStore::Connection {
 public:
  explicit Connection(const RedisStoreOptions& options) : timeout_(options.command_timeout) {
    context_ = redisConnectWithTimeout(options.address.host.c_str(), options.address.port,
                                       to_timeval(options.connect_timeout));
    if (context_ == nullptr || context_->err != 0) {
      broken_ = true;
      error_ = context_ == nullptr ? "cannot make a connection" : context_->errstr;
      return;
    }
    if (redisSetTimeout(context_, to_timeval(options.command_timeout)) != REDIS_OK) {
      broken_ = true;
      error_ = "cannot set the command timeout";
    }
    const RedisAddress& address = options.address;
    if (!broken_ && !address.password.empty()) {
      std::vector<std::string_view> auth = {"AUTH"};
      if (!address.username.empty()) auth.push_back(address.username);
      auth.push_back(address.password);
      const Reply reply = command(auth);
      if (reply && reply->type != REDIS_REPLY_STATUS) {
        broken_ = true;
        error_ = reply->type == REDIS_REPLY_ERROR ? std::string(reply->str, reply->len)
                                                  : "an unexpected reply to AUTH";
        // Redis's replies to AUTH name no password; should one ever quote it, it goes.
        for (std::size_t at = error_.find(address.password); at != std::string::npos;
             at = error_.find(address.password)) {
          error_.replace(at, address.password.size(), "***");
        }
      }
    }
    if (!broken_ && address.database != 0) {
      const std::string database = std::to_string(address.database);
      const std::array<std::string_view, 2> select = {"SELECT", database};
      const Reply reply = command(select);
      if (reply && reply->type != REDIS_REPLY_STATUS) {
        broken_ = true;
        error_ = reply->type == REDIS_REPLY_ERROR ? std::string(reply->str, reply->len)
                                                  : "an unexpected reply to SELECT";
      }
    }
  }
  ~Connection() {
    if (context_ != nullptr) redisFree(context_);
  }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  bool broken() const { return broken_; }
  bool timed_out() const { return timed_out_; }
  /// Why it broke ("" while it is not broken).
  const std::string& error() const { return error_; }

  Reply command(std::span<const std::string_view> arguments) {
    if (broken_) return nullptr;
    std::vector<const char*> pointers;
    std::vector<std::size_t> lengths;
    for (std::string_view argument : arguments) {
      pointers.push_back(argument.data());
      lengths.push_back(argument.size());
    }
    const SigpipeBlocked blocked;
    Reply reply(static_cast<redisReply*>(redisCommandArgv(
        context_, static_cast<int>(pointers.size()), pointers.data(), lengths.data())));
    const int error_number = errno;
    if (!reply || context_->err != 0) {
      broken_ = true;
      // hiredis 0.14 has no timeout error of its own: a read that timed out is an I/O
      // error with errno EAGAIN from the socket's SO_RCVTIMEO.
      timed_out_ =
          context_->err == REDIS_ERR_IO && (error_number == EAGAIN || error_number == EWOULDBLOCK);
      error_ = timed_out_ ? "no answer within " + std::to_string(timeout_.count()) + " ms"
                          : std::string(context_->errstr);
      return nullptr;
    }
    return reply;
  }

 private:
  std::chrono::milliseconds timeout_;
  redisContext* context_ = nullptr;
  bool broken_ = false;
  bool timed_out_ = false;
  std::string error_;
};

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

RedisStore::RedisStore(RedisStoreOptions options) : options_(std::move(options)) {}

RedisStore::~RedisStore() = default;

void RedisStore::give_back(std::unique_ptr<Connection> connection) {
  if (connection->broken()) return;
  const std::lock_guard lock(mutex_);
  idle_.push_back(std::move(connection));
}

redisReply* RedisStore::run(std::initializer_list<std::string_view> arguments) {
  return run(std::span<const std::string_view>(arguments.begin(), arguments.size()));
}

redisReply* RedisStore::run(std::span<const std::string_view> arguments) {
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
  if (!connection) connection = std::make_unique<Connection>(options_);
  Reply reply = connection->command(arguments);
  // A pooled connection may predate a Redis restart: one more try on a new one. Not
  // after a timeout, which would double the wait on a Redis that hangs.
  if (!reply && pooled && !connection->timed_out()) {
    connection = std::make_unique<Connection>(options_);
    reply = connection->command(arguments);
  }
  if (!reply) {
    failed_because(connection->error());
  } else if (reply->type == REDIS_REPLY_ERROR) {
    // NOSCRIPT is how a script's first run is asked for (run_script()), not a failure.
    const std::string_view error(reply->str, reply->len);
    if (!error.starts_with("NOSCRIPT")) failed_because(std::string(error));
  }
  give_back(std::move(connection));
  return reply.release();
}

void RedisStore::failed_because(std::string why) {
  const std::lock_guard lock(mutex_);
  last_error_ = std::move(why);
}

std::string RedisStore::last_error() const {
  const std::lock_guard lock(mutex_);
  return last_error_;
}

StoreRead RedisStore::get(const std::string& key, std::size_t max_bytes) {
  // GETRANGE reads at most max_bytes + 1 bytes (its end is inclusive): enough to tell a
  // value that is too long without moving all of it. A missing key reads as "", which
  // no SharedCache record is either.
  const Reply reply(run({"GETRANGE", key, "0", std::to_string(max_bytes)}));
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
  const Reply reply(run({"SET", key, value, "PX", std::to_string(ttl.count())}));
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
  const Reply reply(run({"EVAL", kLockOrTakeOver, "1", key, token, std::to_string(ttl.count())}));
  if (!reply || reply->type != REDIS_REPLY_INTEGER) return StoreStatus::kUnavailable;
  return reply->integer == 1 ? StoreStatus::kOk : StoreStatus::kMissing;
}

StoreStatus RedisStore::release(const std::string& key, std::string_view token) {
  // Compare and delete in one step on the server: between a GET and a DEL our lock could
  // expire and another process take it.
  constexpr std::string_view kCompareAndDelete =
      "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) "
      "else return 0 end";
  const Reply reply(run({"EVAL", kCompareAndDelete, "1", key, token}));
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
  Reply reply(run(command));
  if (reply && reply->type == REDIS_REPLY_ERROR && !digest.empty()) {
    command[0] = "EVAL";
    command[1] = script;
    reply.reset(run(command));
  }
  if (!reply) return std::nullopt;
  if (digest.empty() && reply->type != REDIS_REPLY_ERROR) {
    const std::array<std::string_view, 3> load = {"SCRIPT", "LOAD", script};
    const Reply loaded(run(load));
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
