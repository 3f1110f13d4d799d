// The compiler keeps each group's rules sorted by literal prefix, bytes compared
// unsigned, then in file order (compiled_layout.h); the matcher's index walk depends on
// it, and on ties nothing the library answers would show a wrong order. Checked here
// against std::stable_sort of the same rules in file order, on groups shaped to reach
// each path of the compiler's sort: small groups, groups large enough to be distributed
// byte by byte, prefixes equal to the start of others, prefixes sharing eight, sixteen
// and far more bytes, and many equal prefixes.
#include "compiled_rule_order.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

using Place = std::tuple<std::uint32_t, std::string, std::uint32_t, bool>;

std::vector<Place> as_tuples(const std::vector<internal::CompiledRulePlace>& places) {
  std::vector<Place> tuples;
  for (const internal::CompiledRulePlace& place : places) {
    tuples.emplace_back(place.group, std::string(place.literal_prefix), place.line,
                        place.index_htm_rewrite);
  }
  return tuples;
}

// The same rules put in file order (a rule before its index.htm rewrite), then sorted
// stably by group and literal prefix: what the compiler must have produced.
std::vector<Place> expected_order(std::vector<Place> places) {
  std::stable_sort(places.begin(), places.end(), [](const Place& a, const Place& b) {
    return std::tie(std::get<0>(a), std::get<2>(a), std::get<3>(a)) <
           std::tie(std::get<0>(b), std::get<2>(b), std::get<3>(b));
  });
  std::stable_sort(places.begin(), places.end(), [](const Place& a, const Place& b) {
    return std::tie(std::get<0>(a), std::get<1>(a)) < std::tie(std::get<0>(b), std::get<1>(b));
  });
  return places;
}

struct RandomBody {
  std::string text;
  std::vector<std::uint32_t> rule_lines;   // every allow/disallow line, in file order
  std::vector<std::uint32_t> index_lines;  // those with an index.htm rewrite
};

// Groups of the given sizes, each rule a stem and a random tail; a `*` in the tail ends
// the literal prefix early, so that equal prefixes come from different rules.
RandomBody random_body(std::mt19937& random, const std::vector<int>& group_sizes) {
  const std::string stems[] = {"",
                               "/",
                               "/a",
                               "/ab",
                               "/aaaaaaa",
                               "/aaaaaaaa",
                               "/aaaaaaaaaaaaaaa",
                               "/aaaaaaaaaaaaaaaa",
                               "/" + std::string(31, 'a'),
                               "/" + std::string(40, 'a') + "/b",
                               "/" + std::string(70, 'a'),
                               "/wp-content/plugins/",
                               "/wp-content/themes/",
                               "/%E2%82%AC/",
                               "/A",
                               "*"};
  const std::string_view tail_bytes = "ab/-~.*";
  RandomBody body;
  std::uint32_t line = 0;
  for (const int size : group_sizes) {
    body.text += "user-agent: a\n";
    ++line;
    for (int rule = 0; rule < size; ++rule) {
      std::string pattern = stems[random() % std::size(stems)];
      const std::size_t tail = random() % 12;
      for (std::size_t i = 0; i < tail; ++i) pattern += tail_bytes[random() % tail_bytes.size()];
      const bool allow = random() % 2 == 0;
      const bool index_htm = allow && random() % 8 == 0;
      if (index_htm) {
        pattern += "/index.html";
      } else if (random() % 5 == 0) {
        pattern += "$";
      }
      body.text += (allow ? "allow: " : "disallow: ") + pattern + "\n";
      ++line;
      body.rule_lines.push_back(line);
      if (index_htm) body.index_lines.push_back(line);
    }
  }
  return body;
}

void expect_sorted_by_literal_prefix(const RandomBody& body) {
  const RobotsTxt robots = RobotsTxt::parse(body.text);
  const std::vector<Place> compiled = as_tuples(internal::compiled_rule_order(robots));
  EXPECT_EQ(compiled, expected_order(compiled));
  // Nothing lost or repeated: every rule line once, every rewrite once.
  std::vector<std::uint32_t> rule_lines;
  std::vector<std::uint32_t> index_lines;
  for (const auto& [group, literal, line, rewrite] : compiled) {
    (rewrite ? index_lines : rule_lines).push_back(line);
  }
  std::sort(rule_lines.begin(), rule_lines.end());
  std::sort(index_lines.begin(), index_lines.end());
  EXPECT_EQ(rule_lines, body.rule_lines);
  EXPECT_EQ(index_lines, body.index_lines);
}

TEST(CompiledRuleOrder, SmallGroupsMatchAStableSortOfTheirPrefixes) {
  std::mt19937 random(20261123);  // fixed: a failure must be reproducible
  for (int round = 0; round < 300; ++round) {
    std::vector<int> sizes;
    for (int group = 0; group < 4; ++group) sizes.push_back(static_cast<int>(random() % 30));
    expect_sorted_by_literal_prefix(random_body(random, sizes));
  }
}

TEST(CompiledRuleOrder, LargeGroupsMatchAStableSortOfTheirPrefixes) {
  std::mt19937 random(31);
  for (const int size : {25, 26, 40, 48, 49, 100, 300, 1000, 5000}) {
    for (int round = 0; round < 4; ++round) {
      expect_sorted_by_literal_prefix(random_body(random, {size, 3, size / 2}));
    }
  }
}

// Rules that share every byte of a long prefix and differ (or end) only far past it:
// the compiler's sort compares sixteen bytes at a time.
TEST(CompiledRuleOrder, LongSharedPrefixesMatchAStableSortOfThem) {
  std::mt19937 random(5);
  RandomBody body;
  body.text = "user-agent: a\n";
  std::uint32_t line = 1;
  const std::string shared = "/" + std::string(47, 'x');
  for (int rule = 0; rule < 2000; ++rule) {
    std::string pattern = shared.substr(0, 40 + random() % 8);
    for (std::size_t i = random() % 40; i > 0; --i) pattern += "xy*"[random() % 3];
    body.text += "disallow: " + pattern + "\n";
    body.rule_lines.push_back(++line);
  }
  expect_sorted_by_literal_prefix(body);
}

}  // namespace
}  // namespace robotstxt
