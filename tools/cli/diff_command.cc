// `robotstxt diff OLD NEW`: what a change to a robots.txt changes for crawlers. With
// --urls and who asks (--agent LIST, --crawler NAME), every URL whose verdict flips;
// without, the rules in effect per agent, the groups that apply, and the sitemaps. Either
// way, bytes past the first 512,000, which crawlers ignore, are said to be ignored.
#include <algorithm>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_set>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "answer/verdict_change.h"
#include "cli/agent_options.h"
#include "cli/agent_rules.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "cli/url_encoding.h"

namespace robotstxt::cli {
namespace {

struct DiffOptions {
  std::string old_file;
  std::string new_file;
  std::string urls_file;
  AgentOptions who;
  UrlEncoding encoding;
  bool merge = false;
  bool json = false;
};

using Side = ParsedFile;  // one side of the comparison

// What lies past the first 512,000 bytes of each file (docs/semantics.md 1.1): crawlers
// read none of it, so a change there changes nothing, and the reader is told so.
struct PastLimit {
  const RobotsInput& before;
  const RobotsInput& after;

  bool any() const { return before.tail.bytes > 0 || after.tail.bytes > 0; }
  // The files are the same where crawlers read them and differ after it.
  bool changed_only_there() const {
    return before.head == after.head &&
           (before.tail.bytes != after.tail.bytes || before.tail_digest != after.tail_digest);
  }
  // "bytes_past_limit": {"old", "new"} and "changed_only_past_limit", when either has any.
  void add_json(nlohmann::json& json) const {
    if (!any()) return;
    json["bytes_past_limit"] = {{"old", before.tail.bytes}, {"new", after.tail.bytes}};
    json["changed_only_past_limit"] = changed_only_there();
  }
};

constexpr const char* kChangedOnlyPastLimit =
    "OLD and NEW differ only past the first 512,000 bytes, which crawlers ignore";

std::string verdict_word(bool allowed) { return allowed ? "allowed" : "disallowed"; }

// Who the URLs are checked for: each token on its own when several are typed, since
// someone comparing bots wants a row per bot; one merged asker (docs/semantics.md 2.5) with
// --merge, for a crawler whose aliases they are.
std::vector<OwnedAgent> askers(const OwnedAgent& who, bool merge) {
  if (merge || who.crawler() != nullptr || who.tokens().size() < 2) return {who};
  std::vector<OwnedAgent> each;
  each.reserve(who.tokens().size());
  for (const std::string& token : who.tokens()) each.emplace_back(token);
  return each;
}

int diff_urls(DiffOptions& options, const OwnedAgent& who, const Side& before, const Side& after,
              const PastLimit& past_limit) {
  const std::optional<int> fd = open_or_report("diff", options.urls_file);
  if (!fd) return kExitUsage;
  InputLines lines(*fd);
  std::vector<std::string> urls;
  std::string encoded;
  for (std::string url; lines.next(url);) {
    if (!url.empty()) {
      urls.emplace_back(
          options.encoding.url_to_check("diff", url, options.who.as_written(), encoded));
    }
  }
  if (lines.error() != 0) {
    report_unreadable("diff", options.urls_file, lines.error());
    return kExitUsage;
  }
  const std::vector<OwnedAgent> asking = askers(who, options.merge);
  const bool per_token = asking.size() > 1;
  std::vector<std::size_t> flipped(asking.size(), 0);
  std::vector<std::size_t> rule_only(asking.size(), 0);
  nlohmann::json changes = nlohmann::json::array();
  for (const std::string& url : urls) {
    for (std::size_t a = 0; a < asking.size(); ++a) {
      const Agent agent = asking[a].agent();
      const Verdict old_verdict = before.robots().verdict(url, agent);
      const Verdict new_verdict = after.robots().verdict(url, agent);
      if (!verdict_changed(old_verdict, new_verdict)) continue;
      ++(old_verdict.allowed == new_verdict.allowed ? rule_only : flipped)[a];
      // Explained only here: most URLs keep their answer, and the why is for the others.
      const std::string why = verdict_change(before.robots().explain(url, agent), before,
                                             after.robots().explain(url, agent), after,
                                             agent_label(asking[a]), is_merged(asking[a]));
      if (options.json) {
        nlohmann::json change = {{"url", url},
                                 {"before", verdict_json(old_verdict)},
                                 {"after", verdict_json(new_verdict)},
                                 {"change", why}};
        if (per_token) change["agent"] = asking[a].tokens().front();
        changes.push_back(std::move(change));
      } else {
        std::cout << printable(url, kShowWhole) << "  ";
        if (per_token) std::cout << agent_label(asking[a]) << "  ";
        std::cout << verdict_word(old_verdict.allowed) << " -> "
                  << verdict_word(new_verdict.allowed) << "  (was " << decisive_rule(old_verdict)
                  << "; now " << decisive_rule(new_verdict) << ")\n  " << printable(why, kShowWhole)
                  << "\n";
      }
    }
  }
  std::size_t total = 0, total_rule_only = 0;
  for (const std::size_t count : flipped) total += count;
  for (const std::size_t count : rule_only) total_rule_only += count;
  if (options.json) {
    nlohmann::json json = {{"agents", who.tokens()},
                           {"merged", !per_token && who.tokens().size() > 1},
                           {"urls", urls.size()},
                           {"changed", total},
                           {"rule_changed", total_rule_only},
                           {"changes", changes}};
    if (who.crawler() != nullptr) json["crawler"] = who.crawler()->name;
    past_limit.add_json(json);
    std::cout << to_json_line(json) << "\n";
  } else {
    for (std::size_t a = 0; a < asking.size(); ++a) {
      std::cout << flipped[a] << " of " << urls.size() << " URLs change for "
                << agent_label(asking[a])
                << (asking[a].tokens().size() > 1 ? " (merged as one crawler)" : "");
      if (rule_only[a] != 0) {
        std::cout << "; " << rule_only[a]
                  << (rule_only[a] == 1 ? " more keeps its" : " more keep their")
                  << " answer under another rule";
      }
      std::cout << "\n";
    }
    if (past_limit.changed_only_there()) std::cout << kChangedOnlyPastLimit << "\n";
  }
  return total > 0 ? kExitNegative : kExitOk;
}

using RuleKey = std::pair<RuleKind, std::string_view>;  // kind, normalised pattern
using RuleSet = std::map<RuleKey, std::uint32_t>;       // first line of each distinct rule

// The lines a group spans: from its first user-agent line to its last rule or other
// directive.
struct LineRange {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
  auto operator<=>(const LineRange&) const = default;
};

std::vector<LineRange> group_ranges(const Side& side) {
  std::vector<LineRange> ranges;
  ranges.reserve(side.groups().size());
  for (const Group& group : side.groups()) {
    LineRange range{std::numeric_limits<std::uint32_t>::max(), 0};
    if (!group.agents.empty()) {
      range.first = group.agents.front().line;
      range.last = group.agents.back().line;
    }
    if (!group.rules.empty()) {
      range.first = std::min(range.first, group.rules.front().line);
      range.last = std::max(range.last, group.rules.back().line);
    }
    if (range.first > range.last) range.first = range.last;
    ranges.push_back(range);
  }
  for (const Directive& directive : side.robots().directives()) {
    const auto group = static_cast<std::size_t>(directive.group);
    if (directive.group < 0 || group >= ranges.size()) continue;
    LineRange& range = ranges[group];
    range.last = std::max(range.last, directive.line);
  }
  return ranges;
}

// The groups some agents follow in one file, and who they are. Agents named in the same
// groups have the same rules, so each is merged once, not once per agent: a group naming
// 2,000 agents with 2,000 rules would otherwise cost agents x rules.
struct Following {
  AppliedGroups applied = AppliedGroups::kNone;
  std::vector<std::size_t> groups;  // indexes into the file's groups
  std::vector<std::size_t> agents;  // indexes into the agents compared, ascending
  RuleSet rules;
  // Distinct changes of agents moving into (NEW) or out of (OLD) these groups. From two
  // on, their rules are listed once for all of them instead of in each change.
  std::size_t moves = 0;

