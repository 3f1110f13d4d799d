#include "answer/crawler_choice.h"

#include <algorithm>
#include <string>
#include <vector>

#include "answer/cli_support.h"
#include "base/ascii.h"

namespace robotstxt::cli {
namespace {

// What the command line adds to an unknown name: where the whole catalogue is.
constexpr std::string_view kCatalogueListedBy = " ('robotstxt crawlers' lists them all)";

bool in_group(const Crawler& crawler, std::string_view group) {
  if (group == "all") return true;
  if (group == "search") return crawler.purpose == CrawlerPurpose::kSearch;
  if (group == "ai") return is_ai_crawler(crawler);
  return internal::equals_ignoring_case(crawler.operator_name, "Google");  // "google"
}

}  // namespace

bool is_ai_crawler(const Crawler& crawler) {
  return crawler.purpose == CrawlerPurpose::kAiTraining ||
         crawler.purpose == CrawlerPurpose::kAiSearch;
}

std::string unknown_crawler_message(std::string_view name) {
  std::string message = "unknown crawler '" + printable(name) + "'";
  const std::vector<std::string_view> closest = closest_crawler_names(name);
  for (std::size_t i = 0; i < closest.size(); ++i) {
    message += (i == 0 ? "; did you mean " : ", ") + std::string(closest[i]);
  }
  if (!closest.empty()) message += "?";
  return message;
}

const Crawler* crawler_or_report(std::string_view command, std::string_view name) {
  if (const Crawler* crawler = find_crawler(name)) return crawler;
  report_error(command, unknown_crawler_message(name).append(kCatalogueListedBy));
  return nullptr;
}

std::optional<std::vector<const Crawler*>> crawlers_named(std::string_view selection,
                                                          std::string& error) {
  std::vector<const Crawler*> chosen;
  for (const std::string& item : split_agents(selection)) {
    std::string lowered = item;
    for (char& c : lowered) c = internal::to_ascii_lower(c);
    std::vector<const Crawler*> matched;
    if (lowered == "all" || lowered == "search" || lowered == "ai" || lowered == "google") {
      for (const Crawler& crawler : crawler_catalogue()) {
        if (in_group(crawler, lowered)) matched.push_back(&crawler);
      }
    } else if (const Crawler* crawler = find_crawler(item)) {
      matched.push_back(crawler);
    } else {
      error = unknown_crawler_message(item);
      return std::nullopt;
    }
    for (const Crawler* crawler : matched) {
      if (std::find(chosen.begin(), chosen.end(), crawler) == chosen.end()) {
        chosen.push_back(crawler);
      }
    }
  }
  if (chosen.empty()) {
    error = "the selection names no crawler";
    return std::nullopt;
  }
  // Catalogue order, whatever order they were asked in.
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

std::optional<std::vector<const Crawler*>> crawlers_or_report(std::string_view command,
                                                              std::string_view selection) {
  std::string error;
  std::optional<std::vector<const Crawler*>> chosen = crawlers_named(selection, error);
  if (!chosen) {
    // The command line's own words for the two mistakes.
    if (error.starts_with("unknown"))
      error += kCatalogueListedBy;
    else
      error = "--crawlers names no crawler";
    report_error(command, error);
  }
  return chosen;
}

nlohmann::json crawler_json(const Crawler& crawler) {
  nlohmann::json tokens = nlohmann::json::array();
  for (const std::string_view token : crawler.tokens) tokens.push_back(token);
  nlohmann::json sources = nlohmann::json::array();
  for (const std::string_view source : crawler.sources) sources.push_back(source);
  return {{"name", crawler.name},
          {"operator", crawler.operator_name},
          {"purpose", to_string(crawler.purpose)},
          {"tokens", tokens},
          {"ignores_global_group", crawler.ignores_global_group},
          {"obeys_robots_txt", crawler.obeys_robots_txt},
          {"user_agent_substring", crawler.user_agent_substring.empty()
                                       ? nlohmann::json()
                                       : nlohmann::json(crawler.user_agent_substring)},
          {"sources", sources},
          {"verified", crawler.verified},
          {"notes", crawler.notes}};
}

}  // namespace robotstxt::cli
