// One bounded hiredis connection (see redis_connection.h).
#include "fetch/redis_connection.h"

#include <pthread.h>
#include <signal.h>
#include <sys/time.h>

#include <array>
#include <cerrno>
#include <ctime>
#include <utility>
#include <vector>

namespace robotstxt::internal {
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

// Redis's error reply, cut to a length a log line holds.
std::string error_text(const redisReply& reply) {
  constexpr std::size_t kMaxError = 200;
  return std::string(reply.str, std::min<std::size_t>(reply.len, kMaxError));
}

}  // namespace

RedisConnection::RedisConnection(const std::string& host, int port,
                                 std::chrono::milliseconds connect_timeout,
                                 std::chrono::milliseconds command_timeout)
    : where_(host + ":" + std::to_string(port)), timeout_(command_timeout) {
  context_ = redisConnectWithTimeout(host.c_str(), port, to_timeval(connect_timeout));
  if (context_ == nullptr || context_->err != 0) {
    break_for(context_ == nullptr ? "cannot make a connection" : context_->errstr,
              RedisFailure::kConnection);
    return;
  }
  if (redisSetTimeout(context_, to_timeval(command_timeout)) != REDIS_OK) {
    break_for("cannot set the command timeout", RedisFailure::kConnection);
  }
}

RedisConnection::RedisConnection(std::string why, RedisFailure failure) : timeout_(0) {
  break_for(std::move(why), failure);
}

RedisConnection::~RedisConnection() {
  if (context_ != nullptr) redisFree(context_);
}

void RedisConnection::break_for(std::string why, RedisFailure failure) {
  broken_ = true;
  error_ = std::move(why);
  failure_ = failure;
}

bool RedisConnection::authenticate(std::string_view username, std::string_view password) {
  std::vector<std::string_view> auth = {"AUTH"};
  if (!username.empty()) auth.push_back(username);
  auth.push_back(password);
  const RedisReply reply = command(auth);
  if (!reply) return false;
  if (reply->type == REDIS_REPLY_STATUS) return true;
  std::string why =
      reply->type == REDIS_REPLY_ERROR ? error_text(*reply) : "an unexpected reply to AUTH";
  // Redis's replies to AUTH name no password; should one ever quote it, it goes.
  if (!password.empty()) {
    for (std::size_t at = why.find(password); at != std::string::npos; at = why.find(password)) {
      why.replace(at, password.size(), "***");
    }
  }
  break_for(std::move(why), RedisFailure::kAuthentication);
  return false;
}

bool RedisConnection::select(int database) {
  if (database == 0) return !broken_;
  const std::string number = std::to_string(database);
  const std::array<std::string_view, 2> select = {"SELECT", number};
  const RedisReply reply = command(select);
  if (!reply) return false;
  if (reply->type == REDIS_REPLY_STATUS) return true;
  break_for(reply->type == REDIS_REPLY_ERROR ? error_text(*reply) : "an unexpected reply to SELECT",
            reply->type == REDIS_REPLY_ERROR &&
                    std::string_view(reply->str, reply->len).starts_with("NOAUTH")
                ? RedisFailure::kAuthentication
                : RedisFailure::kError);
  return false;
}

bool RedisConnection::is_master() {
  const std::array<std::string_view, 1> role = {"ROLE"};
  const RedisReply reply = command(role);
  if (!reply) return false;
  // ROLE's reply starts with the role's name: "master", "slave" or "sentinel".
  if (reply->type == REDIS_REPLY_ARRAY && reply->elements >= 1 &&
      reply->element[0]->type == REDIS_REPLY_STRING &&
      std::string_view(reply->element[0]->str, reply->element[0]->len) == "master") {
    return true;
  }
  if (reply->type == REDIS_REPLY_ERROR &&
      std::string_view(reply->str, reply->len).starts_with("NOAUTH")) {
    break_for(error_text(*reply), RedisFailure::kAuthentication);
    return false;
  }
  break_for(where_ + " is not a master", RedisFailure::kReplica);
  return false;
}

RedisReply RedisConnection::command(std::span<const std::string_view> arguments) {
  if (broken_) return nullptr;
  std::vector<const char*> pointers;
  std::vector<std::size_t> lengths;
  for (std::string_view argument : arguments) {
    pointers.push_back(argument.data());
    lengths.push_back(argument.size());
  }
  const SigpipeBlocked blocked;
  RedisReply reply(static_cast<redisReply*>(redisCommandArgv(
      context_, static_cast<int>(pointers.size()), pointers.data(), lengths.data())));
  const int error_number = errno;
  if (!reply || context_->err != 0) {
    // hiredis 0.14 has no timeout error of its own: a read that timed out is an I/O
    // error with errno EAGAIN from the socket's SO_RCVTIMEO.
    const bool timed_out =
        context_->err == REDIS_ERR_IO && (error_number == EAGAIN || error_number == EWOULDBLOCK);
    if (timed_out) {
      break_for("no answer within " + std::to_string(timeout_.count()) + " ms",
                RedisFailure::kTimeout);
    } else {
      break_for(context_->errstr, RedisFailure::kConnection);
    }
    return nullptr;
  }
  return reply;
}

}  // namespace robotstxt::internal
