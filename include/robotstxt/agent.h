/**
 * @file agent.h
 * @brief Who asks a question (Agent), and how a user-agent line becomes something its
 *        name can equal (docs/semantics.md 2.4, 2.5 and 8).
 *
 * Every query of RobotsTxt and RobotsClient takes one Agent: product tokens merged as
 * Google's matcher merges them (docs/semantics.md 2.5), or a crawler of the catalogue, which
 * follows its own precedence (docs/semantics.md 8). The rules for reading a user-agent line live
 * here too, so that the compiler, the linter, the tools and the Python module can never
 * read one differently.
 *
 * @code
 *   robots.allowed(url, "Googlebot");                                   // one token
 *   robots.allowed(url, {"FooBot", "Foo"});                             // merged tokens
 *   robots.allowed(url, *robotstxt::find_crawler("Googlebot-Image"));  // a crawler
 *   robotstxt::product_token("FooBot/1.2 (+https://foo.example)");      // "FooBot"
 *   robotstxt::is_global_agent("* (everyone)");                         // true
 * @endcode
 */
#ifndef ROBOTSTXT_AGENT_H_
#define ROBOTSTXT_AGENT_H_

#include <cstddef>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/crawler_catalogue.h"

namespace robotstxt {

/// Who asks: one product token, several merged (a group applies if it names any of them,
/// docs/semantics.md 2.5), or a crawler, whose first token that a group names decides alone
/// (docs/semantics.md 8). A view: the tokens, or the Crawler, must outlive every use of it.
class Agent {
 public:
  // Implicit on purpose: every query reads `robots.allowed(url, "Googlebot")`, and a
  // crawler is passed as it is: `robots.allowed(url, *find_crawler("GPTBot"))`.
  Agent(std::string_view token) noexcept : single_(token) {}
  Agent(const char* token) noexcept : single_(token) {}
  Agent(const std::string& token) noexcept : single_(token) {}
  Agent(std::span<const std::string_view> tokens) noexcept : many_(tokens), several_(true) {}
  // The list's array lives until the end of the call that the braces are written in.
  Agent(std::initializer_list<std::string_view> tokens) noexcept
      : many_(std::data(tokens), tokens.size()), several_(true) {}
  Agent(const std::vector<std::string_view>& tokens) noexcept : many_(tokens), several_(true) {}
  template <std::size_t N>
  Agent(const std::string_view (&tokens)[N]) noexcept : many_(tokens), several_(true) {}
  Agent(const Crawler& crawler) noexcept : many_(crawler.tokens), crawler_(&crawler) {}

  /// The product tokens: those given, or the crawler's in precedence order.
  [[nodiscard]] std::span<const std::string_view> tokens() const noexcept {
    return several_ || crawler_ != nullptr ? many_ : std::span(&single_, 1);
  }
  /// The crawler that asks; null when product tokens ask.
  [[nodiscard]] const Crawler* crawler() const noexcept { return crawler_; }
  /// False for a crawler that robots.txt does not bind (docs/semantics.md 8.3): it is allowed
  /// whatever the file says, and whether or not there is one.
  [[nodiscard]] bool bound_by_robots_txt() const noexcept {
    return crawler_ == nullptr || crawler_->obeys_robots_txt;
  }

 private:
  std::string_view single_;
  std::span<const std::string_view> many_;
  const Crawler* crawler_ = nullptr;
  bool several_ = false;
};

/// Google-specific (docs/semantics.md 2.4): `*` alone, or `*` followed by whitespace and any
/// text, names every crawler. `value` is the user-agent line's trimmed value.
[[nodiscard]] bool is_global_agent(std::string_view value) noexcept;

/// The product token `value` starts with: its longest prefix of letters, `_` and `-`
/// (docs/semantics.md 2.4). Empty when `value` starts with anything else (`*bot`, `MJ12bot`
/// gives "MJ"). The result is a view into `value`.
[[nodiscard]] std::string_view product_token(std::string_view value) noexcept;

/// Can `name` ever equal a product token of a file? Only when it is made of letters,
/// `_` and `-` alone (docs/semantics.md 8.5): `MJ12bot` never can.
[[nodiscard]] bool is_valid_product_token(std::string_view name) noexcept;

}  // namespace robotstxt

#endif  // ROBOTSTXT_AGENT_H_
