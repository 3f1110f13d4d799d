// One hiredis connection to one Redis or Sentinel node, every call bounded by its
// timeouts: what RedisStore (redis_store.h) pools and the sentinels are asked through
// (redis_sentinel.h). Internal to the fetch library.
#ifndef ROBOTSTXT_SRC_FETCH_REDIS_CONNECTION_H_
#define ROBOTSTXT_SRC_FETCH_REDIS_CONNECTION_H_

#include <hiredis/hiredis.h>

#include <chrono>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "robotstxt/redis_store.h"

namespace robotstxt::internal {

struct RedisReplyDeleter {
  void operator()(redisReply* reply) const { freeReplyObject(reply); }
};
using RedisReply = std::unique_ptr<redisReply, RedisReplyDeleter>;

/// broken() once any step failed (it is then dropped); error() and failure() say why.
/// timed_out() when that failure was the node not answering in time (rather than a
/// connection it closed): trying again on another connection would only wait again.
class RedisConnection {
 public:
  RedisConnection(const std::string& host, int port, std::chrono::milliseconds connect_timeout,
                  std::chrono::milliseconds command_timeout);
  /// No connection at all, broken for `why` (no node to connect to).
  RedisConnection(std::string why, RedisFailure failure);
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  bool broken() const { return broken_; }
  bool timed_out() const { return failure_ == RedisFailure::kTimeout; }
  /// Why it broke ("" while it is not broken); never a password.
  const std::string& error() const { return error_; }
  RedisFailure failure() const { return failure_; }

  /// AUTH [username] password; false (broken, kAuthentication) when refused.
  bool authenticate(std::string_view username, std::string_view password);
  /// SELECT database (nothing for 0); false (broken) when refused.
  bool select(int database);
  /// ROLE: false (broken, kReplica) unless the node says it is a master.
  bool is_master();
  /// The reply, or null when the connection failed (it is then broken). An error reply
  /// is a reply: the caller judges it.
  RedisReply command(std::span<const std::string_view> arguments);
  /// Marks it broken for `why`.
  void break_for(std::string why, RedisFailure failure);

 private:
  std::string where_;  // "HOST:PORT", for errors
  std::chrono::milliseconds timeout_;
  redisContext* context_ = nullptr;
  bool broken_ = false;
  RedisFailure failure_ = RedisFailure::kNone;
  std::string error_;
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_REDIS_CONNECTION_H_
