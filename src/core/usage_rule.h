// A content-usage value split into its path and its preference string
// (docs/semantics.md 9.2), as written. Shared by the selection of usage rules and the
// linter, so that both read a value the same way.
#ifndef ROBOTSTXT_SRC_CORE_USAGE_RULE_H_
#define ROBOTSTXT_SRC_CORE_USAGE_RULE_H_

#include <string_view>

#include "base/ascii.h"

namespace robotstxt::internal {

struct UsageValue {
  std::string_view path;         // as written; empty when the value has no path
  std::string_view preferences;  // trimmed
};

// A value starting with `/` has a path up to the first space or tab; otherwise the whole
// value is the preference string.
constexpr UsageValue split_usage_value(std::string_view value) noexcept {
  if (!value.starts_with('/')) return {{}, value};
  const std::size_t end = value.find_first_of(" \t");
  if (end == std::string_view::npos) return {value, {}};
  return {value.substr(0, end), trim_ascii_space(value.substr(end))};
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_USAGE_RULE_H_
