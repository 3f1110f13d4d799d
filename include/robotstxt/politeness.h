/**
 * @file politeness.h
 * @brief "May I fetch this URL, and when?": one schedule per origin and crawler, shared
 *        by a whole fleet through Redis (redis_schedule_store.h) or kept in this process.
 *
 * Pipeline position: beside RobotsClient, after the verdict: url -> fetcher -> policy ->
 * cache -> RobotsTxt -> **Politeness**, and then the crawler's own fetch. The rules are
 * docs/semantics.md, "Politeness" (P1 to P8).
 *
 * @code
 *   robotstxt::RobotsClient client;
 *   robotstxt::Politeness politeness(client);
 *   robotstxt::Slot slot = politeness.acquire("https://example.com/a", "MyBot");
 *   if (slot.reserved) {
 *     std::this_thread::sleep_for(std::chrono::milliseconds(slot.wait_ms));
 *     int status = fetch(...);                       // the crawler's own request
 *     politeness.report("https://example.com/a", status, retry_after_header);
 *   }
 * @endcode
 *
 * Thread-safe; never throws. Bad input (a URL without an origin, a status that is not
 * HTTP's, a Retry-After that is neither seconds nor an HTTP date) is said in the result.
 */
#ifndef ROBOTSTXT_POLITENESS_H_
#define ROBOTSTXT_POLITENESS_H_

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/schedule_store.h"

namespace robotstxt {

/// What decided the spacing between two fetches (P1): the largest of these.
enum class SpacingSource : std::uint8_t {
  kDefault,      ///< PolitenessOptions::default_spacing
  kCrawlDelay,   ///< the robots.txt Crawl-delay of the group that applies
  kRequestRate,  ///< the robots.txt Request-rate, as seconds per request
  kBackOff,      ///< the origin answered 429 or 503 (P4, P5)
};

/// "default", "crawl-delay", "request-rate", "back-off".
[[nodiscard]] std::string_view to_string(SpacingSource source) noexcept;

struct PolitenessOptions {
  /// The fleet's own spacing per origin and crawler, whatever robots.txt says (P1).
  std::chrono::milliseconds default_spacing{1000};
  /// Any spacing (Crawl-delay, Request-rate, back-off, Retry-After) is capped here, and
  /// the cap is reported (Slot::capped) (P2).
  std::chrono::milliseconds max_spacing{60000};
  /// Whether plain agent tokens, and catalogue crawlers whose operator documents
  /// nothing, follow Crawl-delay and Request-rate (P3).
  bool agents_honour_crawl_delay = true;
  /// No slot is reserved further ahead than this: the caller asks again later (P6).
  std::chrono::milliseconds max_wait{std::chrono::minutes(10)};
  /// Schedules and back-offs expire this long after their last slot (P7).
  std::chrono::milliseconds state_ttl{std::chrono::minutes(10)};
  /// The fleet's schedule (RedisScheduleStore); null: this process's only.
  std::shared_ptr<ScheduleStore> shared_schedule;
  /// After the shared schedule failed, this process's is used this long, then the
  /// shared one is tried again (P8).
  std::chrono::milliseconds retry_shared_after{std::chrono::seconds(1)};
  /// Asked before the shared schedule is: false says its store is known to be down (the
  /// shared cache tier on the same Redis, marked down and probed in the background), and
  /// this process's schedule is used without waiting on the store, readiness included.
  /// Unset: only the failures of the shared schedule itself count.
  std::function<bool()> shared_store_up;
  /// Called when the shared schedule fails (after it is counted), so that the other
  /// user of the same store can mark it down too (SharedCache::mark_unavailable()).
  std::function<void()> on_shared_failure{};
  /// Key prefix before "v1:", as SharedCacheOptions::key_prefix.
  std::string key_prefix = "robotstxt:";
  /// Keys of this process's schedule (per origin and crawler, and back-offs).
  std::size_t max_local_keys = 200'000;
  /// Unix time in ms; replace it to simulate time in tests.
  std::function<std::int64_t()> unix_clock_ms = [] {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  };
};

/// The answer to "may I fetch, and when?".
struct Slot {
  /// The robots.txt answer; nothing is reserved unless decision.allowed.
  Decision decision;
  /// A slot is this caller's: fetch at not_before_ms, not earlier. False when the URL is
  /// disallowed, or when the schedule is full up to max_wait (then wait_ms says when to
  /// ask again).
  bool reserved = false;
  std::int64_t not_before_ms = 0;  ///< Unix ms
  std::int64_t wait_ms = 0;        ///< not_before_ms - now, at least 0
  std::int64_t spacing_ms = 0;     ///< between this slot and the previous one
  SpacingSource spacing_source = SpacingSource::kDefault;
  /// robots.txt asked for more than max_spacing (or less than nothing): capped.
  bool capped = false;
  /// The robots.txt delay the crawler follows, in ms, when it follows one (even if the
  /// default was larger); nullopt when none applies or the crawler ignores it.
  std::optional<std::int64_t> robots_spacing_ms;
  bool shared = false;  ///< the fleet's schedule (Redis); false: this process's
};

/// What a report changed.
struct BackOffReport {
  std::string error;  ///< why the report was refused ("" when taken)
  /// The origin's back-off after the report (0: none) and the earliest next fetch.
  std::int64_t back_off_ms = 0;
  std::int64_t not_before_ms = 0;
  bool capped = false;  ///< Retry-After asked for more than max_spacing
  bool shared = false;
};

/// Counters since the component was made, for metrics.
struct PolitenessStats {
  std::uint64_t slots = 0;          ///< slots reserved
  std::uint64_t waits = 0;          ///< slots with a wait above 0
  std::uint64_t wait_ms = 0;        ///< sum of their waits
  std::uint64_t full = 0;           ///< acquires refused: the schedule was full
  std::uint64_t disallowed = 0;     ///< acquires of disallowed URLs (no slot)
  std::uint64_t capped = 0;         ///< spacings capped at max_spacing
  std::uint64_t back_offs_429 = 0;  ///< reports that raised a back-off, by status
  std::uint64_t back_offs_503 = 0;
  std::uint64_t retry_after = 0;      ///< of those, with a Retry-After honoured
  std::uint64_t relaxations = 0;      ///< successes that lowered a back-off
  std::uint64_t local_fallbacks = 0;  ///< operations done locally because the shared failed
  std::uint64_t shared_errors = 0;    ///< shared schedule failures
};

/// "Retry-After: 120" or an HTTP date, as ms from `now_ms`; nullopt when it is neither.
/// A date in the past is 0.
[[nodiscard]] std::optional<std::int64_t> parse_retry_after(std::string_view value,
                                                            std::int64_t now_ms);

class Politeness {
 public:
  /// `client` answers the robots.txt part and must outlive this object.
  explicit Politeness(RobotsClient& client, PolitenessOptions options = {});

