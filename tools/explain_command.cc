// `robotstxt explain FILE AGENT URL`: the verdict for one URL spelled out step by step:
// the path matched, the groups that apply and why, every matching rule with its
// strength, and the reason the decisive rule wins.
#include <iostream>
#include <memory>
#include <string>

#include "cli_support.h"
#include "commands.h"
#include "input.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::cli {
namespace {

struct ExplainOptions {
  std::string robots_file;
  std::string agents;
  std::string url;
  bool json = false;
};

// Why the verdict is what it is, in the terms of SEMANTICS 3 and 5.
struct Reason {
  std::string code;  // no-group, no-match, strength-zero, longest-match, tie-allow
  std::string text;
};

Reason reason_for(const Explanation& explanation) {
  const Verdict& verdict = explanation.verdict;
  if (explanation.applied == AppliedGroups::kNone) {
    return {"no-group", "no group names the agent and there is no * group: everything is allowed"};
  }
  std::uint32_t allow = 0, disallow = 0;
  for (const RuleMatch& match : explanation.matches) {
    std::uint32_t& best = match.rule.kind == RuleKind::kAllow ? allow : disallow;
    best = std::max(best, match.strength);
  }
  if (explanation.matches.empty()) return {"no-match", "no rule matches the path: allowed"};
  if (!verdict.has_decisive_rule()) {
    return {"strength-zero", "only empty rules match, and strength 0 never decides: allowed"};
  }
  const std::string rule = (verdict.allowed ? "the allow at line " : "the disallow at line ") +
                           std::to_string(verdict.line);
  const auto strength_of = [&verdict](std::uint32_t strength) {
    return " (strength " + std::to_string(strength) +
           (verdict.via_index_htm ? ", through its index.htm rewrite)" : ")");
  };
  const auto strongest = [](std::string_view kind, std::uint32_t strength) {
    return strength == 0
               ? "any " + std::string(kind) + " (none matches)"
               : "the strongest " + std::string(kind) + " (" + std::to_string(strength) + ")";
  };
  if (!verdict.allowed) {
    return {"longest-match", "longest match: " + rule + strength_of(disallow) +
                                 " is stronger than " + strongest("allow", allow)};
  }
  if (allow == disallow) {
    return {"tie-allow", rule + strength_of(allow) +
                             " and the strongest disallow are equally strong: a tie goes to allow"};
  }
  return {"longest-match", "longest match: " + rule + strength_of(allow) + " is stronger than " +
                               strongest("disallow", disallow)};
}

std::string group_agents(const Group& group) {
  std::string agents;
  for (const AgentLine& agent : group.agents) {
    agents += (agents.empty() ? "" : ", ") + std::string(agent.value);
  }
  return agents;
}

std::string written(const std::vector<LineFacts>& lines, std::uint32_t line) {
  return line >= 1 && line <= lines.size() ? std::string(lines[line - 1].value) : "";
}

int run_explain(const ExplainOptions& options) {
  if (options.url == "-") {
    report_error("explain", "explain takes one URL, not '-' (check reads URLs from stdin)");
    return kExitUsage;
  }
  std::vector<std::string> agent_names = split_agents(options.agents);
  if (agent_names.empty()) agent_names.emplace_back();  // as in `check`
  const std::optional<RobotsInput> input = read_robots_or_report("explain", options.robots_file);
  if (!input) return kExitUsage;
  const std::string* const body = &input->head;
  const RobotsTxt robots = RobotsTxt::parse(*body);
  const std::vector<LineFacts> lines = describe_lines(*body);
  const std::vector<Group> groups = robots.groups();
  const std::vector<std::string_view> agents = as_views(agent_names);
  const Explanation explanation = robots.explain(options.url, agents);
  const Reason reason = reason_for(explanation);
  const Verdict& verdict = explanation.verdict;

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
                         {"rule", written(lines, match.rule.line)},
                         {"strength", match.strength},
                         {"via_index_htm", match.via_index_htm}});
    }
    const nlohmann::json json = {
        {"url", options.url},
        {"path", explanation.path},
        {"agents", agent_names},
        {"applied", to_string(explanation.applied)},
        {"groups", json_groups},
        {"matches", matches},
        {"reason", reason.code},
        {"explanation", reason.text},
        {"allowed", verdict.allowed},
        {"line", verdict.has_decisive_rule() ? nlohmann::json(verdict.line) : nlohmann::json()}};
    std::cout << to_json_line(json) << "\n";
    return verdict.allowed ? kExitOk : kExitNegative;
  }

  std::cout << "url       " << options.url << "\n"
            << "path      " << explanation.path << "\n"
            << "agent     " << options.agents << "\n";
  if (explanation.applied == AppliedGroups::kNone) {
    std::cout << "groups    none: no group names the agent and there is no * group\n";
  }
  for (std::size_t i = 0; i < explanation.groups.size(); ++i) {
    const Group& group = groups[explanation.groups[i]];
    std::cout << (i == 0 ? "groups    " : "          ") << "line " << group.agents.front().line
              << " (user-agent: " << group_agents(group) << ")"
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
              << to_string(match.rule.kind) << ": " << written(lines, match.rule.line)
              << "  strength " << match.strength;
    if (match.via_index_htm) {
      const std::string pattern(match.rule.pattern);
      std::cout << " (as " << pattern.substr(0, pattern.rfind('/') + 1)
                << "$, the index.htm rewrite)";
    }
    if (match.strength == 0) std::cout << " (strength 0 never decides)";
    std::cout << "\n";
  }
  std::cout << "decision  " << reason.text << "\n"
            << "verdict   " << (verdict.allowed ? "ALLOWED" : "DISALLOWED") << "\n";
  return verdict.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ExplainOptions>();
  CLI::App* command = app.add_subcommand(
      "explain",
      "Explains the verdict for one URL: the path matched, the groups that apply and why,\n"
      "every matching rule with its strength, and why the decisive rule wins.\n"
      "Exit 0 allowed, 1 disallowed, 2 usage or I/O error.");
  command->add_option("ROBOTS_FILE", options->robots_file, "robots.txt file to read")->required();
  command->add_option("AGENT", options->agents, "product token, or a comma-separated list")
      ->required();
  command->add_option("URL", options->url, "URL to explain, percent-encoded")->required();
  command->add_flag("--json", options->json, "one JSON object with every step");
  command->callback([options, &exit_code] { exit_code = run_explain(*options); });
}

}  // namespace robotstxt::cli
