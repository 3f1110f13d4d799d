// The product-token and global-agent rules (docs/semantics.md 2.4, 2.5, 8.5).
#include "robotstxt/agent.h"

#include <algorithm>

#include "base/ascii.h"

namespace robotstxt {

bool is_global_agent(std::string_view value) noexcept {
  return value.starts_with('*') && (value.size() == 1 || internal::is_ascii_space(value[1]));
}

std::string_view product_token(std::string_view value) noexcept {
  std::size_t length = 0;
  while (length < value.size() && internal::is_token_char(value[length])) ++length;
  return value.substr(0, length);
}

bool is_valid_product_token(std::string_view name) noexcept {
  return !name.empty() && std::all_of(name.begin(), name.end(), internal::is_token_char);
}

}  // namespace robotstxt
