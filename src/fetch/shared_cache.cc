// The fleet's shared cache tier: key scheme, TTLs, lock and back-off (see shared_cache.h).
#include "robotstxt/shared_cache.h"

#include <algorithm>
#include <iterator>
#include <random>
#include <system_error>
#include <thread>
#include <utility>

#include "fetch/shared_record.h"

namespace robotstxt {
namespace {

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

SharedCache::~SharedCache() {
  {
    const std::lock_guard lock(probe_mutex_);
    stopping_ = true;
  }
  probe_wake_.notify_all();
  if (prober_.joinable()) prober_.join();
}

// The origin in braces is a Redis Cluster hash tag: an origin's record, lock, schedule
// and back-off share one slot, so each script touches keys of one master only.
std::string SharedCache::record_key(std::string_view origin_key) const {
  return options_.key_prefix + "v1:origin:{" + std::string(origin_key) + "}";
}

std::string SharedCache::lock_key(std::string_view origin_key) const {
  return options_.key_prefix + "v1:lock:{" + std::string(origin_key) + "}";
}

bool SharedCache::skipping() const noexcept { return store_ == nullptr || down_.load(); }

void SharedCache::failed() noexcept {
  ++errors_;
  mark_down();
}

void SharedCache::mark_unavailable() noexcept { mark_down(); }

void SharedCache::mark_down() noexcept {
  if (down_.exchange(true)) return;  // already down: the probe is running
  const std::lock_guard lock(probe_mutex_);
  if (stopping_) return;
  // The tier was up, so the last probe has marked it so and is ending: join it.
  if (prober_.joinable()) prober_.join();
  try {
    prober_ = std::thread([this] { probe_until_back(); });
  } catch (const std::system_error&) {
    // No thread to probe with: asking the store inline again beats never asking.
    down_.store(false);
  }
}

bool SharedCache::store_answers() {
  return store_->get(options_.key_prefix + "v1:probe", 0).status != StoreStatus::kUnavailable;
}

void SharedCache::probe_until_back() {
  // Told here rather than where the failure was seen: the caller that saw it goes on at
  // once. The tier stays down until "back" has been told, so the next "down" (which a
  // new probe tells, after this one is joined) always follows it.
  notify(false);
  const auto pause = std::max(options_.retry_after, std::chrono::milliseconds(1));
  std::unique_lock lock(probe_mutex_);
  while (!probe_wake_.wait_for(lock, pause, [this] { return stopping_; })) {
    lock.unlock();
    const bool back = store_answers();
    if (back) notify(true);
    lock.lock();
    if (back) {
      down_.store(false);
      return;
    }
  }
}

void SharedCache::notify(bool available) noexcept {
  if (!options_.on_availability_change) return;
  try {
    options_.on_availability_change(available);
  } catch (...) {
    // A log that cannot be written must not end the probe (nor the process).
  }
}

std::optional<SharedRecord> SharedCache::lookup(const std::string& origin_key) {
  if (skipping()) return std::nullopt;
  const StoreRead read = store_->get(record_key(origin_key), options_.max_record_bytes);
  switch (read.status) {
    case StoreStatus::kOk:
      break;
    case StoreStatus::kMissing:
      return std::nullopt;
    case StoreStatus::kUnavailable:
      failed();
      return std::nullopt;
    case StoreStatus::kUnreadable:
      ++bad_records_;
      return std::nullopt;
  }
  std::optional<SharedRecord> record = internal::decode_shared_record(read.value);
  // A record stored under another origin's key would answer for that origin.
  if (record && record->entry.last_fetch.robots_url != origin_key + "/robots.txt") {
    record.reset();
  }
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
    case StoreStatus::kUnreadable:
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
  // Kept while docs/semantics.md 7 may still need it: see the key scheme in shared_cache.h.
  // An origin that has never answered (a name that does not resolve, a port that refuses)
  // has no copy and no answer for that history to keep: its record lasts only until it
  // is fetched again, or anyone could fill the tier for 30 days with made-up names.
  const bool never_answered =
      entry.last_fetch.kind == FetchKind::kNetworkError && !entry.last_answer && !entry.good_copy;
  const auto ttl = std::chrono::duration_cast<std::chrono::milliseconds>(
      (entry.fresh_until - now) +
      (never_answered ? std::chrono::seconds::zero() : policy.last_good_copy_limit));
  if (ttl <= std::chrono::milliseconds::zero()) return;
  const std::string record = internal::encode_shared_record(entry, good_body);
  if (record.size() > options_.max_record_bytes) {
    ++oversized_records_;
    return;
  }
  const StoreStatus status = store_->put(record_key(origin_key), record, ttl);
  if (status == StoreStatus::kOk) {
    ++writes_;
  } else {
    failed();
  }
}

void SharedCache::fetch_and_publish(const LoadRequest& request, const FetchOrigins& fetch,
                                    std::span<Pending> batch, std::vector<Loaded>& loaded) {
  if (batch.empty()) return;
  std::vector<std::size_t> indices;
  indices.reserve(batch.size());
  for (const Pending& pending : batch) indices.push_back(pending.index);
  std::vector<FetchOutcome> outcomes = fetch(indices);
  // One outcome per origin is the contract; an origin without one failed here.
  if (outcomes.size() < batch.size()) {
    FetchOutcome none;
    none.kind = FetchKind::kLocalError;
    none.error = "no fetch outcome";
    outcomes.resize(batch.size(), none);
  }
  const TimePoint fetched = request.clock();
  for (std::size_t b = 0; b < batch.size(); ++b) {
    Pending& pending = batch[b];
    const std::size_t i = pending.index;
    const RobotsEntry* local = i < request.previous.size() ? request.previous[i].get() : nullptr;
    const RobotsEntry* shared = pending.shared ? &pending.shared->entry : nullptr;
    // docs/semantics.md 7's error run continues from the fleet's history when it is at
    // least as recent as ours: a restarted process does not start the 12 hours again.
    const bool use_shared =
        shared != nullptr && (local == nullptr || shared->fetched_at >= local->fetched_at);
    RobotsEntry& entry = loaded[i].entry;
    entry = next_entry(use_shared ? shared : local, outcomes[b], fetched, request.policy);
    loaded[i].from_fleet = false;
    const bool answered_2xx = entry.good_copy != nullptr && entry.errors_since == std::nullopt;
    std::optional<std::string_view> body;
    if (answered_2xx) {
      body = outcomes[b].body;
    } else if (entry.good_copy == nullptr) {
      body = std::string_view{};
    } else if (use_shared) {
      body = pending.shared->good_body;
    }
    // A good copy known only here (learned while the tier was down) has no body to
    // share; the fleet's record stays as it is until the next answer.
    if (body) publish(request.keys[i], entry, *body, fetched, request.policy);
    if (pending.locked) unlock(request.keys[i]);
  }
}

std::vector<SharedCache::Loaded> SharedCache::load(const LoadRequest& request,
                                                   const FetchOrigins& fetch) {
  const std::span<const std::string> keys = request.keys;
  std::vector<Loaded> loaded(keys.size());
  const auto settle_from_record = [&](std::size_t i, SharedRecord& record) {
    loaded[i].entry = std::move(record.entry);
    loaded[i].from_fleet = true;
  };
  const auto fresh = [&](const std::optional<SharedRecord>& record) {
    return record && request.clock() < record->entry.fresh_until;
  };
  const auto lock_ttl = request.fetch_timeout + std::chrono::seconds(1);
  // Looking up and locking are two steps: between them another process may publish its
  // record and let go of the lock. Looking once more while holding the lock closes that
  // window, so the fleet fetches each origin once.
  const auto published_meanwhile = [&](std::size_t i) {
    std::optional<SharedRecord> record = lookup(keys[i]);
    if (!fresh(record)) return false;
    unlock(keys[i]);
    settle_from_record(i, *record);
    return true;
  };

  std::vector<Pending> to_fetch;
  std::vector<Pending> waiting;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    std::optional<SharedRecord> record = lookup(keys[i]);
    const bool hit = fresh(record);
    count_lookup(hit);
    if (hit && !request.refetch) {
      settle_from_record(i, *record);
      continue;
    }
    Pending pending{i, std::move(record), false};
    const Lock taken = lock(keys[i], lock_ttl);
    pending.locked = taken == Lock::kAcquired;
    if (pending.locked && !request.refetch && published_meanwhile(i)) continue;
    if (taken == Lock::kHeldElsewhere && !request.refetch) {
      waiting.push_back(std::move(pending));
    } else {
      to_fetch.push_back(std::move(pending));
    }
  }
  fetch_and_publish(request, fetch, to_fetch, loaded);

