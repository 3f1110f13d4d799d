// `robotstxt check ROBOTS_FILE AGENT URL`: the verdict for one URL, or for every URL on
// standard input. Argument order and exit codes follow Google's `robots` sample tool, so
// scripts written for it (and the public spec-test runner) work unchanged.
#include <unistd.h>

#include <cstdio>
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

struct CheckOptions {
  std::string robots_file;
  std::string agents;
  std::string url;
  bool json = false;
};

// The decisive rule as the site owner wrote it: the compiled file keeps only the
// normalised pattern, so the text comes from the body's own line.
std::string describe_rule(const Verdict& verdict, const std::vector<LineFacts>& lines) {
  const std::string_view written =
      verdict.line <= lines.size() ? lines[verdict.line - 1].value : verdict.pattern;
  return std::string(to_string(verdict.kind)) + ": " + std::string(written);
}

std::string describe_groups(AppliedGroups applied, std::string_view agents) {
  const std::string names(agents.empty() ? "an empty agent" : agents);
  switch (applied) {
    case AppliedGroups::kSpecific:
      return "group naming " + names + "; * rules do not apply";
    case AppliedGroups::kGlobal:
      return "the * group: no group names " + names;
    case AppliedGroups::kNone:
      break;
  }
  return "no group names " + names + " and there is no * group";
}

nlohmann::json verdict_json(std::string_view url, const Verdict& verdict,
                            const std::vector<LineFacts>& lines) {
  nlohmann::json json;
  json["url"] = url;
  json["allowed"] = verdict.allowed;
  json["line"] = verdict.has_decisive_rule() ? nlohmann::json(verdict.line) : nlohmann::json();
  json["rule"] = verdict.has_decisive_rule() ? nlohmann::json(describe_rule(verdict, lines))
                                             : nlohmann::json();
  json["group"] = to_string(verdict.applied);
  return json;
}

void print_verdict(const Verdict& verdict, const std::vector<LineFacts>& lines,
                   std::string_view agents) {
  std::cout << (verdict.allowed ? "ALLOWED" : "DISALLOWED");
  if (verdict.has_decisive_rule()) {
    std::cout << " by line " << verdict.line << ": " << describe_rule(verdict, lines);
    if (verdict.via_index_htm) std::cout << " (index.htm also allows its directory)";
  } else {
    std::cout << ": no rule matched";
  }
  std::cout << " (" << describe_groups(verdict.applied, agents) << ")\n";
}

// A line with no `/`, `?` or `;` before any `#` has neither an authority nor a path, so
// path_of() matches it as `/` (SEMANTICS 4.1). The verdict stands, as conformance
// requires, but a user who fed "example.com" or a stray word should hear about it.
bool is_not_a_url(std::string_view line) {
  return line.substr(0, line.find('#')).find_first_of("/?;") == std::string_view::npos;
}

void report_not_urls(std::size_t count) {
  if (count == 0) return;
  std::cerr << "robotstxt check: " << count
            << (count == 1 ? " line was not a URL and was checked as path /\n"
                           : " lines were not URLs and were checked as path /\n");
}

// One line out per line in, in order; a million URLs must stream, not accumulate.
int check_stream(const RobotsTxt& robots, const std::vector<std::string_view>& agents,
                 const std::vector<LineFacts>& lines, bool json) {
  InputLines input(STDIN_FILENO);
  std::string url;
  std::string out;
  out.reserve(1 << 16);
  std::size_t not_urls = 0;
  // A failed write ends the loop: nobody will see the rest (output.h reports it).
  while (std::cout && input.next(url)) {
    if (is_not_a_url(url)) ++not_urls;
    if (json) {
      out += to_json_line(verdict_json(url, robots.verdict(url, agents), lines));
    } else {
      out += robots.allowed(url, agents) ? "allowed\t" : "disallowed\t";
      out += url;
    }
    out += '\n';
    if (out.size() >= (1 << 16) - 4096) {
      std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
      out.clear();
    }
  }
  std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
  std::cout.flush();
  if (input.error() != 0) {
    report_unreadable("check", "-", input.error());
    return kExitUsage;
  }
  report_not_urls(not_urls);
  return kExitOk;
}

int run_check(const CheckOptions& options) {
  if (options.robots_file == "-" && options.url == "-") {
    report_error("check", "ROBOTS_FILE and URL cannot both be '-': standard input is read once");
    return kExitUsage;
  }
  std::vector<std::string> agent_names = split_agents(options.agents);
  // An empty AGENT is queried as the empty agent, which in practice means the `*` rules
  // apply; the spec-test runner relies on it (conformance: empty-string.textproto).
  if (agent_names.empty()) agent_names.emplace_back();
  const std::optional<RobotsInput> input = read_robots_or_report("check", options.robots_file);
  if (!input) return kExitUsage;
  const std::string& body = input->head;
  const RobotsTxt robots = RobotsTxt::parse(body);
  const std::vector<std::string_view> agents = as_views(agent_names);

  const bool plain_stream = options.url == "-" && !options.json;
  const std::vector<LineFacts> lines =
      plain_stream ? std::vector<LineFacts>{} : describe_lines(body);
  if (options.url == "-") return check_stream(robots, agents, lines, options.json);
  const Verdict verdict = robots.verdict(options.url, agents);
  if (options.json) {
    std::cout << to_json_line(verdict_json(options.url, verdict, lines)) << "\n";
  } else {
    print_verdict(verdict, lines, options.agents);
  }
  if (is_not_a_url(options.url)) {
    std::cerr << "robotstxt check: '" << printable(options.url)
              << "' is not a URL and was checked as path /\n";
  }
  return verdict.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* command = app.add_subcommand(
      "check",
      "May AGENT fetch URL? Prints ALLOWED or DISALLOWED with the deciding rule.\n"
      "Exit 0 allowed, 1 disallowed, 2 usage or I/O error. With URL '-', reads URLs from\n"
      "standard input, one per line, and prints 'allowed<TAB>URL' or 'disallowed<TAB>URL'.");
  command->add_option("ROBOTS_FILE", options->robots_file, "robots.txt file to read")->required();
  command
      ->add_option("AGENT", options->agents,
                   "product token, or a comma-separated list of them (Googlebot,Googlebot-Image)")
      ->required();
  command->add_option("URL", options->url, "URL to check, percent-encoded; '-' for stdin")
      ->required();
  command->add_flag("--json", options->json,
                    "one JSON object per URL: url, allowed, line, rule, group");
  command->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace robotstxt::cli
