// The crawler-facing call (see robots_client.h): origin, cache, fetch, policy, verdict.
#include "robotstxt/robots_client.h"

#include <algorithm>
#include <iterator>
#include <memory_resource>
#include <optional>
#include <thread>
#include <unordered_map>
#include <utility>

#include "fetch/origin_prefix.h"

namespace robotstxt {
namespace {

// `state`: access_state() of `entry` now, computed once for all URLs of its origin.
// Fills `decision` in place: a batch holds thousands, each a large object.
void decide_with(Decision& decision, std::string_view url, const Agent& agent,
                 std::shared_ptr<const RobotsEntry> entry, AccessState state) {
  decision.state = std::move(state);
  decision.entry = std::move(entry);
  if (!agent.bound_by_robots_txt()) {
    // docs/semantics.md 8.3: robots.txt does not bind it, whatever the fetch gave.
    decision.verdict.allowed = true;
    decision.verdict.crawler_rule = CrawlerRule::kNotSubject;
  } else if (decision.state.access == Access::kRules) {
    decision.verdict = decision.state.rules->verdict(url, agent);
  } else {
    decision.verdict.allowed = decision.state.access == Access::kFullAllow;
  }
  decision.allowed = decision.verdict.allowed;
}

bool was_cancelled(const std::atomic<bool>* cancelled) {
  return cancelled != nullptr && cancelled->load(std::memory_order_relaxed);
}

// An entry its fetching call gave up on when its own caller went away.
bool was_withdrawn(const RobotsEntry& entry) {
  return entry.last_fetch.kind == FetchKind::kLocalError &&
         entry.last_fetch.error == kCancelledFetchError;
}

// One origin the loader has to settle, with what the shared tier knew of it.
struct Pending {
  std::size_t index = 0;               // into the loader's keys
  std::optional<SharedRecord> shared;  // the shared record, stale, if there was one
  bool locked = false;                 // this process holds the fleet's lock
};

// A URL with no origin is never allowed, by the decision and by its verdict alike: a
// caller that reads either must not fetch it. Nothing was looked up, so the access state
// and the cache tier are left as they are made and mean nothing (url_error says so).
Decision no_origin_decision(UrlError error) {
  Decision decision;
  decision.url_error = error;
  decision.allowed = false;
  decision.verdict.allowed = false;
  return decision;
}

}  // namespace

std::string_view to_string(CacheTier tier) noexcept {
  switch (tier) {
    case CacheTier::kMemory:
      return "memory";
    case CacheTier::kShared:
      return "shared";
    case CacheTier::kFetched:
      return "fetched";
  }
  return "memory";
}

RobotsClient::RobotsClient(RobotsClientOptions options)
    : options_(std::move(options)), fetcher_(options_.fetch), cache_(options_.cache) {
  if (!options_.clock) options_.clock = [] { return Clock::now(); };
  if (options_.shared_store) {
    shared_ = std::make_unique<SharedCache>(options_.shared_store, options_.shared_cache);
  }
}

std::vector<RobotsEntry> RobotsClient::load(std::span<const std::string> keys,
                                            std::span<const RobotsCache::EntryPtr> previous,
                                            std::span<const Origin> origins,
                                            std::unordered_map<std::string, CacheTier>& tiers,
                                            bool refetch, const std::atomic<bool>* cancelled) {
  std::vector<RobotsEntry> entries(keys.size());
  const auto settle_from_shared = [&](std::size_t i, SharedRecord& record) {
    entries[i] = std::move(record.entry);
    tiers[keys[i]] = CacheTier::kShared;
  };
  // Fetches these keys concurrently, folds each outcome into the origin's newest known
  // history (shared or local) and publishes the result to the fleet.
  const auto fetch = [&](std::span<Pending> batch) {
    if (batch.empty()) return;
    std::vector<Origin> to_fetch;
    to_fetch.reserve(batch.size());
    for (const Pending& pending : batch) to_fetch.push_back(origins[pending.index]);
    const std::vector<FetchOutcome> outcomes = fetcher_.fetch_all(to_fetch, cancelled);
    const TimePoint fetched = options_.clock();
    for (std::size_t b = 0; b < batch.size(); ++b) {
      const Pending& pending = batch[b];
      const std::size_t i = pending.index;
      const RobotsEntry* local = previous[i].get();
      const RobotsEntry* shared = pending.shared ? &pending.shared->entry : nullptr;
      // docs/semantics.md 7's error run continues from the fleet's history when it is at least
      // as recent as ours: a restarted process does not start the 12 hours again.
      const bool use_shared =
          shared != nullptr && (local == nullptr || shared->fetched_at >= local->fetched_at);
      entries[i] = next_entry(use_shared ? shared : local, outcomes[b], fetched, options_.policy);
      tiers[keys[i]] = CacheTier::kFetched;
      if (shared_ != nullptr) {
        const bool answered_2xx =
            entries[i].good_copy != nullptr && entries[i].errors_since == std::nullopt;
        std::optional<std::string_view> body;
        if (answered_2xx) {
          body = outcomes[b].body;
        } else if (entries[i].good_copy == nullptr) {
          body = std::string_view{};
        } else if (use_shared) {
          body = pending.shared->good_body;
        }
        // A good copy known only here (learned while the tier was down) has no body to
        // share; the fleet's record stays as it is until the next answer.
        if (body) shared_->publish(keys[i], entries[i], *body, fetched, options_.policy);
        if (pending.locked) shared_->unlock(keys[i]);
      }
    }
  };

  std::vector<Pending> to_fetch;
  if (shared_ == nullptr) {
    for (std::size_t i = 0; i < keys.size(); ++i) to_fetch.push_back({i, std::nullopt, false});
    fetch(to_fetch);
    return entries;
  }

  const auto lock_ttl = options_.fetch.total_timeout + std::chrono::seconds(1);
  // Looking up and locking are two steps: between them another process may publish its
  // record and let go of the lock. Looking once more while holding the lock closes that
  // window, so the fleet fetches each origin once.
  const auto published_meanwhile = [&](std::size_t i) {
    std::optional<SharedRecord> record = shared_->lookup(keys[i]);
    if (!record || options_.clock() >= record->entry.fresh_until) return false;
    shared_->unlock(keys[i]);
    settle_from_shared(i, *record);
    return true;
  };
  std::vector<Pending> waiting;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    std::optional<SharedRecord> record = shared_->lookup(keys[i]);
    const bool fresh = record && options_.clock() < record->entry.fresh_until;
    shared_->count_lookup(fresh);
    if (fresh && !refetch) {
      settle_from_shared(i, *record);
      continue;
    }
    Pending pending{i, std::move(record), false};
    const SharedCache::Lock lock = shared_->lock(keys[i], lock_ttl);
    pending.locked = lock == SharedCache::Lock::kAcquired;
    if (pending.locked && !refetch && published_meanwhile(i)) continue;
    if (lock == SharedCache::Lock::kHeldElsewhere && !refetch) {
      waiting.push_back(std::move(pending));
    } else {
      to_fetch.push_back(std::move(pending));
    }
  }
  fetch(to_fetch);

