// Each group's rule index is built once the group has been checked a few times
// (src/core/compiled_layout.h): parse() leaves large groups unindexed, their first checks
// scan the rules and answer as the index walk does, the check after them indexes only the
// groups it reads, every other reader of rules indexes first, and threads racing each
// other through the scans and into the first build of the same groups of one shared
// RobotsTxt all get the answers of a copy indexed before any question. The race is bounded in count
// (rounds, threads and questions fixed), and the same binary runs under ThreadSanitizer
// (scripts/tsan).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <latch>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/compiled_layout.h"
#include "core/compiled_rule_order.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

// More rules than the walk compares each (kCompareEachUpTo), in an order that is not
// the index's, each rule a stem and a random tail, some with `*`, `$` or an index.htm
// rewrite.
std::string large_group(std::mt19937& random, std::string_view agent, int rules) {
  static constexpr std::string_view kStems[] = {"/",
                                                "/a",
                                                "/ab",
                                                "/aaaaaaaa",
                                                "/aaaaaaaaaaaaaaaaaa",
                                                "/wp-content/",
                                                "/wp-admin/",
                                                "/%E2%",
                                                "/shop/cart/",
                                                "/z/y/",
                                                "",
                                                "*",
                                                "/A"};
  static constexpr std::string_view kTail = "ab/-~.*";
  std::string text = "user-agent: " + std::string(agent) + "\n";
  for (int rule = 0; rule < rules; ++rule) {
    std::string pattern(kStems[random() % std::size(kStems)]);
    for (std::size_t n = random() % 10; n > 0; --n) pattern += kTail[random() % kTail.size()];
    const bool allow = random() % 2 == 0;
    if (allow && random() % 8 == 0) {
      pattern += "/index.html";
    } else if (random() % 5 == 0) {
      pattern += "$";
    }
    text += (allow ? "allow: " : "disallow: ") + pattern + "\n";
  }
  return text;
}

std::string describe(const Verdict& verdict) {
  return std::to_string(verdict.allowed) + " line " + std::to_string(verdict.line) + " " +
         std::string(to_string(verdict.kind)) + " " + std::string(verdict.pattern) + " [" +
         std::string(verdict.rule) + "] strength " + std::to_string(verdict.strength) +
         (verdict.via_index_htm ? " index.htm " : " ") + std::string(to_string(verdict.applied));
}

std::string describe(const Explanation& explanation) {
  std::string text = explanation.path + ": " + describe(explanation.verdict) + "; groups";
  for (const std::size_t group : explanation.groups) text += " " + std::to_string(group);
  text += "; matches";
  for (const RuleMatch& match : explanation.matches) {
    text += " " + std::to_string(match.rule.line) + "/" + std::to_string(match.strength) +
            (match.via_index_htm ? "i" : "");
  }
  return text;
}

std::string describe(const std::vector<Group>& groups) {
  std::string text;
  for (const Group& group : groups) {
    for (const AgentLine& agent : group.agents) text += std::string(agent.value) + ",";
    for (const RuleLine& rule : group.rules) {
      text += std::to_string(rule.line) + std::string(rule.pattern) + ";";
    }
    text += "\n";
  }
  return text;
}

std::vector<bool> all(std::size_t count, bool indexed) { return std::vector<bool>(count, indexed); }

// Rules counted as compiled: an allow of ".../index.htm" is two.
TEST(RuleIndex, ParseLeavesOnlyLargeGroupsUnindexed) {
  std::mt19937 random(7);
  const auto descending = [](int count) {
    std::string rules;
    for (int rule = count; rule > 0; --rule) rules += "disallow: /" + std::to_string(rule) + "\n";
    return rules;
  };
  const std::string body = std::string("user-agent: small\ndisallow: /b\nallow: /a\n") +
                           "user-agent: eight\n" + descending(6) + "allow: /index.htm\n" +
                           "user-agent: nine\n" + descending(7) + "allow: /index.htm\n" +
                           large_group(random, "many", 300) + "user-agent: none\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(internal::indexed_groups(robots), (std::vector<bool>{true, true, false, false, true}));
}

