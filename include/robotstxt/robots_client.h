/**
 * @file robots_client.h
 * @brief The one call a crawler makes: "may these agents fetch this URL?", with the
 *        robots.txt looked up in the cache or fetched as docs/semantics.md 7 describes.
 *
 * Pipeline position: the whole pipeline behind one object: url -> fetcher -> policy
 * (which parses a fetched body) -> cache (this process's, then the shared tier's) ->
 * RobotsTxt (which chooses the groups and matches their rules). Thread-safe: share one RobotsClient
 * among all crawl threads so that every origin is fetched once for all of them.
 *
 * @code
 *   robotstxt::RobotsClient client;
 *   if (client.allowed("https://example.com/a", "Googlebot")) { ... }   // fast bool
 *   robotstxt::Decision decision = client.decide("https://example.com/a", "Googlebot");
 *   // Many URLs at once: distinct origins are fetched concurrently on this thread.
 *   std::vector<robotstxt::Decision> all = client.decide_all(urls, "Googlebot");
 *   // A crawler of the catalogue follows its own precedence (docs/semantics.md 8).
 *   client.decide(url, *robotstxt::find_crawler("Googlebot-Image"));
 * @endcode
 *
 * The shapes mirror RobotsTxt: allowed() is the boolean, decide() the full answer, and
 * who asks is an Agent (agent.h): product tokens, or a crawler of the catalogue.
 */
#ifndef ROBOTSTXT_ROBOTS_CLIENT_H_
#define ROBOTSTXT_ROBOTS_CLIENT_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "robotstxt/cache.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/shared_cache.h"
#include "robotstxt/url.h"
#include "robotstxt/verdict.h"

namespace robotstxt {

struct RobotsClientOptions {
  FetchOptions fetch;
  PolicyOptions policy;
  CacheOptions cache;
  /// The fleet's shared tier (shared_cache.h, e.g. a RedisStore); null: this process's
  /// cache only, as before.
  std::shared_ptr<SharedStore> shared_store;
  SharedCacheOptions shared_cache;
  /// refresh() fetches an origin again only if its entry here was fetched longer ago
  /// than this; sooner, it answers with that entry. A service whose clients may ask for
  /// refreshes sets it, so that it cannot be used to hammer a site. Zero: always fetch.
  std::chrono::milliseconds min_refresh_interval{0};
  /// Where "now" comes from; replace it to simulate time in tests.
  std::function<TimePoint()> clock = [] { return Clock::now(); };
};

/// Where a Decision's robots.txt came from.
enum class CacheTier : std::uint8_t {
  kMemory,   ///< this process's cache (also when another thread here just fetched it)
  kShared,   ///< the shared tier: another process of the fleet fetched it
  kFetched,  ///< fetched for this call
};

[[nodiscard]] std::string_view to_string(CacheTier tier) noexcept;  // "memory", ...

/// The answer for one URL, with everything behind it: the Verdict, and where its
/// robots.txt came from and what its fetch allowed.
struct Decision {
  /// False also when state.access is kUndecided: the fetch failed on this machine
  /// (entry->last_fetch.error says how); nothing is cached, so ask again later.
  bool allowed = false;
  /// Why the URL has no origin; kNone when it has one. Such URLs are never allowed (nor
  /// is their verdict), and nothing is looked up: `state` and `cache` mean nothing then.
  UrlError url_error = UrlError::kNone;
  std::string robots_url;
  AccessState state;  ///< full allow, full disallow, or rules, and why
  /// The matcher's verdict when state.access is kRules; otherwise just `allowed` with
  /// no decisive rule. Its views point into *state.rules, which this Decision keeps, and
  /// into the Crawler that asked. For a crawler robots.txt does not bind
  /// (docs/semantics.md 8.3), crawler_rule is kNotSubject, whatever the robots.txt fetch gave.
  Verdict verdict;
  std::shared_ptr<const RobotsEntry> entry;  ///< the cache entry used (null on URL error)
  CacheTier cache = CacheTier::kMemory;
};

class RobotsClient {
 public:
  explicit RobotsClient(RobotsClientOptions options = {});

