/**
 * @file agent.h
 * @brief How a user-agent line becomes something a crawler's name can equal
 *        (SEMANTICS.md 2.4 and 2.5).
 *
 * The one place for these two rules: the compiler, the linter, the tools and the Python
 * module all ask here, so they can never read a user-agent line differently.
 *
 * @code
 *   robotstxt::product_token("FooBot/1.2 (+https://foo.example)");  // "FooBot"
 *   robotstxt::is_global_agent("* (everyone)");                      // true
 * @endcode
 */
#ifndef ROBOTSTXT_AGENT_H_
#define ROBOTSTXT_AGENT_H_

#include <string_view>

namespace robotstxt {

/// Google-specific (SEMANTICS 2.4): `*` alone, or `*` followed by whitespace and any
/// text, names every crawler. `value` is the user-agent line's trimmed value.
[[nodiscard]] bool is_global_agent(std::string_view value) noexcept;

/// The product token `value` starts with: its longest prefix of letters, `_` and `-`
/// (SEMANTICS 2.4). Empty when `value` starts with anything else (`*bot`, `MJ12bot`
/// gives "MJ"). The result is a view into `value`.
[[nodiscard]] std::string_view product_token(std::string_view value) noexcept;

/// Can `name` ever equal a product token of a file? Only when it is made of letters,
/// `_` and `-` alone (SEMANTICS 8.5): `MJ12bot` never can.
[[nodiscard]] bool is_valid_product_token(std::string_view name) noexcept;

}  // namespace robotstxt

#endif  // ROBOTSTXT_AGENT_H_