  bool listed() const { return moves >= 2; }
};

// Every set of groups followed in one file, by the agents that follow it.
class Followings {
 public:
  explicit Followings(const Side& side) : side_(side), ranges_(group_ranges(side)) {}

  Following& of(const GroupSelection& selection, std::size_t agent) {
    const auto [at, inserted] = followings_.try_emplace({selection.applied, selection.groups});
    Following& following = at->second;
    if (inserted) {
      following.applied = selection.applied;
      following.groups = selection.groups;
      for (const RuleLine& rule : merged_rules(side_.groups(), selection))
        following.rules.emplace(RuleKey{rule.kind, rule.pattern}, rule.line);
    }
    following.agents.push_back(agent);
    return following;
  }

  std::vector<LineRange> ranges(const Following& following) const {
    std::vector<LineRange> ranges;
    for (const std::size_t group : following.groups) ranges.push_back(ranges_[group]);
    return ranges;
  }

  // The followings whose rules are listed once, in file order of their first group.
  std::vector<const Following*> listed() const {
    std::vector<const Following*> listed;
    for (const auto& [key, following] : followings_) {
      if (following.listed()) listed.push_back(&following);
    }
    std::sort(listed.begin(), listed.end(),
              [](const Following* a, const Following* b) { return a->groups < b->groups; });
    return listed;
  }

