// `robotstxt diff OLD NEW`: what a change to a robots.txt changes for crawlers. With
// --urls and --agent LIST, every URL whose verdict flips; without, the rules in effect per
// agent, the groups that apply, and the sitemaps.
#include <algorithm>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>

#include "agent_rules.h"
#include "cli_support.h"
#include "commands.h"
#include "input.h"
#include "parsed_file.h"
#include "render.h"
#include "who_asks.h"

namespace robotstxt::cli {
namespace {

struct DiffOptions {
  std::string old_file;
  std::string new_file;
  std::string urls_file;
  AgentArguments who;
  bool json = false;
};

using Side = ParsedFile;  // one side of the comparison

std::string verdict_word(bool allowed) { return allowed ? "allowed" : "disallowed"; }

int diff_urls(const DiffOptions& options, const WhoAsks& who, const Side& before,
              const Side& after) {
  const std::optional<int> fd = open_or_report("diff", options.urls_file);
  if (!fd) return kExitUsage;
  InputLines lines(*fd);
  std::vector<std::string> urls;
  for (std::string url; lines.next(url);) {
    if (!url.empty()) urls.push_back(url);
  }
  if (lines.error() != 0) {
    report_unreadable("diff", options.urls_file, lines.error());
    return kExitUsage;
  }
  const std::vector<std::string_view> agents = who.agent_views();
  std::size_t changed = 0;
  nlohmann::json changes = nlohmann::json::array();
  for (const std::string& url : urls) {
    const Verdict old_verdict = before.robots().verdict(url, agents);
    const Verdict new_verdict = after.robots().verdict(url, agents);
    if (old_verdict.allowed == new_verdict.allowed) continue;
    ++changed;
    if (options.json) {
      changes.push_back({{"url", url},
                         {"before", verdict_json(old_verdict, before)},
                         {"after", verdict_json(new_verdict, after)}});
    } else {
      std::cout << printable(url, kShowWhole) << "  " << verdict_word(old_verdict.allowed) << " -> "
                << verdict_word(new_verdict.allowed) << "  (was "
                << decisive_rule(old_verdict, before) << "; now "
                << decisive_rule(new_verdict, after) << ")\n";
    }
  }
  if (options.json) {
    std::cout << to_json_line({{"agents", who.agents},
                               {"urls", urls.size()},
                               {"changed", changed},
                               {"changes", changes}})
              << "\n";
  } else {
    std::cout << changed << " of " << urls.size() << " URLs change for " << who.label() << "\n";
  }
  return changed > 0 ? kExitNegative : kExitOk;
}

using RuleKey = std::pair<RuleKind, std::string_view>;  // kind, normalised pattern
using RuleSet = std::map<RuleKey, std::uint32_t>;       // first line of each distinct rule

// Agents named in the same groups have the same rules, so each distinct set of groups is
// merged once, not once per agent: a group naming 2,000 agents with 2,000 rules would
// otherwise cost agents x rules.
class RuleSets {
 public:
  explicit RuleSets(const Side& side) : side_(side) {}

  const RuleSet& of(const GroupSelection& selection) {
    const auto [at, inserted] = sets_.try_emplace(selection.groups);
    if (inserted) {
      for (const RuleLine& rule : merged_rules(side_.groups(), selection))
        at->second.emplace(RuleKey{rule.kind, rule.pattern}, rule.line);
    }
    return at->second;
  }

 private:
  const Side& side_;
  std::map<std::vector<std::size_t>, RuleSet> sets_;
};

// What changes for one agent, without where it is written: agents whose change is the
// same share one entry, so 4,000 agents moved from groups of their own to one `*` group
// of 4,000 rules give one entry of 4,000 rules, not 4,000 of them (agents x rules).
struct AgentChange {
  std::vector<std::string> notes;  // "now follows ...", "named by 2 groups, was 1 (split)"
  AppliedGroups applied_before = AppliedGroups::kNone;
  AppliedGroups applied_after = AppliedGroups::kNone;
  std::size_t groups_before = 0;
  std::size_t groups_after = 0;
  std::vector<RuleKey> added;  // in rule order
  std::vector<RuleKey> removed;

