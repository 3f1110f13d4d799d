// Asking the sentinels for the master (see redis_sentinel.h).
#include "fetch/redis_sentinel.h"

#include <array>
#include <charconv>
#include <chrono>
#include <string_view>

#include "fetch/redis_connection.h"

namespace robotstxt::internal {
namespace {

// A host as a sentinel may name one: an address or a name, printable, without spaces,
// and no longer than a DNS name. Anything else is not followed.
bool plausible_host(std::string_view host) {
  if (host.empty() || host.size() > 253) return false;
  for (const char c : host) {
    if (c <= ' ' || c > '~') return false;
  }
  return true;
}

std::optional<int> port_number(std::string_view text) {
  int port = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), port);
  if (error != std::errc() || end != text.data() + text.size() || port <= 0 || port > 65535) {
    return std::nullopt;
  }
  return port;
}

// One sentinel's answer: the master, or why not in `why`.
std::optional<RedisEndpoint> ask_one(const RedisStoreOptions& options,
                                     const RedisEndpoint& sentinel, std::string& why) {
  RedisConnection connection(sentinel.host, sentinel.port, options.connect_timeout,
                             options.command_timeout);
  const RedisAddress& address = options.address;
  const std::array<std::string_view, 3> ask = {"SENTINEL", "get-master-addr-by-name",
                                               address.master_name};
  RedisReply reply = connection.command(ask);
  // A sentinel with a password of its own says NOAUTH: it gets the master's credentials
  // (redis_store.h), sent only to a sentinel that asks for them.
  if (reply && reply->type == REDIS_REPLY_ERROR && !address.password.empty() &&
      std::string_view(reply->str, reply->len).starts_with("NOAUTH")) {
    if (connection.authenticate(address.username, address.password))
      reply = connection.command(ask);
  }
  if (!reply) {
    why = connection.error();
    return std::nullopt;
  }
  if (reply->type == REDIS_REPLY_NIL) {
    why = "knows no master of that name";
    return std::nullopt;
  }
  if (reply->type == REDIS_REPLY_ERROR) {
    why = std::string(reply->str, std::min<std::size_t>(reply->len, 200));
    return std::nullopt;
  }
  if (reply->type != REDIS_REPLY_ARRAY || reply->elements != 2 ||
      reply->element[0]->type != REDIS_REPLY_STRING ||
      reply->element[1]->type != REDIS_REPLY_STRING) {
    why = "an unexpected reply";
    return std::nullopt;
  }
  const std::string_view host(reply->element[0]->str, reply->element[0]->len);
  const std::optional<int> port =
      port_number(std::string_view(reply->element[1]->str, reply->element[1]->len));
  if (!plausible_host(host) || !port) {
    why = "a master address that is not HOST PORT";
    return std::nullopt;
  }
  return RedisEndpoint{std::string(host), *port};
}

}  // namespace

SentinelAnswer ask_sentinels(const RedisStoreOptions& options) {
  SentinelAnswer answer;
  std::string reasons;
  // Sentinels that hang each take a timeout: the whole search has a bound of its own, so
  // that a long list of frozen sentinels cannot hold a request for long.
  const auto deadline =
      std::chrono::steady_clock::now() + 2 * (options.connect_timeout + options.command_timeout);
  for (const RedisEndpoint& sentinel : options.address.sentinels) {
    if (std::chrono::steady_clock::now() >= deadline) {
      reasons += "; the others not asked: out of time";
      break;
    }
    std::string why;
    if (std::optional<RedisEndpoint> master = ask_one(options, sentinel, why)) {
      answer.master = std::move(master);
      return answer;
    }
    if (!reasons.empty()) reasons += "; ";
    reasons += sentinel.host + ":" + std::to_string(sentinel.port) + ": " + why;
  }
  answer.error = "no sentinel names master " + options.address.master_name + " (" + reasons + ")";
  return answer;
}

}  // namespace robotstxt::internal
