// `robotstxt diff OLD NEW`: what a change to a robots.txt changes for crawlers. With
// --urls and --agent, every URL whose verdict flips; without, the rules in effect per
// agent, the groups that apply, and the sitemaps.
#include <algorithm>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <string>

#include "agent_rules.h"
#include "cli_support.h"
#include "commands.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {
namespace {

struct DiffOptions {
  std::string old_file;
  std::string new_file;
  std::string urls_file;
  std::vector<std::string> agents;
  bool json = false;
};

// One side of the comparison: the parsed file and its lines as written.
struct Side {
  RobotsTxt robots;
  std::vector<LineFacts> lines;
  std::vector<Group> groups;

  explicit Side(const std::string& body)
      : robots(RobotsTxt::parse(body)), lines(describe_lines(body)), groups(robots.groups()) {}

  std::string rule_text(RuleKind kind, std::uint32_t line) const {
    return std::string(to_string(kind)) + ": " + std::string(lines[line - 1].value);
  }
  std::string decisive(const Verdict& verdict) const {
    if (!verdict.has_decisive_rule()) return "no rule";
    return "line " + std::to_string(verdict.line) + " " + rule_text(verdict.kind, verdict.line);
  }
};

std::string verdict_word(bool allowed) { return allowed ? "allowed" : "disallowed"; }

int diff_urls(const DiffOptions& options, const Side& before, const Side& after) {
  std::ifstream file(options.urls_file, std::ios::binary);
  if (!file) {
    report_error("diff", "cannot read '" + options.urls_file + "'");
    return kExitUsage;
  }
  std::vector<std::string> urls;
  for (std::string url; std::getline(file, url);) {
    if (!url.empty() && url.back() == '\r') url.pop_back();
    if (!url.empty()) urls.push_back(url);
  }
  std::size_t total = 0;
  nlohmann::json changes = nlohmann::json::array();
  nlohmann::json counts = nlohmann::json::object();
  std::vector<std::pair<std::string, std::size_t>> per_agent;
  for (const std::string& agent_list : options.agents) {
    std::vector<std::string> names = split_agents(agent_list);
    if (names.empty()) names.emplace_back();
    const std::vector<std::string_view> agents = as_views(names);
    std::size_t changed = 0;
    for (const std::string& url : urls) {
      const Verdict old_verdict = before.robots.verdict(url, agents);
      const Verdict new_verdict = after.robots.verdict(url, agents);
      if (old_verdict.allowed == new_verdict.allowed) continue;
      ++changed;
      if (options.json) {
        changes.push_back({{"agent", agent_list},
                           {"url", url},
                           {"before", verdict_word(old_verdict.allowed)},
                           {"after", verdict_word(new_verdict.allowed)},
                           {"before_rule", before.decisive(old_verdict)},
                           {"after_rule", after.decisive(new_verdict)}});
      } else {
        std::cout << agent_list << "  " << url << "  " << verdict_word(old_verdict.allowed)
                  << " -> " << verdict_word(new_verdict.allowed) << "  (was "
                  << before.decisive(old_verdict) << "; now " << after.decisive(new_verdict)
                  << ")\n";
      }
    }
    per_agent.emplace_back(agent_list, changed);
    counts[agent_list] = changed;
    total += changed;
  }
  if (options.json) {
    std::cout << to_json_line({{"urls", urls.size()}, {"changes", changes}, {"counts", counts}})
              << "\n";
  } else {
    std::cout << "changes per agent over " << urls.size() << " URLs:";
    for (const auto& [agent, changed] : per_agent) std::cout << " " << agent << " " << changed;
    std::cout << "\n";
  }
  return total > 0 ? kExitNegative : kExitOk;
}

using RuleKey = std::pair<RuleKind, std::string>;  // kind, normalised pattern

std::map<RuleKey, std::uint32_t> rule_set(const AgentRules& rules) {
  std::map<RuleKey, std::uint32_t> set;  // first line of each distinct rule
  for (const RuleLine& rule : rules.rules)
    set.emplace(RuleKey{rule.kind, std::string(rule.pattern)}, rule.line);
  return set;
}

std::string applied_words(AppliedGroups applied) {
  switch (applied) {
    case AppliedGroups::kSpecific:
      return "a group of its own";
    case AppliedGroups::kGlobal:
      return "the * group";
    case AppliedGroups::kNone:
      break;
  }
  return "no group (everything allowed)";
}

int diff_rules(const DiffOptions& options, const Side& before, const Side& after) {
  std::vector<std::string> agents = named_agents(before.groups);
  for (const std::string& agent : named_agents(after.groups)) {
    if (std::find(agents.begin(), agents.end(), agent) == agents.end()) agents.push_back(agent);
  }
  if (std::find(agents.begin(), agents.end(), "*") == agents.end()) agents.emplace_back("*");

  std::size_t changed_agents = 0;
  nlohmann::json json_agents = nlohmann::json::array();
  for (const std::string& agent : agents) {
    const AgentRules old_rules = rules_for(before.robots, before.groups, {agent});
    const AgentRules new_rules = rules_for(after.robots, after.groups, {agent});
    std::vector<std::string> notes;
    if (agent != "*" && old_rules.applied != new_rules.applied) {
      notes.push_back("now follows " + applied_words(new_rules.applied) + " (was " +
                      applied_words(old_rules.applied) + ")");
    } else if (old_rules.groups.size() != new_rules.groups.size() && !old_rules.groups.empty() &&
               !new_rules.groups.empty()) {
      notes.push_back(
          "named by " + std::to_string(new_rules.groups.size()) + " groups, was " +
          std::to_string(old_rules.groups.size()) +
          (new_rules.groups.size() < old_rules.groups.size() ? " (merged)" : " (split)"));
    }
    const auto old_set = rule_set(old_rules);
    const auto new_set = rule_set(new_rules);
    nlohmann::json added = nlohmann::json::array(), removed = nlohmann::json::array();
    for (const auto& [key, line] : new_set) {
      if (old_set.count(key) == 0) {
        notes.push_back("+ line " + std::to_string(line) + " " + after.rule_text(key.first, line));
        added.push_back({{"line", line}, {"rule", after.rule_text(key.first, line)}});
      }
    }
    for (const auto& [key, line] : old_set) {
      if (new_set.count(key) == 0) {
        notes.push_back("- line " + std::to_string(line) + " " + before.rule_text(key.first, line));
        removed.push_back({{"line", line}, {"rule", before.rule_text(key.first, line)}});
      }
    }
    if (notes.empty()) continue;
    ++changed_agents;
    if (options.json) {
      json_agents.push_back({{"agent", agent},
                             {"before", to_string(old_rules.applied)},
                             {"after", to_string(new_rules.applied)},
                             {"groups_before", old_rules.groups.size()},
                             {"groups_after", new_rules.groups.size()},
                             {"added", added},
                             {"removed", removed}});
    } else {
      std::cout << "agent " << agent << "\n";
      for (const std::string& note : notes) std::cout << "  " << note << "\n";
    }
  }

  const auto old_sitemaps = before.robots.sitemaps();
  const auto new_sitemaps = after.robots.sitemaps();
  nlohmann::json sitemaps_added = nlohmann::json::array(),
                 sitemaps_removed = nlohmann::json::array();
  for (const auto sitemap : new_sitemaps) {
    if (std::find(old_sitemaps.begin(), old_sitemaps.end(), sitemap) == old_sitemaps.end()) {
      sitemaps_added.push_back(sitemap);
    }
  }
  for (const auto sitemap : old_sitemaps) {
    if (std::find(new_sitemaps.begin(), new_sitemaps.end(), sitemap) == new_sitemaps.end()) {
      sitemaps_removed.push_back(sitemap);
    }
  }
  const bool sitemaps_changed = !sitemaps_added.empty() || !sitemaps_removed.empty();
  if (options.json) {
    std::cout << to_json_line({{"agents", json_agents},
                               {"sitemaps_added", sitemaps_added},
                               {"sitemaps_removed", sitemaps_removed}})
              << "\n";
  } else {
    if (sitemaps_changed) std::cout << "sitemaps\n";
    for (const auto& sitemap : sitemaps_added)
      std::cout << "  + " << sitemap.get<std::string>() << "\n";
    for (const auto& sitemap : sitemaps_removed)
      std::cout << "  - " << sitemap.get<std::string>() << "\n";
    std::cout << (changed_agents == 0 && !sitemaps_changed
                      ? "no change in effect\n"
                      : std::to_string(changed_agents) + " of " + std::to_string(agents.size()) +
                            " agents changed" + (sitemaps_changed ? ", sitemaps changed\n" : "\n"));
  }
  return changed_agents > 0 || sitemaps_changed ? kExitNegative : kExitOk;
}

int run_diff(const DiffOptions& options) {
  if (!options.urls_file.empty() && options.agents.empty()) {
    report_error("diff", "--urls needs at least one --agent");
    return kExitUsage;
  }
  if (options.urls_file.empty() && !options.agents.empty()) {
    report_error("diff", "--agent needs --urls (without URLs, diff compares every agent)");
    return kExitUsage;
  }
  const std::optional<std::string> old_body = read_file_or_report("diff", options.old_file);
  if (!old_body) return kExitUsage;
  const std::optional<std::string> new_body = read_file_or_report("diff", options.new_file);
  if (!new_body) return kExitUsage;
  const Side before(*old_body);
  const Side after(*new_body);
  return options.urls_file.empty() ? diff_rules(options, before, after)
                                   : diff_urls(options, before, after);
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* command = app.add_subcommand(
      "diff",
      "What changes for crawlers between two robots.txt files. With --urls and --agent:\n"
      "every URL whose verdict changes, with the deciding rule before and after. Without:\n"
      "rules added and removed per agent, agents gaining or losing a group of their own,\n"
      "groups merged or split, sitemaps. Exit 0 no change, 1 changes, 2 usage or I/O error.");
  command->add_option("OLD", options->old_file, "the robots.txt in force")->required();
  command->add_option("NEW", options->new_file, "the proposed robots.txt")->required();
  command->add_option("--urls", options->urls_file, "file of URLs to check, one per line");
  command->add_option("--agent,-a", options->agents,
                      "agent to check the URLs for (repeatable; a,b for aliases)");
  command->add_flag("--json", options->json, "one JSON object");
  command->callback([options, &exit_code] { exit_code = run_diff(*options); });
}

}  // namespace robotstxt::cli