  bool empty() const { return notes.empty() && added.empty() && removed.empty(); }
  auto operator<=>(const AgentChange&) const = default;
};

// One agent's change, and the line of each rule added (in `after`) and removed (in
// `before`) for that agent.
struct AgentChangeAt {
  AgentChange change;
  std::vector<std::uint32_t> added_lines;
  std::vector<std::uint32_t> removed_lines;
};

AgentChangeAt change_for(bool is_star, const GroupSelection& old_rules,
                         const GroupSelection& new_rules, const RuleSet& old_set,
                         const RuleSet& new_set) {
  AgentChangeAt at;
  AgentChange& change = at.change;
  change.applied_before = old_rules.applied;
  change.applied_after = new_rules.applied;
  change.groups_before = old_rules.groups.size();
  change.groups_after = new_rules.groups.size();
  if (!is_star && old_rules.applied != new_rules.applied) {
    change.notes.push_back("now follows " + applied_words(new_rules.applied) + " (was " +
                           applied_words(old_rules.applied) + ")");
  } else if (old_rules.groups.size() != new_rules.groups.size() && !old_rules.groups.empty() &&
             !new_rules.groups.empty()) {
    change.notes.push_back(
        "named by " + std::to_string(new_rules.groups.size()) + " groups, was " +
        std::to_string(old_rules.groups.size()) +
        (new_rules.groups.size() < old_rules.groups.size() ? " (merged)" : " (split)"));
  }
  for (const auto& [key, line] : new_set) {
    if (old_set.count(key) == 0) {
      change.added.push_back(key);
      at.added_lines.push_back(line);
    }
  }
  for (const auto& [key, line] : old_set) {
    if (new_set.count(key) == 0) {
      change.removed.push_back(key);
      at.removed_lines.push_back(line);
    }
  }
  return at;
}

// One entry of the output: a change, every agent it is the change of, and each rule's
// lines over those agents (an agent's own group writes the same rule on its own line).
struct ChangeEntry {
  const AgentChange* change = nullptr;
  std::vector<std::string_view> agents;
  std::vector<std::set<std::uint32_t>> added_lines;
  std::vector<std::set<std::uint32_t>> removed_lines;
};

void add_lines(std::vector<std::set<std::uint32_t>>& lines,
               const std::vector<std::uint32_t>& agent_lines) {
  lines.resize(agent_lines.size());
  for (std::size_t i = 0; i < agent_lines.size(); ++i) lines[i].insert(agent_lines[i]);
}

// "line 3" or "lines 2, 4, 6".
std::string lines_text(const std::set<std::uint32_t>& lines) {
  std::string text = lines.size() == 1 ? "line " : "lines ";
  bool first = true;
  for (const std::uint32_t line : lines) {
    text += (first ? "" : ", ") + std::to_string(line);
    first = false;
  }
  return text;
}

nlohmann::json rule_changes_json(const std::vector<RuleKey>& rules,
                                 const std::vector<std::set<std::uint32_t>>& lines,
                                 const Side& side) {
  nlohmann::json changes = nlohmann::json::array();
  for (std::size_t i = 0; i < rules.size(); ++i) {
    changes.push_back(
        {{"lines", lines[i]}, {"rule", side.rule_text(rules[i].first, *lines[i].begin())}});
  }
  return changes;
}

void print_entry_json(const ChangeEntry& entry, const Side& before, const Side& after) {
  const AgentChange& change = *entry.change;
  std::cout << to_json_line(
      {{"agents", entry.agents},
       {"applied_before", to_string(change.applied_before)},
       {"applied_after", to_string(change.applied_after)},
       {"groups_before", change.groups_before},
       {"groups_after", change.groups_after},
       {"added", rule_changes_json(change.added, entry.added_lines, after)},
       {"removed", rule_changes_json(change.removed, entry.removed_lines, before)}});
}

void print_entry_text(const ChangeEntry& entry, const Side& before, const Side& after) {
  const AgentChange& change = *entry.change;
  std::cout << (entry.agents.size() == 1 ? "agent " : "agents ");
  for (std::size_t i = 0; i < entry.agents.size(); ++i) {
    std::cout << (i == 0 ? "" : ", ") << printable(entry.agents[i], kShowWhole);
  }
  std::cout << "\n";
  for (const std::string& note : change.notes) std::cout << "  " << note << "\n";
  for (std::size_t i = 0; i < change.added.size(); ++i) {
    const std::set<std::uint32_t>& lines = entry.added_lines[i];
    std::cout << "  + " << lines_text(lines) << " "
              << printable(after.rule_text(change.added[i].first, *lines.begin()), kShowWhole)
              << "\n";
  }
  for (std::size_t i = 0; i < change.removed.size(); ++i) {
    const std::set<std::uint32_t>& lines = entry.removed_lines[i];
    std::cout << "  - " << lines_text(lines) << " "
              << printable(before.rule_text(change.removed[i].first, *lines.begin()), kShowWhole)
              << "\n";
  }
}

// The groups that apply to `agent`; `*` asks for the global groups, as no product token
// can equal it.
GroupSelection selection_for(const Side& side, const std::string& agent) {
  if (agent != "*") return side.robots().select_groups(agent);
  GroupSelection global{AppliedGroups::kGlobal, side.robots().global_groups()};
  if (global.groups.empty()) global.applied = AppliedGroups::kNone;
  return global;
}

int diff_rules(const DiffOptions& options, const Side& before, const Side& after) {
  std::vector<std::string> agents = named_agents(before.groups());
  {
    std::unordered_set<std::string> known(agents.begin(), agents.end());
    for (std::string& agent : named_agents(after.groups())) {
      if (known.insert(agent).second) agents.push_back(std::move(agent));
    }
    if (known.count("*") == 0) agents.emplace_back("*");
  }

  RuleSets old_sets(before), new_sets(after);
  // Neighbouring agents are usually named in the same groups: keep the last change.
  std::optional<std::pair<std::vector<std::size_t>, std::vector<std::size_t>>> last_key;
  AgentChangeAt last_change;
  std::map<AgentChange, std::size_t> entry_of;  // the change -> its index in `entries`
  std::vector<ChangeEntry> entries;
  std::size_t changed_agents = 0;
  for (const std::string& agent : agents) {
    const bool is_star = agent == "*";
    const GroupSelection old_rules = selection_for(before, agent);
    const GroupSelection new_rules = selection_for(after, agent);
    auto key = std::make_pair(old_rules.groups, new_rules.groups);
    if (is_star || !last_key || *last_key != key) {
      last_change =
          change_for(is_star, old_rules, new_rules, old_sets.of(old_rules), new_sets.of(new_rules));
      last_key = is_star ? std::nullopt : std::make_optional(std::move(key));
    }
    if (last_change.change.empty()) continue;
    const auto [found, inserted] = entry_of.try_emplace(last_change.change, entries.size());
    if (inserted) {
      entries.emplace_back();
      entries.back().change = &found->first;
    }
    ChangeEntry& entry = entries[found->second];
    entry.agents.push_back(agent);
    add_lines(entry.added_lines, last_change.added_lines);
    add_lines(entry.removed_lines, last_change.removed_lines);
    ++changed_agents;
  }
  if (options.json) {
    std::cout << "{\"agents\":[";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (i != 0) std::cout << ",";
      print_entry_json(entries[i], before, after);
    }
  } else {
    for (const ChangeEntry& entry : entries) print_entry_text(entry, before, after);
  }

