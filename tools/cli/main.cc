// Entry point of the `robotstxt` command-line tool: parses arguments with CLI11 and
// hands over to the chosen subcommand. Usage errors exit 2, as documented in docs/cli.md;
// so does a failed write to standard output (output.h).
#include <exception>
#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "answer/cli_support.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/output.h"
#include "robotstxt/version.h"

namespace {

// `robotstxt COMMAND ... --help`: the command's help wherever --help (or -h) comes, even
// where an option would take it as its value (`census --merge --help`), up to a `--`.
bool asks_for_help(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    const std::string_view argument = argv[i];
    if (argument == "--") return false;
    if (argument == "--help" || argument == "-h") return true;
  }
  return false;
}

int run(int argc, char** argv) {
  CLI::App app{"robotstxt: Google-exact robots.txt checks for crawlers and site owners.",
               "robotstxt"};
  app.require_subcommand(1);
  app.fallthrough(false);
  // Commands inherit the layout; each gives its own summary and usage (help_format.h).
  auto layout = std::make_shared<robotstxt::cli::HelpFormatter>(
      "", std::vector<std::string>{"COMMAND [ARGUMENTS]"});
  layout->column_width(14);
  app.formatter(layout);
  // help2man reads the first line's words as the program's name and version.
  app.set_version_flag("--version", "robotstxt " + std::string(robotstxt::kVersion),
                       "Print the version and exit");
  app.footer("'robotstxt help COMMAND' (or 'robotstxt COMMAND --help') describes a command.");

  int exit_code = robotstxt::cli::kExitOk;
  robotstxt::cli::add_check_command(app, exit_code);
  robotstxt::cli::add_explain_command(app, exit_code);
  robotstxt::cli::add_diff_command(app, exit_code);
  robotstxt::cli::add_info_command(app, exit_code);
  robotstxt::cli::add_lint_command(app, exit_code);
  robotstxt::cli::add_fetch_command(app, exit_code);
  robotstxt::cli::add_crawlers_command(app, exit_code);
  robotstxt::cli::add_audit_command(app, exit_code);
  robotstxt::cli::add_census_command(app, exit_code);
  robotstxt::cli::add_serve_command(app, exit_code);
  for (CLI::App* command : app.get_subcommands({})) command->group("Commands");

  // Nothing asked: the list of commands, on stderr with exit 2 as for any usage error, so
  // that a script that lost its command neither reads the list as an answer nor succeeds.
  if (argc == 1) {
    std::cerr << app.help();
    return robotstxt::cli::kExitUsage;
  }
  // CLI11 reports an unknown subcommand as "a subcommand is required"; name it instead,
  // with the command it was probably meant to be.
  const auto is_command = [&app](const std::string& name) {
    return !app.get_subcommands([&name](CLI::App* command) { return command->check_name(name); })
                .empty();
  };
  const auto unknown_command = [&app](std::string_view name) {
    const std::string nearest = robotstxt::cli::nearest_command(app, name);
    std::cerr << "robotstxt: error: unknown command '" << robotstxt::cli::printable(name) << "'"
              << (nearest.empty() ? "" : "; did you mean '" + nearest + "'?")
              << " (see 'robotstxt --help' for the list of commands)\n";
    return robotstxt::cli::kExitUsage;
  };
  // `help COMMAND` is `COMMAND --help` under the name git and pip users try first, so
  // the two print the same text; a bare `help` is `--help`.
  std::vector<char*> arguments(argv, argv + argc);
  std::string help_flag = "--help";
  if (std::string_view(argv[1]) == "help") {
    if (argc > 3) {
      robotstxt::cli::report_error("", "help takes one command name");
      return robotstxt::cli::kExitUsage;
    }
    if (argc == 3 && !is_command(argv[2])) return unknown_command(argv[2]);
    arguments.erase(arguments.begin() + 1);
    arguments.push_back(help_flag.data());
  } else if (argv[1][0] != '-' && !is_command(argv[1])) {
    return unknown_command(argv[1]);
  } else if (argv[1][0] != '-' && asks_for_help(argc, argv)) {
    arguments = {argv[0], argv[1], help_flag.data()};
  }
  try {
    app.parse(static_cast<int>(arguments.size()), arguments.data());
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    // CLI11 has its own exit codes; ours promise 2 for every usage problem.
    const std::string command =
        app.get_subcommands().empty() ? "" : app.get_subcommands()[0]->get_name();
    robotstxt::cli::report_error(command, error.what());
    return robotstxt::cli::kExitUsage;
  }
  return exit_code;
}

}  // namespace

int main(int argc, char** argv) {
  robotstxt::cli::use_checked_stdout();
  // Whatever a subcommand lets escape (an allocation or I/O failure) still ends as one
  // line on stderr and exit 2, never as std::terminate.
  int exit_code = robotstxt::cli::kExitUsage;
  try {
    exit_code = run(argc, argv);
  } catch (const std::exception& error) {
    robotstxt::cli::report_error("", error.what());
  }
  return robotstxt::cli::finish_stdout(exit_code);
}
