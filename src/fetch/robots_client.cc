// The crawler-facing call (see robots_client.h): origin, cache, fetch, policy, verdict.
#include "robotstxt/robots_client.h"

#include <algorithm>
#include <memory_resource>
#include <optional>
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
  const auto fetch = [&](std::span<const std::size_t> indices) {
    std::vector<Origin> to_fetch;
    to_fetch.reserve(indices.size());
    for (const std::size_t i : indices) to_fetch.push_back(origins[i]);
    return fetcher_.fetch_all(to_fetch, cancelled);
  };
  std::vector<RobotsEntry> entries(keys.size());
  if (shared_ == nullptr) {
    std::vector<std::size_t> all(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) all[i] = i;
    const std::vector<FetchOutcome> outcomes = fetch(all);
    const TimePoint fetched = options_.clock();
    for (std::size_t i = 0; i < keys.size(); ++i) {
      entries[i] = next_entry(previous[i].get(), outcomes[i], fetched, options_.policy);
      tiers[keys[i]] = CacheTier::kFetched;
    }
    return entries;
  }
  std::vector<SharedCache::Loaded> loaded =
      shared_->load({.keys = keys,
                     .previous = previous,
                     .refetch = refetch,
                     .policy = options_.policy,
                     .fetch_timeout = options_.fetch.total_timeout,
                     .clock = options_.clock,
                     .cancelled = cancelled},
                    fetch);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    entries[i] = std::move(loaded[i].entry);
    tiers[keys[i]] = loaded[i].from_fleet ? CacheTier::kShared : CacheTier::kFetched;
  }
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
