// `robotstxt explain FILE AGENT URL`: the verdict for one URL spelled out step by step:
// the path matched, the groups that apply and why, every matching rule with its
// strength, and the reason the decisive rule wins.
#include <algorithm>
#include <iostream>
#include <memory>
#include <string>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "answer/verdict_reason.h"
#include "base/ascii.h"
#include "cli/agent_options.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "cli/url_encoding.h"
#include "robotstxt/matcher.h"

namespace robotstxt::cli {
namespace {

struct ExplainOptions {
  std::string robots_file;
  std::string url;
  AgentOptions who;
  UrlEncoding encoding;
  bool json = false;
};

std::string group_agents(const Group& group) {
  std::string agents;
  for (const AgentLine& agent : group.agents) {
    agents += (agents.empty() ? "" : ", ") + std::string(agent.value);
  }
  return agents;
}

// A content-usage rule of the groups that apply whose path matches (docs/semantics.md 9.2-9.3).
struct UsageMatch {
  const Directive* directive;
  UsageRule rule;
  std::size_t strength;  // the path's length; 0 without a path
  bool decides;          // one of the decisive lines the library reported
};

std::vector<UsageMatch> usage_matches(const std::vector<Directive>& directives,
                                      const Explanation& explanation,
                                      const std::optional<UsagePreferences>& usage) {
  std::vector<UsageMatch> found;
  for (const Directive& directive : directives) {
    if (directive.group < 0 || !internal::equals_ignoring_case(directive.key, "content-usage")) {
      continue;
    }
    const auto group = static_cast<std::size_t>(directive.group);
    if (std::find(explanation.groups.begin(), explanation.groups.end(), group) ==
        explanation.groups.end()) {
      continue;
    }
    UsageRule rule = read_usage_rule(directive.value);
    if (!rule.pattern.empty() && !pattern_matches(explanation.path, rule.pattern)) continue;
    const bool decides = usage && std::find(usage->lines.begin(), usage->lines.end(),
                                            directive.line) != usage->lines.end();
    const std::size_t strength = rule.pattern.size();
    found.push_back({&directive, std::move(rule), strength, decides});
  }
  return found;
}

// Why the usage preferences are what they are, in the terms of docs/semantics.md 9.3-9.4.
std::string usage_decision(const std::vector<UsageMatch>& matches,
                           const std::optional<UsagePreferences>& usage) {
  if (!usage) return "none: the URL may not be fetched, so it has no preferences (9.4)";
  if (matches.empty()) return "no content-usage rule matches: every category is unknown";
  std::string text = "train-ai=" + std::string(to_string(usage->train_ai)) +
                     ", search=" + std::string(to_string(usage->search)) + ": ";
  return text + (usage->lines.size() > 1
                     ? "the strongest matching rules tie and combine, most restrictive first"
                     : "the longest matching path decides");
}

int run_explain(ExplainOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("explain", true);
  if (!who) return kExitUsage;
  if (!options.who.next_given()) {
    report_error("explain", "URL is required");
    return kExitUsage;
  }
  if (options.url == "-") {
    report_error("explain", "explain takes one URL, not '-' (check reads URLs from stdin)");
    return kExitUsage;
  }
  std::optional<RobotsInput> input =
      read_robots_or_report("explain", options.robots_file, RestOfFile::kSize);
  if (!input) return kExitUsage;
  const ParsedFile file(input->head);
  if (!options.json) note_past_limit("explain", options.robots_file, *input);
  std::string encoded;
  const std::string_view url =
      options.encoding.url_to_check("explain", options.url, options.who.as_written(), encoded);
  const std::vector<Group>& groups = file.groups();
  const Agent agent = who->agent();
  const Explanation explanation = file.robots().explain(url, agent);
  const VerdictReason reason = verdict_reason(explanation);
  const Verdict& verdict = explanation.verdict;
  const std::optional<UsagePreferences> usage = file.robots().usage(url, agent);
  const std::vector<Directive> directives = file.robots().directives();
  const std::vector<UsageMatch> usage_found = usage_matches(directives, explanation, usage);

  if (options.json) {
    nlohmann::json json_groups = nlohmann::json::array();
    for (const std::size_t g : explanation.groups) {
      json_groups.push_back(
          {{"line", groups[g].agents.front().line}, {"agents", group_agents(groups[g])}});
    }
    nlohmann::json matches = nlohmann::json::array();
    for (const RuleMatch& match : explanation.matches) {
      matches.push_back({{"line", match.rule.line},
                         {"kind", to_string(match.rule.kind)},
                         {"rule", match.rule.written},
                         {"pattern", match.rule.pattern},
                         {"strength", match.strength},
                         {"via_index_htm", match.via_index_htm}});
    }
    nlohmann::json json = {{"url", url}, {"path", explanation.path}};
    if (!who->tokens().empty()) json["agents"] = who->tokens();
    json.update(verdict_json(verdict));
    json.update({{"groups", json_groups},
                 {"matches", matches},
                 {"verdict_reason", reason.code},
                 {"verdict_explanation", reason.text}});
    nlohmann::json json_usage = nlohmann::json::array();
    for (const UsageMatch& match : usage_found) {
      const UsagePreferences said = parse_content_usage(match.rule.preferences);
      json_usage.push_back(
          {{"line", match.directive->line},
           {"value", match.directive->value},
           {"path",
            match.rule.pattern.empty() ? nlohmann::json() : nlohmann::json(match.rule.pattern)},
           {"strength", match.strength},
           {"train-ai", to_string(said.train_ai)},
           {"search", to_string(said.search)},
           {"decides", match.decides}});
    }
    json["usage_matches"] = json_usage;
    json["content_usage"] = usage_json(usage);
    json["usage_explanation"] = usage_decision(usage_found, usage);
    add_crawler_json(json, agent);
    add_past_limit_json(json, *input);
    std::cout << to_json_line(json) << "\n";
    return verdict.allowed ? kExitOk : kExitNegative;
  }

  // Text output: the URL's and the file's bytes are escaped (JSON escapes them its own way).
  std::cout << "url       " << printable(url, kShowWhole) << "\n";
  if (url != options.url) {
    std::cout << "          given as " << printable(options.url, kShowWhole)
              << ", which a crawler requests as above\n";
  }
  std::cout << "path      " << printable(explanation.path, kShowWhole) << "\n";
  if (who->crawler() != nullptr) {
    std::cout << "crawler   " << agent_label(*who) << " (" << describe_groups(verdict, *who)
              << ")\n";
  } else {
    std::cout << "agent     " << agent_label(*who) << "\n";
  }
  if (explanation.applied == AppliedGroups::kNone) {
    std::cout << "groups    none: no group applies\n";
  }
  for (std::size_t i = 0; i < explanation.groups.size(); ++i) {
    const Group& group = groups[explanation.groups[i]];
    std::cout << (i == 0 ? "groups    " : "          ") << "line " << group.agents.front().line
              << " (user-agent: " << printable(group_agents(group), kShowWhole) << ")"
              << (explanation.applied == AppliedGroups::kSpecific ? ": names the agent"
                                                                  : ": the * group")
              << "\n";
  }
  if (explanation.applied == AppliedGroups::kSpecific) {
    std::cout << "          the * group is not consulted\n";
  } else if (explanation.applied == AppliedGroups::kGlobal) {
    std::cout << "          no group names the agent, so the * rules apply\n";
  }
  if (explanation.matches.empty()) std::cout << "matches   none\n";
  for (std::size_t i = 0; i < explanation.matches.size(); ++i) {
    const RuleMatch& match = explanation.matches[i];
    std::cout << (i == 0 ? "matches   " : "          ") << "line " << match.rule.line << "  "
              << printable(file.rule_text(match.rule.kind, match.rule.line), kShowWhole)
              << "  strength " << match.strength;
    if (match.via_index_htm) {
      const std::string pattern(match.rule.pattern);
      std::cout << " (as " << printable(pattern.substr(0, pattern.rfind('/') + 1), kShowWhole)
                << "$, the index.htm rewrite)";
    }
    if (match.strength == 0) std::cout << " (strength 0 never decides)";
    std::cout << "\n";
  }
  std::cout << "decision  " << reason.text << "\n"
            << "verdict   " << (verdict.allowed ? "ALLOWED" : "DISALLOWED") << "\n";
  // Files without content-usage rules read as before (docs/semantics.md 9 is opt-in).
  if (usage_found.empty()) return verdict.allowed ? kExitOk : kExitNegative;
  for (std::size_t i = 0; i < usage_found.size(); ++i) {
    const UsageMatch& match = usage_found[i];
    std::cout << (i == 0 ? "usage     " : "          ") << "line " << match.directive->line
              << "  content-usage: " << printable(match.directive->value, kShowWhole)
              << "  strength " << match.strength << (match.decides ? " (decides)" : "") << "\n";
  }
  std::cout << "usage is  " << usage_decision(usage_found, usage) << "\n";
  return verdict.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExplainOptions>();
  CLI::App* command = app.add_subcommand(
      "explain",
      "Explains the verdict for one URL, for AGENT (or --agent LIST, or --crawler NAME):\n"
      "the path matched, the groups that apply and why, every matching rule with its\n"
      "strength, and why the decisive rule wins.\n"
      "Exit 0 allowed, 1 disallowed, 2 usage or I/O error.");
  describe_command(
      *command, "one robots.txt verdict, step by step",
      {"ROBOTS_FILE AGENT URL",
       "(--agent TOKENS | --crawler NAME | --user-agent-string HEADER) ROBOTS_FILE URL"});
  command
      ->add_option("ROBOTS_FILE", options->robots_file,
                   "robots.txt file to read, or a site: URL or host")
      ->required();
  options->who.add_positional(*command);
  CLI::Option* url =
      command->add_option("URL", options->url, "URL to explain, matched as a crawler requests it");
  options->who.shifts_into(url, &options->url);
  options->encoding.add_option(*command, options->who.add_options(*command));
  command->add_flag("--json", options->json, "one JSON object with every step");
  command->callback([options, &exit_code] { exit_code = run_explain(*options); });
}

}  // namespace robotstxt::cli
