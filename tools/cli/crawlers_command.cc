// `robotstxt crawlers [--json] [--purpose P]`: the crawler catalogue (docs/semantics.md 8) with
// each crawler's tokens in precedence order, its flags and the pages the facts come from.
#include <iostream>
#include <memory>
#include <string>

#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "robotstxt/crawler_catalogue.h"

namespace robotstxt::cli {
namespace {

struct CrawlersOptions {
  std::string purpose;
  bool json = false;
};

std::string joined(std::span<const std::string_view> items, std::string_view separator) {
  std::string text;
  for (const std::string_view item : items) {
    if (!text.empty()) text += separator;
    text += item;
  }
  return text;
}

// How the crawler picks its group, in the words the audit uses too.
std::string behaviour(const Crawler& crawler) {
  if (!crawler.obeys_robots_txt) return "not subject to robots.txt";
  std::string text = crawler.tokens.size() > 1 ? "tokens in order: " : "token: ";
  text += joined(crawler.tokens, " > ");
  if (crawler.ignores_global_group) text += "; ignores *";
  return text;
}

int run_crawlers(const CrawlersOptions& options) {
  std::optional<CrawlerPurpose> purpose;
  // "ai", both AI purposes, as `audit --crawlers ai` reads it.
  const bool ai = options.purpose == "ai";
  if (!options.purpose.empty() && !ai) {
    purpose = purpose_named(options.purpose);
    if (!purpose) {
      report_error("crawlers", "unknown purpose '" + printable(options.purpose) +
                                   "'; one of search, ads, ai (ai-training and ai-search), "
                                   "ai-training, ai-search, user-triggered, other");
      return kExitUsage;
    }
  }
  nlohmann::json list = nlohmann::json::array();
  for (const Crawler& crawler : crawler_catalogue()) {
    if (purpose && crawler.purpose != *purpose) continue;
    if (ai && !is_ai_crawler(crawler)) continue;
    if (options.json) {
      list.push_back(crawler_json(crawler));
      continue;
    }
    std::cout << crawler.name << "  (" << crawler.operator_name << ", "
              << to_string(crawler.purpose) << ")\n  " << behaviour(crawler) << "\n";
    for (const std::string_view source : crawler.sources)
      std::cout << "  source: " << source << "\n";
    if (!crawler.verified) std::cout << "  not every fact read on the operator's page: see notes\n";
    if (!crawler.notes.empty()) std::cout << "  notes: " << crawler.notes << "\n";
  }
  if (options.json) {
    std::cout << to_json_line({{"updated", crawler_catalogue_updated()}, {"crawlers", list}})
              << "\n";
  } else {
    std::cout << "\nSources read on " << crawler_catalogue_updated()
              << "; notes and more in data/crawlers.json.\n";
  }
  return kExitOk;
}

}  // namespace

void add_crawlers_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CrawlersOptions>();
  CLI::App* command = app.add_subcommand(
      "crawlers",
      "Lists the crawler catalogue: each crawler's product tokens in precedence order,\n"
      "whether * applies to it, whether robots.txt binds it, its operator and purpose, and\n"
      "the pages the facts come from. Exit 0, or 2 on a usage error.");
  describe_command(*command, "the crawler catalogue: tokens, flags and sources", {""});
  command->add_option("--purpose", options->purpose,
                      "only one purpose: search, ads, ai (ai-training and ai-search), "
                      "ai-training, ai-search, user-triggered, other");
  command->add_flag("--json", options->json, "one JSON object: updated, crawlers");
  command->callback([options, &exit_code] { exit_code = run_crawlers(*options); });
}

}  // namespace robotstxt::cli