 private:
  const Side& side_;
  std::vector<LineRange> ranges_;  // per group
  std::map<std::pair<AppliedGroups, std::vector<std::size_t>>, Following> followings_;
};

// "the * group", "a group of its own", "a group shared by 3 agents".
std::string following_words(const Following& following) {
  if (following.applied == AppliedGroups::kSpecific && following.agents.size() > 1)
    return "a group shared by " + std::to_string(following.agents.size()) + " agents";
  return applied_words(following.applied);
}

// An agent follows other groups when the kind of group that applies to it changes, or
// when its own groups now name other agents than before and say something else (not
// when a file is only reformatted).
bool moves(const Following& before, const Following& after) {
  if (before.applied != after.applied) return true;
  return before.applied == AppliedGroups::kSpecific && before.agents != after.agents &&
         before.rules != after.rules;
}

// What changes for one agent, without where it is written: agents whose change is the
// same share one entry. When an agent follows other groups and those groups are listed
// once (several changes move into or out of them), the change leaves out their rules:
// 4,000 agents moved from groups of their own to one `*` group of 4,000 rules give that
// group's rules once and each agent's own losses, not agents x rules.
struct AgentChange {
  bool moved = false;
  std::string follows_before;  // following_words(), when moved
  std::string follows_after;
  std::string note;  // "named by 2 groups, was 1 (split)"
  AppliedGroups applied_before = AppliedGroups::kNone;
  AppliedGroups applied_after = AppliedGroups::kNone;
  std::size_t rules_before = 0;  // distinct rules that applied, when moved
  std::size_t rules_after = 0;
  std::size_t groups_before = 0;
  std::size_t groups_after = 0;
  bool listed_before = false;  // the rules of the groups it followed are listed once
  bool listed_after = false;   // the rules of the groups it follows are listed once
  std::vector<RuleKey> added;  // in rule order
  std::vector<RuleKey> removed;