constexpr int kScans = internal::kScansBeforeIndex;

// A group's first kScansBeforeIndex checks scan it; the next one indexes it, and only it.
TEST(RuleIndex, AGroupIsIndexedByTheCheckAfterItsScans) {
  std::mt19937 random(11);
  const std::string body =
      large_group(random, "a", 40) + large_group(random, "b", 40) + large_group(random, "*", 40);
  const RobotsTxt robots = RobotsTxt::parse(body);
  const RobotsTxt eager = RobotsTxt::parse(body);
  (void)internal::compiled_rule_order(eager);
  EXPECT_EQ(internal::indexed_groups(eager), all(3, true));

  const std::string_view paths[] = {"/wp-admin/x", "/ab/c", "/", "/aaaaaaaa/b~"};
  for (int check = 0; check < kScans; ++check) {
    const std::string_view path = paths[check % std::size(paths)];
    if (check % 2 == 0) {
      EXPECT_EQ(robots.allowed(path, "b"), eager.allowed(path, "b")) << path;
    } else {
      // allowed_each() reads the group once for both: one check of it.
      const std::string_view twice[] = {"b", "B"};
      bool answers[2];
      robots.allowed_each(path, twice, answers);
      EXPECT_EQ(answers[0], eager.allowed(path, "b")) << path;
      EXPECT_EQ(answers[1], eager.allowed(path, "b")) << path;
    }
  }
  EXPECT_EQ(internal::indexed_groups(robots), all(3, false));
  EXPECT_EQ(describe(robots.verdict("/ab/c", "b")), describe(eager.verdict("/ab/c", "b")));
  EXPECT_EQ(internal::indexed_groups(robots), (std::vector<bool>{false, true, false}));
  // An agent no group names reads the `*` group.
  for (int check = 0; check <= kScans; ++check) {
    EXPECT_EQ(describe(robots.verdict("/ab/c", "other")),
              describe(eager.verdict("/ab/c", "other")));
  }
  EXPECT_EQ(internal::indexed_groups(robots), (std::vector<bool>{false, true, true}));
  // explain() reads every rule of its groups in any order: it indexes none, and its
  // verdict is one more check.
  for (int check = 0; check < kScans; ++check) {
    EXPECT_EQ(describe(robots.explain("/a", "a")), describe(eager.explain("/a", "a")));
  }
  EXPECT_EQ(internal::indexed_groups(robots), (std::vector<bool>{false, true, true}));
  EXPECT_EQ(describe(robots.explain("/a", "a")), describe(eager.explain("/a", "a")));
  EXPECT_EQ(internal::indexed_groups(robots), all(3, true));
}

// What the scans find is what the walk finds: random groups and paths, each path asked
// of a fresh parse (its first check of each group scans) and of an indexed one.
TEST(RuleIndex, ScansAnswerAsTheIndexWalk) {
  std::mt19937 random(19);
  static constexpr std::string_view kPaths[] = {"/",
                                                "/a",
                                                "/ab/",
                                                "/aaaaaaaaaaaaaaaaaaaab",
                                                "/wp-content/x.php",
                                                "/wp-admin/index.html",
                                                "/shop/cart/a~b",
                                                "/z/y/-",
                                                "/A",
                                                "/%E2%82%AC"};
  for (int round = 0; round < 40; ++round) {
    const std::string body = large_group(random, "a", 9 + static_cast<int>(random() % 100)) +
                             large_group(random, "*", 9 + static_cast<int>(random() % 100));
    const RobotsTxt indexed = RobotsTxt::parse(body);
    (void)internal::compiled_rule_order(indexed);
    for (int url = 0; url < 20; ++url) {
      std::string path(kPaths[random() % std::size(kPaths)]);
      for (std::size_t n = random() % 6; n > 0; --n) path += "ab/-~.index.html"[random() % 16];
      const std::string_view agent = random() % 2 ? "a" : "other";
      const RobotsTxt fresh = RobotsTxt::parse(body);
      ASSERT_EQ(describe(fresh.verdict(path, agent)), describe(indexed.verdict(path, agent)))
          << body << path;
      ASSERT_EQ(internal::indexed_groups(fresh), all(2, false));
    }
  }
}

