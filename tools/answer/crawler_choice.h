// Naming crawlers on the command line (docs/semantics.md 8): one name, or a set of them for the
// audit, with a "did you mean" for names the catalogue does not have.
#ifndef ROBOTSTXT_TOOLS_ANSWER_CRAWLER_CHOICE_H_
#define ROBOTSTXT_TOOLS_ANSWER_CRAWLER_CHOICE_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "robotstxt/crawler_catalogue.h"

namespace robotstxt::cli {

/// "unknown crawler 'NAME'; did you mean A, B, C?": the one wording of a name the
/// catalogue does not have, with its closest names, for the command line and the service.
std::string unknown_crawler_message(std::string_view name);

/// Whether `crawler` is in the `ai` selection: AI training or AI search. The one meaning
/// of "ai" for `audit --crawlers` and `crawlers --purpose`.
bool is_ai_crawler(const Crawler& crawler);

/// The crawler named `name` (case-insensitive). An unknown name is reported as a usage
/// error suggesting the closest names, and gives nullptr.
const Crawler* crawler_or_report(std::string_view command, std::string_view name);

/// The crawlers a selection names: `all`, `search`, `ai` (AI training and AI search),
/// `google` (Google's crawlers), or a comma-separated list of names; catalogue order,
/// no repeats. nullopt after reporting an unknown name or an empty selection.
std::optional<std::vector<const Crawler*>> crawlers_or_report(std::string_view command,
                                                              std::string_view selection);

/// The same selection without reporting, for the service: nullopt with `error` saying
/// which name is unknown, or that the selection names no crawler.
std::optional<std::vector<const Crawler*>> crawlers_named(std::string_view selection,
                                                          std::string& error);

/// One catalogue entry as `crawlers --json` prints it (schemas/crawlers.schema.json).
nlohmann::json crawler_json(const Crawler& crawler);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_CRAWLER_CHOICE_H_
