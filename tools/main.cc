// Entry point of the `robotstxt` command-line tool: parses arguments with CLI11 and
// hands over to the chosen subcommand. Usage errors exit 2, as documented in README;
// so does a failed write to standard output (output.h).
#include <exception>
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "commands.h"
#include "output.h"

namespace {

int run(int argc, char** argv) {
  CLI::App app{"robotstxt: Google-exact robots.txt checks for crawlers and site owners.",
               "robotstxt"};
  app.require_subcommand(1);
  app.fallthrough(false);

  int exit_code = robotstxt::cli::kExitOk;
  robotstxt::cli::add_check_command(app, exit_code);
  robotstxt::cli::add_explain_command(app, exit_code);
  robotstxt::cli::add_diff_command(app, exit_code);
  robotstxt::cli::add_info_command(app, exit_code);
  robotstxt::cli::add_lint_command(app, exit_code);
  robotstxt::cli::add_fetch_command(app, exit_code);
  robotstxt::cli::add_crawlers_command(app, exit_code);
  robotstxt::cli::add_audit_command(app, exit_code);
  robotstxt::cli::add_serve_command(app, exit_code);

  // CLI11 reports an unknown subcommand as "a subcommand is required"; name it instead.
  const auto is_command = [&app](const std::string& name) {
    return !app.get_subcommands([&name](CLI::App* command) { return command->check_name(name); })
                .empty();
  };
  if (argc > 1 && argv[1][0] != '-' && !is_command(argv[1])) {
    std::cerr << "robotstxt: error: unknown command '" << robotstxt::cli::printable(argv[1])
              << "' (see 'robotstxt --help' for the list of commands)\n";
    return robotstxt::cli::kExitUsage;
  }
  try {
    app.parse(argc, argv);
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
