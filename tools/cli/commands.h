// The subcommands of the `robotstxt` tool. Each lives in its own <name>_command.cc and
// is registered in main.cc; when chosen, its action stores the process exit code.
#ifndef ROBOTSTXT_TOOLS_CLI_COMMANDS_H_
#define ROBOTSTXT_TOOLS_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>

namespace robotstxt::cli {

/// `robotstxt check ROBOTS_FILE AGENT URL|-`: the verdict for URLs.
void add_check_command(CLI::App& app, int& exit_code);

/// `robotstxt lint FILE`: findings for site owners.
void add_lint_command(CLI::App& app, int& exit_code);

/// `robotstxt diff OLD NEW`: what a change changes.
void add_diff_command(CLI::App& app, int& exit_code);

/// `robotstxt info FILE`: groups, sitemaps, other directives.
void add_info_command(CLI::App& app, int& exit_code);

/// `robotstxt explain FILE AGENT URL`: a verdict, step by step.
void add_explain_command(CLI::App& app, int& exit_code);

/// `robotstxt fetch URL AGENT|-`: fetch a robots.txt and decide.
void add_fetch_command(CLI::App& app, int& exit_code);

/// `robotstxt crawlers`: the crawler catalogue with sources.
void add_crawlers_command(CLI::App& app, int& exit_code);

/// `robotstxt audit FILE [URL...]`: crawlers x URLs.
void add_audit_command(CLI::App& app, int& exit_code);

/// `robotstxt census INPUT...`: what many hosts' robots.txt files say, counted.
void add_census_command(CLI::App& app, int& exit_code);

/// `robotstxt serve`: the cache of a crawler fleet as an HTTP service.
void add_serve_command(CLI::App& app, int& exit_code);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_COMMANDS_H_
