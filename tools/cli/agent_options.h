// Who is asking, named the same way in every subcommand that answers for someone
// (docs/cli.md "Naming agents"): agents as a comma-separated list of product tokens, given
// with the repeatable --agent LIST or, where Google's tool has one, as the positional
// AGENT; a crawler of the catalogue with --crawler NAME, resolved by its precedence
// (docs/semantics.md 8); or the crawler a whole User-Agent header names. --as-written
// takes AGENT and the URLs exactly as given (answer/question.h).
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
  /// Registers --agent LIST (repeatable, values appended), --crawler NAME,
  /// --user-agent-string HEADER and --as-written; returns the last, for options that
  /// exclude it.
  CLI::Option* add_options(CLI::App& command);
  /// The positional after AGENT (check's URL): with --agent or --crawler, CLI11 fills
  /// AGENT's slot with it, and resolve() moves it back.
  void shifts_into(CLI::Option* next, std::string* value) {
    next_option_ = next;
    next_value_ = value;
  }

  /// Whether the positional after AGENT was given, wherever CLI11 put it.
  bool next_given() const;

  /// Who asks, or nullopt after reporting one line of usage error: an empty list, a
  /// token that is not a product token (agent_list_refusal()), an unknown crawler (with
  /// the closest names), a User-Agent string naming no catalogued crawler, or two ways
  /// used at once. `required`: nobody named is an error too. With --as-written, tokens
  /// that no group can name (docs/semantics.md 8.5) are asked as given and get one note
  /// each on stderr; call it once per run.
  std::optional<OwnedAgent> resolve(std::string_view command, bool required) const;

  /// --as-written was given: AGENT and the URLs are taken exactly as given.
  bool as_written() const { return as_written_; }

 private:
  std::string positional_;
  std::vector<std::string> lists_;
  std::string crawler_name_;
  std::string user_agent_string_;
  bool as_written_ = false;
  CLI::Option* positional_option_ = nullptr;
  CLI::Option* agent_option_ = nullptr;
  CLI::Option* crawler_option_ = nullptr;
  CLI::Option* user_agent_string_option_ = nullptr;
  CLI::Option* next_option_ = nullptr;
  std::string* next_value_ = nullptr;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_AGENT_OPTIONS_H_
