/**
 * @file shared_cache.h
 * @brief The optional second cache tier that a fleet of crawler processes shares (in
 *        Redis, see redis_store.h): one fetch per origin for the whole fleet, and one
 *        error history (docs/semantics.md 7) that survives restarts.
 *
 * Pipeline position: url -> fetcher -> policy -> cache (in-process LRU, then **this**)
 * -> RobotsTxt. A record holds the body, not the parsed rules: reading one parses it
 * (shared_record.h). RobotsClient asks the in-process cache first; only what is
 * missing or stale there comes here (load()), and only what is missing or stale here
 * is fetched, by one process of the fleet.
 *
 * Key scheme (version 1), one pair of keys per origin (Origin::key()):
 *
 * | key                                  | value                                         |
 * |--------------------------------------|-----------------------------------------------|
 * | `robotstxt:v1:origin:{<origin key>}` | the origin's record (shared_record.h format): |
 * |                                      | the last good body, the fetch outcome, first  |
 * |                                      | error time, last answer time, freshness       |
 * | `robotstxt:v1:lock:{<origin key>}`   | a random token while one process fetches      |
 *
 * The origin in braces is a Redis Cluster hash tag: every key of one origin (these and
 * the fetch schedule's, schedule_store.h) lives in one slot, on one master. A key prefix
 * must hold no `{`, or the tag would be the prefix's and every origin share one slot.
 *
 * A record expires (store TTL) at its freshness end plus PolicyOptions::
 * last_good_copy_limit: an error run that starts when the copy goes stale still finds
 * the last good copy for as long as docs/semantics.md 7 uses it. Every error fetch rewrites the
 * record, so a running error history never expires. An origin that has never answered
 * (only network failures: no good copy, no answer) is kept only for its freshness (the
 * error retry interval): it has no copy to keep, and made-up names must not fill the
 * store for 30 days. Its error clock then restarts with the next fetch, so it stays
 * fully disallowed rather than reaching the 12 h rows of docs/semantics.md 7. A lock expires after
 * the fetch timeout plus a margin, so a process that dies while fetching blocks nobody for long.
 *
 * The store failing (down, slow, full) is never the caller's problem: every operation
 * degrades to "the shared tier has nothing" and is counted in stats(). The first failure
 * marks the tier down: no caller asks the store again (each waits at most one store
 * timeout, once) until a background probe, every SharedCacheOptions::retry_after, finds
 * it answering. SharedCacheOptions::on_availability_change hears of each change.
 *
 * The store is as trusted as the network: a record is read only up to
 * SharedCacheOptions::max_record_bytes, must be one the writer can produce
 * (shared_record.h) and name the origin it is stored under; anything else is counted
 * (bad_records), treated as absent and overwritten by the next fetch.
 */
#ifndef ROBOTSTXT_SHARED_CACHE_H_
#define ROBOTSTXT_SHARED_CACHE_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "robotstxt/policy.h"

