// The compiler keeps each group's rules in the order the matcher's index walk needs
// (compiled_layout.h, kCompareEachUpTo): sorted by literal prefix, bytes compared
// unsigned, except that a few rules that are all of a group's rules starting with some
// bytes may be in any order. Checked here by walking each group as the matcher does, on
// groups shaped to reach each path of the compiler's sort: small groups, groups large
// enough to be distributed byte by byte, prefixes equal to the start of others, prefixes
// sharing eight, sixteen and far more bytes, and many equal prefixes.
#include "core/compiled_rule_order.h"

#include "core/compiled_layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <span>
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

// Whether `places`, a group's rules that all start with the same `depth` bytes and are
// all of its rules that do, are in an order the index walk can narrow: few enough to be
// compared each, or those ending after `depth` bytes first, then the rest by their next
// byte, each run of one next byte in such an order too.
bool walkable(std::span<const Place> places, std::size_t depth) {
  if (places.size() <= static_cast<std::size_t>(internal::kCompareEachUpTo)) return true;
  const auto literal = [&places](std::size_t at) -> const std::string& {
    return std::get<1>(places[at]);
  };
  std::size_t at = 0;
  while (at < places.size() && literal(at).size() == depth) ++at;
  while (at < places.size()) {
    if (literal(at).size() <= depth) return false;  // ended after longer prefixes
    const auto byte = static_cast<unsigned char>(literal(at)[depth]);
    std::size_t run_end = at + 1;
    while (run_end < places.size() && literal(run_end).size() > depth &&
           static_cast<unsigned char>(literal(run_end)[depth]) == byte) {
      ++run_end;
    }
    if (run_end < places.size() && literal(run_end).size() > depth &&
        static_cast<unsigned char>(literal(run_end)[depth]) < byte) {
      return false;
    }
    if (!walkable(places.subspan(at, run_end - at), depth + 1)) return false;
    at = run_end;
  }
  return true;
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

void expect_walkable_order(const RandomBody& body) {
  const RobotsTxt robots = RobotsTxt::parse(body.text);
  const std::vector<Place> compiled = as_tuples(internal::compiled_rule_order(robots));
  for (std::size_t begin = 0; begin < compiled.size();) {
    std::size_t end = begin;
    while (end < compiled.size() && std::get<0>(compiled[end]) == std::get<0>(compiled[begin])) {
      ++end;
    }
    EXPECT_TRUE(walkable(std::span(compiled).subspan(begin, end - begin), 0))
        << "group " << std::get<0>(compiled[begin]) << " of " << body.text.size() << " bytes";
    begin = end;
  }
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

// The check itself must be able to say no.
TEST(CompiledRuleOrder, TheWalkCheckRejectsOrdersTheWalkCannotNarrow) {
  const auto places = [](std::initializer_list<const char*> literals) {
    std::vector<Place> result;
    for (const char* literal : literals) result.emplace_back(0, literal, 0, false);
    return result;
  };
  const std::vector<Place> few_unsorted = places({"/i", "/h", "/g", "/f", "/e", "/d", "/c", "/b"});
  EXPECT_TRUE(walkable(few_unsorted, 0));
  const std::vector<Place> sorted =
      places({"", "/", "/a", "/a", "/ab", "/b", "/c", "/d", "/e", "/f", "/g"});
  EXPECT_TRUE(walkable(sorted, 0));
  std::vector<Place> swapped = sorted;
  std::swap(swapped[5], swapped[6]);  // "/c" before "/b"
  EXPECT_FALSE(walkable(swapped, 0));
  std::vector<Place> ended_late = sorted;
  std::swap(ended_late[1], ended_late[2]);  // "/" after "/a", which it starts
  EXPECT_FALSE(walkable(ended_late, 0));
  // Nine rules starting "/a": too many to be left in any order.
  const std::vector<Place> many_unsorted =
      places({"/ai", "/ah", "/ag", "/af", "/ae", "/ad", "/ac", "/ab", "/aa", "/b"});
  EXPECT_FALSE(walkable(many_unsorted, 0));
}

TEST(CompiledRuleOrder, SmallGroupsAreInAnOrderTheWalkCanNarrow) {
  std::mt19937 random(20261123);  // fixed: a failure must be reproducible
  for (int round = 0; round < 300; ++round) {
    std::vector<int> sizes;
    for (int group = 0; group < 4; ++group) sizes.push_back(static_cast<int>(random() % 30));
    expect_walkable_order(random_body(random, sizes));
  }
}

TEST(CompiledRuleOrder, LargeGroupsAreInAnOrderTheWalkCanNarrow) {
  std::mt19937 random(31);
  for (const int size : {25, 26, 40, 48, 49, 100, 300, 1000, 5000}) {
    for (int round = 0; round < 4; ++round) {
      expect_walkable_order(random_body(random, {size, 3, size / 2}));
    }
  }
}

// Rules that share every byte of a long prefix and differ (or end) only far past it:
// the compiler's sort compares eight bytes at a time.
TEST(CompiledRuleOrder, LongSharedPrefixesAreInAnOrderTheWalkCanNarrow) {
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
  expect_walkable_order(body);
}

}  // namespace
}  // namespace robotstxt
