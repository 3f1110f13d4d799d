// A SharedStore in a map, for the shared tier's tests: the same contract as RedisStore
// (TTLs, lock only if absent, release only with the holder's token), plus a switch that
// makes every call fail as a Redis that is down would.
#ifndef ROBOTSTXT_TESTS_SUPPORT_IN_MEMORY_STORE_H_
#define ROBOTSTXT_TESTS_SUPPORT_IN_MEMORY_STORE_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <utility>

#include "robotstxt/shared_cache.h"

namespace robotstxt::testing {

class InMemoryStore final : public SharedStore {
 public:
  StoreRead get(const std::string& key, std::size_t max_bytes) override {
    const std::lock_guard lock(mutex_);
    if (down) return {StoreStatus::kUnavailable, {}};
    const auto found = live(key);
    if (found == values_.end()) return {StoreStatus::kMissing, {}};
    if (found->second.value.size() > max_bytes) return {StoreStatus::kUnreadable, {}};
    return {StoreStatus::kOk, found->second.value};
  }
  StoreStatus put(const std::string& key, std::string_view value,
                  std::chrono::milliseconds ttl) override {
    const std::lock_guard lock(mutex_);
    if (down) return StoreStatus::kUnavailable;
    values_[key] = {std::string(value), Steady::now() + ttl};
    return StoreStatus::kOk;
  }
  StoreStatus acquire(const std::string& key, std::string_view token,
                      std::chrono::milliseconds ttl) override {
    if (before_next_acquire) std::exchange(before_next_acquire, nullptr)();
    const std::lock_guard lock(mutex_);
    if (down) return StoreStatus::kUnavailable;
    if (live(key) != values_.end()) return StoreStatus::kMissing;
    values_[key] = {std::string(token), Steady::now() + ttl};
    return StoreStatus::kOk;
  }
  StoreStatus release(const std::string& key, std::string_view token) override {
    const std::lock_guard lock(mutex_);
    if (down) return StoreStatus::kUnavailable;
    const auto found = live(key);
    if (found != values_.end() && found->second.value == token) values_.erase(found);
    return StoreStatus::kOk;
  }
  /// The TTL left on `key` (zero when absent).
  std::chrono::milliseconds ttl(const std::string& key) {
    const std::lock_guard lock(mutex_);
    const auto found = live(key);
    if (found == values_.end()) return std::chrono::milliseconds::zero();
    return std::chrono::duration_cast<std::chrono::milliseconds>(found->second.expires -
                                                                 Steady::now());
  }

  std::atomic<bool> down{false};
  /// Runs once, just before the next acquire(): what another process did in between.
  std::function<void()> before_next_acquire;

 private:
  using Steady = std::chrono::steady_clock;
  struct Value {
    std::string value;
    Steady::time_point expires;
  };
  std::map<std::string, Value>::iterator live(const std::string& key) {
    auto found = values_.find(key);
    if (found != values_.end() && Steady::now() >= found->second.expires) {
      values_.erase(found);
      return values_.end();
    }
    return found;
  }
  std::mutex mutex_;
  std::map<std::string, Value> values_;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_IN_MEMORY_STORE_H_
