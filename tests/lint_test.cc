// robotstxt::lint(): every code has a minimal file that triggers it and a near miss that
// does not, and the summary counts add up on every corpus file.
#include "robotstxt/lint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "corpus_loader.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

using namespace std::string_literals;

std::vector<const Finding*> with_code(const LintReport& report, std::string_view code) {
  std::vector<const Finding*> found;
  for (const Finding& finding : report.findings) {
    if (finding.code == code) found.push_back(&finding);
  }
  return found;
}

struct CodeCase {
  std::string_view code;
  std::string triggers;   // a minimal file that must produce the code
  std::uint32_t line;     // where
  std::string near_miss;  // a similar file that must not
};

const CodeCase kCases[] = {
    {"typo-key", "useragent: a\ndisallow: /\n", 1, "user-agent: a\ndisallow: /\n"},
    {"missing-colon", "user-agent: a\ndisallow /x\n", 2, "user-agent: a\ndisallow: /x\n"},
    {"unknown-key", "user-agent: a\nfoo: bar\n", 2, "user-agent: a\ncrawl-delay: 1\n"},
    {"unsupported-key", "user-agent: a\ncrawl-delay: 1\ndisallow: /\n", 2,
     "user-agent: a\ndisallow: /\n"},
    {"unparsable-line", "user-agent: a\ndisallow /x /y\n", 2, "user-agent: a\ndisallow /x\n"},
    {"rule-outside-group", "disallow: /x\nuser-agent: a\n", 1, "user-agent: a\ndisallow: /x\n"},
    {"empty-user-agent", "user-agent:\ndisallow: /\n", 1, "user-agent: a\ndisallow: /\n"},
    {"user-agent-token", "user-agent: FooBot/1.2\ndisallow: /\n", 1,
     "user-agent: FooBot\ndisallow: /\n"},
    {"user-agent-no-token", "user-agent: *bot\ndisallow: /\n", 1, "user-agent: bot\ndisallow: /\n"},
    {"star-with-text", "user-agent: * all\ndisallow: /\n", 1, "user-agent: *\ndisallow: /\n"},
    {"pattern-start", "user-agent: a\ndisallow: x\n", 2, "user-agent: a\ndisallow: *x\n"},
    {"literal-dollar", "user-agent: a\ndisallow: /a$b\n", 2, "user-agent: a\ndisallow: /a$\n"},
    {"space-or-control-in-rule", "user-agent: a\ndisallow: /private folder/\n", 2,
     "user-agent: a\ndisallow: /private%20folder/ \n"},
    {"line-too-long", "user-agent: a\ndisallow: /" + std::string(17000, 'x') + "\n", 2,
     "user-agent: a\ndisallow: /" + std::string(16000, 'x') + "\n"},
    {"nul-byte", "user-agent: a\ndisallow: /x\0y\n"s, 2, "user-agent: a\ndisallow: /x0y\n"},
    {"non-utf8", "user-agent: a\ndisallow: /caf\xE9\n", 2,
     "user-agent: a\ndisallow: /caf\xC3\xA9\n"},
    {"bom", "\xEF\xBB\xBFuser-agent: a\ndisallow: /\n", 1, "user-agent: a\ndisallow: /\n"},
    {"content-past-limit", "user-agent: a\ndisallow: /\n" + std::string(600000, '\n'), 511977,
     "user-agent: a\ndisallow: /\n" + std::string(500000, '\n')},
    {"html-body", "<!DOCTYPE html>\n<html><body>Not found</body></html>\n", 0,
     "# <html> in a comment\nuser-agent: a\n"},
    // The start of a gzip stream served without its Content-Encoding; near miss: one NUL.
    {"binary-body", "\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03\xCBH\xCD\xC9\xC9\x07\x00\x86"s, 0,
     "user-agent: a\ndisallow: /x\0y\n"s},
    {"sitemap-not-absolute", "sitemap: /sitemap.xml\n", 1, "sitemap: https://a.com/sitemap.xml\n"},
    {"group-joined", "user-agent: *\ncrawl-delay: 10\nuser-agent: badbot\ndisallow: /\n", 3,
     "user-agent: *\ncrawl-delay: 10\ndisallow:\nuser-agent: badbot\ndisallow: /\n"},
    {"agent-in-several-groups", "user-agent: a\ndisallow: /x\nuser-agent: A\ndisallow: /y\n", 3,
     "user-agent: a\ndisallow: /x\nuser-agent: b\ndisallow: /y\n"},
    {"group-without-rules", "user-agent: *\ndisallow: /\n\nuser-agent: a\n", 4,
     "user-agent: *\ndisallow: /\n\nuser-agent: a\nallow: /\n"},
    {"allow-disallow-same-pattern", "user-agent: a\ndisallow: /x\nallow: /x\n", 3,
     "user-agent: a\ndisallow: /x\nallow: /x/\n"},
    {"duplicate-rule", "user-agent: a\ndisallow: /x\ndisallow: /x\n", 3,
     "user-agent: a\ndisallow: /x\ndisallow: /x/\n"},
    {"crawler-token-typo", "user-agent: Googlebot-Images\ndisallow: /\n", 1,
     "user-agent: GOOGLEBOT-IMAGE\ndisallow: /\n"},
    {"not-subject-crawler", "user-agent: ChatGPT-User\ndisallow: /\n", 1,
     "user-agent: Claude-User\ndisallow: /\n"},
    {"global-ignored-crawlers", "user-agent: *\nallow: /a\n\nuser-agent: *\ndisallow: /\n", 1,
     "user-agent: *\ndisallow: /\n\nuser-agent: adsbot-google\ndisallow: /\n"},
    {"content-usage-unparsable", "user-agent: *\ncontent-usage: train-ai=n search=y\n", 2,
     "user-agent: *\ncontent-usage: train-ai=n, search=y\n"},
    {"content-usage-unknown-label", "user-agent: *\ncontent-usage: train-ai=n, ads=n\n", 2,
     "user-agent: *\ncontent-usage: train-ai=n, search=n\n"},
    {"content-usage-bad-value", "user-agent: *\ncontent-usage: train-ai=no\n", 2,
     "user-agent: *\ncontent-usage: train-ai=n\n"},
    {"content-usage-uppercase-key", "user-agent: *\ncontent-usage: Train-AI=n\n", 2,
     "user-agent: *\ncontent-usage: train-ai=n\n"},
    {"content-usage-path-without-slash", "user-agent: *\ncontent-usage: ai-ok/ train-ai=y\n", 2,
     "user-agent: *\ncontent-usage: /ai-ok/ train-ai=y\n"},
    {"content-usage-outside-group", "content-usage: train-ai=n\nuser-agent: *\ndisallow: /x\n", 1,
     "user-agent: *\ncontent-usage: train-ai=n\ndisallow: /x\n"},
    {"content-usage-never-applies",
     "user-agent: *\ndisallow: /never/\ncontent-usage: /never/x train-ai=y\n", 3,
     "user-agent: *\ndisallow: /never/\nallow: /never/x/\ncontent-usage: /never/x train-ai=y\n"},
    {"content-signal-malformed", "user-agent: *\ncontent-signal: search=yes, ai-train\n", 2,
     "user-agent: *\ncontent-signal: search=yes, ai-train=no\n"},
};