namespace robotstxt {

/// What a store operation gave. kUnavailable: the store could not be asked (down,
/// timed out, an unexpected reply); the caller carries on without it.
enum class StoreStatus : std::uint8_t {
  kOk,           ///< done; for get(): the value is there
  kMissing,      ///< get(): no such key; acquire(): another holder has the lock
  kUnavailable,  ///< the store did not answer usably
  kUnreadable,   ///< get(): the value is longer than asked for, or not a string; not read
};

struct StoreRead {
  StoreStatus status = StoreStatus::kUnavailable;
  std::string value;  ///< set when status == kOk
};

/// The few key-value operations the shared tier needs. RedisStore is the production
/// one; tests may supply their own. Implementations must be thread-safe, never throw,
/// and bound the time of each call.
class SharedStore {
 public:
  virtual ~SharedStore() = default;
  /// The value of `key`, if it is at most `max_bytes` long (reading no more than about
  /// that much of a longer one).
  [[nodiscard]] virtual StoreRead get(const std::string& key, std::size_t max_bytes) = 0;
  /// Sets `key` to `value`, expiring after `ttl`.
  [[nodiscard]] virtual StoreStatus put(const std::string& key, std::string_view value,
                                        std::chrono::milliseconds ttl) = 0;
  /// Sets `key` to `token` only if it does not exist (a lock); kMissing when it does.
  /// A key without an expiry is no lock of ours (every holder sets one) and would never
  /// free up: it is taken over as if it did not exist.
  [[nodiscard]] virtual StoreStatus acquire(const std::string& key, std::string_view token,
                                            std::chrono::milliseconds ttl) = 0;
  /// Deletes `key` only if it still holds `token` (our lock, not a later holder's).
  [[nodiscard]] virtual StoreStatus release(const std::string& key, std::string_view token) = 0;
};

struct SharedCacheOptions {
  /// Key prefix before "v1:"; change it to let several fleets share one Redis.
  std::string key_prefix = "robotstxt:";
  /// After a store failure, the tier is skipped and probed in the background this
  /// often (at least every millisecond) until it answers.
  std::chrono::milliseconds retry_after{std::chrono::seconds(1)};
  /// Records longer than this are neither written (counted in oversized_records) nor
  /// read (counted in bad_records): a 500 KiB body and room for its URLs and headers.
  std::size_t max_record_bytes = std::size_t{1} << 20;
  /// First pause between two looks while another process fetches; doubles up to
  /// max_poll_interval. The whole wait is bounded by the fetch timeout.
  std::chrono::milliseconds poll_interval{std::chrono::milliseconds(5)};
  std::chrono::milliseconds max_poll_interval{std::chrono::milliseconds(100)};
  /// Called with false when the tier is marked down and with true when the probe finds
  /// the store answering again: alternately, starting with false, one call at a time, on
  /// the probe's thread (never a caller's, so a slow one delays no lookup). For a log.
  std::function<void(bool available)> on_availability_change{};
};

/// Counters since the tier was created. Each is a plain count, for metrics.
struct SharedCacheStats {
  std::uint64_t hits = 0;               ///< fresh records read, no fetch needed
  std::uint64_t misses = 0;             ///< no record, or a stale one
  std::uint64_t waits = 0;              ///< origins waited for while another process fetched
  std::uint64_t wait_timeouts = 0;      ///< waits that ran out; fetched here instead
  std::uint64_t writes = 0;             ///< records written after a fetch
  std::uint64_t errors = 0;             ///< store operations that failed (and were skipped)
  std::uint64_t bad_records = 0;        ///< records that could not be read (treated as absent)
  std::uint64_t oversized_records = 0;  ///< records not written: over max_record_bytes
};

/// One origin's record as the shared tier holds it.
struct SharedRecord {
  RobotsEntry entry;      ///< good_copy parsed from good_body
  std::string good_body;  ///< the body behind entry.good_copy ("" when none)
};

/// The tier itself: key scheme, record format, lock and back-off around a SharedStore.
/// It answers one question, load(): "the records of these origins, each fetched once for
/// the fleet", and keeps the protocol behind it (lookups, locks, waits, publishing).
/// Thread-safe.
class SharedCache {
 public:
  /// What load() needs to know beside the keys.
  struct LoadRequest {
    /// Origin keys (Origin::key()) to settle, and this process's entry for each (null
    /// when it has none): an error run goes on from the newer of that and the fleet's.
    std::span<const std::string> keys;
    std::span<const std::shared_ptr<const RobotsEntry>> previous;
    /// Fetch every key, whatever the fleet holds (an operator's refresh).
    bool refetch = false;
    PolicyOptions policy{};
    /// The fetch timeout: how long a lock is held (plus a second) and how long another
    /// process's fetch is waited for.
    std::chrono::milliseconds fetch_timeout{std::chrono::seconds(30)};
    std::function<TimePoint()> clock = [] { return Clock::now(); };
    /// Once set, waiting stops; what is left is handed to the fetch at once (which is
    /// expected to give up on it as cancelled).
    const std::atomic<bool>* cancelled = nullptr;
  };
  /// Fetches the origins of the keys at these indices (into LoadRequest::keys),
  /// concurrently: one outcome per index, in order.
  using FetchOrigins = std::function<std::vector<FetchOutcome>(std::span<const std::size_t>)>;
  /// One origin's settled entry, and whether the fleet's record gave it (no fetch here).
  struct Loaded {
    RobotsEntry entry;
    bool from_fleet = false;
  };