// Listing the groups reads their rules in any order: unindexed or indexed, the same
// listing in file order, and nothing indexed for it.
TEST(RuleIndex, ListingTheGroupsIndexesNothingAndKeepsFileOrder) {
  std::mt19937 random(13);
  const std::string body = large_group(random, "a", 30) + large_group(random, "b", 30);
  const RobotsTxt robots = RobotsTxt::parse(body);
  const RobotsTxt eager = RobotsTxt::parse(body);
  (void)internal::compiled_rule_order(eager);
  const std::vector<Group> groups = robots.groups();
  EXPECT_EQ(internal::indexed_groups(robots), all(2, false));
  EXPECT_EQ(describe(groups), describe(eager.groups()));
  for (const Group& group : groups) {
    EXPECT_TRUE(
        std::is_sorted(group.rules.begin(), group.rules.end(),
                       [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; }));
  }
}

TEST(RuleIndex, ACopyIsIndexedWhole) {
  std::mt19937 random(17);
  const RobotsTxt robots =
      RobotsTxt::parse(large_group(random, "a", 30) + large_group(random, "b", 30));
  const RobotsTxt copy(robots);
  EXPECT_EQ(internal::indexed_groups(robots), all(2, true));
  EXPECT_EQ(internal::indexed_groups(copy), all(2, true));
  // Moving carries the state over: the block moves, nothing is sorted again.
  RobotsTxt fresh = RobotsTxt::parse(large_group(random, "a", 30));
  const RobotsTxt moved(std::move(fresh));
  EXPECT_EQ(internal::indexed_groups(moved), all(1, false));
}

// The sort reads eight bytes past every prefix. Here the last rule's prefix is the last
// thing the compiled block holds (no directive, sitemap or signature after it), and in
// the second file every pattern is empty and so is the text: under AddressSanitizer a
// read past the block fails this test.
TEST(RuleIndex, PrefixesAtTheEndOfTheCompiledBlock) {
  std::string body = "user-agent: a\n";
  for (char c = 'z'; c >= 'a'; --c) body += "disallow: /" + std::string(1, c) + "\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  for (int check = 0; check <= kScans; ++check) {
    EXPECT_FALSE(robots.allowed("/q", "a"));
    EXPECT_TRUE(robots.allowed("/", "a"));
  }
  EXPECT_EQ(internal::indexed_groups(robots), all(1, true));
  const RobotsTxt copy(robots);
  EXPECT_EQ(describe(robots.verdict("/zz", "a")), describe(copy.verdict("/zz", "a")));
  EXPECT_EQ(robots.verdict("/a", "a").line, 27u);

  std::string empty = "user-agent:\n";
  for (int rule = 0; rule < 20; ++rule) empty += rule % 2 ? "allow:\n" : "disallow:\n";
  const RobotsTxt empties = RobotsTxt::parse(empty);
  for (int check = 0; check <= kScans; ++check) {
    EXPECT_EQ(internal::indexed_groups(empties), all(1, false));
    EXPECT_TRUE(empties.allowed("/x", ""));
  }
  EXPECT_EQ(internal::indexed_groups(empties), all(1, true));
  EXPECT_EQ(internal::compiled_rule_order(empties).size(), 20u);
}

