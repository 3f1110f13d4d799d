// The Redis flags `fetch` and `serve` share (--redis, --redis-sentinel, --redis-master,
// --redis-password-file): registered and read in one place (robotstxt/redis_settings.h
// reads them), so the two commands name a Redis the same way.
#ifndef ROBOTSTXT_TOOLS_CLI_REDIS_OPTIONS_H_
#define ROBOTSTXT_TOOLS_CLI_REDIS_OPTIONS_H_

#include <optional>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "robotstxt/redis_settings.h"

namespace robotstxt::cli {

struct RedisFlags {
  RedisSettings settings;

  /// Registers the four flags on `command`; `redis_help` is --redis's help.
  void add_options(CLI::App& command, std::string_view redis_help);
  /// True when any of them is given.
  [[nodiscard]] bool given() const;
  /// Where Redis is (the password file read now); nullopt after a one-line usage error
  /// for `command` naming the flag (never the password). Only when given().
  [[nodiscard]] std::optional<RedisAddress> address(std::string_view command) const;
  /// For log lines: describe_redis().
  [[nodiscard]] std::string description() const { return describe_redis(settings); }
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_REDIS_OPTIONS_H_