TEST(Lint, EveryCodeHasATriggerAndANearMiss) {
  std::set<std::string_view> covered;
  for (const CodeCase& c : kCases) {
    const LintReport report = lint(c.triggers);
    const auto found = with_code(report, c.code);
    ASSERT_FALSE(found.empty()) << c.code << " not reported";
    EXPECT_EQ(found.front()->line, c.line) << c.code;
    EXPECT_FALSE(found.front()->message.empty()) << c.code;
    EXPECT_TRUE(with_code(lint(c.near_miss), c.code).empty()) << c.code << " on its near miss";
    covered.insert(c.code);
  }
  for (const LintCode& known : lint_codes()) {
    EXPECT_EQ(covered.count(known.code), 1u) << known.code << " has no test case";
  }
}

TEST(Lint, FindingsCarryLineColumnTextAndSeverity) {
  const LintReport report = lint("user-agent: a\n  dissallow: /x\n");
  const auto typo = with_code(report, "typo-key");
  ASSERT_EQ(typo.size(), 1u);
  EXPECT_EQ(typo[0]->column, 3u);
  EXPECT_EQ(typo[0]->text, "  dissallow: /x");
  EXPECT_EQ(typo[0]->severity, Severity::kWarning);
  EXPECT_NE(typo[0]->message.find("`disallow`"), std::string::npos);
}

