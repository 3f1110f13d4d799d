// The second floor corpus_bench prints: the least a compile that built the library's
// rule index for every group at parse could do. The library's own tokenizer reads every
// line, each allow and disallow value in a group is copied into a text as the compiler
// copies it, and each group's rules are ordered by the library's own sort. Nothing else a
// compile needs is done: no value is normalised, no agent indexed, no directive or
// sitemap kept, no index.htm rewrite or byte signature made, and nothing is packed into
// a compiled object. The library's parse leaves the sort to each group's first query
// (src/core/rule_index.cc), so it can beat this figure; what it cannot beat is the
// tokenizer.
#ifndef ROBOTSTXT_BENCH_SORTED_INDEX_FLOOR_H_
#define ROBOTSTXT_BENCH_SORTED_INDEX_FLOOR_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/literal_prefix_sort.h"
#include "core/tokenizer.h"
#include "robotstxt/line_facts.h"

namespace robotstxt::bench {

class SortedIndexFloor {
 public:
  /// Reads `body` and orders its groups' rules; returns how many rules it ordered, to
  /// be summed and printed so that the compiler cannot drop the work. Reuses its buffers
  /// from body to body, as the compiler reuses a thread's.
  std::size_t run(std::string_view body) {
    text_.clear();
    rules_.clear();
    group_starts_.clear();
    bool in_group = false;
    bool group_has_rules = false;
    internal::for_each_line(body, [&](const LineFacts& line, internal::RuleValue /*value*/) {
      if (line.kind == LineKind::kUserAgent) {
        // docs/semantics.md 2.1: a user-agent line after a rule starts a new group.
        if (!in_group || group_has_rules) {
          group_starts_.push_back(static_cast<std::uint32_t>(rules_.size()));
          in_group = true;
          group_has_rules = false;
        }
      } else if ((line.kind == LineKind::kAllow || line.kind == LineKind::kDisallow) && in_group) {
        group_has_rules = true;
        // The bytes before the first `*` stand in for the normalised literal prefix.
        const std::string_view literal = line.value.substr(0, line.value.find('*'));
        rules_.push_back(
            {static_cast<std::uint32_t>(text_.size()), static_cast<std::uint32_t>(literal.size())});
        text_.append(line.value);
      }
    });
    text_.append(internal::LiteralPrefixSort::kReadableAfterPrefix, '\0');
    if (placed_.size() < rules_.size()) placed_.resize(rules_.size());
    const auto literal_prefix = [this](std::uint32_t rule) {
      return std::string_view(text_).substr(rules_[rule].offset, rules_[rule].length);
    };
    group_starts_.push_back(static_cast<std::uint32_t>(rules_.size()));
    for (std::size_t group = 0; group + 1 < group_starts_.size(); ++group) {
      const std::uint32_t begin = group_starts_[group];
      const auto place = [this, begin](std::uint32_t rule, std::uint32_t position) {
        placed_[begin + position] = rules_[rule];
      };
      sort_.sort(begin, group_starts_[group + 1] - begin, literal_prefix, place);
    }
    return rules_.size();
  }

 private:
  struct Rule {
    std::uint32_t offset, length;  // the literal prefix in text_
  };
  std::string text_;
  std::vector<Rule> rules_;
  std::vector<Rule> placed_;
  std::vector<std::uint32_t> group_starts_;
  internal::LiteralPrefixSort sort_;
};

}  // namespace robotstxt::bench

#endif  // ROBOTSTXT_BENCH_SORTED_INDEX_FLOOR_H_
