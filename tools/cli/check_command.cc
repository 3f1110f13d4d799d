// `robotstxt check ROBOTS_FILE AGENT URL`: the verdict for one URL, or for every URL on
// standard input. Argument order and exit codes follow Google's `robots` sample tool, so
// scripts written for it work unchanged; with --as-written, AGENT and URL are taken as
// that tool takes them, as the public spec-test runner needs.
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <memory>
#include <span>
#include <string>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/json_text.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "cli/agent_options.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "cli/url_encoding.h"

namespace robotstxt::cli {
namespace {

struct CheckOptions {
  std::string robots_file;
  std::string url;
  AgentOptions who;
  UrlEncoding encoding;
  bool json = false;
};

// Several tokens are one crawler with aliases (docs/semantics.md 2.5): a group naming any of them
// applies. Right for aliases, misleading for someone comparing bots, so the answer says it.
std::string merged_words(const OwnedAgent& who) {
  return "merged as one crawler: a group naming any of " + agent_label(who) + " applies";
}

// The usage preferences for a URL with this verdict (docs/semantics.md 9.4): none when it is
// disallowed; all unknown, without matching the URL again, when the file has no
// content-usage line.
std::optional<UsagePreferences> usage_for(const RobotsTxt& robots, std::string_view url,
                                          const Agent& agent, const Verdict& verdict) {
  if (!verdict.allowed) return std::nullopt;
  if (!robots.states_usage()) return UsagePreferences{};
  return robots.usage(url, agent);
}

// One URL's JSON line: a million URLs must not mean a million JSON objects built first.
void write_answer(JsonText& json, const RobotsTxt& robots, std::string_view url,
                  const OwnedAgent& who, const RobotsInput& input) {
  const Verdict verdict = robots.verdict(url, who.agent());
  write_check_json(json, url, verdict, usage_for(robots, url, who.agent(), verdict), who,
                   input.tail.bytes);
  json.raw('\n');
}

// A line with no `/`, `?` or `;` before any `#` has neither an authority nor a path, so
// path_of() matches it as `/` (docs/semantics.md 4.1). The verdict stands, as conformance
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
int check_stream(const RobotsInput& robots_input, const ParsedFile& file, const OwnedAgent& who,
                 UrlEncoding& encoding, bool as_written, bool json) {
  const Agent agent = who.agent();
  InputLines input(STDIN_FILENO);
  std::string line;
  std::string encoded;
  constexpr std::size_t kFlushBytes = (1 << 16) - 4096;
  std::string text_lines;  // the text answers waiting to be written
  text_lines.reserve(1 << 16);
  std::string json_lines;  // the JSON answers, written through json_text
  JsonText json_text(json_lines, json ? 1 << 16 : 0);
  const auto waiting = [&] { return json ? json_text.text() : std::string_view(text_lines); };
  const auto write_waiting = [&] {
    const std::string_view bytes = waiting();
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    json_text.clear();
    text_lines.clear();
  };
  std::size_t not_urls = 0;
  // The lines have no room for it and scripts read them: the note goes to stderr, once.
  if (is_merged(who) && !json) {
    std::cerr << "robotstxt check: note: " << merged_words(who)
              << "; check one token per run to compare them\n";
  }
  // A failed write ends the loop: nobody will see the rest (output.h reports it).
  while (std::cout && input.next(line)) {
    const std::string_view url = encoding.url_to_check("check", line, as_written, encoded);
    if (is_not_a_url(url)) ++not_urls;
    if (json) {
      write_answer(json_text, file.robots(), url, who, robots_input);
    } else {
      const bool allowed = file.robots().allowed(url, agent);
      text_lines += allowed ? "allowed\t" : "disallowed\t";
      append_printable(url, kShowWhole, text_lines);
      text_lines += '\n';
    }
    if (waiting().size() >= kFlushBytes) write_waiting();
  }
  write_waiting();
  std::cout.flush();
  if (input.error() != 0) {
    report_unreadable("check", "-", input.error());
    return kExitUsage;
  }
  report_not_urls(not_urls);
  return kExitOk;
}

int run_check(CheckOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("check", true);
  if (!who) return kExitUsage;
  if (!options.who.next_given()) {
    // `check FILE URL`, the agent forgotten: the URL took AGENT's place, and saying "URL
    // is required" would send the reader after the wrong argument.
    const std::span<const std::string> tokens = who->tokens();
    const bool url_as_agent =
        tokens.size() == 1 &&
        (tokens.front().find("://") != std::string::npos || tokens.front().starts_with("/"));
    report_error("check", url_as_agent ? "AGENT is missing: '" + printable(tokens.front()) +
                                             "' is the URL; write 'check FILE AGENT URL', or "
                                             "name the agent with --agent or --crawler"
                                       : std::string("URL is required"));
    return kExitUsage;
  }
  if (options.robots_file == "-" && options.url == "-") {
    report_error("check", "ROBOTS_FILE and URL cannot both be '-': standard input is read once");
    return kExitUsage;
  }
  std::optional<RobotsInput> input =
      read_robots_or_report("check", options.robots_file, RestOfFile::kSize);
  if (!input) return kExitUsage;
  const ParsedFile file(input->head);
  if (!options.json) note_past_limit("check", options.robots_file, *input);
  if (options.url == "-") {
    return check_stream(*input, file, *who, options.encoding, options.who.as_written(),
                        options.json);
  }
  std::string encoded;
  const std::string_view url =
      options.encoding.url_to_check("check", options.url, options.who.as_written(), encoded);
  const Verdict verdict = file.robots().verdict(url, who->agent());
  const std::optional<UsagePreferences> usage =
      usage_for(file.robots(), url, who->agent(), verdict);
  if (options.json) {
    std::string answer;
    {
      JsonText json(answer);
      write_check_json(json, url, verdict, usage, *who, input->tail.bytes);
      json.raw('\n');
    }
    std::cout << answer;
  } else {
    std::cout << verdict_text(verdict) << " (" << describe_groups(verdict, *who) << ")"
              << usage_text(usage);
    if (is_merged(*who)) std::cout << " (" << merged_words(*who) << ")";
    // The answer is for the URL a crawler requests: the reader sees which one it was.
    if (url != options.url) std::cout << " (matched as " << printable(url, kShowWhole) << ")";
    std::cout << "\n";
  }
  if (is_not_a_url(url)) {
    std::cerr << "robotstxt check: '" << printable(url)
              << "' is not a URL and was checked as path /\n";
  }
  return verdict.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  CLI::App* command = app.add_subcommand(
      "check",
      "May AGENT (or --agent LIST, or --crawler NAME) fetch URL? Prints ALLOWED or\n"
      "DISALLOWED with the deciding rule. Exit 0 allowed, 1 disallowed, 2 usage or I/O\n"
      "error. With URL '-', reads URLs from standard input, one per line, and prints\n"
      "'allowed<TAB>URL' or 'disallowed<TAB>URL'.");
  describe_command(
      *command, "may an agent fetch a URL, with the deciding rule",
      {"ROBOTS_FILE AGENT URL",
       "(--agent TOKENS | --crawler NAME | --user-agent-string HEADER) ROBOTS_FILE URL"});
  command
      ->add_option("ROBOTS_FILE", options->robots_file,
                   "robots.txt file to read, or a site: URL or host")
      ->required();
  options->who.add_positional(*command);
  CLI::Option* url = command->add_option(
      "URL", options->url, "URL to check, matched as a crawler requests it; '-' for stdin");
  options->who.shifts_into(url, &options->url);
  options->encoding.add_option(*command, options->who.add_options(*command));
  command->add_flag(
      "--json", options->json,
      "one JSON object per URL: url, allowed, line, rule, applied, content_usage (docs/cli.md)");
  command->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace robotstxt::cli
