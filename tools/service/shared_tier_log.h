// What `serve --redis` says about its shared tier in its log (stderr): one line when Redis
// cannot be reached at start, one each time it is lost, and one each time it is back.
// The URL is shown without its user info, so a password never reaches the log.
#ifndef ROBOTSTXT_TOOLS_SERVICE_SHARED_TIER_LOG_H_
#define ROBOTSTXT_TOOLS_SERVICE_SHARED_TIER_LOG_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace robotstxt::service {

enum class SharedTierEvent : std::uint8_t {
  kUnreachableAtStart,  ///< never reached since the start
  kLost,                ///< reached before, unreachable now
  kBack,                ///< reachable again
};

/// "2026-01-02T03:04:05.678Z shared-tier: Redis at redis://***@10.0.0.5:6379/0 is
/// unreachable (Connection refused): degraded, ...\n". `redis_url` as given (its user
/// info is redacted here); `why` is the store's last error, said in parentheses.
std::string shared_tier_line(std::chrono::system_clock::time_point when, SharedTierEvent event,
                             std::string_view redis_url, std::string_view why);

class SharedTierLog {
 public:
  /// Writes to `file` (not owned; stderr). `why` says why the store failed last
  /// (RedisStore::last_error()).
  SharedTierLog(std::FILE* file, std::string redis_url, std::function<std::string()> why);

  /// Redis answered the check made before listening: a later loss is a loss, not the start.
  void reachable_at_start() { reached_.store(true); }
  /// For SharedCacheOptions::on_availability_change: one line per change.
  void changed(bool available);

 private:
  std::FILE* file_;
  std::string redis_url_;
  std::function<std::string()> why_;
  std::atomic<bool> reached_{false};
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_SHARED_TIER_LOG_H_
