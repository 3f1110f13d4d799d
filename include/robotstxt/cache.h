/**
 * @file cache.h
 * @brief A thread-safe, bounded, in-memory cache of robots.txt entries keyed by origin,
 *        shared by every agent of a crawler (docs/semantics.md 7.10).
 *
 * Pipeline position: url -> fetcher -> policy -> **cache** -> RobotsTxt. The cache
 * stores what policy.h computes, rules already parsed; it decides nothing itself. Entries are
 * evicted least recently used first when the entry count or byte budget is exceeded.
 * get_or_load() is single-flight: however many threads ask for one stale or missing
 * origin at once, the loader runs for it once and the others wait for that result.
 */
#ifndef ROBOTSTXT_CACHE_H_
#define ROBOTSTXT_CACHE_H_

#include <cstddef>
#include <functional>
#include <future>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "robotstxt/policy.h"

namespace robotstxt {

/// Bounds of the cache. An entry is counted at what it holds: its compiled rules
/// (RobotsTxt::memory_usage(), one exactly sized block), its fetch summary, its key and
/// the cache's own bookkeeping, so max_bytes bounds the memory the entries really use.
struct CacheOptions {
  std::size_t max_entries = 100000;
  std::size_t max_bytes = std::size_t{512} << 20;  ///< 512 MiB
};

class RobotsCache {
 public:
  using EntryPtr = std::shared_ptr<const RobotsEntry>;
  /// Produces the new entry for each key, given the previous entry (null if none).
  /// Called without the cache's lock held; must return exactly one entry per key.
  using Loader = std::function<std::vector<RobotsEntry>(std::span<const std::string> keys,
                                                        std::span<const EntryPtr> previous)>;

  explicit RobotsCache(CacheOptions options = {});
  RobotsCache(const RobotsCache&) = delete;  // a cache is shared by reference, not copied
  RobotsCache& operator=(const RobotsCache&) = delete;

  /// The entry for `key`, fresh or stale, or null. Counts as a use for LRU.
  [[nodiscard]] EntryPtr find(const std::string& key);
  /// Stores (or replaces) the entry for `key`, then evicts down to the bounds. A local
  /// failure (RobotsEntry::is_local_failure) is returned but never stored: it says
  /// nothing about the origin, and the entry stored before, if any, stays.
  EntryPtr insert(const std::string& key, RobotsEntry entry);

  /// One entry per key (same order; duplicates allowed). Keys whose entry is fresh at
  /// `now` come from the cache; keys another call is loading are waited for; the
  /// remaining keys go to `load` in one call, so a batch can fetch them concurrently.
  /// Loaded local failures reach the callers waiting for them and are not stored.
  /// If `load` throws, the keys it was loading are released and the exception
  /// propagates to this caller and to everyone waiting for those keys.
  [[nodiscard]] std::vector<EntryPtr> get_or_load(std::span<const std::string> keys, TimePoint now,
                                                  const Loader& load);
  [[nodiscard]] EntryPtr get_or_load(const std::string& key, TimePoint now, const Loader& load);
  /// get_or_load() for a refetch that the caller asks for whatever the freshness: the
  /// stored entry is used only if it was fetched after `fetched_after`; a load of `key`
  /// in flight is joined, so concurrent refetches of one origin make one fetch.
  [[nodiscard]] EntryPtr get_or_reload(const std::string& key, TimePoint fetched_after,
                                       const Loader& load);

  [[nodiscard]] std::size_t size() const;
  /// What the entries held now count against CacheOptions::max_bytes.
  [[nodiscard]] std::size_t bytes() const;
  [[nodiscard]] const CacheOptions& options() const noexcept { return options_; }

 private:
  struct Slot {
    EntryPtr entry;
    std::size_t bytes = 0;
    std::list<std::string>::iterator recency;  // position in recency_, front = newest
  };

  // Both loads: an entry is current when fresh at `now`, or with `fetched_after`, when
  // fetched after it.
  std::vector<EntryPtr> load_missing(std::span<const std::string> keys, TimePoint now,
                                     std::optional<TimePoint> fetched_after, const Loader& load);
  EntryPtr insert_locked(const std::string& key, RobotsEntry entry);
  void evict_locked();

  CacheOptions options_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Slot> slots_;
  std::list<std::string> recency_;
  std::size_t bytes_ = 0;
  std::unordered_map<std::string, std::shared_future<EntryPtr>> loading_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_CACHE_H_
