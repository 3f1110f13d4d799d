#include "answer/question.h"

#include "answer/cli_support.h"
#include "robotstxt/agent.h"

namespace robotstxt::cli {

std::string agent_list_refusal(std::string_view source, std::string_view given,
                               const AskingWords& words) {
  for (const std::string& token : split_agents(given)) {
    if (token == "*" || is_valid_product_token(token)) continue;
    std::string message = std::string(source) + " '" + printable(token) +
                          "' is not a product token (letters, '_' and '-' only), so no group "
                          "can name it";
    // A header may hold commas (`(Linux; Android 6.0.1, ...)`): the crawler is looked for
    // in all that was given, not in the piece before the first comma.
    if (const Crawler* crawler = crawler_in_user_agent(given)) {
      message += ": it is a User-Agent header naming crawler " + std::string(crawler->name) +
                 "; give it with " + std::string(words.user_agent) + " to answer for " +
                 std::string(crawler->name);
    } else {
      const std::string_view read_as = product_token(token);
      if (!read_as.empty()) {
        message += " (a user-agent line '" + printable(token) + "' is read as '" +
                   std::string(read_as) + "')";
      }
      message += ": for the crawler a whole User-Agent header names, give the header with " +
                 std::string(words.user_agent);
    }
    return message + " (" + std::string(words.as_written) + " asks with it as given)";
  }
  return {};
}

const Crawler* crawler_of_header(std::string_view header, const AskingWords& words,
                                 std::string& error) {
  if (const Crawler* crawler = crawler_in_user_agent(header)) return crawler;
  error = std::string(words.user_agent) + " '" + printable(header) +
          "' names no crawler of the catalogue: give its product token with " +
          std::string(words.agent_option);
  return nullptr;
}

}  // namespace robotstxt::cli
