// The fleet's shared cache tier: key scheme, TTLs, lock and back-off (see shared_cache.h).
#include "robotstxt/shared_cache.h"

#include <random>
#include <utility>

#include "shared_record.h"

namespace robotstxt {
namespace {

std::int64_t steady_ticks() { return std::chrono::steady_clock::now().time_since_epoch().count(); }

// Unique enough among the processes of a fleet: 128 random bits, hex.
std::string random_token() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) {
    const std::uint32_t bits = device();
    for (int shift = 28; shift >= 0; shift -= 4)
      token.push_back("0123456789abcdef"[(bits >> shift) & 0xF]);
  }
  return token;
}

}  // namespace

SharedCache::SharedCache(std::shared_ptr<SharedStore> store, SharedCacheOptions options)
    : store_(std::move(store)), options_(std::move(options)), lock_token_(random_token()) {}

std::string SharedCache::record_key(std::string_view origin_key) const {
  return options_.key_prefix + "v1:origin:" + std::string(origin_key);
}

std::string SharedCache::lock_key(std::string_view origin_key) const {
  return options_.key_prefix + "v1:lock:" + std::string(origin_key);
}

bool SharedCache::skipping() const noexcept {
  return store_ == nullptr || steady_ticks() < skip_until_.load(std::memory_order_relaxed);
}

void SharedCache::failed() noexcept {
  ++errors_;
  const auto pause =
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(options_.retry_after);
  skip_until_.store(steady_ticks() + pause.count(), std::memory_order_relaxed);
}

std::optional<SharedRecord> SharedCache::lookup(const std::string& origin_key) {
  if (skipping()) return std::nullopt;
  const StoreRead read = store_->get(record_key(origin_key));
  if (read.status == StoreStatus::kUnavailable) {
    failed();
    return std::nullopt;
  }
  if (read.status == StoreStatus::kMissing) return std::nullopt;
  std::optional<SharedRecord> record = internal::decode_shared_record(read.value);
  if (!record) ++bad_records_;
  return record;
}

SharedCache::Lock SharedCache::lock(const std::string& origin_key, std::chrono::milliseconds ttl) {
  if (skipping()) return Lock::kUnavailable;
  switch (store_->acquire(lock_key(origin_key), lock_token_, ttl)) {
    case StoreStatus::kOk:
      return Lock::kAcquired;
    case StoreStatus::kMissing:
      return Lock::kHeldElsewhere;
    case StoreStatus::kUnavailable:
      break;
  }
  failed();
  return Lock::kUnavailable;
}

void SharedCache::unlock(const std::string& origin_key) {
  if (skipping()) return;  // the lock expires by itself
  if (store_->release(lock_key(origin_key), lock_token_) == StoreStatus::kUnavailable) failed();
}

void SharedCache::publish(const std::string& origin_key, const RobotsEntry& entry,
                          std::string_view good_body, TimePoint now, const PolicyOptions& policy) {
  if (entry.is_local_failure() || skipping()) return;
  // Kept while SEMANTICS 7 may still need it: see the key scheme in shared_cache.h.
  const auto ttl = std::chrono::duration_cast<std::chrono::milliseconds>(
      (entry.fresh_until - now) + policy.last_good_copy_limit);
  if (ttl <= std::chrono::milliseconds::zero()) return;
  const StoreStatus status =
      store_->put(record_key(origin_key), internal::encode_shared_record(entry, good_body), ttl);
  if (status == StoreStatus::kOk) {
    ++writes_;
  } else {
    failed();
  }
}

void SharedCache::count_wait(bool timed_out) noexcept {
  ++waits_;
  if (timed_out) ++wait_timeouts_;
}

void SharedCache::count_lookup(bool hit) noexcept {
  if (hit) {
    ++hits_;
  } else {
    ++misses_;
  }
}

bool SharedCache::reachable() {
  if (store_ == nullptr) return false;
  if (store_->get(options_.key_prefix + "v1:probe").status == StoreStatus::kUnavailable) {
    failed();
    return false;
  }
  // Back after a failure: the tier is used again at once.
  skip_until_.store(0, std::memory_order_relaxed);
  return true;
}

bool SharedCache::available() const noexcept { return !skipping(); }

SharedCacheStats SharedCache::stats() const noexcept {
  SharedCacheStats stats;
  stats.hits = hits_;
  stats.misses = misses_;
  stats.waits = waits_;
  stats.wait_timeouts = wait_timeouts_;
  stats.writes = writes_;
  stats.errors = errors_;
  stats.bad_records = bad_records_;
  return stats;
}

}  // namespace robotstxt
