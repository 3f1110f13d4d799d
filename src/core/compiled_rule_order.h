// The order in which a RobotsTxt keeps each group's rules (compiled_layout.h, beside
// kCompareEachUpTo). No answer the library gives shows it, since every listing goes back
// to file order; tests check the compiler's sort through this.
#ifndef ROBOTSTXT_SRC_CORE_COMPILED_RULE_ORDER_H_
#define ROBOTSTXT_SRC_CORE_COMPILED_RULE_ORDER_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt::internal {

struct CompiledRulePlace {
  std::uint32_t group;              // index into groups()
  std::string_view literal_prefix;  // points into the RobotsTxt
  std::uint32_t line;
  bool index_htm_rewrite;
};

// Every group's rules, group by group, each group's in the order the compiler left them.
std::vector<CompiledRulePlace> compiled_rule_order(const RobotsTxt& robots);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_COMPILED_RULE_ORDER_H_