  SharedCache(std::shared_ptr<SharedStore> store, SharedCacheOptions options = {});
  /// Stops the background probe (waiting for one in progress: at most a store timeout).
  ~SharedCache();
  SharedCache(const SharedCache&) = delete;
  SharedCache& operator=(const SharedCache&) = delete;

  /// The entry of each of request.keys, in order: the fleet's fresh record when there is
  /// one; else fetched here (through `fetch`) by the one process that takes the origin's
  /// lock and published for the others, who wait for it (at most the fetch timeout);
  /// else, with the store down, fetched here as if there were no fleet. Each fetch folds
  /// its outcome into the newest history known (next_entry()). Never throws; `fetch` is
  /// called at most twice (origins free at once, then origins waited for).
  [[nodiscard]] std::vector<Loaded> load(const LoadRequest& request, const FetchOrigins& fetch);

  /// Writes the record after a fetch, with the TTL of the key scheme above. `good_body`
  /// is the text behind entry.good_copy.
  void publish(const std::string& origin_key, const RobotsEntry& entry, std::string_view good_body,
               TimePoint now, const PolicyOptions& policy);

  /// For a readiness check: while the tier is marked down, false at once; else asks the
  /// store now (marking the tier down if it does not answer) and says whether it did.
  [[nodiscard]] bool reachable();
  /// False while the tier is marked down after a failure.
  [[nodiscard]] bool available() const noexcept;
  /// A failure of the same store seen by another of its users (the fetch schedule on the
  /// same Redis): marks the tier down as its own failures do, without counting an error.
  void mark_unavailable() noexcept;
  [[nodiscard]] SharedCacheStats stats() const noexcept;
  [[nodiscard]] const SharedCacheOptions& options() const noexcept { return options_; }

  /// `robotstxt:v1:origin:{<origin_key>}` (with the configured prefix).
  [[nodiscard]] std::string record_key(std::string_view origin_key) const;
  [[nodiscard]] std::string lock_key(std::string_view origin_key) const;

 private:
  enum class Lock : std::uint8_t { kAcquired, kHeldElsewhere, kUnavailable };
  // One origin load() has to fetch, with what the fleet knew of it.
  struct Pending {
    std::size_t index = 0;               // into the request's keys
    std::optional<SharedRecord> shared;  // the fleet's record, stale, if there was one
    bool locked = false;                 // this process holds the fleet's lock
  };

  // The record of `origin_key`, or nullopt (none, unreadable, or the store failed).
  std::optional<SharedRecord> lookup(const std::string& origin_key);
  // Tries to become the one process fetching `origin_key` for `ttl`.
  Lock lock(const std::string& origin_key, std::chrono::milliseconds ttl);
  // Gives the lock back (no-op unless this process holds it).
  void unlock(const std::string& origin_key);
  // Fetches `batch` through `fetch`, settles each in `loaded` and publishes it.
  void fetch_and_publish(const LoadRequest& request, const FetchOrigins& fetch,
                         std::span<Pending> batch, std::vector<Loaded>& loaded);
  void count_lookup(bool hit) noexcept;
  void count_wait(bool timed_out) noexcept;
  bool skipping() const noexcept;
  // Counts a failure and marks the tier down, starting the probe if it was up.
  void failed() noexcept;
  // Marks the tier down, starting the probe if it was up.
  void mark_down() noexcept;
  // The background probe: asks the store every retry_after until it answers.
  void probe_until_back();
  // Calls options_.on_availability_change, if set.
  void notify(bool available) noexcept;
  bool store_answers();

  std::shared_ptr<SharedStore> store_;
  SharedCacheOptions options_;
  std::string lock_token_;  // unique per SharedCache: tells our locks from others'
  std::atomic<bool> down_{false};
  std::mutex probe_mutex_;  // guards prober_ and stopping_
  std::condition_variable probe_wake_;
  bool stopping_ = false;
  std::thread prober_;
  std::atomic<std::uint64_t> hits_{0}, misses_{0}, waits_{0}, wait_timeouts_{0}, writes_{0},
      errors_{0}, bad_records_{0}, oversized_records_{0};
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_SHARED_CACHE_H_