  // Another process is fetching these: look again until its record appears, the lock
  // frees up (it failed or died: fetch here), or the fetch timeout has passed.
  const auto deadline = std::chrono::steady_clock::now() + options_.fetch.total_timeout;
  auto pause = shared_->options().poll_interval;
  std::vector<Pending> after_wait;
  while (!waiting.empty()) {
    if (was_cancelled(cancelled)) {
      // fetch() settles them at once as cancelled: nothing is fetched, locked or shared.
      std::move(waiting.begin(), waiting.end(), std::back_inserter(after_wait));
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, shared_->options().max_poll_interval);
    const bool out_of_time = std::chrono::steady_clock::now() >= deadline;
    std::vector<Pending> still_waiting;
    for (Pending& pending : waiting) {
      std::optional<SharedRecord> record = shared_->lookup(keys[pending.index]);
      if (record && options_.clock() < record->entry.fresh_until) {
        shared_->count_wait(false);
        settle_from_shared(pending.index, *record);
        continue;
      }
      if (record) pending.shared = std::move(record);
      const SharedCache::Lock lock = out_of_time ? SharedCache::Lock::kUnavailable
                                                 : shared_->lock(keys[pending.index], lock_ttl);
      if (lock == SharedCache::Lock::kHeldElsewhere) {
        still_waiting.push_back(std::move(pending));
        continue;
      }
      pending.locked = lock == SharedCache::Lock::kAcquired;
      if (pending.locked && published_meanwhile(pending.index)) {
        shared_->count_wait(false);
        continue;
      }
      shared_->count_wait(out_of_time);
      after_wait.push_back(std::move(pending));
    }
    waiting = std::move(still_waiting);
  }
  fetch(after_wait);
  return entries;
}

