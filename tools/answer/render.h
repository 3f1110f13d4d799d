// The one place where the subcommands' shared words come from: the JSON keys of a
// verdict (docs/cli.md "JSON output": "rule" is the rule as written, "pattern" the
// normalised form, "applied" which groups applied, "line" a line number or null), the
// text of a verdict, and the sentences naming the groups that applied.
#ifndef ROBOTSTXT_TOOLS_ANSWER_RENDER_H_
#define ROBOTSTXT_TOOLS_ANSWER_RENDER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "answer/json_text.h"
#include "answer/parsed_file.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/lint.h"
#include "robotstxt/owned_agent.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {

/// "line": the decisive rule's line, or null when no rule decided.
nlohmann::json line_json(const Verdict& verdict);

/// A rule as every output shows it: its kind and its value as written, "disallow: /x".
std::string rule_text(RuleKind kind, std::string_view written);

/// A verdict as every command and endpoint shows it: the fields of
/// schemas/answer.schema.json "verdict", in its words; null where no rule decided
/// ("line", "kind", "pattern", "rule") and where no crawler's groups were chosen
/// ("crawler_rule", "crawler_token").
nlohmann::json verdict_json(const Verdict& verdict);

/// When a crawler asked, adds its catalogue name as "crawler"; adds nothing when product
/// tokens asked. (How its groups were chosen is the verdict's.)
void add_crawler_json(nlohmann::json& json, const Agent& agent);

/// "content_usage" (docs/cli.md "JSON output"): null when the URL may not be fetched, so has no
/// preferences (docs/semantics.md 9.4); else {"train-ai", "search": "allowed" | "disallowed" |
/// "unknown", "lines": the decisive Content-Usage lines}.
nlohmann::json usage_json(const std::optional<UsagePreferences>& usage);

/// usage_json(), written as text (the same bytes, json_text.h).
void write_usage_json(JsonText& json, const std::optional<UsagePreferences>& usage);

/// One URL's answer as `check --json` prints it, written as text: "url", the members of
/// verdict_json() and add_crawler_json(), "content_usage" (usage_json()) and, when `who`
/// is several tokens merged, "merged" (them), and "bytes_past_limit" when the file has
/// bytes past the body limit; the bytes nlohmann writes for that object (check_json_test),
/// without building one per URL.
void write_check_json(JsonText& json, std::string_view url, const Verdict& verdict,
                      const std::optional<UsagePreferences>& usage, const OwnedAgent& who,
                      std::uint64_t bytes_past_limit);

/// " (usage: train-ai=disallowed, search=unknown; line 3)" when any category is known,
/// else "": most files say nothing, and a line of "unknown" would only be noise.
std::string usage_text(const std::optional<UsagePreferences>& usage);

/// The known categories in the file's own tokens, for a table cell: "train-ai=n search=y";
/// "" when none is known (or the URL is disallowed).
std::string usage_compact(const std::optional<UsagePreferences>& usage);

/// "content-usage: /ai-ok/ train-ai=y": the decisive usage line as written in `file`.
std::string usage_rule_text(std::uint32_t line, const ParsedFile& file);

/// "by line 3: disallow: /x", or "no rule matched".
std::string decisive_rule(const Verdict& verdict);

/// "ALLOWED by line 3: allow: /x" / "DISALLOWED ..." / "ALLOWED: no rule matched".
std::string verdict_text(const Verdict& verdict);

/// Which groups applied to `agents` (an OwnedAgent label), as a clause:
/// "group naming a; * rules do not apply".
std::string describe_groups(AppliedGroups applied, std::string_view agents);

/// The same for whoever asked: for a crawler, naming the token whose groups applied:
/// "groups naming Googlebot: no group names Googlebot-Image".
std::string describe_groups(const Verdict& verdict, const OwnedAgent& who);

/// The groups of `selection` by number (1-based, as `info` lists them) and why:
/// "group 2, 3: named there; the * group does not apply".
std::string describe_selection(const GroupSelection& selection, std::string_view agents);

/// The same for whoever asked: for a crawler, how its groups were chosen, as
/// describe_groups() says it: "group 3 (groups naming Googlebot: no group names
/// Googlebot-Image)".
std::string describe_selection(const GroupSelection& selection, const OwnedAgent& who);

/// Short words for a diff line: "a group of its own", "the * group", "no group ...".
std::string applied_words(AppliedGroups applied);

/// `lint --json`: {"file", "findings": [...], "summary": {...}}.
nlohmann::json lint_json(const std::string& file, const LintReport& report);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_RENDER_H_
