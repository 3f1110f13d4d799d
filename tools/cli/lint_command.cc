// `robotstxt lint FILE`: every line a crawler will read differently from what its author
// meant, with a stable code, severity, position and a sentence to fix it by.
#include <iostream>
#include <memory>
#include <string>

#include "answer/cli_support.h"
#include "answer/not_robots_txt.h"
#include "answer/render.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "robotstxt/lint.h"

namespace robotstxt::cli {
namespace {

struct LintOptions {
  std::string file;
  bool json = false;
  bool all = false;
};

std::string plural(std::size_t count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

void print_text(const std::string& file, const LintReport& report, bool all) {
  // An HTML page or binary data gives a finding on nearly every line; the whole-file
  // finding says what matters, so the line findings are counted, not listed.
  const bool whole_file_only = !all && not_robots_txt(report) != nullptr;
  std::size_t not_shown = 0;
  for (const Finding& finding : report.findings) {
    if (whole_file_only && finding.line != 0) {
      ++not_shown;
      continue;
    }
    // The file's own bytes (its name, a message quoting a value, the line itself) are
    // escaped: a robots.txt must not be able to drive the terminal that lints it.
    std::cout << printable(file, kShowWhole) << ":" << finding.line;
    if (finding.column > 0) std::cout << ":" << finding.column;
    std::cout << ": " << to_string(finding.severity) << ": "
              << printable(finding.message, kShowWhole) << " [" << finding.code << "]\n";
    if (!finding.text.empty()) std::cout << "    " << printable(finding.text, kShowWhole) << "\n";
  }
  if (not_shown > 0) {
    std::cout << with_thousands(not_shown) << " line finding" << (not_shown == 1 ? "" : "s")
              << " not shown, since this is not a robots.txt (--all shows them)\n";
  }
  const LintSummary& summary = report.summary;
  if (!report.findings.empty()) std::cout << "\n";
  std::cout << plural(summary.lines, "line") << ": " << plural(summary.directives, "directive")
            << ", " << summary.ignored << " ignored, " << summary.blank << " blank, "
            << plural(summary.comments, "comment") << "\n"
            << plural(summary.errors, "error") << ", " << plural(summary.warnings, "warning")
            << ", " << summary.infos << " info\n";
  std::cout << "agents:";
  for (const std::string& agent : summary.agents) std::cout << " " << printable(agent, kShowWhole);
  std::cout << (summary.agents.empty() ? " none\n" : "\n");
  std::cout << "sitemaps:";
  for (const std::string& sitemap : summary.sitemaps)
    std::cout << " " << printable(sitemap, kShowWhole);
  std::cout << (summary.sitemaps.empty() ? " none\n" : "\n");
}

int run_lint(const LintOptions& options) {
  // Lint reads what a crawler reads, and counts what follows to report it ignored.
  const std::optional<RobotsInput> input =
      read_robots_or_report("lint", options.file, RestOfFile::kCount);
  if (!input) return kExitUsage;
  const LintReport report = lint(input->head, input->tail);
  if (options.json) {
    std::cout << to_json_line(lint_json(options.file, report)) << "\n";
  } else {
    print_text(options.file, report, options.all);
  }
  return report.summary.errors > 0 ? kExitNegative : kExitOk;
}

}  // namespace

void add_lint_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<LintOptions>();
  CLI::App* command = app.add_subcommand(
      "lint",
      "Reports every line a crawler reads differently from what its author meant: code,\n"
      "severity, line:column, the line, and how to fix it; then a summary.\n"
      "Exit 0 without errors, 1 with errors, 2 usage or I/O error.");
  describe_command(*command,
                   "every robots.txt line a crawler reads differently from what its author meant",
                   {"FILE"});
  command
      ->add_option("FILE", options->file,
                   "robots.txt file to lint ('-' for stdin), or a site: URL or host")
      ->required();
  command->add_flag("--json", options->json, "one JSON object: findings and summary (all of them)");
  command->add_flag("--all", options->all,
                    "list line findings even when the body is an HTML page or not text");
  command->callback([options, &exit_code] { exit_code = run_lint(*options); });
}

}  // namespace robotstxt::cli