TEST(Lint, CrawlDelayTrapNamesBothAgentsAndTheJoiningLine) {
  const LintReport report =
      lint("user-agent: *\ncrawl-delay: 10\nuser-agent: badbot\ndisallow: /\n");
  const auto joined = with_code(report, "group-joined");
  ASSERT_EQ(joined.size(), 1u);
  EXPECT_EQ(joined[0]->severity, Severity::kError);
  EXPECT_NE(joined[0]->message.find("line 2"), std::string::npos);
  EXPECT_NE(joined[0]->message.find("`*`"), std::string::npos);
}

TEST(Lint, ContentPastLimitCountsTheIgnoredLines) {
  const LintReport report = lint("user-agent: a\n" + std::string(kMaxBodyBytes, 'x') + "\na\nb\n");
  const auto past = with_code(report, "content-past-limit");
  ASSERT_EQ(past.size(), 1u);
  EXPECT_NE(past[0]->message.find("3 more lines"), std::string::npos) << past[0]->message;
}

TEST(Lint, RuleWrittenAsAUrlIsToldToWriteThePathOfThatUrl) {
  const LintReport report = lint(
      "user-agent: *\ndisallow: https://example.com/private/\ndisallow: HTTP://example.com\n"
      "allow: //example.com/x\ndisallow: private/\n");
  const auto found = with_code(report, "pattern-start");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_EQ(found[0]->line, 2u);
  EXPECT_NE(found[0]->message.find("write `/private/`"), std::string::npos) << found[0]->message;
  EXPECT_EQ(found[0]->message.find("/https:"), std::string::npos) << found[0]->message;
  EXPECT_NE(found[1]->message.find("write `/`"), std::string::npos) << found[1]->message;
  // No scheme: the path is the value with `/` in front, as before.
  EXPECT_EQ(found[2]->line, 5u);
  EXPECT_NE(found[2]->message.find("write `/private/`"), std::string::npos) << found[2]->message;
  EXPECT_EQ(found[2]->message.find("not URLs"), std::string::npos) << found[2]->message;
}

TEST(Lint, RawSpaceInARuleSaysWhatItMatchesAndWhatToWrite) {
  const LintReport report = lint("user-agent: *\ndisallow: /private folder/\n");
  const auto found = with_code(report, "space-or-control-in-rule");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0]->column, 19u);  // "disallow: /private" is 18 bytes
  const std::string& message = found[0]->message;
  EXPECT_NE(message.find("raw space"), std::string::npos) << message;
  EXPECT_NE(message.find("never `/private%20folder/`"), std::string::npos) << message;
  EXPECT_NE(message.find("write `/private%20folder/`"), std::string::npos) << message;
  EXPECT_EQ(message.find("two rules"), std::string::npos) << message;
  // What the message says, held to the matcher: the raw form matches, the requested
  // form does not.
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /private folder/\n");
  EXPECT_FALSE(robots.allowed("https://a.com/private folder/x", Agent("bot")));
  EXPECT_TRUE(robots.allowed("https://a.com/private%20folder/x", Agent("bot")));
}

