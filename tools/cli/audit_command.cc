// `robotstxt audit FILE [URL...] [--urls FILE] [--crawlers all|search|ai|google|NAME,...]`:
// which crawlers, search and AI, may fetch these URLs, each following its own precedence
// (docs/semantics.md 8), and how each one chose its group. --agent, --crawler and
// --user-agent-string ask for one more row, or for that row alone.
#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "cli/agent_options.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "cli/url_encoding.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {
namespace {

struct AuditOptions {
  std::string file;
  std::vector<std::string> urls;
  std::string urls_file;
  std::string crawlers = "all";
  CLI::Option* crawlers_option = nullptr;
  AgentOptions who;
  UrlEncoding encoding;
  bool json = false;
};

// How a crawler, or product tokens, chose their group, in a few words.
std::string group_wording(const GroupSelection& selection) {
  if (!selection.crawler_rule) {
    switch (selection.applied) {
      case AppliedGroups::kSpecific:
        return "own group";
      case AppliedGroups::kGlobal:
        return "uses *";
      case AppliedGroups::kNone:
        break;
    }
    return "no group";
  }
  const std::string token(selection.crawler_token);
  switch (selection.crawler_rule.value_or(CrawlerRule::kNoGroups)) {
    case CrawlerRule::kOwnToken:
      return "own group (" + token + ")";
    case CrawlerRule::kFallbackToken:
      return "falls back to " + token;
    case CrawlerRule::kGlobal:
      return "uses *";
    case CrawlerRule::kGlobalIgnored:
      return "ignores *";
    case CrawlerRule::kNotSubject:
      return "not subject";
    case CrawlerRule::kNoGroups:
      break;
  }
  return "no group";
}

// "allowed L5", then the known usage preferences and their lines: "train-ai=n L4".
std::string cell(const Verdict& verdict, const std::optional<UsagePreferences>& usage) {
  std::string text = verdict.allowed ? "allowed" : "disallowed";
  if (verdict.has_decisive_rule()) text += " L" + std::to_string(verdict.line);
  const std::string preferences = usage_compact(usage);
  if (preferences.empty()) return text;
  text += ", " + preferences;
  for (const std::uint32_t line : usage->lines) text += " L" + std::to_string(line);
  return text;
}

std::string padded(std::string text, std::size_t width) {
  text.resize(std::max(width, text.size()), ' ');
  return text;
}

bool read_url_list(const std::string& path, std::vector<std::string>& urls) {
  const std::optional<int> fd = open_or_report("audit", path);
  if (!fd) return false;
  InputLines lines(*fd);
  std::string line;
  while (lines.next(line)) {
    if (!line.empty()) urls.push_back(line);
  }
  if (lines.error() != 0) {
    report_unreadable("audit", path, lines.error());
    return false;
  }
  return true;
}

// The rows of the audit: the crawlers of --crawlers (all by default), and whoever
// --agent, --crawler or --user-agent-string names, alone unless --crawlers was given too.
std::optional<std::vector<OwnedAgent>> askers_or_report(const AuditOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("audit", false);
  if (!who) return std::nullopt;
  std::vector<OwnedAgent> askers;
  if (!who->given() || options.crawlers_option->count() > 0) {
    const auto crawlers = crawlers_or_report("audit", options.crawlers);
    if (!crawlers) return std::nullopt;
    for (const Crawler* crawler : *crawlers) askers.emplace_back(*crawler);
  }
  const bool listed = std::any_of(askers.begin(), askers.end(), [&who](const OwnedAgent& row) {
    return who->crawler() != nullptr && row.crawler() == who->crawler();
  });
  if (who->given() && !listed) askers.push_back(*who);
  return askers;
}

// A row's name: the crawler's, or the tokens asked for.
std::string row_name(const OwnedAgent& who) {
  return agent_label(who) + (is_merged(who) ? " (merged)" : "");
}

int run_audit(AuditOptions& options) {
  const std::optional<std::vector<OwnedAgent>> askers = askers_or_report(options);
  if (!askers) return kExitUsage;
  if (!options.urls_file.empty() && !read_url_list(options.urls_file, options.urls)) {
    return kExitUsage;
  }
  for (std::string& url : options.urls) {
    std::string encoded;
    url =
        std::string(options.encoding.url_to_check("audit", url, options.who.as_written(), encoded));
  }
  if (options.urls.empty()) options.urls.emplace_back("/");  // the site root
  std::optional<RobotsInput> input =
      read_robots_or_report("audit", options.file, RestOfFile::kSize);
  if (!input) return kExitUsage;
  const ParsedFile file(input->head);
  const RobotsTxt& robots = file.robots();
  const std::vector<Group>& groups = file.groups();

  if (options.json) {
    nlohmann::json rows = nlohmann::json::array();
    for (const OwnedAgent& who : *askers) {
      const Agent agent = who.agent();
      const GroupSelection selection = robots.select_groups(agent);
      nlohmann::json group_lines = nlohmann::json::array();
      for (const std::size_t g : selection.groups) {
        group_lines.push_back(groups[g].agents.front().line);
      }
      nlohmann::json results = nlohmann::json::array();
      for (const std::string& url : options.urls) {
        const Verdict verdict = robots.verdict(url, agent);
        nlohmann::json result = {{"url", url}};
        result.update(verdict_json(verdict));
        result["content_usage"] = usage_json(robots.usage(url, agent));
        results.push_back(std::move(result));
      }
      nlohmann::json row;
      if (const Crawler* crawler = who.crawler()) {
        row = {
            {"crawler", crawler->name},
            {"operator", crawler->operator_name},
            {"purpose", to_string(crawler->purpose)},
            {"crawler_rule", to_string(selection.crawler_rule.value_or(CrawlerRule::kNoGroups))}};
      } else {
        row = {{"agents", who.tokens()}, {"crawler_rule", nullptr}};
      }
      row["crawler_token"] = selection.crawler_token.empty()
                                 ? nlohmann::json()
                                 : nlohmann::json(selection.crawler_token);
      row["groups"] = group_lines;
      row["results"] = results;
      rows.push_back(std::move(row));
    }
    nlohmann::json json = {{"file", options.file}, {"urls", options.urls}, {"crawlers", rows}};
    add_past_limit_json(json, *input);
    std::cout << to_json_line(json) << "\n";
    return kExitOk;
  }
  note_past_limit("audit", options.file, *input);

  // A table: one row per crawler, one column per URL; decisive lines listed below it.
  std::vector<std::vector<std::string>> table;
  table.push_back({"crawler", "group"});
  for (const std::string& url : options.urls) table.front().push_back(printable(url, 60));
  std::map<std::uint32_t, std::string> decisive;
  for (const OwnedAgent& who : *askers) {
    const Agent agent = who.agent();
    std::vector<std::string> row = {row_name(who), group_wording(robots.select_groups(agent))};
    for (const std::string& url : options.urls) {
      const Verdict verdict = robots.verdict(url, agent);
      if (verdict.has_decisive_rule()) {
        decisive.emplace(verdict.line, file.rule_text(verdict.kind, verdict.line));
      }
      const std::optional<UsagePreferences> usage = robots.usage(url, agent);
      if (!usage_compact(usage).empty()) {
        for (const std::uint32_t line : usage->lines) {
          decisive.emplace(line, usage_rule_text(line, file));
        }
      }
      row.push_back(cell(verdict, usage));
    }
    table.push_back(std::move(row));
  }
  std::vector<std::size_t> widths(table.front().size(), 0);
  for (const auto& row : table) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : table) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += c + 1 < row.size() ? padded(row[c], widths[c] + 2) : row[c];
    }
    std::cout << line << "\n";
  }
  if (!decisive.empty()) std::cout << "\n";
  for (const auto& [line, rule] : decisive) {
    std::cout << "L" << line << "  " << printable(rule, 120) << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_audit_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<AuditOptions>();
  CLI::App* command = app.add_subcommand(
      "audit",
      "Which crawlers may fetch these URLs: a table of crawlers x URLs (default: the site\n"
      "root), each cell allowed or disallowed with its decisive line (then the AI usage\n"
      "preferences that are known, e.g. train-ai=n L4), and how each crawler\n"
      "chose its group: its own, another token's (fallback), *, or none (* ignored, or not\n"
      "subject to robots.txt). --agent LIST, --crawler NAME or --user-agent-string S asks\n"
      "for that row alone (with --crawlers: as one more row). Exit 0, or 2 on usage or I/O\n"
      "errors.");
  describe_command(*command, "every catalogued crawler against a robots.txt and URLs",
                   {"FILE [URL...]", "--urls URL_FILE FILE"});
  command
      ->add_option("FILE", options->file, "robots.txt file ('-' for stdin), or a site: URL or host")
      ->required();
  command->add_option("URL", options->urls, "URLs or paths to check (default: /)");
  command->add_option("--urls", options->urls_file, "file of URLs, one per line ('-' for stdin)");
  options->crawlers_option =
      command->add_option("--crawlers", options->crawlers,
                          "all (default), search, ai, google, or crawler names, comma-separated");
  options->encoding.add_option(*command, options->who.add_options(*command));
  command->add_flag("--json", options->json,
                    "one JSON object: file, urls, crawlers (each with crawler_rule, token, "
                    "groups and results)");
  command->callback([options, &exit_code] {
    if (options->file == "-" && options->urls_file == "-") {
      report_error("audit", "FILE and --urls cannot both be standard input");
      exit_code = kExitUsage;
      return;
    }
    exit_code = run_audit(*options);
  });
}

}  // namespace robotstxt::cli