  bool empty() const { return !moved && note.empty() && added.empty() && removed.empty(); }
  auto operator<=>(const AgentChange&) const = default;
};

// One agent's change, the line of each rule added (in `after`) and removed (in `before`)
// for that agent, and the lines of the groups it followed and follows.
struct AgentChangeAt {
  AgentChange change;
  std::vector<std::uint32_t> added_lines;
  std::vector<std::uint32_t> removed_lines;
  std::vector<LineRange> ranges_before;
  std::vector<LineRange> ranges_after;
};

// The rules of `from` that `to` does not have, and their lines in `from`.
void rules_missing(const RuleSet& from, const RuleSet& to, std::vector<RuleKey>& rules,
                   std::vector<std::uint32_t>& lines) {
  for (const auto& [key, line] : from) {
    if (to.count(key) == 0) {
      rules.push_back(key);
      lines.push_back(line);
    }
  }
}

AgentChangeAt change_for(const Following& before, const Following& after,
                         const Followings& old_followings, const Followings& new_followings) {
  AgentChangeAt at;
  AgentChange& change = at.change;
  change.applied_before = before.applied;
  change.applied_after = after.applied;
  change.groups_before = before.groups.size();
  change.groups_after = after.groups.size();
  change.moved = moves(before, after);
  if (change.moved) {
    change.follows_before = following_words(before);
    change.follows_after = following_words(after);
    change.listed_before = before.listed();
    change.listed_after = after.listed();
    change.rules_before = before.rules.size();
    change.rules_after = after.rules.size();
  } else if (before.groups.size() != after.groups.size() && !before.groups.empty() &&
             !after.groups.empty()) {
    change.note = "named by " + std::to_string(after.groups.size()) + " groups, was " +
                  std::to_string(before.groups.size()) +
                  (after.groups.size() < before.groups.size() ? " (merged)" : " (split)");
  }
  if (!change.listed_after) rules_missing(after.rules, before.rules, change.added, at.added_lines);
  if (!change.listed_before)
    rules_missing(before.rules, after.rules, change.removed, at.removed_lines);
  at.ranges_before = old_followings.ranges(before);
  at.ranges_after = new_followings.ranges(after);
  return at;
}

// One entry of the output: a change, every agent it is the change of, each rule's lines
// over those agents (an agent's own group writes the same rule on its own line), and the
// lines of the groups they followed and follow.
struct ChangeEntry {
  const AgentChange* change = nullptr;
  std::vector<std::string_view> agents;
  std::vector<std::set<std::uint32_t>> added_lines;
  std::vector<std::set<std::uint32_t>> removed_lines;
  std::set<LineRange> ranges_before;
  std::set<LineRange> ranges_after;
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

// ", lines 1-4001" or ", lines 1-2, 7-8", or nothing for no group.
std::string ranges_text(const std::set<LineRange>& ranges) {
  if (ranges.empty()) return "";
  const bool one_line = ranges.size() == 1 && ranges.begin()->first == ranges.begin()->last;
  std::string text = one_line ? ", line " : ", lines ";
  bool first = true;
  for (const LineRange& range : ranges) {
    text += (first ? "" : ", ") + std::to_string(range.first);
    if (range.last != range.first) text += "-" + std::to_string(range.last);
    first = false;
  }
  return text;
}

nlohmann::json ranges_json(const std::set<LineRange>& ranges) {
  nlohmann::json json = nlohmann::json::array();
  for (const LineRange& range : ranges) json.push_back({range.first, range.last});
  return json;
}

// The indexes of a change's rules in the order of their first line: a reader checks them
// against the file, not against the order in which rules are compared.
std::vector<std::size_t> in_line_order(const std::vector<std::set<std::uint32_t>>& lines) {
  std::vector<std::size_t> order(lines.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&lines](std::size_t a, std::size_t b) {
    return *lines[a].begin() < *lines[b].begin();
  });
  return order;
}

// "the 1,214 * rules no longer apply to it; 1 rule applies": what a move to other groups
// does, in counts, before the rules themselves (which can be thousands).
std::string move_summary(const AgentChange& change, std::size_t agents) {
  const auto rules = [](std::size_t count, AppliedGroups applied) {
    return with_thousands(count) + (applied == AppliedGroups::kGlobal ? " * rule" : " rule") +
           (count == 1 ? "" : "s");
  };
  const char* to_whom = agents == 1 ? " to it; " : " to them; ";
  std::string summary;
  if (change.rules_before == 0) {
    summary = "no rule applied before; ";
  } else {
    // The `*` rules are everyone's; a group of one's own is "its" (or "their").
    const char* whose = change.applied_before == AppliedGroups::kGlobal ? "the "
                        : agents == 1                                   ? "its "
                                                                        : "their ";
    summary = whose + rules(change.rules_before, change.applied_before) +
              (change.rules_before == 1 ? " no longer applies" : " no longer apply") + to_whom;
  }
  if (change.rules_after == 0) return summary + "no rule applies (everything allowed)";
  return summary + (change.applied_after == AppliedGroups::kGlobal ? "the " : "") +
         rules(change.rules_after, change.applied_after) +
         (change.rules_after == 1 ? " applies" : " apply");
}

nlohmann::json rule_changes_json(const std::vector<RuleKey>& rules,
                                 const std::vector<std::set<std::uint32_t>>& lines,
                                 const Side& side) {
  nlohmann::json changes = nlohmann::json::array();
  for (const std::size_t i : in_line_order(lines)) {
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
       {"lines_before", ranges_json(entry.ranges_before)},
       {"lines_after", ranges_json(entry.ranges_after)},
       {"moved", change.moved},
       {"listed_before", change.listed_before},
       {"listed_after", change.listed_after},
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
  if (change.moved) {
    std::cout << "  now follows " << change.follows_after << ranges_text(entry.ranges_after)
              << " (was " << change.follows_before << ranges_text(entry.ranges_before)
              << "): " << move_summary(change, entry.agents.size()) << "\n";
  }
  if (!change.note.empty()) std::cout << "  " << change.note << "\n";
  for (const std::size_t i : in_line_order(entry.added_lines)) {
    const std::set<std::uint32_t>& lines = entry.added_lines[i];
    std::cout << "  + " << lines_text(lines) << " "
              << printable(after.rule_text(change.added[i].first, *lines.begin()), kShowWhole)
              << "\n";
  }
  for (const std::size_t i : in_line_order(entry.removed_lines)) {
    const std::set<std::uint32_t>& lines = entry.removed_lines[i];
    std::cout << "  - " << lines_text(lines) << " "
              << printable(before.rule_text(change.removed[i].first, *lines.begin()), kShowWhole)
              << "\n";
  }
}

// The rules of `following`, in file order, with their lines.
std::vector<std::pair<std::uint32_t, RuleKind>> rules_in_order(const Following& following) {
  std::vector<std::pair<std::uint32_t, RuleKind>> rules;
  rules.reserve(following.rules.size());
  for (const auto& [key, line] : following.rules) rules.emplace_back(line, key.first);
  std::sort(rules.begin(), rules.end());
  return rules;
}

nlohmann::json listed_groups_json(const char* file, const Followings& followings,
                                  const Side& side) {
  nlohmann::json groups = nlohmann::json::array();
  for (const Following* following : followings.listed()) {
    const std::vector<LineRange> ranges = followings.ranges(*following);
    nlohmann::json rules = nlohmann::json::array();
    for (const auto& [line, kind] : rules_in_order(*following))
      rules.push_back({{"line", line}, {"rule", side.rule_text(kind, line)}});
    groups.push_back({{"file", file},
                      {"applied", to_string(following->applied)},
                      {"agents", following->agents.size()},
                      {"lines", ranges_json({ranges.begin(), ranges.end()})},
                      {"rules", rules}});
  }
  return groups;
}

void print_listed_groups_text(const std::string& heading, const Followings& followings,
                              const Side& side) {
  const std::vector<const Following*> listed = followings.listed();
  if (listed.empty()) return;
  std::cout << heading << "\n";
  for (const Following* following : listed) {
    const std::vector<LineRange> ranges = followings.ranges(*following);
    std::cout << "  " << following_words(*following) << ranges_text({ranges.begin(), ranges.end()})
              << "\n";
    for (const auto& [line, kind] : rules_in_order(*following)) {
      std::cout << "    line " << line << " " << printable(side.rule_text(kind, line), kShowWhole)
                << "\n";
    }
  }
}

// The groups that apply to `agent`; `*` asks for the global groups, as no product token
// can equal it.
GroupSelection selection_for(const Side& side, const std::string& agent) {
  if (agent != "*") return side.robots().select_groups(agent);
  GroupSelection global;
  global.groups = side.robots().global_groups();
  global.applied = global.groups.empty() ? AppliedGroups::kNone : AppliedGroups::kGlobal;
  return global;
}

int diff_rules(const DiffOptions& options, const Side& before, const Side& after,
               const PastLimit& past_limit) {
  std::vector<std::string> agents = named_agents(before.groups());
  {
    std::unordered_set<std::string> known(agents.begin(), agents.end());
    for (std::string& agent : named_agents(after.groups())) {
      if (known.insert(agent).second) agents.push_back(std::move(agent));
    }
    if (known.count("*") == 0) agents.emplace_back("*");
  }

  // First who follows which groups in each file, since whether an agent moves, and
  // whether the groups it moves between are listed once, depend on the other agents.
  Followings old_followings(before), new_followings(after);
  using FollowingPair = std::pair<Following*, Following*>;
  std::vector<FollowingPair> followed(agents.size());
  for (std::size_t a = 0; a < agents.size(); ++a) {
    followed[a] = {&old_followings.of(selection_for(before, agents[a]), a),
                   &new_followings.of(selection_for(after, agents[a]), a)};
  }
  std::map<FollowingPair, std::optional<AgentChangeAt>> changes;  // computed once per pair
  for (const FollowingPair& pair : followed) {
    if (!changes.try_emplace(pair).second || !moves(*pair.first, *pair.second)) continue;
    ++pair.first->moves;
    ++pair.second->moves;
  }

  std::map<AgentChange, std::size_t> entry_of;  // the change -> its index in `entries`
  std::vector<ChangeEntry> entries;
  std::size_t changed_agents = 0;
  for (std::size_t a = 0; a < agents.size(); ++a) {
    std::optional<AgentChangeAt>& change = changes[followed[a]];
    if (!change)
      change = change_for(*followed[a].first, *followed[a].second, old_followings, new_followings);
    if (change->change.empty()) continue;
    const auto [found, inserted] = entry_of.try_emplace(change->change, entries.size());
    if (inserted) {
      entries.emplace_back();
      entries.back().change = &found->first;
    }
    ChangeEntry& entry = entries[found->second];
    entry.agents.push_back(agents[a]);
    add_lines(entry.added_lines, change->added_lines);
    add_lines(entry.removed_lines, change->removed_lines);
    entry.ranges_before.insert(change->ranges_before.begin(), change->ranges_before.end());
    entry.ranges_after.insert(change->ranges_after.begin(), change->ranges_after.end());
    ++changed_agents;
  }
  if (options.json) {
    std::cout << "{\"agents\":[";
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (i != 0) std::cout << ",";
      print_entry_json(entries[i], before, after);
    }
    nlohmann::json groups = listed_groups_json("old", old_followings, before);
    for (nlohmann::json& group : listed_groups_json("new", new_followings, after))
      groups.push_back(std::move(group));
    std::cout << "],\"groups\":" << to_json_line(groups);
  } else {
    for (const ChangeEntry& entry : entries) print_entry_text(entry, before, after);
    print_listed_groups_text("groups of OLD that several agents no longer follow", old_followings,
                             before);
    print_listed_groups_text("groups of NEW that several agents now follow", new_followings, after);
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
    std::cout << ",\"sitemaps_added\":" << to_json_line(sitemaps_added)
              << ",\"sitemaps_removed\":" << to_json_line(sitemaps_removed);
    nlohmann::json limit = nlohmann::json::object();
    past_limit.add_json(limit);
    for (const auto& [key, value] : limit.items())
      std::cout << "," << to_json_line(key) << ":" << to_json_line(value);
    std::cout << "}\n";
  } else {
    if (sitemaps_changed) std::cout << "sitemaps\n";
    for (const auto& sitemap : sitemaps_added)
      std::cout << "  + " << printable(sitemap.get<std::string>(), kShowWhole) << "\n";
    for (const auto& sitemap : sitemaps_removed)
      std::cout << "  - " << printable(sitemap.get<std::string>(), kShowWhole) << "\n";
    const bool unchanged = changed_agents == 0 && !sitemaps_changed;
    if (unchanged && past_limit.changed_only_there()) {
      std::cout << "no change in effect: " << kChangedOnlyPastLimit << "\n";
    } else {
      std::cout << (unchanged ? "no change in effect\n"
                              : std::to_string(changed_agents) + " of " +
                                    std::to_string(agents.size()) + " agents changed" +
                                    (sitemaps_changed ? ", sitemaps changed\n" : "\n"));
    }
  }
  return changed_agents > 0 || sitemaps_changed ? kExitNegative : kExitOk;
}

int run_diff(DiffOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("diff", false);
  if (!who) return kExitUsage;
  if (!options.urls_file.empty() && !who->given()) {
    report_error("diff",
                 "--urls needs who asks: --agent LIST, --crawler NAME or "
                 "--user-agent-string S");
    return kExitUsage;
  }
  if (options.merge && options.urls_file.empty()) {
    report_error("diff", "--merge needs --urls and --agent LIST");
    return kExitUsage;
  }
  if (options.who.as_written() && options.urls_file.empty()) {
    report_error("diff", "--as-written needs --urls (it takes the URLs and tokens as given)");
    return kExitUsage;
  }
  if (options.urls_file.empty() && who->given()) {
    report_error("diff", std::string(who->crawler() != nullptr ? "--crawler" : "--agent") +
                             " needs --urls (without URLs, diff compares every agent)");
    return kExitUsage;
  }
  const int from_stdin =
      (options.old_file == "-") + (options.new_file == "-") + (options.urls_file == "-");
  if (from_stdin > 1) {
    report_error("diff", "only one of OLD, NEW and --urls can be '-': standard input is read once");
    return kExitUsage;
  }
  // Read to their ends (up to a bound): whether they differ past the limit is told too.
  std::optional<RobotsInput> old_input =
      read_robots_or_report("diff", options.old_file, RestOfFile::kCount);
  if (!old_input) return kExitUsage;
  std::optional<RobotsInput> new_input =
      read_robots_or_report("diff", options.new_file, RestOfFile::kCount);
  if (!new_input) return kExitUsage;
  const Side before(old_input->head);
  const Side after(new_input->head);
  const PastLimit past_limit{*old_input, *new_input};
  if (!options.json) {
    note_past_limit("diff", options.old_file, *old_input);
    note_past_limit("diff", options.new_file, *new_input);
  }
  return options.urls_file.empty() ? diff_rules(options, before, after, past_limit)
                                   : diff_urls(options, *who, before, after, past_limit);
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<DiffOptions>();
  CLI::App* command = app.add_subcommand(
      "diff",
      "What changes for crawlers between two robots.txt files. With --urls and --agent LIST\n"
      "(or --crawler NAME, --user-agent-string S):\n"
      "every URL whose answer or deciding rule changes, with the deciding rule before and\n"
      "after and a sentence saying what changed and why, one row per token when several\n"
      "are given (--merge: one row for them as one crawler). Without:\n"
      "rules added and removed per agent in line order, agents gaining or losing a group of\n"
      "their own (first, in counts: how many rules no longer apply, how many do), groups\n"
      "merged or split, sitemaps; the rules of groups that several agents move into or out\n"
      "of are listed once. Exit 0 no change, 1 changes (with --urls: an answer flips), 2 usage\n"
      "or I/O error.");
  describe_command(*command, "what a change to a robots.txt changes",
                   {"OLD NEW", "--urls URL_FILE --agent TOKENS OLD NEW"});
  command
      ->add_option("OLD", options->old_file,
                   "the robots.txt in force (a file, or a site: URL or host)")
      ->required();
  command->add_option("NEW", options->new_file, "the proposed robots.txt")->required();
  command->add_option("--urls", options->urls_file,
                      "file of URLs to check, one per line ('-' for stdin)");
  CLI::Option* as_written = options->who.add_options(*command);
  command->add_flag("--merge", options->merge,
                    "with --urls and several tokens: check them merged as one crawler (a group\n"
                    "naming any of them applies) instead of one row per token");
  options->encoding.add_option(*command, as_written);
  command->add_flag("--json", options->json, "one JSON object");
  command->callback([options, &exit_code] { exit_code = run_diff(*options); });
}

}  // namespace robotstxt::cli
