/**
 * @file redis_settings.h
 * @brief How a program names its Redis: a URL, or Sentinel's sentinels and master name,
 *        with the password in the URL or in a file. The one reading of the CLI's --redis,
 *        --redis-sentinel, --redis-master and --redis-password-file, and of the C ABI's
 *        and the bindings' options of the same names (redis_store.h uses the address).
 *
 * @code
 *   robotstxt::RedisSettings settings{.sentinels = "10.0.0.1:26379,10.0.0.2:26379",
 *                                     .master_name = "fleet",
 *                                     .password_file = "/etc/robotstxt/redis-password"};
 *   const robotstxt::RedisSettingsResult found = robotstxt::redis_address_from(settings);
 *   if (!found.address) { ... found.option, found.error ... }
 * @endcode
 */
#ifndef ROBOTSTXT_REDIS_SETTINGS_H_
#define ROBOTSTXT_REDIS_SETTINGS_H_

#include <optional>
#include <string>
#include <string_view>

#include "robotstxt/redis_store.h"

namespace robotstxt {

struct RedisSettings {
  /// `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (parse_redis_url()).
  std::string url{};
  /// `[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...][/DB]`: the sentinels to ask, at most 16,
  /// with the master's user, password and database in the URL's places.
  std::string sentinels{};
  /// The name the sentinels know the master by; needed with, and only with, sentinels.
  std::string master_name{};
  /// A file whose content is the password (one trailing newline dropped), read once here,
  /// so that it is in neither a command line nor the process list. The URL or sentinel
  /// list may then name a user (`redis://USER@HOST`) but no password.
  std::string password_file{};
};

struct RedisSettingsResult {
  /// Empty when no Redis is named (all settings empty, error empty) or on an error.
  std::optional<RedisAddress> address;
  /// The setting that is wrong ("redis", "redis-sentinel", "redis-master",
  /// "redis-password-file"), and why: never the password, nor the file's content.
  std::string option;
  std::string error;
};

/// Reads the settings (and the password file). `option_prefix` goes before every option
/// an error names ("--" for the CLI's flags).
/// Example: redis_address_from({.url = "redis://h:6380/1"}).address->port == 6380.
[[nodiscard]] RedisSettingsResult redis_address_from(const RedisSettings& settings,
                                                     std::string_view option_prefix = "");

/// The password in the file at `path`, read as `password_file` is: one trailing newline
/// dropped, at most 4,096 bytes, one line, not empty. nullopt with `error` saying why,
/// never with any of the file's bytes. For the seeds of a Redis Cluster, which name no
/// single Redis.
[[nodiscard]] std::optional<std::string> read_redis_password_file(const std::string& path,
                                                                  std::string& error);

/// Where Redis is, for a log line: the URL with its user info redacted
/// (redact_redis_url()), or "sentinels HOST:PORT,HOST:PORT master NAME".
[[nodiscard]] std::string describe_redis(const RedisSettings& settings);

}  // namespace robotstxt

#endif  // ROBOTSTXT_REDIS_SETTINGS_H_
