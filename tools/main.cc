// Entry point of the `robotstxt` command-line tool: parses arguments with CLI11 and
// hands over to the chosen subcommand. Usage errors exit 2, as documented in README.
#include <iostream>

#include <CLI/CLI.hpp>

#include "cli_support.h"
#include "commands.h"

int main(int argc, char** argv) {
  CLI::App app{"robotstxt: Google-exact robots.txt checks for crawlers and site owners.",
               "robotstxt"};
  app.require_subcommand(1);
  app.fallthrough(false);

  int exit_code = robotstxt::cli::kExitOk;
  robotstxt::cli::add_check_command(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    // CLI11 has its own exit codes; ours promise 2 for every usage problem.
    const CLI::App* chosen = app.get_subcommands().empty() ? &app : app.get_subcommands()[0];
    std::cerr << chosen->get_name() << ": error: " << error.what() << "\n"
              << "Run '" << (chosen == &app ? "robotstxt" : "robotstxt " + chosen->get_name())
              << " --help' for usage.\n";
    return robotstxt::cli::kExitUsage;
  }
  return exit_code;
}
