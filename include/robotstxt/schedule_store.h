/**
 * @file schedule_store.h
 * @brief Where Politeness (politeness.h) keeps each origin's fetch schedule and back-off:
 *        in this process (InMemoryScheduleStore), or in Redis for a whole fleet
 *        (RedisScheduleStore, redis_schedule_store.h).
 *
 * Pipeline position: url -> fetcher -> policy -> cache -> RobotsTxt -> **Politeness (its
 * schedule)**, and then the crawler's own fetch.
 *
 * Two values per key, both plain text so that an operator can read them with redis-cli:
 *
 * | key                                      | value                                  |
 * |------------------------------------------|----------------------------------------|
 * | `robotstxt:v1:slot:{<origin key>}|<who>` | the last slot reserved, Unix ms        |
 * | `robotstxt:v1:backoff:{<origin key>}`    | "<back-off ms> <not before, Unix ms>"  |
 *
 * The origin in braces is a Redis Cluster hash tag: both keys (and the shared cache's,
 * shared_cache.h) live in one slot, so one script may touch them together.
 *
 * Both expire (the TTL of SlotRequest, counted from the last slot), so an origin nobody
 * crawls leaves nothing behind. Every value read back is checked: one that is not of
 * this form, or further in the future than the bounds allow, is ignored and overwritten.
 */
#ifndef ROBOTSTXT_SCHEDULE_STORE_H_
#define ROBOTSTXT_SCHEDULE_STORE_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "robotstxt/shared_cache.h"

