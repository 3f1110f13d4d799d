// The crawler-facing call (see crawler.h): origin, cache, fetch, policy, verdict.
#include "robotstxt/crawler.h"

#include <unordered_map>
#include <utility>

namespace robotstxt {
namespace {

Decision decide(std::string_view url, std::span<const std::string_view> agents,
                std::shared_ptr<const RobotsEntry> entry, TimePoint now,
                const PolicyOptions& policy) {
  Decision decision;
  decision.robots_url = entry->last_fetch.robots_url;
  decision.state = access_state(*entry, now, policy);
  decision.entry = std::move(entry);
  if (decision.state.access == Access::kRules) {
    decision.verdict = decision.state.rules->verdict(url, agents);
  } else {
    decision.verdict.allowed = decision.state.access == Access::kFullAllow;
  }
  decision.allowed = decision.verdict.allowed;
  return decision;
}

}  // namespace

RobotsClient::RobotsClient(RobotsClientOptions options)
    : options_(std::move(options)), fetcher_(options_.fetch), cache_(options_.cache) {
  if (!options_.clock) options_.clock = [] { return Clock::now(); };
}

Decision RobotsClient::allowed(std::string_view url, std::span<const std::string_view> agents) {
  const std::string owned(url);
  std::vector<Decision> decisions = allowed_all(std::span<const std::string>(&owned, 1), agents);
  return std::move(decisions.front());
}

std::vector<Decision> RobotsClient::allowed_all(std::span<const std::string> urls,
                                                std::span<const std::string_view> agents) {
  std::vector<Decision> decisions(urls.size());
  std::vector<std::string> keys;  // one per URL with an origin, in URL order
  std::vector<std::size_t> keyed_urls;
  std::unordered_map<std::string, Origin> origins;
  for (std::size_t i = 0; i < urls.size(); ++i) {
    OriginResult origin = origin_of(urls[i]);
    if (!origin) {
      decisions[i].url_error = origin.error;
      continue;
    }
    keys.push_back(origin->key());
    keyed_urls.push_back(i);
    origins.try_emplace(keys.back(), std::move(*origin.origin));
  }

  const RobotsCache::Loader load = [this, &origins](
                                       std::span<const std::string> missing,
                                       std::span<const RobotsCache::EntryPtr> previous) {
    std::vector<Origin> to_fetch;
    to_fetch.reserve(missing.size());
    for (const std::string& key : missing) to_fetch.push_back(origins.at(key));
    const std::vector<FetchOutcome> outcomes = fetcher_.fetch_all(to_fetch);
    const TimePoint fetched = options_.clock();
    std::vector<RobotsEntry> entries;
    entries.reserve(outcomes.size());
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      entries.push_back(next_entry(previous[i].get(), outcomes[i], fetched, options_.policy));
    }
    return entries;
  };
  const std::vector<RobotsCache::EntryPtr> entries =
      cache_.get_or_load(keys, options_.clock(), load);

  const TimePoint now = options_.clock();
  for (std::size_t k = 0; k < keys.size(); ++k) {
    const std::size_t i = keyed_urls[k];
    decisions[i] = decide(urls[i], agents, entries[k], now, options_.policy);
    decisions[i].robots_url = origins.at(keys[k]).robots_url();
  }
  return decisions;
}

}  // namespace robotstxt
