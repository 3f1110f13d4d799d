// A Decision as JSON (see decision_json.h).
#include "decision_json.h"

#include <chrono>

#include "render.h"

namespace robotstxt::cli {

long long cache_seconds(const Decision& decision) {
  return std::chrono::duration_cast<std::chrono::seconds>(decision.entry->fresh_until -
                                                          decision.entry->fetched_at)
      .count();
}

// SEMANTICS 9.4: preferences exist only for a URL that may be fetched. With no rules to
// read (a full allow), nothing is said, so every category is unknown.
std::optional<UsagePreferences> usage_of(const Decision& decision, std::string_view url,
                                         const WhoAsks& who) {
  if (!decision.allowed) return std::nullopt;
  if (decision.state.rules == nullptr) return UsagePreferences{};
  return who.crawler == nullptr ? decision.state.rules->usage(url, who.agent_views())
                                : decision.state.rules->usage(url, *who.crawler);
}

// `fetch -` and `serve` keep no bodies for their many origins: their compact form shows
// the decisive rule by line and normalised "pattern" only.
nlohmann::json decision_json(const std::string& url, const Decision& decision, bool one,
                             const ParsedFile* body, const WhoAsks& who) {
  nlohmann::json json;
  json["url"] = url;
  json["allowed"] = decision.allowed;
  if (decision.url_error != UrlError::kNone) {
    json["error"] = to_string(decision.url_error);
    return json;
  }
  json["robots_url"] = decision.robots_url;
  json["access"] = to_string(decision.state.access);
  json["reason"] = to_string(decision.state.reason);
  const Verdict& verdict = decision.verdict;
  const bool by_rules = decision.state.access == Access::kRules;
  json["applied"] = by_rules ? nlohmann::json(to_string(verdict.applied)) : nlohmann::json();
  json["line"] = line_json(verdict);
  if (one) json["rule"] = body != nullptr ? rule_json(verdict, *body) : nlohmann::json();
  json["pattern"] =
      verdict.has_decisive_rule() ? nlohmann::json(verdict.pattern) : nlohmann::json();
  if (who.crawler != nullptr) {
    add_crawler_json(json, *who.crawler, decision.crawler_rule, decision.crawler_token);
  }
  json["content_usage"] = usage_json(usage_of(decision, url, who));
  // What the fetch ended with: why the rules did not decide, when they did not.
  const FetchSummary& fetch = decision.entry->last_fetch;
  json["outcome"] = to_string(fetch.kind);
  json["status"] = fetch.status == 0 ? nlohmann::json() : nlohmann::json(fetch.status);
  json["fetch_error"] = fetch.error.empty() ? nlohmann::json() : nlohmann::json(fetch.error);
  if (!one) return json;
  nlohmann::json hops = nlohmann::json::array();
  for (const RedirectHop& hop : fetch.hops) {
    hops.push_back({{"from", hop.from}, {"status", hop.status}, {"to", hop.to}});
  }
  json["redirects"] = hops;
  json["http_version"] =
      fetch.http_version == 0 ? nlohmann::json() : nlohmann::json(fetch.http_version / 10.0);
  json["bytes"] = fetch.body_bytes;
  json["truncated"] = fetch.truncated;
  json["cache_control"] = fetch.cache_control;
  json["cache_seconds"] = cache_seconds(decision);
  return json;
}

}  // namespace robotstxt::cli
