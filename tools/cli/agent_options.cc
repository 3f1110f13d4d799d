#include "cli/agent_options.h"

#include <algorithm>
#include <iostream>

#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "answer/question.h"
#include "robotstxt/agent.h"

namespace robotstxt::cli {
namespace {

// With --as-written, a token with a character outside [A-Za-z_-] is asked as given, though
// it equals no product token of any file (docs/semantics.md 8.5): its verdict is the *
// group's, as in Google's matcher, and the user is told why, since the same name on a
// user-agent line would look like a match.
void note_unnameable(std::string_view command, const std::vector<std::string>& tokens) {
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const std::string& token = tokens[i];
    if (token.empty() || token == "*" || is_valid_product_token(token)) continue;
    if (std::find(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(i), token) !=
        tokens.begin() + static_cast<std::ptrdiff_t>(i)) {
      continue;
    }
    const std::string read_as(product_token(token));
    std::cerr << "robotstxt " << command << ": note: ";
    if (token.find_first_of("/ ") != std::string::npos && !read_as.empty()) {
      std::cerr << "'" << printable(token)
                << "' looks like a whole User-Agent header: a user-agent line would be read as "
                   "product token '"
                << read_as
                << "', and as asked it equals no product token, so only the * group can apply "
                   "(ask for '"
                << read_as << "', or use --user-agent-string for the crawler it names)\n";
    } else {
      std::cerr << "no group can name '" << printable(token)
                << "': product tokens are made of letters, '_' and '-' only (a user-agent line '"
                << printable(token) << "' is read as '" << read_as
                << "'), so only the * group can apply\n";
    }
  }
}

}  // namespace

void AgentOptions::add_positional(CLI::App& command) {
  positional_option_ = command.add_option(
      "AGENT", positional_,
      "product token, or a comma-separated list of them (Googlebot,Googlebot-Image); "
      "the same as --agent");
}

CLI::Option* AgentOptions::add_options(CLI::App& command) {
  agent_option_ = command.add_option("--agent,-a", lists_,
                                     "product tokens, comma-separated (repeatable: appended)");
  agent_option_->allow_extra_args(false);
  crawler_option_ = command.add_option(
      "--crawler", crawler_name_,
      "a crawler of the catalogue (Googlebot-Image), following its precedence rules");
  user_agent_string_option_ =
      command.add_option("--user-agent-string", user_agent_string_,
                         "a whole User-Agent header: answers for the catalogued crawler it names\n"
                         "('Mozilla/5.0 (compatible; Googlebot/2.1; ...)' -> Googlebot)");
  return command.add_flag("--as-written", as_written_,
                          "take agents and URLs exactly as given, as the library does: no\n"
                          "percent-encoding, and tokens that no group can name are asked");
}

bool AgentOptions::next_given() const {
  const bool by_option =
      (agent_option_ != nullptr && agent_option_->count() > 0) ||
      (crawler_option_ != nullptr && crawler_option_->count() > 0) ||
      (user_agent_string_option_ != nullptr && user_agent_string_option_->count() > 0);
  return next_option_->count() > 0 || (by_option && positional_option_->count() > 0);
}

std::optional<OwnedAgent> AgentOptions::resolve(std::string_view command, bool required) const {
  const bool positional = positional_option_ != nullptr && positional_option_->count() > 0;
  const bool listed = agent_option_ != nullptr && agent_option_->count() > 0;
  const bool by_name = crawler_option_ != nullptr && crawler_option_->count() > 0;
  const bool by_header =
      user_agent_string_option_ != nullptr && user_agent_string_option_->count() > 0;
  const bool crawler = by_name || by_header;
  // With --agent or --crawler, CLI11 put the argument after AGENT's place into AGENT.
  const bool shifted = (listed || crawler) && next_option_ != nullptr;
  const bool both = shifted ? positional && next_option_->count() > 0 : positional;
  if ((listed || crawler) && both) {
    const char* const way = by_header ? "--user-agent-string" : by_name ? "--crawler" : "--agent";
    report_error(command, std::string(way) + " and the AGENT '" + printable(positional_) +
                              "' both say who asks: give one");
    return std::nullopt;
  }
  if ((listed && crawler) || (by_name && by_header)) {
    report_error(command, std::string(listed ? "--agent" : "--crawler") + " and " +
                              (by_header ? "--user-agent-string" : "--crawler") +
                              " both say who asks: give one");
    return std::nullopt;
  }
  if (shifted && positional) *next_value_ = positional_;

  if (by_header) {
    std::string error;
    const Crawler* const found = crawler_of_header(user_agent_string_, kCommandLineWords, error);
    if (found == nullptr) {
      report_error(command, error);
      return std::nullopt;
    }
    std::cerr << "robotstxt " << command << ": note: --user-agent-string names crawler "
              << found->name << "\n";
    return OwnedAgent(*found);
  }
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
    if (as_written_) {
      note_unnameable(command, tokens);
    } else {
      for (const std::string& list : lists_) {
        if (const std::string refusal = agent_list_refusal("--agent", list, kCommandLineWords);
            !refusal.empty()) {
          report_error(command, refusal);
          return std::nullopt;
        }
      }
    }
    return OwnedAgent(std::move(tokens));
  }
  if (positional) {
    std::vector<std::string> tokens = split_agents(positional_);
    // Google's tool queries an empty AGENT as the empty agent, for which only `*` rules
    // can apply; the spec-test runner relies on it (conformance: empty-string).
    if (positional_.empty() && as_written_) tokens.emplace_back();
    if (tokens.empty()) {
      report_error(command,
                   "AGENT '" + printable(positional_) + "' names no product token: give one" +
                       (positional_.empty() ? std::string(" (--as-written asks an empty AGENT as "
                                                          "Google's robots tool does)")
                                            : std::string()));
      return std::nullopt;
    }
    // Without the positional after it, AGENT is that argument (`check FILE URL`): the
    // caller says the agent is missing, and a word about the URL as a token would mislead.
    if (next_option_ == nullptr || next_given()) {
      if (as_written_) {
        note_unnameable(command, tokens);
      } else if (const std::string refusal =
                     agent_list_refusal("AGENT", positional_, kCommandLineWords);
                 !refusal.empty()) {
        report_error(command, refusal);
        return std::nullopt;
      }
    }
    return OwnedAgent(std::move(tokens));
  }
  if (required) {
    report_error(command, positional_option_ != nullptr
                              ? "say who asks: an AGENT, --agent LIST, --crawler NAME or "
                                "--user-agent-string S"
                              : "say who asks: --agent LIST, --crawler NAME or "
                                "--user-agent-string S");
    return std::nullopt;
  }
  return OwnedAgent();
}

}  // namespace robotstxt::cli
