// Reading how a program names its Redis (see redis_settings.h).
#include "robotstxt/redis_settings.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <utility>
#include <vector>

namespace robotstxt {
namespace {

constexpr std::size_t kMaxSentinels = 16;
// Far above any password Redis is given in practice; a bigger file is a wrong path.
constexpr std::size_t kMaxPasswordBytes = 4096;

RedisSettingsResult refused(std::string_view prefix, std::string_view option, std::string error) {
  return {std::nullopt, std::string(prefix) + std::string(option), std::move(error)};
}

// "HOST:PORT" (or "[V6]:PORT") of one sentinel.
std::optional<RedisEndpoint> sentinel_endpoint(std::string_view text) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || text.find(']', colon) != std::string_view::npos) {
    return std::nullopt;
  }
  const RedisUrlResult parsed = parse_redis_url("redis://" + std::string(text));
  if (!parsed.address || text.find('@') != std::string_view::npos ||
      text.find('/') != std::string_view::npos) {
    return std::nullopt;
  }
  return RedisEndpoint{parsed.address->host, parsed.address->port};
}

bool plausible_master_name(std::string_view name) {
  if (name.empty() || name.size() > 256) return false;
  for (const char c : name) {
    if (c <= ' ' || c > '~') return false;
  }
  return true;
}

}  // namespace

RedisSettingsResult redis_address_from(const RedisSettings& settings,
                                       std::string_view option_prefix) {
  const std::string_view p = option_prefix;
  const std::string redis = std::string(p) + "redis";
  const std::string sentinel = std::string(p) + "redis-sentinel";
  const std::string master = std::string(p) + "redis-master";
  if (!settings.url.empty() && !settings.sentinels.empty()) {
    return refused(p, "redis-sentinel", "is given with " + redis + "; give one of them");
  }
  if (settings.sentinels.empty() && !settings.master_name.empty()) {
    return refused(p, "redis-master", "names a Sentinel master: it needs " + sentinel);
  }
  if (settings.url.empty() && settings.sentinels.empty()) {
    if (!settings.password_file.empty()) {
      return refused(p, "redis-password-file",
                     "is the password of the Redis that " + redis + " or " + sentinel + " names");
    }
    return {};
  }
  std::optional<std::string> password;
  if (!settings.password_file.empty()) {
    std::string why;
    password = read_redis_password_file(settings.password_file, why);
    if (!password) return refused(p, "redis-password-file", std::move(why));
  }
  // The sentinel list reads as a URL's authority: user info up to the last '@', then the
  // hosts, then /DB; its first host stands in for the URL's while the rest is read.
  const bool from_sentinels = !settings.sentinels.empty();
  std::string url = settings.url;
  std::vector<RedisEndpoint> sentinels;
  if (from_sentinels) {
    if (!plausible_master_name(settings.master_name)) {
      return refused(p, "redis-master",
                     settings.master_name.empty()
                         ? "is needed with " + sentinel + " (the name the sentinels know)"
                         : "must be printable ASCII without spaces, at most 256 bytes");
    }
    const std::string_view list = settings.sentinels;
    const std::size_t at = list.rfind('@');
    const std::string_view user_info =
        at == std::string_view::npos ? std::string_view() : list.substr(0, at + 1);
    std::string_view hosts = at == std::string_view::npos ? list : list.substr(at + 1);
    const std::size_t slash = hosts.find('/');
    const std::string_view database =
        slash == std::string_view::npos ? std::string_view() : hosts.substr(slash);
    hosts = hosts.substr(0, slash);
    while (true) {
      const std::size_t comma = hosts.find(',');
      const std::optional<RedisEndpoint> endpoint = sentinel_endpoint(hosts.substr(0, comma));
      if (!endpoint) {
        return refused(p, "redis-sentinel",
                       "each sentinel is HOST:PORT, separated by commas, e.g. "
                       "10.0.0.1:26379,10.0.0.2:26379");
      }
      sentinels.push_back(*endpoint);
      if (comma == std::string_view::npos) break;
      hosts.remove_prefix(comma + 1);
    }
    if (sentinels.size() > kMaxSentinels) {
      return refused(p, "redis-sentinel",
                     "names more than " + std::to_string(kMaxSentinels) + " sentinels");
    }
    url = "redis://" + std::string(user_info) + "sentinel" + std::string(database);
  }
  const std::string& option = from_sentinels ? sentinel : redis;
  // With the password in a file, the user info may name a user alone ("USER@").
  const std::size_t scheme_end = url.find("://");
  const std::size_t at = url.rfind('@');
  if (password && at != std::string::npos && scheme_end != std::string::npos && at > scheme_end) {
    if (url.find(':', scheme_end + 3) < at) {
      return {std::nullopt, option,
              "holds a password, and so does " + std::string(p) +
                  "redis-password-file: give it in one place"};
    }
    url.insert(at, ":x");  // a stand-in, replaced by the file's password below
  }
  RedisUrlResult parsed = parse_redis_url(url);
  if (!parsed.address) return {std::nullopt, option, std::move(parsed.error)};
  RedisAddress address = std::move(*parsed.address);
  if (password) address.password = std::move(*password);
  if (from_sentinels) {
    address.sentinels = std::move(sentinels);
    address.master_name = settings.master_name;
  }
  return {std::move(address), {}, {}};
}

std::optional<std::string> read_redis_password_file(const std::string& path, std::string& error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = std::string("cannot read it (") + std::strerror(errno) + ")";
    return std::nullopt;
  }
  std::string password(kMaxPasswordBytes + 1, '\0');
  file.read(password.data(), static_cast<std::streamsize>(password.size()));
  if (file.bad()) {
    error = "cannot read it";
    return std::nullopt;
  }
  password.resize(static_cast<std::size_t>(file.gcount()));
  if (password.size() > kMaxPasswordBytes) {
    error = "is longer than " + std::to_string(kMaxPasswordBytes) + " bytes";
    return std::nullopt;
  }
  // Editors and `echo` end the file with a newline that is no part of the password.
  if (password.ends_with('\n')) password.pop_back();
  if (password.ends_with('\r')) password.pop_back();
  if (password.empty()) {
    error = "holds no password";
    return std::nullopt;
  }
  if (password.find('\n') != std::string::npos) {
    error = "holds more than one line; the password is the whole file";
    return std::nullopt;
  }
  return password;
}

std::string describe_redis(const RedisSettings& settings) {
  if (settings.sentinels.empty()) return redact_redis_url(settings.url);
  std::string_view hosts = settings.sentinels;
  if (const std::size_t at = hosts.rfind('@'); at != std::string_view::npos) {
    hosts.remove_prefix(at + 1);
  }
  return "sentinels " + std::string(hosts) + " master " + settings.master_name;
}

}  // namespace robotstxt
