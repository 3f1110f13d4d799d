// The command line as people use it: `robotstxt` alone lists the commands, a mistyped
// command gets the nearest one suggested, `--help` anywhere after a command prints that
// command's help, and each usage line gives the arguments in the order they are given.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// The commands `robotstxt --help` lists, each with its one line.
std::map<std::string, std::string> listed_commands() {
  const std::string help = run_command(kCli, {"--help"}).out;
  const std::size_t start = help.find("\nCommands:\n");
  std::map<std::string, std::string> commands;
  if (start == std::string::npos) return commands;
  const std::regex line(R"(\n  ([a-z]+) +([^\n]+))");
  const std::string listed = help.substr(start, help.find("\n\n", start + 1) - start);
  for (std::sregex_iterator it(listed.begin(), listed.end(), line), end; it != end; ++it) {
    commands[(*it)[1]] = (*it)[2];
  }
  return commands;
}

// The long options a command's --help lists, and its positionals in order.
std::vector<std::string> section_names(const std::string& help, const std::string& section,
                                       const std::string& pattern) {
  std::vector<std::string> names;
  const std::size_t start = help.find("\n" + section + ":\n");
  if (start == std::string::npos) return names;
  const std::string part = help.substr(start + 1, help.find("\n\n", start + 1) - start);
  const std::regex name(pattern);
  for (std::sregex_iterator it(part.begin(), part.end(), name), end; it != end; ++it) {
    names.push_back((*it)[1]);
  }
  return names;
}

TEST(CommandLine, AloneListsEveryCommandOnALineOfItsOwnAndExits2) {
  const auto result = run_command(kCli, {});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  // The same list as --help, where a user looking for the commands is sent.
  EXPECT_EQ(result.err, run_command(kCli, {"--help"}).out);
  EXPECT_EQ(result.err.find("A subcommand is required"), std::string::npos) << result.err;
  const std::map<std::string, std::string> commands = listed_commands();
  for (const std::string name : {"check", "lint", "serve", "census", "explain", "diff", "info",
                                 "fetch", "crawlers", "audit"}) {
    ASSERT_EQ(commands.count(name), 1u) << name << " not listed:\n" << result.err;
    const std::string& summary = commands.at(name);
    EXPECT_GT(summary.size(), 10u) << name;
    EXPECT_LT(summary.size(), 80u) << name;
  }
  EXPECT_EQ(commands.size(), 10u);
}

TEST(CommandLine, MistypedCommandSuggestsTheNearestAndExits2) {
  const std::map<std::string, std::string> typed = {
      {"chek", "check"},  {"lnit", "lint"},   {"serv", "serve"},       {"cen", "census"},
      {"Check", "check"}, {"aduit", "audit"}, {"crawler", "crawlers"}, {"expalin", "explain"}};
  for (const auto& [typo, meant] : typed) {
    const auto result = run_command(kCli, {typo, "examples/robots.txt"});
    EXPECT_EQ(result.exit_code, 2) << typo;
    EXPECT_EQ(result.out, "") << typo;
    EXPECT_EQ(result.err, "robotstxt: error: unknown command '" + typo + "'; did you mean '" +
                              meant + "'? (see 'robotstxt --help' for the list of commands)\n");
  }
  // Nothing near: no guess.
  const auto far = run_command(kCli, {"xyzzy"});
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_EQ(far.err,
            "robotstxt: error: unknown command 'xyzzy' (see 'robotstxt --help' for the list of "
            "commands)\n");
}

TEST(CommandLine, HelpAfterAnyOptionOrArgumentPrintsThatCommandsHelp) {
  const TempFile robots("user-agent: *\ndisallow: /x\n");
  int asked = 0;
  for (const auto& [command, summary] : listed_commands()) {
    const auto own = run_command(kCli, {command, "--help"});
    ASSERT_EQ(own.exit_code, 0) << command;
    ASSERT_EQ(own.out.rfind("Usage: robotstxt " + command + " ", 0), 0u) << own.out;
    // After each option (one that takes a value takes --help as it), after an argument,
    // and as -h.
    std::vector<std::vector<std::string>> calls = {{command, robots.path(), "--help"},
                                                   {command, robots.path(), "-h"}};
    for (const std::string& option :
         section_names(own.out, "Options", R"(\n +(?:-\w,)?(--[\w-]+))")) {
      if (option != "--help") calls.push_back({command, option, "--help"});
    }
    for (const std::vector<std::string>& call : calls) {
      const auto result = run_command(kCli, call);
      EXPECT_EQ(result.exit_code, 0) << command << " " << call[1] << ": " << result.err;
      EXPECT_EQ(result.err, "") << command << " " << call[1];
      EXPECT_EQ(result.out, own.out) << command << " " << call[1];
      ++asked;
    }
  }
  EXPECT_GT(asked, 60);
  // The one reported: census read `--help/summary.json`.
  const auto census = run_command(kCli, {"census", "--merge", "--help"});
  EXPECT_EQ(census.exit_code, 0) << census.err;
  EXPECT_EQ(census.out.rfind("Usage: robotstxt census ", 0), 0u) << census.out;
  // After `--`, --help is an argument like any other.
  const auto literal = run_command(kCli, {"lint", "--", "--help"});
  EXPECT_EQ(literal.exit_code, 2);
  EXPECT_EQ(literal.err,
            "robotstxt lint: error: cannot read '--help': No such file or directory\n");
}

TEST(CommandLine, UsageLinesGiveTheArgumentsInTheOrderTheyAreGiven) {
  for (const auto& [command, summary] : listed_commands()) {
    const std::string help = run_command(kCli, {command, "--help"}).out;
    const std::string usage = help.substr(0, help.find("\n"));
    // Every positional, in the order the command takes them.
    std::size_t at = 0;
    for (const std::string& positional : section_names(help, "Positionals", R"(\n  ([A-Z_]+) )")) {
      // A word of its own: ` URL` or `[URL...]`, not the end of `URL_FILE`.
      std::size_t found = usage.find(positional, at);
      while (found != std::string::npos && usage[found - 1] != ' ' && usage[found - 1] != '[') {
        found = usage.find(positional, found + 1);
      }
      EXPECT_NE(found, std::string::npos) << command << ": " << positional << " in " << usage;
      if (found != std::string::npos) at = found + positional.size();
    }
  }
  // With an agent given by an option, the URL is the second argument: a usage line says so.
  const std::string check = run_command(kCli, {"check", "--help"}).out;
  EXPECT_EQ(check.rfind("Usage: robotstxt check [OPTIONS] ROBOTS_FILE AGENT URL\n"
                        "  or:  robotstxt check [OPTIONS] (--agent TOKENS | --crawler NAME | "
                        "--user-agent-string HEADER) ROBOTS_FILE URL\n",
                        0),
            0u)
      << check;
  const std::string census = run_command(kCli, {"census", "--help"}).out;
  EXPECT_NE(census.find("  or:  robotstxt census [OPTIONS] --merge DIR...\n"), std::string::npos)
      << census;
}

}  // namespace
}  // namespace robotstxt