  /// Looks up or fetches `url`'s robots.txt and decides. Blocks while fetching.
  /// `url` is matched exactly as given; see normalize_url() for unencoded input.
  ///
  /// Every call that may fetch takes `cancelled` (null: never): once another thread sets
  /// it, the call stops waiting and fetching (Fetcher::fetch_all) and the origins it had
  /// not settled are answered undecided (Access::kUndecided, kCancelledFetchError), never
  /// cached. A call that was waiting for another call's fetch of an origin, which that
  /// call then withdrew, fetches the origin itself.
  [[nodiscard]] Decision decide(std::string_view url, Agent agent,
                                const std::atomic<bool>* cancelled = nullptr);
  /// decide(url, agent).allowed.
  [[nodiscard]] bool allowed(std::string_view url, Agent agent);

  /// decide(), but only from this process's memory: nullopt when the origin's entry is
  /// missing or stale there (then decide() would look further, or fetch). Never blocks
  /// on a fetch, so an event loop may call it inline. A URL without an origin is decided
  /// (url_error set).
  [[nodiscard]] std::optional<Decision> decide_if_cached(std::string_view url, Agent agent);

  /// The batch form: one Decision per URL, in order. Each origin is fetched at most
  /// once, and all missing origins concurrently (FetchOptions::max_concurrent_transfers).
  [[nodiscard]] std::vector<Decision> decide_all(std::span<const std::string> urls, Agent agent,
                                                 const std::atomic<bool>* cancelled = nullptr);
  /// The same for URLs held elsewhere (one buffer of a request, say): no copy of each.
  [[nodiscard]] std::vector<Decision> decide_all(std::span<const std::string_view> urls,
                                                 Agent agent,
                                                 const std::atomic<bool>* cancelled = nullptr);

  /// Fetches `origin`'s robots.txt now, whatever the caches hold, and stores the result
  /// in both tiers (a local failure is returned, never stored). For an operator who
  /// knows the file changed. Concurrent calls for one origin share one fetch (with
  /// decide() calls loading it too), and an entry fetched here less than
  /// min_refresh_interval ago is returned as it is: its fetched_at says when.
  RobotsCache::EntryPtr refresh(const Origin& origin, const std::atomic<bool>* cancelled = nullptr);

  /// Fetches `origin`'s robots.txt with this client's fetcher (its options, its gate,
  /// its address rules) and returns the outcome as it is, body included, outside both
  /// tiers: nothing is read from or stored in a cache. For a caller that shows the file
  /// as it is now; `cancelled` as for decide().
  [[nodiscard]] FetchOutcome fetch_outcome(const Origin& origin,
                                           const std::atomic<bool>* cancelled = nullptr) const;

  [[nodiscard]] RobotsCache& cache() noexcept { return cache_; }
  [[nodiscard]] const RobotsClientOptions& options() const noexcept { return options_; }
  /// The shared tier, or null when none is configured.
  [[nodiscard]] const SharedCache* shared_cache() const noexcept { return shared_.get(); }
  [[nodiscard]] SharedCache* shared_cache() noexcept { return shared_.get(); }

 private:
  RobotsClientOptions options_;
  Fetcher fetcher_;
  RobotsCache cache_;
  std::unique_ptr<SharedCache> shared_;

  // The cache's loader: the shared tier first when there is one, then the network.
  // `origins[i]` is the origin of `keys[i]`. Records where each key's entry came from
  // in `tiers`. `refetch`: fetch every key, whatever the shared tier holds.
  std::vector<RobotsEntry> load(std::span<const std::string> keys,
                                std::span<const RobotsCache::EntryPtr> previous,
                                std::span<const Origin> origins,
                                std::unordered_map<std::string, CacheTier>& tiers, bool refetch,
                                const std::atomic<bool>* cancelled);
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_ROBOTS_CLIENT_H_
