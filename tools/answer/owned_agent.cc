#include "answer/owned_agent.h"

#include "answer/cli_support.h"

namespace robotstxt::cli {

std::string OwnedAgent::label() const {
  if (crawler_ != nullptr) return std::string(crawler_->name);
  std::string joined;
  for (const std::string& token : tokens_) joined += (joined.empty() ? "" : ",") + token;
  // A label is shown in text only; an agent list may come from a script's input.
  return printable(joined, kShowWhole);
}

}  // namespace robotstxt::cli