TEST(Lint, RawControlByteAndTwoPathsOnOneLineAreNamed) {
  const LintReport report =
      lint("user-agent: *\ndisallow: /a\tb\ndisallow: /x\x01\ndisallow: /one /two\n");
  const auto found = with_code(report, "space-or-control-in-rule");
  ASSERT_EQ(found.size(), 3u);
  EXPECT_NE(found[0]->message.find("control byte (%09)"), std::string::npos) << found[0]->message;
  EXPECT_NE(found[0]->message.find("write `/a%09b`"), std::string::npos) << found[0]->message;
  EXPECT_NE(found[1]->message.find("write `/x%01`"), std::string::npos) << found[1]->message;
  EXPECT_NE(found[2]->message.find("write `/one%20/two`"), std::string::npos) << found[2]->message;
  EXPECT_NE(found[2]->message.find("two rules"), std::string::npos) << found[2]->message;
  // Spaces around the value are trimmed (docs/semantics.md 1.5): nothing to say.
  EXPECT_TRUE(
      with_code(lint("user-agent: *\ndisallow:   /x  \t\n"), "space-or-control-in-rule").empty());
}

TEST(Lint, LinesAreCountedAsAnEditorCountsThem) {
  struct Case {
    std::string body;
    std::size_t lines;
  };
  const Case cases[] = {
      {"", 0},
      {"\n", 1},
      {"user-agent: *\ndisallow: /x\nallow: /y\n", 3},
      {"user-agent: *\ndisallow: /x\nallow: /y", 3},
      {"user-agent: *\r\ndisallow: /x\r\nallow: /y\r\n", 3},
      {"user-agent: *\rdisallow: /x\r", 2},
      {"user-agent: *\n\n\n", 3},
      {"\xEF\xBB\xBF", 1},
  };
  for (const Case& c : cases) {
    const LintSummary s = lint(c.body).summary;
    EXPECT_EQ(s.lines, c.lines) << testing::PrintToString(c.body);
    EXPECT_EQ(s.lines, s.directives + s.ignored + s.blank + s.comments)
        << testing::PrintToString(c.body);
  }
  // A line end at the limit with more bytes after it: the next line is cut there, and
  // counts.
  const std::string head = std::string(kMaxBodyBytes - 1, '#') + "\n";
  EXPECT_EQ(lint(head).summary.lines, 1u);
  EXPECT_EQ(lint(head + "user-agent: a\n").summary.lines, 2u);
}

TEST(Lint, SummaryCountsAddUpAndNameAgentsAndSitemaps) {
  const LintReport report = lint(
      "# comment\n\nuser-agent: a\nuser-agent: *\ndisallow: /x\ncrawl-delay: 2\nnonsense\n"
      "sitemap: https://a.com/s.xml\nallow /y\n");
  const LintSummary& s = report.summary;
  EXPECT_EQ(s.lines, 9u);
  EXPECT_EQ(s.comments, 1u);
  EXPECT_EQ(s.blank, 1u);
  EXPECT_EQ(s.directives, 5u);
  EXPECT_EQ(s.ignored, 2u);
  EXPECT_EQ(s.lines, s.directives + s.ignored + s.blank + s.comments);
  EXPECT_EQ(s.agents, (std::vector<std::string>{"a", "*"}));
  EXPECT_EQ(s.sitemaps, std::vector<std::string>{"https://a.com/s.xml"});
  EXPECT_EQ(s.errors + s.warnings + s.infos, report.findings.size());
}

TEST(Lint, UnparsableUsageSaysWhyAndWhereInTheLine) {
  const LintReport report = lint("user-agent: *\ncontent-usage: /a train-ai=n search=y\n");
  const auto found = with_code(report, "content-usage-unparsable");
  ASSERT_EQ(found.size(), 1u);
  // "content-usage: /a " is 18 bytes; the parser stops at `search`, 11 bytes further.
  EXPECT_EQ(found[0]->column, 30u);
  EXPECT_NE(found[0]->message.find("at column 30"), std::string::npos) << found[0]->message;
  EXPECT_NE(found[0]->message.find("between"), std::string::npos) << found[0]->message;
}

