// Who is asking, named the same way in every subcommand (docs/cli.md "Naming agents"):
// agents as a comma-separated list of product tokens, given with the repeatable
// --agent LIST or, where Google's tool has one, as the positional AGENT; or a crawler
// of the catalogue with --crawler NAME, resolved by its precedence (docs/semantics.md 8).
#ifndef ROBOTSTXT_TOOLS_CLI_AGENT_OPTIONS_H_
#define ROBOTSTXT_TOOLS_CLI_AGENT_OPTIONS_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "robotstxt/owned_agent.h"

namespace robotstxt::cli {

/// The arguments that say who asks, registered on one subcommand and resolved after
/// CLI11 has parsed it.
class AgentOptions {
 public:
  /// Registers the positional AGENT: call it between the positionals that surround it.
  void add_positional(CLI::App& command);
  /// Registers --agent LIST (repeatable, values appended) and, if `crawler`, --crawler
  /// and --user-agent-string.
  void add_options(CLI::App& command, bool crawler);
  /// The positional after AGENT (check's URL): with --agent or --crawler, CLI11 fills
  /// AGENT's slot with it, and resolve() moves it back.
  void shifts_into(CLI::Option* next, std::string* value) {
    next_option_ = next;
    next_value_ = value;
  }

  /// Whether the positional after AGENT was given, wherever CLI11 put it.
  bool next_given() const;

  /// Who asks, or nullopt after reporting one line of usage error: an empty list, an
  /// unknown crawler (with the closest names), a User-Agent string naming no catalogued
  /// crawler, or two ways used at once. `required`: nobody named is an error too.
  /// Tokens that no group can name (docs/semantics.md 8.5) keep their verdict and get one note
  /// each on stderr; call it once per run.
  std::optional<OwnedAgent> resolve(std::string_view command, bool required) const;

 private:
  std::string positional_;
  std::vector<std::string> lists_;
  std::string crawler_name_;
  std::string user_agent_string_;
  CLI::Option* positional_option_ = nullptr;
  CLI::Option* agent_option_ = nullptr;
  CLI::Option* crawler_option_ = nullptr;
  CLI::Option* user_agent_string_option_ = nullptr;
  CLI::Option* next_option_ = nullptr;
  std::string* next_value_ = nullptr;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_AGENT_OPTIONS_H_
