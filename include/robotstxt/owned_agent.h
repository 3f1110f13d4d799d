/**
 * @file owned_agent.h
 * @brief Who asks, held: an Agent (agent.h) together with the product tokens it views, so
 *        that it can outlive the arguments, the request or the call it was read from.
 *
 * Agent is a view, cheap to pass to every query. Whatever keeps who asks beyond one call (a
 * command's options, a service's request, a handle of the C ABI, a binding's argument) keeps
 * an OwnedAgent and asks with agent().
 *
 * @code
 *   robotstxt::OwnedAgent who(std::vector<std::string>{"FooBot", "Foo"});
 *   robots.allowed(url, who.agent());
 * @endcode
 */
#ifndef ROBOTSTXT_OWNED_AGENT_H_
#define ROBOTSTXT_OWNED_AGENT_H_

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/crawler_catalogue.h"

namespace robotstxt {

/// The product tokens or the crawler of an Agent, owned. Empty (nobody asks) when
/// default-constructed. Copies and moves keep agent() viewing their own tokens.
class OwnedAgent {
 public:
  OwnedAgent() = default;
  explicit OwnedAgent(const Crawler& crawler) noexcept : crawler_(&crawler) {}
  /// One token: held inline when it is short, so that asking costs no allocation.
  explicit OwnedAgent(std::string token) : single_(std::move(token)), count_(1) {}
  /// Several tokens, merged as one crawler (agent.h); one token as above; none is nobody.
  explicit OwnedAgent(std::vector<std::string> tokens);
  /// A copy of what `agent` views: its crawler, or its tokens.
  explicit OwnedAgent(const Agent& agent);

  OwnedAgent(const OwnedAgent& other);
  OwnedAgent& operator=(const OwnedAgent& other);
  OwnedAgent(OwnedAgent&& other) noexcept;
  OwnedAgent& operator=(OwnedAgent&& other) noexcept;
  ~OwnedAgent() = default;

  /// The form every query takes; valid while this object lives and is not changed. One token
  /// is asked as one: the matcher's single-token path has nothing to merge, a quarter less
  /// time per check through the C ABI.
  [[nodiscard]] Agent agent() const noexcept {
    if (crawler_ != nullptr) return {*crawler_};
    if (count_ == 1) return Agent(std::string_view(single_));
    return {std::span<const std::string_view>(views_)};
  }
  /// The product tokens as given; empty for a crawler or nobody.
  [[nodiscard]] std::span<const std::string> tokens() const noexcept {
    if (count_ == 1) return {&single_, 1};
    return several_;
  }
  /// The crawler that asks; null when product tokens ask, or nobody.
  [[nodiscard]] const Crawler* crawler() const noexcept { return crawler_; }
  /// False for the default-constructed object: nobody was named.
  [[nodiscard]] bool given() const noexcept { return crawler_ != nullptr || count_ > 0; }

 private:
  void view_several();

  std::string single_;                   // the token when there is exactly one
  std::vector<std::string> several_;     // the tokens when there are two or more
  std::vector<std::string_view> views_;  // over several_
  const Crawler* crawler_ = nullptr;
  std::size_t count_ = 0;  // tokens given
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_OWNED_AGENT_H_