TEST(Lint, UsageAndSignalLinesAreNotUnsupportedKeys) {
  const LintReport report = lint(
      "user-agent: *\ncontent-usage: train-ai=n\ncontent-usage: /ai-ok/ train-ai=y, search=y\n"
      "content-signal: search=yes, ai-train=no\ndisallow: /never/\ncrawl-delay: 2\n");
  for (const Finding& finding : report.findings) {
    EXPECT_FALSE(finding.line >= 2 && finding.line <= 4) << finding.code << " " << finding.line;
  }
  const auto unsupported = with_code(report, "unsupported-key");
  ASSERT_EQ(unsupported.size(), 1u);
  EXPECT_EQ(unsupported[0]->line, 6u);
}

TEST(Lint, UsageRuleStillReachableForAnAgentWithoutTheDisallow) {
  // The first group applies to a and b; only b's merged set disallows /never/: for a the
  // rule can still apply.
  const LintReport report = lint(
      "user-agent: a\nuser-agent: b\ncontent-usage: /never/ train-ai=n\ndisallow: /x\n\n"
      "user-agent: b\ndisallow: /never/\n");
  EXPECT_TRUE(with_code(report, "content-usage-never-applies").empty());
  const LintReport blocked = lint(
      "user-agent: a\nuser-agent: b\ncontent-usage: /never/ train-ai=n\ndisallow: /x\n\n"
      "user-agent: b\nuser-agent: a\ndisallow: /never/\n");
  EXPECT_EQ(with_code(blocked, "content-usage-never-applies").size(), 1u);
}

// Every finding as "line code: message", in report order.
std::vector<std::string> finding_lines(const LintReport& report) {
  std::vector<std::string> lines;
  for (const Finding& finding : report.findings) {
    lines.push_back(std::to_string(finding.line) + " " + std::string(finding.code) + ": " +
                    finding.message);
  }
  return lines;
}

TEST(Lint, RulesOfMergedGroupsAreCheckedAsOneSetOncePerLine) {
  // docs/semantics.md 3: FooBot, foobot and FOOBOT/2 name one agent, whose three groups
  // merge; `*` shares the last group. A rule repeated in both sets is reported once, the
  // allow of a tie is the first allow of its pattern, and the disallow the first one.
  const LintReport report = lint(
      "User-agent: FooBot\nDisallow: /a\nAllow: /b\n\n"
      "User-agent: foobot\nDisallow: /a\nDisallow: /b\nAllow: /a\n\n"
      "User-agent: *\nUser-agent: FOOBOT/2\nDisallow: /c\nDisallow: /c\n");
  const std::vector<std::string> expected = {
      "5 agent-in-several-groups: `foobot` is named by 3 groups (starting at lines 1, 5, 10); "
      "crawlers merge their rules into one set.",
      "6 duplicate-rule: Same rule as line 2 for the same crawlers: this line can never decide "
      "anything.",
      "7 allow-disallow-same-pattern: Allow (line 3) and disallow (line 7) of `/b` tie for the "
      "same crawlers, and a tie goes to allow: the disallow never applies.",
      "8 allow-disallow-same-pattern: Allow (line 8) and disallow (line 2) of `/a` tie for the "
      "same crawlers, and a tie goes to allow: the disallow never applies.",
      "11 user-agent-token: Crawlers match only the product token: `FOOBOT/2` is read as "
      "`FOOBOT`.",
      "13 duplicate-rule: Same rule as line 12 for the same crawlers: this line can never "
      "decide anything.",
  };
  EXPECT_EQ(finding_lines(report), expected);
  EXPECT_EQ(report.summary.agents, (std::vector<std::string>{"FooBot", "*"}));
}

