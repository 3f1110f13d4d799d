// The order in which a RobotsTxt keeps each group's rules once indexed (compiled_layout.h,
// beside kCompareEachUpTo), and which groups are indexed yet. No answer the library gives
// shows either, since every listing goes back to file order; tests check the lazy index
// through these.
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

// Every group's rules, group by group, each group's in the order the index walk reads
// them (indexing every group first, as any reader of a group's rules does).
std::vector<CompiledRulePlace> compiled_rule_order(const RobotsTxt& robots);

// Whether each group (indexes into groups()) is indexed yet; reads no rule.
std::vector<bool> indexed_groups(const RobotsTxt& robots);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_COMPILED_RULE_ORDER_H_
