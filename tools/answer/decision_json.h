// A RobotsClient Decision in the shared JSON vocabulary (docs/cli.md "JSON output"): what
// `fetch --json` prints per URL and what `serve` answers per URL, from one function.
#ifndef ROBOTSTXT_TOOLS_ANSWER_DECISION_JSON_H_
#define ROBOTSTXT_TOOLS_ANSWER_DECISION_JSON_H_

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "answer/json_text.h"
#include "robotstxt/owned_agent.h"
#include "robotstxt/robots_client.h"

namespace robotstxt::cli {

/// Seconds the entry is reused without fetching (its freshness at the fetch).
long long cache_seconds(const Decision& decision);

/// The usage preferences of `url` (docs/semantics.md 9.4): none when it is disallowed, all
/// unknown when no rules were read (a full allow).
std::optional<UsagePreferences> usage_of(const Decision& decision, std::string_view url,
                                         const OwnedAgent& who);

/// One URL's answer: the decision and its whole verdict (render.h verdict_json()). `one`:
/// also every step of the fetch. Otherwise the compact form of `fetch -`.
nlohmann::json decision_json(const std::string& url, const Decision& decision, bool one,
                             const OwnedAgent& who);

/// decision_json(url, decision, false, who), plus "cache": `cache` when the URL
/// has an origin, written as text: the same members with the same values (in the same
/// order), without a JSON object per URL. For serve's batches, where building those
/// objects cost more than deciding.
void write_decision_json(JsonText& json, std::string_view url, const Decision& decision,
                         const OwnedAgent& who, std::string_view cache);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_DECISION_JSON_H_