TEST(Lint, OnOneLineADuplicateComesBeforeTheTieItAlsoMakes) {
  // One set (a, A) gives both findings on line 7: duplicates are checked before ties.
  const LintReport report = lint(
      "user-agent: a\ndisallow: /p\n\nuser-agent: A\nuser-agent: b\nallow: /p\ndisallow: /p\n");
  const std::vector<std::string> expected = {
      "4 agent-in-several-groups: `a` is named by 2 groups (starting at lines 1, 4); crawlers "
      "merge their rules into one set.",
      "6 allow-disallow-same-pattern: Allow (line 6) and disallow (line 2) of `/p` tie for the "
      "same crawlers, and a tie goes to allow: the disallow never applies.",
      "7 duplicate-rule: Same rule as line 2 for the same crawlers: this line can never decide "
      "anything.",
      "7 allow-disallow-same-pattern: Allow (line 6) and disallow (line 7) of `/p` tie for the "
      "same crawlers, and a tie goes to allow: the disallow never applies.",
  };
  EXPECT_EQ(finding_lines(report), expected);
}

TEST(Lint, AgentsWithoutATokenShareOneKeyForGroupsWithoutRules) {
  // `1.0` and `2.0` both become no token: the group of `2.0` (joined with BarBot's, as a
  // blank line does not end a group) is harmless for it, as `1.0` has rules, not for BarBot.
  const LintReport joined =
      lint("User-agent: 1.0\nDisallow: /x\n\nUser-agent: 2.0\n\nUser-agent: BarBot\n");
  const auto without = with_code(joined, "group-without-rules");
  ASSERT_EQ(without.size(), 1u);
  EXPECT_EQ(without[0]->line, 4u);
  EXPECT_EQ(without[0]->message,
            "The group for `BarBot` has no rules: `BarBot` may fetch everything, and the `*` "
            "rules do not apply to it.");
  const LintReport alone = lint("User-agent: 2.0\n\nUser-agent: BarBot\n");
  const auto first = with_code(alone, "group-without-rules");
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0]->message,
            "The group for `2.0` has no rules: `` may fetch everything, and the `*` rules do "
            "not apply to it.");
}

TEST(Lint, CleanFileHasNoFindings) {
  const LintReport report = lint(
      "user-agent: *\ndisallow: /private/\nallow: /private/press/\n\n"
      "user-agent: AdsBot-Google\ndisallow: /private/\n\n"
      "sitemap: https://example.com/sitemap.xml\n");
  EXPECT_TRUE(report.findings.empty()) << report.findings.front().code;
}

TEST(Lint, EveryCorpusFileLintsAndItsCountsAddUp) {
  const auto hosts = bench::load_corpus(ROBOTSTXT_TEST_DATA_DIR);
  ASSERT_GT(hosts.size(), 0u) << "no corpus under " ROBOTSTXT_TEST_DATA_DIR;
  ASSERT_EQ(hosts.size(), bench::count_robots_files(ROBOTSTXT_TEST_DATA_DIR));
  std::size_t findings = 0;
  for (const auto& host : hosts) {
    const LintReport report = lint(host.robots_body);
    const LintSummary& s = report.summary;
    const std::size_t parsed = describe_lines(host.robots_body).size();
    // Past the limit the last line read is cut, not ended: it counts.
    const bool final_line_end =
        host.robots_body.size() <= kMaxBodyBytes &&
        (host.robots_body.ends_with('\n') || host.robots_body.ends_with('\r'));
    // An empty file has no lines at all.
    ASSERT_EQ(s.lines, host.robots_body.empty() ? 0 : parsed - (final_line_end ? 1 : 0))
        << host.name;
    ASSERT_EQ(s.lines, s.directives + s.ignored + s.blank + s.comments) << host.name;
    ASSERT_EQ(s.errors + s.warnings + s.infos, report.findings.size()) << host.name;
    findings += report.findings.size();
  }
  EXPECT_GT(findings, 0u);
}

}  // namespace
}  // namespace robotstxt
