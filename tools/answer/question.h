// A question as the commands and the service read it before any rule is matched: who asks
// (product tokens a group can name, or the crawler a User-Agent header names) and the URL
// as a crawler requests it. Asked "as written" (--as-written, as_written=1), both are
// taken exactly as given, as the library takes them.
#ifndef ROBOTSTXT_TOOLS_ANSWER_QUESTION_H_
#define ROBOTSTXT_TOOLS_ANSWER_QUESTION_H_

#include <string>
#include <string_view>

#include "robotstxt/crawler_catalogue.h"

namespace robotstxt::cli {

/// What one surface calls the ways of saying who asks, for its messages.
struct AskingWords {
  std::string_view agent_option;  ///< where a list of tokens goes: "--agent", "agent"
  std::string_view user_agent;    ///< where a whole header goes: "--user-agent-string"
  std::string_view as_written;    ///< how to ask as given: "--as-written", "as_written=1"
};

inline constexpr AskingWords kCommandLineWords{"--agent", "--user-agent-string", "--as-written"};
inline constexpr AskingWords kServiceWords{"agent", "user_agent", "as_written=1"};

/// Why the agent list `given` (named `source` in the message: "AGENT", "--agent",
/// "agent") cannot be asked: "" when each of its tokens is a product token (letters, '_'
/// and '-', docs/semantics.md 2.4) or `*`. Otherwise one line naming the first token that
/// is not, `words.user_agent` and the catalogued crawler `given` names if it is a whole
/// User-Agent header, and `words.as_written`. A group can never name such a token (8.5):
/// the answer would be the `*` group's whatever the file says to the crawler meant.
std::string agent_list_refusal(std::string_view source, std::string_view given,
                               const AskingWords& words);

/// The crawler the User-Agent header `header` names (crawler_in_user_agent()), or
/// nullptr with `error` saying that it names none and where a product token goes.
const Crawler* crawler_of_header(std::string_view header, const AskingWords& words,
                                 std::string& error);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_QUESTION_H_
