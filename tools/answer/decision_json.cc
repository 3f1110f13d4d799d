// A Decision as JSON (see decision_json.h).
#include "answer/decision_json.h"

#include <chrono>

#include "answer/json_text.h"
#include "answer/render.h"

namespace robotstxt::cli {

long long cache_seconds(const Decision& decision) {
  return std::chrono::duration_cast<std::chrono::seconds>(decision.entry->fresh_until -
                                                          decision.entry->fetched_at)
      .count();
}

// docs/semantics.md 9.4: preferences exist only for a URL that may be fetched.
std::optional<UsagePreferences> usage_of(const Decision& decision, std::string_view url,
                                         const OwnedAgent& who) {
  if (!decision.allowed) return std::nullopt;
  // With no rules to read, or none of them a content-usage rule, every category is
  // unknown: no second match of the URL.
  if (decision.state.rules == nullptr || !decision.state.rules->states_usage()) {
    return UsagePreferences{};
  }
  return decision.state.rules->usage(url, who.agent());
}

nlohmann::json decision_json(const std::string& url, const Decision& decision, bool one,
                             const OwnedAgent& who) {
  nlohmann::json json;
  json["url"] = url;
  json["allowed"] = decision.allowed;
  if (decision.url_error != UrlError::kNone) {
    json["url_error"] = word(decision.url_error);
    json["error"] = to_string(decision.url_error);
    return json;
  }
  json["robots_url"] = decision.robots_url;
  json["access"] = word(decision.state.access);
  json["access_reason"] = word(decision.state.reason);
  json["access_explanation"] = to_string(decision.state.reason);
  json.update(verdict_json(decision.verdict));
  add_crawler_json(json, who.agent());
  json["content_usage"] = usage_json(usage_of(decision, url, who));
  // What the fetch ended with: why the rules did not decide, when they did not.
  const FetchSummary& fetch = decision.entry->last_fetch;
  json["outcome"] = word(fetch.kind);
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

void write_decision_json(JsonText& json, std::string_view url, const Decision& decision,
                         const OwnedAgent& who, std::string_view cache) {
  ObjectText object(json);
  if (decision.url_error != UrlError::kNone) {
    object.boolean("allowed", decision.allowed);
    object.word("error", to_string(decision.url_error));
    object.string("url", url);
    object.word("url_error", word(decision.url_error));
    return;
  }
  const Verdict& verdict = decision.verdict;
  const bool decided = verdict.has_decisive_rule();
  const FetchSummary& fetch = decision.entry->last_fetch;
  object.word("access", word(decision.state.access));
  object.word("access_explanation", to_string(decision.state.reason));
  object.word("access_reason", word(decision.state.reason));
  object.boolean("allowed", decision.allowed);
  object.word("applied", to_string(verdict.applied));
  object.word("cache_tier", cache);
  write_usage_json(object.key("content_usage"), usage_of(decision, url, who));
  const Crawler* const crawler = who.crawler();
  if (crawler != nullptr) object.string("crawler", crawler->name);
  object.word_or_null("crawler_rule", verdict.crawler_rule.has_value(),
                      verdict.crawler_rule ? to_string(*verdict.crawler_rule) : "");
  object.string_or_null("crawler_token", !verdict.crawler_token.empty(), verdict.crawler_token);
  object.string_or_null("fetch_error", !fetch.error.empty(), fetch.error);
  object.word_or_null("kind", decided, to_string(verdict.kind));
  object.number_or_null("line", decided ? verdict.line : 0);
  object.word("outcome", word(fetch.kind));
  object.string_or_null("pattern", decided, verdict.pattern);
  object.string("robots_url", decision.robots_url);
  object.string_or_null("rule", decided, verdict.rule);
  object.number_or_null("status", fetch.status);
  object.key("strength").number(verdict.strength);
  object.string("url", url);
  object.boolean("via_index_htm", verdict.via_index_htm);
}

}  // namespace robotstxt::cli
