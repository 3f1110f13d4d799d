// LRU cache with single-flight loading (see cache.h).
#include "robotstxt/cache.h"

#include <exception>
#include <utility>

namespace robotstxt {

RobotsCache::RobotsCache(CacheOptions options) : options_(options) {}

RobotsCache::EntryPtr RobotsCache::find(const std::string& key) {
  const std::lock_guard lock(mutex_);
  const auto slot = slots_.find(key);
  if (slot == slots_.end()) return nullptr;
  recency_.splice(recency_.begin(), recency_, slot->second.recency);
  return slot->second.entry;
}

RobotsCache::EntryPtr RobotsCache::insert(const std::string& key, RobotsEntry entry) {
  const std::lock_guard lock(mutex_);
  return insert_locked(key, std::move(entry));
}

RobotsCache::EntryPtr RobotsCache::insert_locked(const std::string& key, RobotsEntry entry) {
  // A failure of this machine is not the origin's state: hand it back, keep what we had.
  if (entry.is_local_failure()) return std::make_shared<const RobotsEntry>(std::move(entry));
  const std::size_t entry_bytes = entry.memory_usage() + 2 * key.size() + sizeof(Slot);
  auto stored = std::make_shared<const RobotsEntry>(std::move(entry));
  auto [slot, inserted] = slots_.try_emplace(key);
  if (inserted) {
    recency_.push_front(key);
    slot->second.recency = recency_.begin();
  } else {
    bytes_ -= slot->second.bytes;
    recency_.splice(recency_.begin(), recency_, slot->second.recency);
  }
  slot->second.entry = stored;
  slot->second.bytes = entry_bytes;
  bytes_ += entry_bytes;
  evict_locked();
  return stored;
}

void RobotsCache::evict_locked() {
  while (!recency_.empty() &&
         (slots_.size() > options_.max_entries || bytes_ > options_.max_bytes)) {
    const auto slot = slots_.find(recency_.back());
    bytes_ -= slot->second.bytes;
    slots_.erase(slot);
    recency_.pop_back();
  }
}

std::vector<RobotsCache::EntryPtr> RobotsCache::get_or_load(std::span<const std::string> keys,
                                                            TimePoint now, const Loader& load) {
  return load_missing(keys, now, std::nullopt, load);
}

RobotsCache::EntryPtr RobotsCache::get_or_reload(const std::string& key, TimePoint fetched_after,
                                                 const Loader& load) {
  return load_missing(std::span<const std::string>(&key, 1), {}, fetched_after, load).front();
}

std::vector<RobotsCache::EntryPtr> RobotsCache::load_missing(std::span<const std::string> keys,
                                                             TimePoint now,
                                                             std::optional<TimePoint> fetched_after,
                                                             const Loader& load) {
  const auto current = [&](const RobotsEntry& entry) {
    return fetched_after ? entry.fetched_at > *fetched_after : now < entry.fresh_until;
  };
  std::vector<EntryPtr> results(keys.size());
  std::vector<std::size_t> waiting;  // indexes of keys someone else (or this call) loads
  std::vector<std::string> claimed;
  std::vector<EntryPtr> previous;
  std::vector<std::promise<EntryPtr>> promises;
  std::unordered_map<std::string, std::shared_future<EntryPtr>> futures;
  {
    const std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < keys.size(); ++i) {
      const std::string& key = keys[i];
      if (const auto slot = slots_.find(key); slot != slots_.end()) {
        recency_.splice(recency_.begin(), recency_, slot->second.recency);
        if (current(*slot->second.entry)) {
          results[i] = slot->second.entry;
          continue;
        }
      }
      waiting.push_back(i);
      if (futures.contains(key)) continue;
      if (const auto in_flight = loading_.find(key); in_flight != loading_.end()) {
        futures.emplace(key, in_flight->second);
        continue;
      }
      promises.emplace_back();
      std::shared_future<EntryPtr> future = promises.back().get_future().share();
      loading_.emplace(key, future);
      futures.emplace(key, std::move(future));
      claimed.push_back(key);
      const auto slot = slots_.find(key);
      previous.push_back(slot == slots_.end() ? nullptr : slot->second.entry);
    }
  }

  if (!claimed.empty()) {
    std::vector<RobotsEntry> loaded;
    try {
      loaded = load(claimed, previous);
    } catch (...) {
      const std::lock_guard lock(mutex_);
      for (std::size_t i = 0; i < claimed.size(); ++i) {
        loading_.erase(claimed[i]);
        promises[i].set_exception(std::current_exception());
      }
      throw;
    }
    loaded.resize(claimed.size());  // a loader that returned too few gives empty entries
    const std::lock_guard lock(mutex_);
    for (std::size_t i = 0; i < claimed.size(); ++i) {
      EntryPtr stored = insert_locked(claimed[i], std::move(loaded[i]));
      loading_.erase(claimed[i]);
      promises[i].set_value(std::move(stored));
    }
  }
  for (std::size_t i : waiting) results[i] = futures.at(keys[i]).get();
  return results;
}

RobotsCache::EntryPtr RobotsCache::get_or_load(const std::string& key, TimePoint now,
                                               const Loader& load) {
  return get_or_load(std::span<const std::string>(&key, 1), now, load).front();
}

std::size_t RobotsCache::size() const {
  const std::lock_guard lock(mutex_);
  return slots_.size();
}

std::size_t RobotsCache::bytes() const {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

}  // namespace robotstxt
