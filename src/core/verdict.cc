// Names of the verdict's enumerations, as the tools and bindings print them.
#include "robotstxt/verdict.h"

namespace robotstxt {

std::string_view to_string(RuleKind kind) noexcept {
  return kind == RuleKind::kAllow ? "allow" : "disallow";
}

std::string_view to_string(AppliedGroups groups) noexcept {
  switch (groups) {
    case AppliedGroups::kSpecific:
      return "specific";
    case AppliedGroups::kGlobal:
      return "global";
    case AppliedGroups::kNone:
      break;
  }
  return "none";
}

}  // namespace robotstxt
