#include "crawler_choice.h"

#include <algorithm>
#include <string>

#include "ascii.h"
#include "cli_support.h"

namespace robotstxt::cli {
namespace {

bool in_group(const Crawler& crawler, std::string_view group) {
  if (group == "all") return true;
  if (group == "search") return crawler.purpose == CrawlerPurpose::kSearch;
  if (group == "ai") {
    return crawler.purpose == CrawlerPurpose::kAiTraining ||
           crawler.purpose == CrawlerPurpose::kAiSearch;
  }
  return internal::equals_ignoring_case(crawler.operator_name, "Google");  // "google"
}

}  // namespace

const Crawler* crawler_or_report(std::string_view command, std::string_view name) {
  if (const Crawler* crawler = find_crawler(name)) return crawler;
  std::string suggestions;
  for (const std::string_view close : closest_crawler_names(name)) {
    suggestions += (suggestions.empty() ? "" : ", ") + std::string(close);
  }
  report_error(command, "unknown crawler '" + printable(name) + "'; did you mean " + suggestions +
                            "? ('robotstxt crawlers' lists them all)");
  return nullptr;
}

std::optional<std::vector<const Crawler*>> crawlers_or_report(std::string_view command,
                                                              std::string_view selection) {
  std::vector<const Crawler*> chosen;
  for (const std::string& item : split_agents(selection)) {
    std::string lowered = item;
    for (char& c : lowered) c = internal::to_ascii_lower(c);
    std::vector<const Crawler*> matched;
    if (lowered == "all" || lowered == "search" || lowered == "ai" || lowered == "google") {
      for (const Crawler& crawler : crawler_catalogue()) {
        if (in_group(crawler, lowered)) matched.push_back(&crawler);
      }
    } else if (const Crawler* crawler = crawler_or_report(command, item)) {
      matched.push_back(crawler);
    } else {
      return std::nullopt;
    }
    for (const Crawler* crawler : matched) {
      if (std::find(chosen.begin(), chosen.end(), crawler) == chosen.end()) {
        chosen.push_back(crawler);
      }
    }
  }
  if (chosen.empty()) {
    report_error(command, "--crawlers names no crawler");
    return std::nullopt;
  }
  // Catalogue order, whatever order they were asked in.
  std::sort(chosen.begin(), chosen.end());
  return chosen;
}

}  // namespace robotstxt::cli