Decision RobotsClient::decide(std::string_view url, Agent agent,
                              const std::atomic<bool>* cancelled) {
  return std::move(
      decide_all(std::span<const std::string_view>(&url, 1), agent, cancelled).front());
}

bool RobotsClient::allowed(std::string_view url, Agent agent) { return decide(url, agent).allowed; }

FetchOutcome RobotsClient::fetch_outcome(const Origin& origin,
                                         const std::atomic<bool>* cancelled) const {
  return fetcher_.fetch(origin, cancelled);
}

RobotsCache::EntryPtr RobotsClient::refresh(const Origin& origin,
                                            const std::atomic<bool>* cancelled) {
  const std::string key = origin.key();
  const RobotsCache::Loader loader = [&](std::span<const std::string> keys,
                                         std::span<const RobotsCache::EntryPtr> previous) {
    std::unordered_map<std::string, CacheTier> tiers;
    return load(keys, previous, std::span<const Origin>(&origin, 1), tiers, true, cancelled);
  };
  return cache_.get_or_reload(key, options_.clock() - options_.min_refresh_interval, loader);
}

std::optional<Decision> RobotsClient::decide_if_cached(std::string_view url, Agent agent) {
  OriginResult origin = origin_of(url);
  if (!origin) return no_origin_decision(origin.error);
  RobotsCache::EntryPtr entry = cache_.find(origin->key());
  const TimePoint now = options_.clock();
  if (entry == nullptr || now >= entry->fresh_until) return std::nullopt;
  AccessState state = access_state(*entry, now, options_.policy);
  Decision decision;
  decide_with(decision, url, agent, std::move(entry), std::move(state));
  decision.robots_url = origin->robots_url();
  decision.cache = CacheTier::kMemory;
  return decision;
}

namespace {

std::vector<std::string_view> views_of(std::span<const std::string> urls) {
  return {urls.begin(), urls.end()};
}

}  // namespace

std::vector<Decision> RobotsClient::decide_all(std::span<const std::string> urls, Agent agent,
                                               const std::atomic<bool>* cancelled) {
  return decide_all(views_of(urls), agent, cancelled);
}

namespace {

constexpr std::size_t kNoOrigin = static_cast<std::size_t>(-1);

// The distinct origins of a batch's URLs, each URL's origin read once. A crawler's batch
// is mostly a few sites, and the cache, the policy and the robots.txt URL are per origin.
class BatchOrigins {
 public:
  explicit BatchOrigins(std::span<const std::string_view> urls)
      : of_url_(urls.size(), kNoOrigin), errors_(urls.size(), UrlError::kNone) {
    // `keys_` never grows past its reserve, so the index's views into it stay valid.
    keys_.reserve(urls.size());
    origins_.reserve(urls.size());
    index_.reserve(urls.size());
    // Batches come in runs of one host's URLs: a URL that starts like the one before
    // it, through the end of its authority, has the same origin (origin_prefix.h).
    std::string_view run_prefix;
    std::size_t run_origin = kNoOrigin;
    for (std::size_t i = 0; i < urls.size(); ++i) {
      if (run_origin != kNoOrigin && urls[i].starts_with(run_prefix)) {
        of_url_[i] = run_origin;
        continue;
      }
      of_url_[i] = add(urls[i], errors_[i]);
      run_prefix = internal::origin_prefix(urls[i]);
      run_origin = run_prefix.empty() ? kNoOrigin : of_url_[i];
    }
  }

  std::span<const std::string> keys() const { return keys_; }
  const Origin& origin(std::size_t k) const { return origins_[k]; }
  const Origin& origin_keyed(std::string_view key) const { return origins_[index_.at(key)]; }
  /// Index into keys() of URL i's origin, or kNoOrigin (then error(i) says why).
  std::size_t of_url(std::size_t i) const { return of_url_[i]; }
  UrlError error(std::size_t i) const { return errors_[i]; }

