// Who asks, as the tools show it in text.
#ifndef ROBOTSTXT_TOOLS_ANSWER_AGENT_LABEL_H_
#define ROBOTSTXT_TOOLS_ANSWER_AGENT_LABEL_H_

#include <string>

#include "robotstxt/owned_agent.h"

namespace robotstxt::cli {

/// "Googlebot,Googlebot-Image" (the tokens as given, joined, printable), or the crawler's name.
[[nodiscard]] std::string agent_label(const OwnedAgent& who);

/// True when several product tokens ask, merged as one crawler.
[[nodiscard]] inline bool is_merged(const OwnedAgent& who) {
  return who.crawler() == nullptr && who.tokens().size() > 1;
}

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_AGENT_LABEL_H_
