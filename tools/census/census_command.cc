// `robotstxt census INPUT... [--jobs N] [--paths /,/news/] [--crawlers all|ai|NAME,...]
// [--out DIR] [--label NAME]`, `robotstxt census --merge DIR... [--out DIR]` and
// `robotstxt census --diff OLD NEW --out DIR`: what
// many hosts' robots.txt files say to each crawler, from a crawl's WARC files or a folder
// of files named by host (docs/census.md). This file reads the options; the stages are
// the other files of tools/census (census_run.h first).
#include <memory>

#include "answer/cli_support.h"
#include "census/census_diff.h"
#include "census/census_merge.h"
#include "census/census_options.h"
#include "census/census_run.h"
#include "cli/commands.h"
#include "cli/help_format.h"

namespace robotstxt::cli {

void add_census_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<census::CensusOptions>();
  CLI::App* command = app.add_subcommand(
      "census",
      "What many hosts' robots.txt files say to each crawler: read WARC files (gzipped or\n"
      "not, as a crawl stores robots.txt responses) or folders of files named by host, and\n"
      "count per crawler the hosts that name it and block it fully or partly, per purpose,\n"
      "usage preferences, lint codes and sizes. A table on stdout; with --out DIR, one JSON\n"
      "line per host in DIR/hosts.jsonl and the counts in DIR/summary.json, which --merge\n"
      "adds up and --diff compares. Exit 0, or 2 on usage or I/O errors.");
  describe_command(*command, "what many hosts' robots.txt files say to each crawler, counted",
                   {"INPUT...", "--merge DIR...", "--diff OLD NEW --out DIR"});
  command->add_option("INPUT", options->inputs,
                      "WARC files, folders of robots.txt files named by host, or - for a list "
                      "of them on stdin");
  command
      ->add_option("--merge", options->merge,
                   "add up the summary.json of these census output folders instead, "
                   "following redirects from one into another")
      ->expected(1, -1);
  command
      ->add_option("--diff", options->diff,
                   "compare two census output folders (OLD NEW): the hosts that changed, "
                   "written to --out")
      ->expected(2);
  command->add_option("-j,--jobs", options->jobs, "files read at once (default: 1)");
  command->add_option("--paths", options->paths, "paths asked, comma-separated (default: /)");
  command->add_option("--crawlers", options->crawlers,
                      "all (default), search, ai, google, or crawler names, comma-separated");
  command->add_option("-o,--out", options->out,
                      "write hosts.jsonl and summary.json here, and responses.jsonl and "
                      "unresolved.jsonl for a later --merge");
  command->add_option("--label", options->label, "the summary's label, e.g. the crawl's name");
  command->add_option("--ranks", options->ranks,
                      "count every share per stratum of popularity too, from this CSV of "
                      "rank,host (a Tranco list)");
  command->add_flag("--progress", options->progress,
                    "show progress on stderr even when it is not a terminal");
  command->callback([options, &exit_code] {
    const int modes = static_cast<int>(!options->inputs.empty()) +
                      static_cast<int>(!options->merge.empty()) +
                      static_cast<int>(!options->diff.empty());
    if (modes != 1) {
      report_error(census::kCommand, modes == 0
                                         ? "give INPUT files, --merge DIR... or --diff OLD NEW"
                                         : "INPUT, --merge and --diff do not go together");
      exit_code = kExitUsage;
      return;
    }
    if (!options->diff.empty()) {
      exit_code = census::run_diff(*options);
    } else {
      exit_code =
          options->merge.empty() ? census::run_census(*options) : census::run_merge(*options);
    }
  });
}

}  // namespace robotstxt::cli
