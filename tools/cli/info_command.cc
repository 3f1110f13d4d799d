// `robotstxt info FILE [--agent LIST | --crawler NAME]`: what the file says, as crawlers
// group it: groups with their agents and rules, sitemaps, other directives; and for one
// agent or crawler, the groups that apply and its crawl-delay and request-rate as numbers.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/not_robots_txt.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "base/ascii.h"
#include "cli/agent_options.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/lint.h"

namespace robotstxt::cli {
namespace {

struct InfoOptions {
  std::string file;
  AgentOptions who;
  bool json = false;
  bool all = false;
};

// Text output shows at most this much of an unknown directive's key and value: an HTML or
// minified line can be kilobytes, and printable() says how much more there was.
constexpr std::size_t kShownDirectiveBytes = 100;

std::string format_number(double value) {
  std::ostringstream out;
  out << value;  // shortest of 6 significant digits: 5, 0.5, 0.166667
  return out.str();
}

std::string agent_line_label(const AgentLine& agent) {
  // Text output: the file's bytes are escaped (JSON escapes them its own way).
  std::string label = "user-agent: " + printable(agent.value, kShowWhole);
  if (!agent.global && agent.token != agent.value) {
    label += agent.token.empty() ? " (no product token: matches no crawler)"
                                 : " (token " + printable(agent.token, kShowWhole) + ")";
  }
  return label;
}

// The content-usage lines of group `g` (docs/semantics.md 9.1), in file order.
std::vector<Directive> usage_lines(const std::vector<Directive>& directives, std::size_t g) {
  std::vector<Directive> found;
  for (const Directive& directive : directives) {
    if (directive.group == static_cast<std::int32_t>(g) &&
        internal::equals_ignoring_case(directive.key, "content-usage")) {
      found.push_back(directive);
    }
  }
  return found;
}

// {"line", "path": the normalised path or null (every path), "value" as written,
// "train-ai", "search"}: one content-usage rule and what it says (docs/semantics.md 9.2, 9.5).
nlohmann::json usage_rule_json(const Directive& directive) {
  const UsageRule rule = read_usage_rule(directive.value);
  const UsagePreferences said = parse_content_usage(rule.preferences);
  return {{"line", directive.line},
          {"path", rule.pattern.empty() ? nlohmann::json() : nlohmann::json(rule.pattern)},
          {"value", directive.value},
          {"train-ai", to_string(said.train_ai)},
          {"search", to_string(said.search)}};
}

int run_info(const InfoOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("info", false);
  if (!who) return kExitUsage;
  if (options.who.as_written() && !who->given()) {
    report_error("info", "--as-written needs --agent LIST (it takes the tokens as given)");
    return kExitUsage;
  }
  std::optional<RobotsInput> input = read_robots_or_report("info", options.file);
  if (!input) return kExitUsage;
  const ParsedFile file(input->head);
  const RobotsTxt& robots = file.robots();
  const std::vector<LineFacts> lines = describe_lines(input->head);  // for the sitemap lines
  const std::vector<Group>& groups = file.groups();
  const std::vector<Directive> directives = robots.directives();

  // The library answers the per-agent questions (docs/semantics.md 3 and 6).
  const Agent asking = who->agent();
  std::optional<GroupSelection> selection;
  std::optional<double> crawl_delay, request_rate;
  if (who->given()) {
    selection = robots.select_groups(asking);
    crawl_delay = robots.crawl_delay(asking);
    if (const std::optional<RequestRate> rate = robots.request_rate(asking)) {
      request_rate = rate->per_second();
    }
  }

  if (options.json) {
    nlohmann::json json_groups = nlohmann::json::array();
    for (const Group& group : groups) {
      nlohmann::json agents = nlohmann::json::array();
      for (const AgentLine& agent : group.agents) {
        agents.push_back({{"line", agent.line},
                          {"value", agent.value},
                          {"token", agent.global ? "*" : agent.token},
                          {"global", agent.global}});
      }
      nlohmann::json rules = nlohmann::json::array();
      for (const RuleLine& rule : group.rules) {
        rules.push_back({{"line", rule.line},
                         {"kind", to_string(rule.kind)},
                         {"rule", file.rule_text(rule.kind, rule.line)},
                         {"pattern", rule.pattern}});
      }
      nlohmann::json usage = nlohmann::json::array();
      for (const Directive& directive : usage_lines(directives, json_groups.size())) {
        usage.push_back(usage_rule_json(directive));
      }
      json_groups.push_back({{"agents", agents}, {"rules", rules}, {"usage", usage}});
    }
    nlohmann::json sitemaps = nlohmann::json::array();
    for (const LineFacts& line : lines) {
      if (line.kind == LineKind::kSitemap)
        sitemaps.push_back({{"line", line.number}, {"url", line.value}});
    }
    nlohmann::json others = nlohmann::json::array();
    for (const Directive& directive : directives) {
      others.push_back({{"line", directive.line},
                        {"key", directive.key},
                        {"value", directive.value},
                        {"group", directive.group < 0 ? nlohmann::json()
                                                      : nlohmann::json(directive.group + 1)}});
    }
    nlohmann::json json = {{"file", options.file},
                           {"groups", json_groups},
                           {"sitemaps", sitemaps},
                           {"directives", others}};
    if (selection) {
      nlohmann::json applying = nlohmann::json::array();
      for (const std::size_t g : selection->groups) applying.push_back(g + 1);
      json["selection"] = {
          {"agents", who->tokens()},
          {"applied", to_string(selection->applied)},
          {"groups", applying},
          {"crawl_delay", crawl_delay ? nlohmann::json(*crawl_delay) : nlohmann::json()},
          {"requests_per_second", request_rate ? nlohmann::json(*request_rate) : nlohmann::json()}};
      if (who->crawler() != nullptr) {
        json["selection"]["crawler"] = who->crawler()->name;
        json["selection"]["crawler_rule"] =
            to_string(selection->crawler_rule.value_or(CrawlerRule::kNoGroups));
        json["selection"]["crawler_token"] = selection->crawler_token.empty()
                                                 ? nlohmann::json()
                                                 : nlohmann::json(selection->crawler_token);
      }
    }
    std::cout << to_json_line(json) << "\n";
    return kExitOk;
  }

  std::cout << "groups" << (groups.empty() ? ": none\n" : "\n");
  for (std::size_t g = 0; g < groups.size(); ++g) {
    for (std::size_t a = 0; a < groups[g].agents.size(); ++a) {
      const AgentLine& agent = groups[g].agents[a];
      std::cout << (a == 0 ? "  group " + std::to_string(g + 1) + "  "
                           : std::string(10 + std::to_string(g + 1).size(), ' '))
                << "line " << agent.line << "  " << agent_line_label(agent) << "\n";
    }
    for (const RuleLine& rule : groups[g].rules) {
      std::cout << "      line " << rule.line << "  "
                << printable(file.rule_text(rule.kind, rule.line), kShowWhole) << "\n";
    }
    if (groups[g].rules.empty()) std::cout << "      no rules\n";
    for (const Directive& directive : usage_lines(directives, g)) {
      const UsagePreferences said =
          parse_content_usage(read_usage_rule(directive.value).preferences);
      std::cout << "      line " << directive.line
                << "  content-usage: " << printable(directive.value, kShowWhole)
                << "  (train-ai=" << to_string(said.train_ai)
                << ", search=" << to_string(said.search) << ")\n";
    }
  }
  std::cout << "sitemaps";
  bool any_sitemap = false;
  for (const LineFacts& line : lines) {
    if (line.kind != LineKind::kSitemap) continue;
    std::cout << (any_sitemap ? "" : "\n") << "  line " << line.number << "  "
              << printable(line.value, kShowWhole) << "\n";
    any_sitemap = true;
  }
  if (!any_sitemap) std::cout << ": none\n";
  const LintReport report = lint(input->head, input->tail);
  const Finding* not_text = options.all ? nullptr : not_robots_txt(report);
  if (not_text != nullptr && !directives.empty()) {
    // Every line of an HTML page with a colon reads as a directive: say what the file
    // is, with lint's evidence, instead of listing them.
    std::cout << "other directives: " << with_thousands(directives.size())
              << " not listed, since this is not a robots.txt (--all lists them)\n  "
              << printable(not_text->message, kShowWhole) << "\n";
  } else {
    std::cout << "other directives" << (directives.empty() ? ": none\n" : "\n");
    for (const Directive& directive : directives) {
      std::cout << "  line " << directive.line << "  "
                << printable(directive.key, kShownDirectiveBytes) << ": "
                << printable(directive.value, kShownDirectiveBytes)
                << (directive.group < 0 ? "  (before any group)"
                                        : "  (group " + std::to_string(directive.group + 1) + ")")
                << "\n";
    }
  }
  if (selection) {
    std::cout << (who->crawler() != nullptr ? "crawler " : "agent ") << agent_label(*who)
              << "\n  applies      " << describe_selection(*selection, *who) << "\n  crawl-delay  "
              << (crawl_delay ? format_number(*crawl_delay) + " s" : "none") << "\n"
              << "  request-rate "
              << (request_rate ? format_number(*request_rate) + " requests/s" : "none") << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_info_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<InfoOptions>();
  CLI::App* command = app.add_subcommand(
      "info",
      "Shows the file as crawlers group it: groups with their agents and rules, sitemaps,\n"
      "other directives. With --agent LIST or --crawler NAME, the groups that apply to it\n"
      "and its crawl-delay and request-rate as numbers. Exit 0, or 2 on usage or I/O errors.");
  describe_command(*command, "groups, rules, sitemaps and crawl-delay as crawlers see them",
                   {"FILE"});
  command
      ->add_option("FILE", options->file,
                   "robots.txt file to read ('-' for stdin), or a site: URL or host")
      ->required();
  options->who.add_options(*command);
  command->add_flag("--json", options->json, "one JSON object (every directive, whole)");
  command->add_flag("--all", options->all,
                    "list other directives even when the body is an HTML page or not text");
  command->callback([options, &exit_code] { exit_code = run_info(*options); });
}

}  // namespace robotstxt::cli
