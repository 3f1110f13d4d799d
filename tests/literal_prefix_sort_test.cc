// The rule sort on its own (src/core/literal_prefix_sort.h): what it promises whoever calls
// it, the compiler or the benchmark. The order it gives a compiled group is checked
// through the compiler by compiled_rule_order_test; here, the contract: every item placed
// once, items numbered from the first one given, nothing placed when already in order,
// and the exact order wherever no few items share all their bytes.
#include "core/literal_prefix_sort.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::internal {
namespace {

// Prefixes laid out as the compiler lays them out: one after another in a text, with
// the readable bytes the sort may load after the last one.
class Prefixes {
 public:
  explicit Prefixes(const std::vector<std::string>& prefixes) {
    for (const std::string& prefix : prefixes) {
      spans_.push_back({text_.size(), prefix.size()});
      text_ += prefix;
    }
    text_.append(LiteralPrefixSort::kReadableAfterPrefix, '\0');
  }
  std::string_view operator()(std::uint32_t item) const {
    return std::string_view(text_).substr(spans_[item].first, spans_[item].second);
  }
  [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(spans_.size()); }

 private:
  std::string text_;
  std::vector<std::pair<std::size_t, std::size_t>> spans_;
};

// The items of [first, end) in the order the sort gave them; empty when it placed none.
// Fails the test if a position is given twice or an item comes from outside the range.
std::vector<std::uint32_t> sorted_items(LiteralPrefixSort& sort, const Prefixes& prefixes,
                                        std::uint32_t first, std::uint32_t end) {
  constexpr std::uint32_t kUnplaced = ~std::uint32_t{0};
  std::vector<std::uint32_t> order(end - first, kUnplaced);
  const bool sorted =
      sort.sort(first, end - first, prefixes, [&](std::uint32_t item, std::uint32_t position) {
        EXPECT_GE(item, first);
        EXPECT_LT(item, end);
        EXPECT_LT(position, order.size());
        if (position < order.size()) {
          EXPECT_EQ(order[position], kUnplaced) << "position " << position << " placed twice";
          order[position] = item;
        }
      });
  if (!sorted) return {};
  EXPECT_EQ(std::count(order.begin(), order.end(), kUnplaced), 0);
  std::vector<std::uint32_t> items = order;
  std::sort(items.begin(), items.end());
  std::vector<std::uint32_t> expected(end - first);
  std::iota(expected.begin(), expected.end(), first);
  EXPECT_EQ(items, expected) << "not every item placed exactly once";
  return order;
}

// The exact order: by prefix, bytes unsigned, then by item.
std::vector<std::uint32_t> exact_order(const Prefixes& prefixes, std::uint32_t first,
                                       std::uint32_t end) {
  std::vector<std::uint32_t> items(end - first);
  std::iota(items.begin(), items.end(), first);
  std::stable_sort(items.begin(), items.end(), [&prefixes](std::uint32_t a, std::uint32_t b) {
    return prefixes(a) < prefixes(b);
  });
  return items;
}

TEST(LiteralPrefixSort, PlacesNothingForItemsAlreadyInOrder) {
  std::vector<std::string> strings;
  for (int i = 0; i < 300; ++i) strings.push_back("/dir/" + std::to_string(1000 + i));
  strings.push_back("/dir/9");  // equal prefixes in the order given count as in order
  strings.push_back("/dir/9");
  const Prefixes prefixes(strings);
  LiteralPrefixSort sort;
  EXPECT_TRUE(sorted_items(sort, prefixes, 0, prefixes.size()).empty());
}

TEST(LiteralPrefixSort, LeavesFewItemsAlone) {
  const Prefixes prefixes({"/z", "/y", "/x", "/w", "/v", "/u", "/t", "/s"});
  LiteralPrefixSort sort;
  EXPECT_TRUE(sorted_items(sort, prefixes, 0, prefixes.size()).empty());
}

// Prefixes that each differ from all others before their end and within a few bytes
// of where they part: no range of equal bytes is left to the walk, so the order is
// exact. Shared stems of 0, 7, 8, 9, 17 and 40 bytes reach every packing of the keys.
TEST(LiteralPrefixSort, GivesTheExactOrderOfDistinctPrefixes) {
  std::mt19937 random(20261124);
  for (const std::size_t stem_length : {0, 7, 8, 9, 17, 40}) {
    const std::string stem = "/" + std::string(stem_length, 'a');
    std::vector<std::string> strings;
    for (int byte = 1; byte < 256; ++byte) {
      strings.push_back(stem + static_cast<char>(byte));
    }
    strings.push_back(stem);  // the stem itself, a prefix of all others
    std::shuffle(strings.begin(), strings.end(), random);
    // Items numbered from 5: the first five belong to another group.
    strings.insert(strings.begin(), 5, "/other");
    const Prefixes prefixes(strings);
    LiteralPrefixSort sort;
    const std::vector<std::uint32_t> order = sorted_items(sort, prefixes, 5, prefixes.size());
    EXPECT_EQ(order, exact_order(prefixes, 5, prefixes.size())) << "stem of " << stem_length;
  }
}

// Many equal prefixes among others: equal ones keep the order given, since they are
// never more than a range the walk compares each, or they share every byte.
TEST(LiteralPrefixSort, KeepsEqualPrefixesInTheOrderGiven) {
  std::mt19937 random(7);
  std::vector<std::string> strings;
  for (int i = 0; i < 40; ++i) strings.push_back("/same/long/prefix/of/many/bytes");
  for (int byte = 'A'; byte <= 'z'; ++byte) strings.push_back(std::string("/") + char(byte));
  std::shuffle(strings.begin(), strings.end(), random);
  const Prefixes prefixes(strings);
  LiteralPrefixSort sort;
  const std::vector<std::uint32_t> order = sorted_items(sort, prefixes, 0, prefixes.size());
  EXPECT_EQ(order, exact_order(prefixes, 0, prefixes.size()));
}

// One sort reused for groups of different sizes, as a thread reuses it: buffers grown
// for a large group must not leak into a smaller one's order. Each group's prefixes end
// in two bytes, with at least nine second bytes to each first, so that no few items
// share all their bytes and the order is exact.
TEST(LiteralPrefixSort, ReusedForGroupAfterGroup) {
  std::mt19937 random(11);
  LiteralPrefixSort sort;
  for (const auto& [firsts, seconds] : {std::pair{200, 10}, {3, 10}, {50, 11}, {1, 12}}) {
    std::vector<std::string> strings;
    for (int first = 0; first < firsts; ++first) {
      for (int second = 0; second < seconds; ++second) {
        strings.push_back(std::string("/p/") + static_cast<char>(0x30 + first) +
                          static_cast<char>(0x30 + second));
      }
    }
    std::shuffle(strings.begin(), strings.end(), random);
    const Prefixes prefixes(strings);
    const std::vector<std::uint32_t> order = sorted_items(sort, prefixes, 0, prefixes.size());
    EXPECT_EQ(order, exact_order(prefixes, 0, prefixes.size())) << strings.size() << " items";
  }
}

}  // namespace
}  // namespace robotstxt::internal