 private:
  std::size_t add(std::string_view url, UrlError& error) {
    OriginResult origin = origin_of(url);
    if (!origin) {
      error = origin.error;
      return kNoOrigin;
    }
    std::string key = origin->key();
    if (const auto found = index_.find(key); found != index_.end()) return found->second;
    keys_.push_back(std::move(key));
    origins_.push_back(std::move(*origin.origin));
    index_.emplace(keys_.back(), keys_.size() - 1);
    return keys_.size() - 1;
  }

  std::vector<std::string> keys_;
  std::vector<Origin> origins_;  // by index into keys_
  std::vector<std::size_t> of_url_;
  std::vector<UrlError> errors_;
  // The index's nodes come from one arena, freed at once (a batch may hold 10,000).
  std::pmr::monotonic_buffer_resource arena_;
  std::pmr::unordered_map<std::string_view, std::size_t> index_{&arena_};
};

}  // namespace

std::vector<Decision> RobotsClient::decide_all(std::span<const std::string_view> urls, Agent agent,
                                               const std::atomic<bool>* cancelled) {
  const BatchOrigins batch(urls);
  const std::span<const std::string> keys = batch.keys();
  std::unordered_map<std::string, CacheTier> tiers;  // keys this call loaded, and how
  const RobotsCache::Loader loader = [&](std::span<const std::string> missing,
                                         std::span<const RobotsCache::EntryPtr> previous) {
    std::vector<Origin> missing_origins;
    missing_origins.reserve(missing.size());
    for (const std::string& key : missing) missing_origins.push_back(batch.origin_keyed(key));
    return load(missing, previous, missing_origins, tiers, false, cancelled);
  };
  std::vector<RobotsCache::EntryPtr> entries = cache_.get_or_load(keys, options_.clock(), loader);
  // An origin this call waited for, whose loading call was then withdrawn, is not
  // settled: load it here. Each round is one fetch of ours or of a call we wait for, and
  // a few rounds bound the work when several callers in a row go away.
  constexpr int kRoundsAfterWithdrawals = 3;
  for (int round = 0; round < kRoundsAfterWithdrawals && !was_cancelled(cancelled); ++round) {
    std::vector<std::size_t> unsettled;
    for (std::size_t k = 0; k < keys.size(); ++k) {
      if (was_withdrawn(*entries[k])) unsettled.push_back(k);
    }
    if (unsettled.empty()) break;
    std::vector<std::string> again;
    again.reserve(unsettled.size());
    for (std::size_t k : unsettled) again.push_back(keys[k]);
    std::vector<RobotsCache::EntryPtr> loaded = cache_.get_or_load(again, options_.clock(), loader);
    for (std::size_t j = 0; j < unsettled.size(); ++j) entries[unsettled[j]] = std::move(loaded[j]);
  }

  const TimePoint now = options_.clock();
  std::vector<AccessState> states;
  std::vector<std::string> robots_urls;
  std::vector<CacheTier> cache_tiers;
  states.reserve(keys.size());
  robots_urls.reserve(keys.size());
  cache_tiers.reserve(keys.size());
  for (std::size_t k = 0; k < keys.size(); ++k) {
    states.push_back(access_state(*entries[k], now, options_.policy));
    robots_urls.push_back(batch.origin(k).robots_url());
    const auto tier = tiers.empty() ? tiers.end() : tiers.find(keys[k]);
    cache_tiers.push_back(tier == tiers.end() ? CacheTier::kMemory : tier->second);
  }
  // The last URL of each origin takes the origin's values instead of copying them: in
  // a batch of many origins that saves an allocation and two atomic counts per URL.
  std::vector<std::size_t> last_url(keys.size());
  for (std::size_t i = 0; i < urls.size(); ++i) {
    if (batch.of_url(i) != kNoOrigin) last_url[batch.of_url(i)] = i;
  }
  std::vector<Decision> decisions(urls.size());
  for (std::size_t i = 0; i < urls.size(); ++i) {
    const std::size_t k = batch.of_url(i);
    Decision& decision = decisions[i];
    if (k == kNoOrigin) {
      decision = no_origin_decision(batch.error(i));
      continue;
    }
    decision.cache = cache_tiers[k];
    if (last_url[k] == i) {
      decide_with(decision, urls[i], agent, std::move(entries[k]), std::move(states[k]));
      decision.robots_url = std::move(robots_urls[k]);
    } else {
      decide_with(decision, urls[i], agent, entries[k], states[k]);
      decision.robots_url = robots_urls[k];
    }
  }
  return decisions;
}

}  // namespace robotstxt
