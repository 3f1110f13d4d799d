#include "cli/redis_options.h"

#include "answer/cli_support.h"

namespace robotstxt::cli {

void RedisFlags::add_options(CLI::App& command, std::string_view redis_help) {
  command.add_option("--redis", settings.url, std::string(redis_help));
  command.add_option("--redis-sentinel", settings.sentinels,
                     "[[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...][/DB]: instead of --redis, ask\n"
                     "these sentinels in turn for --redis-master's address, and again when it\n"
                     "is lost or turns replica (docs/serve.md \"Redis Sentinel\")");
  command.add_option("--redis-master", settings.master_name,
                     "NAME the sentinels know the master by (with --redis-sentinel)");
  command.add_option("--redis-password-file", settings.password_file,
                     "FILE whose content (one trailing newline dropped) is the Redis password,\n"
                     "read once at start; the URL may then name a user alone (USER@HOST)");
}

bool RedisFlags::given() const {
  return !settings.url.empty() || !settings.sentinels.empty() || !settings.master_name.empty() ||
         !settings.password_file.empty();
}

std::optional<RedisAddress> RedisFlags::address(std::string_view command) const {
  RedisSettingsResult found = redis_address_from(settings, "--");
  if (found.address) return std::move(found.address);
  // The value is shown only where it holds no secret: a URL or sentinel list redacted,
  // a file's path, a master's name.
  std::string shown;
  if (found.option == "--redis") {
    shown = redact_redis_url(settings.url);
  } else if (found.option == "--redis-sentinel") {
    shown = redact_redis_url(settings.sentinels);
  } else if (found.option == "--redis-password-file") {
    shown = settings.password_file;
  } else {
    shown = settings.master_name;
  }
  report_error(std::string(command), found.option + " '" + printable(shown) + "': " + found.error);
  return std::nullopt;
}

}  // namespace robotstxt::cli