  /// Decides `url` (RobotsClient::decide) and, if allowed, reserves its next slot.
  [[nodiscard]] Slot acquire(std::string_view url, Agent agent,
                             const std::atomic<bool>* cancelled = nullptr);
  /// A worker's queue: one Slot per URL, in order; origins are fetched once, together.
  /// Once `cancelled` is set, the URLs not yet reserved are answered without a slot.
  [[nodiscard]] std::vector<Slot> acquire_all(std::span<const std::string> urls, Agent agent,
                                              const std::atomic<bool>* cancelled = nullptr);

  /// What fetching `url` gave: 429 and 503 raise the origin's back-off (Retry-After
  /// honoured, seconds or HTTP date; else doubled), 2xx and 3xx bring it down (halved;
  /// gone below the default spacing); other statuses change nothing (P4, P5).
  BackOffReport report(std::string_view url, int status, std::string_view retry_after = {});

  /// Gives an unused slot back, if no later one was reserved since (P6).
  void release(const Slot& slot, Agent agent);

  /// True when a shared schedule is configured and not skipped after a failure.
  [[nodiscard]] bool using_shared() const noexcept;
  /// Asks the shared schedule now (readiness): true if it answered.
  [[nodiscard]] bool shared_reachable();
  [[nodiscard]] bool has_shared() const noexcept { return options_.shared_schedule != nullptr; }
  [[nodiscard]] PolitenessStats stats() const noexcept;
  [[nodiscard]] const PolitenessOptions& options() const noexcept { return options_; }

 private:
  void reserve(Slot& slot, Agent agent);
  std::string schedule_key(const Decision& decision, Agent agent) const;
  std::string back_off_key(std::string_view robots_url) const;
  // The shared store unless it is skipped; else this process's. `shared` says which.
  ScheduleStore& store(bool& shared);
  void shared_failed() noexcept;

  RobotsClient& client_;
  PolitenessOptions options_;
  InMemoryScheduleStore local_;
  std::atomic<std::int64_t> skip_shared_until_{0};  // steady_clock ticks
  std::atomic<std::uint64_t> slots_{0}, waits_{0}, wait_ms_{0}, full_{0}, disallowed_{0},
      capped_{0}, back_offs_429_{0}, back_offs_503_{0}, retry_after_{0}, relaxations_{0},
      local_fallbacks_{0}, shared_errors_{0};
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_POLITENESS_H_