// Many threads through the scans and into the first build of the same groups, each
// asking in its own way (the boolean, the verdict, explain(), allowed_each(), the group
// listing, a copy), each answer compared with an eagerly indexed copy's. Every round
// starts from a fresh parse, all threads released at once.
TEST(RuleIndex, ThreadsRacingTheFirstBuildGetTheEagerAnswers) {
  std::mt19937 random(20260501);
  std::string body;
  const std::vector<std::string> names = {"a", "b", "c", "d"};
  for (const std::string& name : names)
    body += large_group(random, name, 150 + static_cast<int>(random() % 200));
  body += large_group(random, "*", 400);
  body += large_group(random, "a", 60);  // a second group for "a": merged with the first
  body += "sitemap: https://example.com/sitemap.xml\n";

  std::vector<std::string> urls;
  static constexpr std::string_view kPaths[] = {"/",
                                                "/a",
                                                "/ab/",
                                                "/aaaaaaaaaaaaaaaaaaaab",
                                                "/wp-content/x.php",
                                                "/wp-admin/index.html",
                                                "/shop/cart/a~b",
                                                "/z/y/-",
                                                "/A",
                                                "/%E2%82%AC"};
  for (int url = 0; url < 48; ++url) {
    std::string path(kPaths[random() % std::size(kPaths)]);
    for (std::size_t n = random() % 6; n > 0; --n) path += "ab/-~.index.html"[random() % 16];
    urls.push_back("https://example.com" + path);
  }
  const std::vector<std::string_view> agents = {"a", "b", "c", "d", "other"};

  const RobotsTxt eager = RobotsTxt::parse(body);
  (void)internal::compiled_rule_order(eager);  // indexes every group
  ASSERT_EQ(internal::indexed_groups(eager), all(6, true));
  std::vector<std::string> expected_verdicts, expected_explanations;
  std::vector<bool> expected_allowed;
  for (const std::string& url : urls) {
    for (const std::string_view agent : agents) {
      expected_verdicts.push_back(describe(eager.verdict(url, agent)));
      expected_explanations.push_back(describe(eager.explain(url, agent)));
      expected_allowed.push_back(eager.allowed(url, agent));
    }
  }
  const std::string expected_groups = describe(eager.groups());

  constexpr int kRounds = 24;
  constexpr int kThreads = 8;
  constexpr int kWays = 6;
  std::atomic<int> wrong{0};
  for (int round = 0; round < kRounds; ++round) {
    const RobotsTxt shared = RobotsTxt::parse(body);
    ASSERT_EQ(internal::indexed_groups(shared), all(6, false));
    std::latch start(kThreads);
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        start.arrive_and_wait();
        const int way = (t + round) % kWays;
        // Each thread starts at another question, so that the first reads differ.
        const std::size_t questions = urls.size() * agents.size();
        for (std::size_t step = 0; step < questions; ++step) {
          const std::size_t q = (step + static_cast<std::size_t>(t) * 37) % questions;
          const std::string& url = urls[q / agents.size()];
          const std::string_view agent = agents[q % agents.size()];
          bool right = true;
          switch (way) {
            case 0:
              right = shared.allowed(url, agent) == expected_allowed[q];
              break;
            case 1:
              right = describe(shared.verdict(url, agent)) == expected_verdicts[q];
              break;
            case 2:
              right = describe(shared.explain(url, agent)) == expected_explanations[q];
              break;
            case 3: {
              bool answers[5];
              shared.allowed_each(url, agents, answers);
              for (std::size_t a = 0; a < agents.size(); ++a) {
                right =
                    right && answers[a] == expected_allowed[q / agents.size() * agents.size() + a];
              }
              break;
            }
            case 4:
              if (step % 16 == 0) right = describe(shared.groups()) == expected_groups;
              right = right && shared.allowed(url, agent) == expected_allowed[q];
              break;
            default:
              if (step % 32 == 0) {
                const RobotsTxt copy(shared);
                right = describe(copy.verdict(url, agent)) == expected_verdicts[q];
              }
              right = right && describe(shared.verdict(url, agent)) == expected_verdicts[q];
              break;
          }
          if (!right) wrong.fetch_add(1, std::memory_order_relaxed);
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
    EXPECT_EQ(internal::indexed_groups(shared), all(6, true)) << "round " << round;
  }
  EXPECT_EQ(wrong.load(), 0);
}

}  // namespace
}  // namespace robotstxt
