#include "cli/agent_options.h"

#include "answer/cli_support.h"
#include "answer/crawler_choice.h"

namespace robotstxt::cli {

void AgentOptions::add_positional(CLI::App& command) {
  positional_option_ = command.add_option(
      "AGENT", positional_,
      "product token, or a comma-separated list of them (Googlebot,Googlebot-Image); "
      "the same as --agent");
}

void AgentOptions::add_options(CLI::App& command, bool crawler) {
  agent_option_ = command.add_option("--agent,-a", lists_,
                                     "product tokens, comma-separated (repeatable: appended)");
  agent_option_->allow_extra_args(false);
  if (crawler) {
    crawler_option_ = command.add_option(
        "--crawler", crawler_name_,
        "a crawler of the catalogue (Googlebot-Image), following its precedence rules");
  }
}

bool AgentOptions::next_given() const {
  const bool by_option = (agent_option_ != nullptr && agent_option_->count() > 0) ||
                         (crawler_option_ != nullptr && crawler_option_->count() > 0);
  return next_option_->count() > 0 || (by_option && positional_option_->count() > 0);
}

std::optional<OwnedAgent> AgentOptions::resolve(std::string_view command, bool required) const {
  const bool positional = positional_option_ != nullptr && positional_option_->count() > 0;
  const bool listed = agent_option_ != nullptr && agent_option_->count() > 0;
  const bool crawler = crawler_option_ != nullptr && crawler_option_->count() > 0;
  // With --agent or --crawler, CLI11 put the argument after AGENT's place into AGENT.
  const bool shifted = (listed || crawler) && next_option_ != nullptr;
  const bool both = shifted ? positional && next_option_->count() > 0 : positional;
  if ((listed || crawler) && both) {
    report_error(command, std::string(crawler ? "--crawler" : "--agent") + " and the AGENT '" +
                              printable(positional_) + "' both say who asks: give one");
    return std::nullopt;
  }
  if (listed && crawler) {
    report_error(command, "--agent and --crawler both say who asks: give one");
    return std::nullopt;
  }
  if (shifted && positional) *next_value_ = positional_;

  if (crawler) {
    const Crawler* const found = crawler_or_report(command, crawler_name_);
    if (found == nullptr) return std::nullopt;
    return OwnedAgent(*found);
  }
  if (listed) {
    std::vector<std::string> tokens;
    for (const std::string& list : lists_) {
      for (std::string& token : split_agents(list)) tokens.push_back(std::move(token));
    }
    if (tokens.empty()) {
      report_error(command, "--agent names no product token: give one such as Googlebot");
      return std::nullopt;
    }
    return OwnedAgent(std::move(tokens));
  }
  if (positional) {
    std::vector<std::string> tokens = split_agents(positional_);
    // Google's tool queries an empty AGENT as the empty agent, for which only `*` rules
    // can apply; the spec-test runner relies on it (conformance: empty-string).
    if (positional_.empty()) tokens.emplace_back();
    if (tokens.empty()) {
      report_error(command,
                   "AGENT '" + printable(positional_) + "' names no product token: give one");
      return std::nullopt;
    }
    return OwnedAgent(std::move(tokens));
  }
  if (required) {
    report_error(command,
                 positional_option_ != nullptr
                     ? "say who asks: an AGENT, --agent LIST" +
                           std::string(crawler_option_ != nullptr ? " or --crawler NAME" : "")
                     : "say who asks with --agent LIST");
    return std::nullopt;
  }
  return OwnedAgent();
}

}  // namespace robotstxt::cli
