// A second, deliberately naive reading of docs/semantics.md 1-5, for tests and fuzzers
// to hold the library against. It re-reads the robots.txt bytes itself and tries every
// applicable rule with a plain dynamic-programming wildcard matcher: no tokenizer, no
// compiled index, no shared helper from src/. Slow by design; it only has to be obviously
// right. Only the public result enums (RuleKind, AppliedGroups) are shared, so that
// results compare field by field.
#ifndef ROBOTSTXT_TESTS_SUPPORT_BRUTE_FORCE_ORACLE_H_
#define ROBOTSTXT_TESTS_SUPPORT_BRUTE_FORCE_ORACLE_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/verdict.h"

namespace robotstxt::testing {

/// What the oracle decides for one query: the same fields as robotstxt::Verdict.
struct OracleVerdict {
  bool allowed = true;
  std::uint32_t line = 0;  ///< decisive line (docs/semantics.md 5.4); 0 when no rule decided
  RuleKind kind = RuleKind::kAllow;
  std::string pattern;  ///< the decisive rule as written, normalised (1.8)
  std::uint32_t strength = 0;
  bool via_index_htm = false;
  AppliedGroups applied = AppliedGroups::kNone;
};

class BruteForceOracle {
 public:
  /// Reads `body` (any bytes) into plain groups of agents and rules.
  explicit BruteForceOracle(std::string_view body);

  /// The verdict for `url` as given (docs/semantics.md 4.1) and `agents`, found by matching
  /// every applicable rule.
  [[nodiscard]] OracleVerdict verdict(std::string_view url,
                                      std::span<const std::string_view> agents) const;
  [[nodiscard]] OracleVerdict verdict(std::string_view url, std::string_view agent) const {
    return verdict(url, std::span<const std::string_view>(&agent, 1));
  }

 private:
  struct Rule {
    std::uint32_t line = 0;
    bool allow = false;
    std::string pattern;  // normalised (docs/semantics.md 1.8)
  };
  struct Group {
    std::vector<std::string> tokens;  // product tokens of its named agents (2.4)
    bool global = false;              // one of its user-agent lines is `*`
    std::vector<Rule> rules;
  };
  std::vector<Group> groups_;
};

/// Empty when `library` says what `oracle` says (the verdict and, where there is one,
/// the decisive rule); otherwise one line naming each field that differs.
[[nodiscard]] std::string difference_from_oracle(const Verdict& library,
                                                 const OracleVerdict& oracle);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_BRUTE_FORCE_ORACLE_H_