namespace robotstxt {

/// One reservation: the next free time on `schedule_key`'s schedule, at least
/// `base_spacing_ms` after the last slot reserved there (more while the origin backs
/// off), and never before the back-off's "not before". A back-off is in force until one
/// back-off after its "not before" (its end): a slot that the back-off's spacing would
/// put past the end is spaced by the base spacing from the last slot, and never before
/// the end, so that slots reserved while an origin backs off do not hold its schedule
/// beyond the back-off (P4).
struct SlotRequest {
  std::string schedule_key;
  std::string back_off_key;
  std::int64_t now_ms = 0;  ///< Unix ms
  std::int64_t base_spacing_ms = 0;
  std::int64_t max_spacing_ms = 0;  ///< a back-off record above this is hostile: ignored
  std::int64_t max_wait_ms = 0;     ///< a slot later than now + this is not reserved
  std::int64_t ttl_ms = 0;          ///< how long the schedule outlives its last slot
};

struct SlotReply {
  StoreStatus status = StoreStatus::kUnavailable;
  bool reserved = false;  ///< false: the schedule is full up to max_wait_ms
  std::int64_t slot_ms = 0;
  std::int64_t spacing_ms = 0;  ///< the spacing used: base, or the back-off when larger
  bool backed_off = false;      ///< the back-off decided the spacing or the time
};

/// A back-off record: how far apart fetches of the origin must be, and the earliest
/// time of the next one (Retry-After).
struct BackOffRecord {
  std::int64_t back_off_ms = 0;
  std::int64_t not_before_ms = 0;
};

/// "<back-off> <not before>"; nullopt unless exactly two decimal numbers within
/// `max_spacing_ms` (back-off) and `now_ms + max_spacing_ms` (not before).
[[nodiscard]] std::optional<BackOffRecord> parse_back_off(std::string_view text,
                                                          std::int64_t now_ms,
                                                          std::int64_t max_spacing_ms) noexcept;
[[nodiscard]] std::string format_back_off(const BackOffRecord& record);

/// What a fetch's status says about the origin's load (P4, P5).
enum class LoadSignal : std::uint8_t {
  kNone,       ///< any other status (404, 500, ...): nothing about load
  kThrottled,  ///< 429 or 503
  kSuccess,    ///< 2xx or 3xx
};

/// One report's change to an origin's back-off record (Politeness::report).
struct BackOffUpdate {
  std::string back_off_key;
  std::int64_t now_ms = 0;  ///< Unix ms
  LoadSignal signal = LoadSignal::kNone;
  /// The Retry-After of a throttling answer, in ms from now; nullopt when it had none.
  std::optional<std::int64_t> retry_after_ms;
  std::int64_t default_spacing_ms = 0;
  std::int64_t max_spacing_ms = 0;  ///< the cap; a stored back-off above it is hostile
  std::int64_t ttl_ms = 0;          ///< how long a record outlives its "not before"
};

struct BackOffReply {
  StoreStatus status = StoreStatus::kUnavailable;
  BackOffRecord record;  ///< after the update; {0, 0} when the origin has no back-off
  bool capped = false;   ///< Retry-After asked for more than max_spacing_ms
  bool changed = false;  ///< the update wrote `record`
};

/// The operations a schedule needs. Thread-safe, never throw, bounded in time.
class ScheduleStore {
 public:
  virtual ~ScheduleStore() = default;
  /// Reserves atomically: two callers never get the same slot.
  [[nodiscard]] virtual SlotReply reserve(const SlotRequest& request) = 0;
  /// Gives `slot_ms` back if it is still the last slot reserved on the schedule.
  [[nodiscard]] virtual StoreStatus release(const std::string& schedule_key, std::int64_t slot_ms,
                                            std::int64_t spacing_ms) = 0;
  /// Updates an origin's back-off record in one atomic step: reports that arrive
  /// together, from threads or from instances of a fleet, are never lost to one another.
  /// The rule, which InMemoryScheduleStore runs in C++ and RedisScheduleStore as a Lua
  /// script on the server, step for step alike (back_off_update_test holds both to the
  /// same cases):
  ///  1. The stored record is read as parse_back_off() reads it (at `now_ms`, within
  ///     `max_spacing_ms`); absent, or not of that form: {0, 0}.
  ///  2. kThrottled with a Retry-After: the back-off is min(retry_after_ms, cap), and
  ///     `capped` when the Retry-After was larger (P2, P4). Without: twice the larger of
  ///     the back-off and the default spacing, at most the cap. Either way "not before"
  ///     is now + the back-off.
  ///  3. kSuccess with a back-off above 0, at or after "not before": the back-off is
  ///     halved (rounded down) and "not before" is now + the halved back-off; below the
  ///     default spacing the record is {0, 0} (P5). Before "not before" it is step 4: a
  ///     success inside the window is not believed, and the back-off comes down at
  ///     most one halving per window, however many successes are reported.
  ///  4. Anything else changes nothing and writes nothing: the reply is the record read.
  ///  5. A changed record is written, `changed`, to expire ttl_ms + max(not before - now,
  ///     0) ms from now (P7).
  /// kUnavailable when the store could not do it; then nothing is known to be written.
  [[nodiscard]] virtual BackOffReply update_back_off(const BackOffUpdate& update) = 0;
  /// A raw value: the readiness probe, and tests that look at what was stored.
  [[nodiscard]] virtual StoreRead read(const std::string& key) = 0;
  /// Sets a raw value, for tests that plant records (well formed or hostile); the
  /// schedule itself only changes through reserve, release and update_back_off.
  [[nodiscard]] virtual StoreStatus write(const std::string& key, std::string_view value,
                                          std::chrono::milliseconds ttl) = 0;
};

/// The schedule inside one process: the embedded default, and what each instance of a
/// fleet falls back to while Redis is down. Holds at most `max_keys` keys: expired ones
/// go first, then the ones closest to expiry.
class InMemoryScheduleStore final : public ScheduleStore {
 public:
  explicit InMemoryScheduleStore(std::size_t max_keys = 200'000);

  [[nodiscard]] SlotReply reserve(const SlotRequest& request) override;
  [[nodiscard]] StoreStatus release(const std::string& schedule_key, std::int64_t slot_ms,
                                    std::int64_t spacing_ms) override;
  [[nodiscard]] BackOffReply update_back_off(const BackOffUpdate& update) override;
  [[nodiscard]] StoreRead read(const std::string& key) override;
  [[nodiscard]] StoreStatus write(const std::string& key, std::string_view value,
                                  std::chrono::milliseconds ttl) override;
  [[nodiscard]] std::size_t size() const;

 private:
  struct Value {
    std::string text;
    std::chrono::steady_clock::time_point expires;
  };
  const Value* find(const std::string& key);  // null when absent or expired
  void put(const std::string& key, std::string text, std::chrono::milliseconds ttl);

  std::size_t max_keys_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Value> values_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_SCHEDULE_STORE_H_
