// The crawler-facing call (see crawler.h): origin, cache, fetch, policy, verdict.
#include "robotstxt/robots_client.h"

#include <unordered_map>
#include <utility>

namespace robotstxt {
namespace {

template <typename Asker>
Decision decide_with(std::string_view url, const Asker& asker,
                     std::shared_ptr<const RobotsEntry> entry, TimePoint now,
                     const PolicyOptions& policy) {
  Decision decision;
  decision.robots_url = entry->last_fetch.robots_url;
  decision.state = access_state(*entry, now, policy);
  decision.entry = std::move(entry);
  if (asker.crawler != nullptr && !asker.crawler->obeys_robots_txt) {
    // SEMANTICS 8.3: robots.txt does not bind it, whatever the fetch gave.
    decision.crawler_rule = CrawlerRule::kNotSubject;
    decision.verdict.allowed = true;
  } else if (decision.state.access == Access::kRules) {
    const RobotsTxt& rules = *decision.state.rules;
    if (asker.crawler != nullptr) {
      const CrawlerVerdict verdict = rules.verdict(url, *asker.crawler);
      decision.verdict = verdict.verdict;
      decision.crawler_rule = verdict.rule;
      decision.crawler_token = verdict.token;
    } else {
      decision.verdict = rules.verdict(url, asker.agents);
    }
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

Decision RobotsClient::decide(std::string_view url, AgentNames agents) {
  const std::string owned(url);
  return std::move(decide_all(std::span<const std::string>(&owned, 1), agents).front());
}

Decision RobotsClient::decide(std::string_view url, const Crawler& crawler) {
  const std::string owned(url);
  return std::move(decide_all(std::span<const std::string>(&owned, 1), crawler).front());
}

bool RobotsClient::allowed(std::string_view url, AgentNames agents) {
  return decide(url, agents).allowed;
}

bool RobotsClient::allowed(std::string_view url, const Crawler& crawler) {
  return decide(url, crawler).allowed;
}

std::vector<Decision> RobotsClient::decide_all(std::span<const std::string> urls,
                                               AgentNames agents) {
  return decide_all(urls, Asker{agents.names(), nullptr});
}

std::vector<Decision> RobotsClient::decide_all(std::span<const std::string> urls,
                                               const Crawler& crawler) {
  return decide_all(urls, Asker{{}, &crawler});
}

std::vector<Decision> RobotsClient::decide_all(std::span<const std::string> urls,
                                               const Asker& asker) {
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
    decisions[i] = decide_with(urls[i], asker, entries[k], now, options_.policy);
    decisions[i].robots_url = origins.at(keys[k]).robots_url();
  }
  return decisions;
}

}  // namespace robotstxt
