#include "answer/agent_label.h"

#include <string>

#include "answer/cli_support.h"

namespace robotstxt::cli {

std::string agent_label(const OwnedAgent& who) {
  if (who.crawler() != nullptr) return std::string(who.crawler()->name);
  std::string joined;
  for (const std::string& token : who.tokens()) joined += (joined.empty() ? "" : ",") + token;
  // A label is shown in text only; an agent list may come from a script's input.
  return printable(joined, kShowWhole);
}

}  // namespace robotstxt::cli
