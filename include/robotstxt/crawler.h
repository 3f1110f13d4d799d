/**
 * @file crawler.h
 * @brief The one call a crawler makes: "may these agents fetch this URL?", with the
 *        robots.txt looked up in the cache or fetched as SEMANTICS.md 7 describes.
 *
 * Pipeline position: the whole pipeline behind one object: url -> fetcher -> policy ->
 * cache -> parser -> matcher. Thread-safe: share one RobotsClient among all crawl
 * threads so that every origin is fetched once for all of them.
 *
 * @code
 *   robotstxt::RobotsClient client;
 *   robotstxt::Decision decision = client.allowed("https://example.com/a", {"Googlebot"});
 *   if (decision.allowed) { ... }
 *   // Many URLs at once: distinct origins are fetched concurrently on this thread.
 *   std::vector<robotstxt::Decision> all = client.allowed_all(urls, {"Googlebot"});
 * @endcode
 */
#ifndef ROBOTSTXT_CRAWLER_H_
#define ROBOTSTXT_CRAWLER_H_

#include <functional>
#include <initializer_list>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/cache.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"
#include "robotstxt/url.h"
#include "robotstxt/verdict.h"

namespace robotstxt {

struct RobotsClientOptions {
  FetchOptions fetch;
  PolicyOptions policy;
  CacheOptions cache;
  /// Where "now" comes from; replace it to simulate time in tests.
  std::function<TimePoint()> clock = [] { return Clock::now(); };
};

/// The answer for one URL, with everything behind it.
struct Decision {
  /// False also when state.access is kUndecided: the fetch failed on this machine
  /// (entry->last_fetch.error says how); nothing is cached, so ask again later.
  bool allowed = false;
  /// Why the URL has no origin; kNone when it has one. Such URLs are never allowed.
  UrlError url_error = UrlError::kNone;
  std::string robots_url;
  AccessState state;  ///< full allow, full disallow, or rules, and why
  /// The matcher's verdict when state.access is kRules; otherwise just `allowed` with
  /// no decisive rule. Its views point into *state.rules, which this Decision keeps.
  Verdict verdict;
  std::shared_ptr<const RobotsEntry> entry;  ///< the cache entry used (null on URL error)
};

class RobotsClient {
 public:
  explicit RobotsClient(RobotsClientOptions options = {});

  /// Looks up or fetches `url`'s robots.txt and decides. Blocks while fetching.
  /// `url` is matched exactly as given; see normalize_url() for unencoded input.
  [[nodiscard]] Decision allowed(std::string_view url, std::span<const std::string_view> agents);
  [[nodiscard]] Decision allowed(std::string_view url,
                                 std::initializer_list<std::string_view> agents) {
    return allowed(url, std::span<const std::string_view>(agents.begin(), agents.size()));
  }

  /// The batch form: one Decision per URL, in order. Each origin is fetched at most
  /// once, and all missing origins concurrently (FetchOptions::max_concurrent_transfers).
  [[nodiscard]] std::vector<Decision> allowed_all(std::span<const std::string> urls,
                                                  std::span<const std::string_view> agents);
  [[nodiscard]] std::vector<Decision> allowed_all(std::span<const std::string> urls,
                                                  std::initializer_list<std::string_view> agents) {
    return allowed_all(urls, std::span<const std::string_view>(agents.begin(), agents.size()));
  }

  [[nodiscard]] RobotsCache& cache() noexcept { return cache_; }
  [[nodiscard]] const RobotsClientOptions& options() const noexcept { return options_; }

 private:
  RobotsClientOptions options_;
  Fetcher fetcher_;
  RobotsCache cache_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_CRAWLER_H_