  const auto old_sitemaps = before.robots().sitemaps();
  const auto new_sitemaps = after.robots().sitemaps();
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
    std::cout << "],\"sitemaps_added\":" << to_json_line(sitemaps_added)
              << ",\"sitemaps_removed\":" << to_json_line(sitemaps_removed) << "}\n";
  } else {
    if (sitemaps_changed) std::cout << "sitemaps\n";
    for (const auto& sitemap : sitemaps_added)
      std::cout << "  + " << printable(sitemap.get<std::string>(), kShowWhole) << "\n";
    for (const auto& sitemap : sitemaps_removed)
      std::cout << "  - " << printable(sitemap.get<std::string>(), kShowWhole) << "\n";
    std::cout << (changed_agents == 0 && !sitemaps_changed
                      ? "no change in effect\n"
                      : std::to_string(changed_agents) + " of " + std::to_string(agents.size()) +
                            " agents changed" + (sitemaps_changed ? ", sitemaps changed\n" : "\n"));
  }
  return changed_agents > 0 || sitemaps_changed ? kExitNegative : kExitOk;
}

int run_diff(const DiffOptions& options) {
  const std::optional<WhoAsks> who = options.who.resolve("diff", false);
  if (!who) return kExitUsage;
  if (!options.urls_file.empty() && !who->given()) {
    report_error("diff", "--urls needs --agent LIST");
    return kExitUsage;
  }
  if (options.urls_file.empty() && who->given()) {
    report_error("diff", "--agent needs --urls (without URLs, diff compares every agent)");
    return kExitUsage;
  }
  const int from_stdin =
      (options.old_file == "-") + (options.new_file == "-") + (options.urls_file == "-");
  if (from_stdin > 1) {
    report_error("diff", "only one of OLD, NEW and --urls can be '-': standard input is read once");
    return kExitUsage;
  }
  std::optional<RobotsInput> old_input = read_robots_or_report("diff", options.old_file);
  if (!old_input) return kExitUsage;
  std::optional<RobotsInput> new_input = read_robots_or_report("diff", options.new_file);
  if (!new_input) return kExitUsage;
  const Side before(std::move(old_input->head));
  const Side after(std::move(new_input->head));
  return options.urls_file.empty() ? diff_rules(options, before, after)
                                   : diff_urls(options, *who, before, after);
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* command = app.add_subcommand(
      "diff",
      "What changes for crawlers between two robots.txt files. With --urls and --agent LIST:\n"
      "every URL whose verdict changes, with the deciding rule before and after. Without:\n"
      "rules added and removed per agent, agents gaining or losing a group of their own,\n"
      "groups merged or split, sitemaps. Exit 0 no change, 1 changes, 2 usage or I/O error.");
  command->add_option("OLD", options->old_file, "the robots.txt in force")->required();
  command->add_option("NEW", options->new_file, "the proposed robots.txt")->required();
  command->add_option("--urls", options->urls_file,
                      "file of URLs to check, one per line ('-' for stdin)");
  options->who.add_options(*command, false);
  command->add_flag("--json", options->json, "one JSON object");
  command->callback([options, &exit_code] { exit_code = run_diff(*options); });
}

}  // namespace robotstxt::cli
