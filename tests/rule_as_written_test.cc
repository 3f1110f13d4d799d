// The compiled file keeps each rule's value as written (docs/semantics.md 1.8 normalises what is
// matched, not what is shown), so that no consumer needs the body beside it.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

// A non-ASCII rule, a lower-case escape, a plain rule and an index.htm allow.
constexpr std::string_view kBody =
    "user-agent: *\n"
    "disallow: /caf\xC3\xA9\n"
    "disallow: /a%2fb\n"
    "disallow: /plain\n"
    "allow: /dir/index.html\n";

TEST(RuleAsWritten, Rule1_8_TheVerdictShowsTheRuleAsWrittenNotAsMatched) {
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  const Verdict cafe = robots.verdict("https://a.com/caf%C3%A9/menu", "bot");
  EXPECT_EQ(cafe.line, 2u);
  EXPECT_EQ(cafe.pattern, "/caf%C3%A9");
  EXPECT_EQ(cafe.rule, "/caf\xC3\xA9");
  const Verdict escaped = robots.verdict("https://a.com/a%2Fb", "bot");
  EXPECT_EQ(escaped.pattern, "/a%2Fb");
  EXPECT_EQ(escaped.rule, "/a%2fb");
  const Verdict plain = robots.verdict("https://a.com/plain/x", "bot");
  EXPECT_EQ(plain.rule, "/plain");
  EXPECT_TRUE(robots.verdict("https://a.com/other", "bot").rule.empty());
}

// docs/semantics.md 4.4: the rewrite is matched as "/dir/$" but was written as the allow line.
TEST(RuleAsWritten, Rule4_4_AnIndexHtmRewriteShowsTheAllowAsWritten) {
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  const Verdict verdict = robots.verdict("https://a.com/dir/", "bot");
  EXPECT_TRUE(verdict.via_index_htm);
  EXPECT_EQ(verdict.line, 5u);
  EXPECT_EQ(verdict.rule, "/dir/index.html");
}

TEST(RuleAsWritten, GroupsAndExplanationsCarryEveryRuleAsWritten) {
  const RobotsTxt robots = RobotsTxt::parse(kBody);
  const std::vector<Group> groups = robots.groups();
  ASSERT_EQ(groups.size(), 1u);
  std::vector<std::string_view> written;
  for (const RuleLine& rule : groups[0].rules) written.push_back(rule.written);
  EXPECT_EQ(written,
            (std::vector<std::string_view>{"/caf\xC3\xA9", "/a%2fb", "/plain", "/dir/index.html"}));
  const Explanation explanation = robots.explain("https://a.com/caf%C3%A9", "bot");
  ASSERT_EQ(explanation.matches.size(), 1u);
  EXPECT_EQ(explanation.matches[0].rule.written, "/caf\xC3\xA9");
}

// A copy owns its own block: its views must lead into it, not into the original's.
TEST(RuleAsWritten, ACopyOrAMoveShowsTheRuleFromItsOwnStorage) {
  RobotsTxt original = RobotsTxt::parse(kBody);
  const std::string_view in_original = original.verdict("https://a.com/caf%C3%A9", "b").rule;
  const RobotsTxt copy = original;  // NOLINT(performance-unnecessary-copy-initialization)
  const std::string_view in_copy = copy.verdict("https://a.com/caf%C3%A9", "b").rule;
  EXPECT_EQ(in_copy, "/caf\xC3\xA9");
  EXPECT_NE(in_copy.data(), in_original.data());
  const RobotsTxt moved = std::move(original);
  EXPECT_EQ(moved.verdict("https://a.com/caf%C3%A9", "b").rule.data(), in_original.data());
}

// The index of changed rules moves with the copy too: once the original is gone and its
// block reused, the copy still finds every value.
TEST(RuleAsWritten, ACopyOutlivesItsOriginal) {
  std::string body = "user-agent: *\n";
  for (int i = 0; i < 50; ++i) body += "disallow: /r" + std::to_string(i) + "\xC3\xA9/\n";
  auto original = std::make_unique<RobotsTxt>(RobotsTxt::parse(body));
  const RobotsTxt copy = *original;
  original.reset();
  // Blocks of the freed one's size, filled with bytes no index holds.
  std::vector<std::vector<std::uint32_t>> reuse;
  for (int i = 0; i < 64; ++i) reuse.emplace_back(copy.memory_usage() / 4, 0xFFFFFFFF);
  for (int i = 0; i < 50; i += 5) {
    const Verdict verdict = copy.verdict("https://a.com/r" + std::to_string(i) + "%C3%A9/", "bot");
    EXPECT_EQ(verdict.rule, "/r" + std::to_string(i) + "\xC3\xA9/");
  }
}

// Hundreds of changed rules: each finds its own written value (they are kept by line).
TEST(RuleAsWritten, EveryChangedRuleFindsItsOwnValue) {
  std::string body = "user-agent: *\n";
  for (int i = 0; i < 300; ++i) body += "disallow: /r" + std::to_string(i) + "\xC3\xA9/\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  for (int i = 0; i < 300; i += 7) {
    const std::string path = "/r" + std::to_string(i) + "%C3%A9/";
    const Verdict verdict = robots.verdict("https://a.com" + path, "bot");
    EXPECT_EQ(verdict.line, static_cast<std::uint32_t>(i + 2));
    EXPECT_EQ(verdict.rule, "/r" + std::to_string(i) + "\xC3\xA9/");
  }
}

}  // namespace
}  // namespace robotstxt
