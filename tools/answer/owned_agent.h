// Who asks, as the tools hold it: the library's Agent together with the product tokens
// it views, so that it can outlive the arguments or the request it was read from.
#ifndef ROBOTSTXT_TOOLS_ANSWER_OWNED_AGENT_H_
#define ROBOTSTXT_TOOLS_ANSWER_OWNED_AGENT_H_

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/crawler_catalogue.h"

namespace robotstxt::cli {

/// The library's Agent (agent.h) together with the product tokens it views: what the
/// command line and the service's requests resolve to. Empty when nobody was named.
class OwnedAgent {
 public:
  OwnedAgent() = default;
  explicit OwnedAgent(const Crawler& crawler) : crawler_(&crawler) {}
  explicit OwnedAgent(std::vector<std::string> tokens)
      : tokens_(std::move(tokens)), views_(tokens_.begin(), tokens_.end()) {}
  // The views point into the strings, which a copy must make again and a move keeps.
  OwnedAgent(const OwnedAgent& other)
      : tokens_(other.tokens_), views_(tokens_.begin(), tokens_.end()), crawler_(other.crawler_) {}
  OwnedAgent& operator=(const OwnedAgent& other) {
    if (this != &other) *this = OwnedAgent(other);
    return *this;
  }
  OwnedAgent(OwnedAgent&&) noexcept = default;
  OwnedAgent& operator=(OwnedAgent&&) noexcept = default;
  ~OwnedAgent() = default;

  /// The form every query of the library takes; valid while this object lives.
  [[nodiscard]] Agent agent() const {
    return crawler_ != nullptr ? Agent(*crawler_) : Agent(std::span(views_));
  }
  /// The product tokens as given; empty for a crawler or nobody.
  [[nodiscard]] const std::vector<std::string>& tokens() const { return tokens_; }
  [[nodiscard]] const Crawler* crawler() const { return crawler_; }
  [[nodiscard]] bool given() const { return crawler_ != nullptr || !tokens_.empty(); }
  /// "Googlebot,Googlebot-Image" (as given, joined), or the crawler's name.
  [[nodiscard]] std::string label() const;

 private:
  std::vector<std::string> tokens_;
  std::vector<std::string_view> views_;  // over tokens_
  const Crawler* crawler_ = nullptr;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_OWNED_AGENT_H_