  // Another process is fetching these: look again until its record appears, the lock
  // frees up (it failed or died: fetch here), or the fetch timeout has passed.
  const auto deadline = std::chrono::steady_clock::now() + request.fetch_timeout;
  auto pause = options_.poll_interval;
  std::vector<Pending> after_wait;
  while (!waiting.empty()) {
    if (request.cancelled != nullptr && request.cancelled->load(std::memory_order_relaxed)) {
      // The fetch settles them at once as cancelled: nothing is fetched, locked or shared.
      std::move(waiting.begin(), waiting.end(), std::back_inserter(after_wait));
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, options_.max_poll_interval);
    const bool out_of_time = std::chrono::steady_clock::now() >= deadline;
    std::vector<Pending> still_waiting;
    for (Pending& pending : waiting) {
      std::optional<SharedRecord> record = lookup(keys[pending.index]);
      if (fresh(record)) {
        count_wait(false);
        settle_from_record(pending.index, *record);
        continue;
      }
      if (record) pending.shared = std::move(record);
      const Lock taken = out_of_time ? Lock::kUnavailable : lock(keys[pending.index], lock_ttl);
      if (taken == Lock::kHeldElsewhere) {
        still_waiting.push_back(std::move(pending));
        continue;
      }
      pending.locked = taken == Lock::kAcquired;
      if (pending.locked && published_meanwhile(pending.index)) {
        count_wait(false);
        continue;
      }
      count_wait(out_of_time);
      after_wait.push_back(std::move(pending));
    }
    waiting = std::move(still_waiting);
  }
  fetch_and_publish(request, fetch, after_wait, loaded);
  return loaded;
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
  // While down, the probe is the one that asks: a readiness check must not wait too.
  if (skipping()) return false;
  if (!store_answers()) {
    failed();
    return false;
  }
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
  stats.oversized_records = oversized_records_;
  return stats;
}

}  // namespace robotstxt
