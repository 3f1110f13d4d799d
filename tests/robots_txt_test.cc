// docs/semantics.md 2 (groups), 3 (which rules apply), 4.4 (index.htm), 5 (the
// verdict) and 6 (what else a parse yields), through the compiled RobotsTxt.
#include "robotstxt/robots_txt.h"

#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/line_facts.h"

#include <gtest/gtest.h>

#include <cctype>
#include <memory>
#include <random>
#include <string>
#include <thread>

namespace robotstxt {
namespace {

bool allowed(std::string_view body, std::string_view agent, std::string_view url) {
  return RobotsTxt::parse(body).allowed(url, agent);
}

TEST(Groups, Rule2_1_ConsecutiveUserAgentsShareAGroup) {
  const char* body = "user-agent: a\nuser-agent: b\ndisallow: /x\n";
  EXPECT_FALSE(allowed(body, "a", "/x"));
  EXPECT_FALSE(allowed(body, "b", "/x"));
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(robots.groups().size(), 1u);
}

TEST(Groups, Rule2_1_UserAgentAfterARuleStartsANewGroup) {
  const char* body = "user-agent: a\ndisallow: /x\nuser-agent: b\ndisallow: /y\n";
  EXPECT_TRUE(allowed(body, "a", "/y"));
  EXPECT_TRUE(allowed(body, "b", "/x"));
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(robots.groups().size(), 2u);
}

TEST(Groups, Rule2_2_OtherLinesNeitherEndNorStartAGroup) {
  // The crawl-delay trap: a and b are one group, so b's disallow also binds a.
  const char* body = "user-agent: a\ncrawl-delay: 5\nuser-agent: b\ndisallow: /\n";
  EXPECT_FALSE(allowed(body, "a", "/x"));
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(robots.groups().size(), 1u);
  const char* sitemap = "user-agent: a\nsitemap: http://a.com/s.xml\nuser-agent: b\ndisallow: /\n";
  EXPECT_FALSE(allowed(sitemap, "a", "/x"));
}

TEST(Groups, Rule2_3_RulesBeforeTheFirstUserAgentAreIgnored) {
  EXPECT_TRUE(allowed("disallow: /\nuser-agent: a\nallow: /y\n", "a", "/x"));
  EXPECT_TRUE(allowed("disallow: /\n", "a", "/x"));
}

TEST(Groups, Rule2_4_GlobalAgentIsStarAloneOrStarThenSpace) {
  EXPECT_FALSE(allowed("user-agent: *\ndisallow: /\n", "a", "/x"));
  EXPECT_FALSE(allowed("user-agent: * is everyone\ndisallow: /\n", "a", "/x"));
  EXPECT_FALSE(allowed("user-agent: *\tfoo\ndisallow: /\n", "a", "/x"));
  EXPECT_TRUE(allowed("user-agent: *bot\ndisallow: /\n", "a", "/x"));
  EXPECT_TRUE(allowed("user-agent: **\ndisallow: /\n", "a", "/x"));
}

TEST(Groups, Rule2_4_ProductTokenIsTheLongestLetterHyphenUnderscorePrefix) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: FooBot/1.2\nuser-agent: Foo Bot\nuser-agent: *bot\nuser-agent: A_b-C9\n"
      "disallow: /\n");
  const auto agents = robots.groups()[0].agents;
  ASSERT_EQ(agents.size(), 4u);
  EXPECT_EQ(agents[0].token, "FooBot");
  EXPECT_EQ(agents[1].token, "Foo");
  EXPECT_EQ(agents[2].token, "");
  EXPECT_EQ(agents[3].token, "A_b-C");
  EXPECT_FALSE(robots.allowed("/x", "foobot"));
  EXPECT_FALSE(robots.allowed("/x", "foo"));
  EXPECT_TRUE(robots.allowed("/x", "Bot"));
  EXPECT_TRUE(robots.allowed("/x", "FooBot/1.2"));  // the query is compared as given
  EXPECT_FALSE(robots.allowed("/x", "a_B-c"));
}

TEST(Groups, Rule2_4_EmptyTokenMatchesNoRealAgent) {
  EXPECT_TRUE(allowed("user-agent: *bot\ndisallow: /\n", "bot", "/x"));
  EXPECT_TRUE(allowed("user-agent:\ndisallow: /\n", "a", "/x"));
  EXPECT_TRUE(allowed("user-agent: /x\ndisallow: /\n", "x", "/x"));
}

TEST(Groups, GoogleOnly_EmptyQueriedAgentMatchesAnEmptyToken) {
  // docs/semantics.md 2.5: an empty queried agent is compared with the file's tokens like
  // any other, as Google's matcher does, so it equals the empty token of `*bot`.
  EXPECT_FALSE(allowed("user-agent: *bot\ndisallow: /\n", "", "/x"));
  EXPECT_FALSE(allowed("user-agent:\ndisallow: /\nuser-agent: *\nallow: /\n", "", "/x"));
  EXPECT_TRUE(allowed("user-agent: FooBot\ndisallow: /\n", "", "/x"));
}

TEST(Groups, Rule2_5_AgentsMatchIgnoringAsciiCase) {
  EXPECT_FALSE(allowed("user-agent: GoogleBot\ndisallow: /\n", "googlebot", "/x"));
  EXPECT_FALSE(allowed("user-agent: googlebot\ndisallow: /\n", "GOOGLEBOT", "/x"));
}

// The agent index compares the first eight bytes of tokens at once: tokens that share
// them, or differ only in case, or end within them, must each still find their group.
TEST(Groups, Rule2_5_TokensSharingTheirFirstEightBytesEachFindTheirGroup) {
  const std::string tokens[] = {"GoogleBot-News",
                                "googlebot",
                                "GOOGLEBOT-IMAGE",
                                "GoogleB",
                                "googlebot-image-x",
                                "Googlebo",
                                "",
                                "a",
                                "googlebot_"};
  std::string body;
  for (std::size_t i = 0; i < std::size(tokens); ++i) {
    body += "user-agent: " + tokens[i] + (tokens[i].empty() ? "*x" : "") + "\ndisallow: /" +
            std::to_string(i) + "\n";
  }
  const RobotsTxt robots = RobotsTxt::parse(body);
  for (std::size_t i = 0; i < std::size(tokens); ++i) {
    for (std::size_t path = 0; path < std::size(tokens); ++path) {
      const std::string url = "http://a.com/" + std::to_string(path);
      std::string asked = tokens[i];
      for (char& c : asked)
        c = static_cast<char>(c ^ (std::isalpha(static_cast<unsigned char>(c)) ? 0x20 : 0));
      EXPECT_EQ(robots.allowed(url, asked), path != i) << asked << " " << url;
    }
  }
}

TEST(Groups, Rule2_5_AnyOfSeveralQueriedAgentsSelectsAGroup) {
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: b\ndisallow: /x\nuser-agent: *\ndisallow: /\n");
  EXPECT_FALSE(robots.allowed("/x", {"a", "b"}));
  EXPECT_TRUE(robots.allowed("/y", {"a", "b"}));  // b's group, not *
  EXPECT_FALSE(robots.allowed("/y", {"a", "c"}));
}

// allowed_each() asks each agent alone (2.5's merging is for one list of tokens), and
// answers only as many as both spans hold.
TEST(Groups, AllowedEachAsksEveryAgentAlone) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: a\ndisallow: /x\nuser-agent: b\nallow: /x\ndisallow: /\n"
      "user-agent: *\ndisallow: /x/y\n");
  const std::string_view agents[] = {"a", "b", "c", "A"};
  bool answers[4] = {true, false, true, true};  // each the opposite of its answer
  EXPECT_EQ(robots.allowed_each("http://h.com/x/y", agents, answers), 4u);
  EXPECT_FALSE(answers[0]);
  EXPECT_TRUE(answers[1]);   // b's own group; the `*` group does not apply (3.1)
  EXPECT_FALSE(answers[2]);  // c: the `*` group
  EXPECT_FALSE(answers[3]);
  bool two[2] = {false, true};
  EXPECT_EQ(robots.allowed_each("http://h.com/z", agents, two), 2u);
  EXPECT_TRUE(two[0]);
  EXPECT_FALSE(two[1]);
  EXPECT_EQ(robots.allowed_each("http://h.com/z", {}, answers), 0u);
}

TEST(WhichRulesApply, Rule3_1_AllGroupsNamingTheAgentAreMerged) {
  const char* body =
      "user-agent: a\ndisallow: /x\nuser-agent: b\ndisallow: /z\nuser-agent: a\ndisallow: /y\n";
  EXPECT_FALSE(allowed(body, "a", "/x"));
  EXPECT_FALSE(allowed(body, "a", "/y"));
  EXPECT_TRUE(allowed(body, "a", "/z"));
}

TEST(WhichRulesApply, Rule3_1_GroupWithoutRulesStillShadowsTheGlobalGroup) {
  const char* body = "user-agent: *\ndisallow: /\n\nuser-agent: a\n";
  EXPECT_TRUE(allowed(body, "a", "/x"));
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(robots.verdict("/x", "a").applied, AppliedGroups::kSpecific);
}

TEST(WhichRulesApply, Rule3_1_GroupNamingAgentAndStarCountsAsTheAgents) {
  const char* body = "user-agent: a\nuser-agent: *\ndisallow: /x\nuser-agent: b\nallow: /\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_FALSE(robots.allowed("/x", "a"));
  EXPECT_EQ(robots.verdict("/x", "a").applied, AppliedGroups::kSpecific);
  EXPECT_FALSE(robots.allowed("/x", "c"));
  EXPECT_EQ(robots.verdict("/x", "c").applied, AppliedGroups::kGlobal);
  EXPECT_TRUE(robots.allowed("/x", "b"));
}

TEST(WhichRulesApply, Rule3_2_GlobalGroupsAreMerged) {
  const char* body =
      "user-agent: *\ndisallow: /x\nuser-agent: a\nallow: /\nuser-agent: *\n"
      "disallow: /y\n";
  EXPECT_FALSE(allowed(body, "b", "/x"));
  EXPECT_FALSE(allowed(body, "b", "/y"));
  EXPECT_TRUE(allowed(body, "a", "/y"));
}

TEST(WhichRulesApply, Rule3_3_NoMatchingOrGlobalGroupAllowsEverything) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: a\ndisallow: /\n");
  EXPECT_TRUE(robots.allowed("/x", "b"));
  EXPECT_EQ(robots.verdict("/x", "b").applied, AppliedGroups::kNone);
  EXPECT_TRUE(RobotsTxt().allowed("/x", "b"));
}

TEST(IndexHtm, Rule4_4_AllowOfIndexHtmlAlsoAllowsItsDirectoryExactly) {
  const char* body = "user-agent: *\ndisallow: /a/\nallow: /a/index.html\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_TRUE(robots.allowed("/a/index.html", "x"));
  EXPECT_TRUE(robots.allowed("/a/", "x"));
  EXPECT_FALSE(robots.allowed("/a/b", "x"));
  EXPECT_FALSE(robots.allowed("/a/?q", "x"));  // the rewrite is anchored with '$'
  const Verdict verdict = robots.verdict("/a/", "x");
  EXPECT_TRUE(verdict.via_index_htm);
  EXPECT_EQ(verdict.line, 3u);
  EXPECT_EQ(verdict.strength, 4u);              // "/a/$"
  EXPECT_EQ(verdict.pattern, "/a/index.html");  // the rule as written, not "/a/$"
}

TEST(IndexHtm, Rule4_4_RewriteHasTheStrengthOfTheShortenedPattern) {
  // The rewrite "/a/$" has strength 4: it ties with a disallow of "/a/$" (allow wins)
  // and loses to "/a/*$" (5).
  EXPECT_TRUE(allowed("user-agent: *\ndisallow: /a/$\nallow: /a/index.htm\n", "x", "/a/"));
  EXPECT_FALSE(allowed("user-agent: *\ndisallow: /a/*$\nallow: /a/index.htm\n", "x", "/a/"));
}

TEST(IndexHtm, Rule4_4_OnlyForAllowAndOnlyAfterTheLastSlash) {
  EXPECT_TRUE(allowed("user-agent: *\ndisallow: /a/index.html\n", "x", "/a/"));
  EXPECT_FALSE(allowed("user-agent: *\ndisallow: /\nallow: /index.html/b\n", "x", "/"));
  EXPECT_TRUE(allowed("user-agent: *\ndisallow: /\nallow: /index.htmx\n", "x", "/"));
  EXPECT_FALSE(allowed("user-agent: *\ndisallow: /\nallow: /a/xindex.html\n", "x", "/a/"));
}

TEST(Verdict, Rule5_1_LongestMatchWins) {
  const char* body = "user-agent: *\ndisallow: /a\nallow: /a/b\ndisallow: /a/b/c\n";
  EXPECT_FALSE(allowed(body, "x", "/a/x"));
  EXPECT_TRUE(allowed(body, "x", "/a/b/x"));
  EXPECT_FALSE(allowed(body, "x", "/a/b/c/x"));
}

TEST(Verdict, Rule5_1_StrengthCountsStarsAndDollarOfTheNormalisedValue) {
  // "/a*" (3) beats "/a" (2); "/%C3%A9" (7 normalised) beats "/*%C3" (6).
  EXPECT_TRUE(allowed("user-agent: *\ndisallow: /a\nallow: /a*\n", "x", "/ab"));
  EXPECT_FALSE(allowed("user-agent: *\nallow: /*%C3\ndisallow: /\xC3\xA9\n", "x", "/%C3%A9"));
  const RobotsTxt anchored = RobotsTxt::parse("user-agent: *\ndisallow: /\xC3\xA9$\n");
  EXPECT_EQ(anchored.verdict("/%C3%A9", "x").strength, 8u);
}

TEST(Verdict, Rule5_2_TieGoesToAllow) {
  EXPECT_TRUE(allowed("user-agent: *\ndisallow: /a\nallow: /a\n", "x", "/a"));
  EXPECT_TRUE(allowed("user-agent: *\nallow: /a*\ndisallow: /a$\n", "x", "/a"));
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\ndisallow: /a\nallow: /a\n");
  const Verdict verdict = robots.verdict("/a", "x");
  EXPECT_EQ(verdict.line, 3u);
  EXPECT_EQ(verdict.kind, RuleKind::kAllow);
}

TEST(Verdict, Rule5_2_StrengthZeroNeverDecides) {
  EXPECT_TRUE(allowed("user-agent: *\ndisallow:\n", "x", "/a"));
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\nallow:\ndisallow:\n");
  const Verdict verdict = robots.verdict("/a", "x");
  EXPECT_TRUE(verdict.allowed);
  EXPECT_FALSE(verdict.has_decisive_rule());
}

TEST(Verdict, Rule5_3_OwnGroupWithoutMatchDoesNotFallBackToGlobal) {
  const char* body = "user-agent: a\ndisallow: /private\nuser-agent: *\ndisallow: /\n";
  EXPECT_TRUE(allowed(body, "a", "/public"));
  EXPECT_FALSE(allowed(body, "b", "/public"));
  EXPECT_TRUE(allowed("user-agent: a\ndisallow:\nuser-agent: *\ndisallow: /\n", "a", "/x"));
}

TEST(Verdict, Rule5_4_DecisiveLineIsTheWinningRule) {
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: *\ndisallow: /a\nallow: /a/b\ndisallow: /a\n");
  EXPECT_EQ(robots.verdict("/a/x", "x").line, 2u);  // first of two equal disallows
  EXPECT_EQ(robots.verdict("/a/b", "x").line, 3u);
  EXPECT_EQ(robots.verdict("/c", "x").line, 0u);
  const Verdict verdict = robots.verdict("http://h.com/a/x?q#f", "x");
  EXPECT_EQ(verdict.kind, RuleKind::kDisallow);
  EXPECT_EQ(verdict.pattern, "/a");
  EXPECT_EQ(verdict.strength, 2u);
}

TEST(Verdict, Rule5_4_AmongEquallyStrongRulesTheEarliestLineDecides) {
  // Google keeps the first rule in file order that reached the top strength. Here the
  // later rule has the shorter literal prefix, so an index walk meets it first.
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ndisallow: /ab\ndisallow: /a*\nallow: /x\n"
      "user-agent: *\ndisallow: /*b\n");
  const Verdict verdict = robots.verdict("/abc", "x");
  EXPECT_EQ(verdict.line, 2u);
  EXPECT_EQ(verdict.pattern, "/ab");
}

TEST(Verdict, Rule5_4_PatternIsNormalisedAndTheLineLeadsToTheTextAsWritten) {
  const std::string body = "user-agent: *\ndisallow: /caf\xC3\xA9%2f\n";
  const RobotsTxt robots = RobotsTxt::parse(body);  // verdict.pattern points into it
  const Verdict verdict = robots.verdict("/caf%C3%A9%2F", "x");
  EXPECT_FALSE(verdict.allowed);
  EXPECT_EQ(verdict.pattern, "/caf%C3%A9%2F");
  EXPECT_EQ(describe_lines(body)[verdict.line - 1].value, "/caf\xC3\xA9%2f");
}

TEST(ParseYields, Section6_SitemapsInFileOrderWherever) {
  const RobotsTxt robots = RobotsTxt::parse(
      "sitemap: http://a.com/1.xml\nuser-agent: a\nSitemap: http://a.com/2.xml\ndisallow: /\n"
      "site-map: http://a.com/3.xml\n");
  const auto sitemaps = robots.sitemaps();
  ASSERT_EQ(sitemaps.size(), 3u);
  EXPECT_EQ(sitemaps[0], "http://a.com/1.xml");
  EXPECT_EQ(sitemaps[2], "http://a.com/3.xml");
}

TEST(ParseYields, Section6_OtherDirectivesWithLineKeyValueAndGroup) {
  const RobotsTxt robots = RobotsTxt::parse(
      "host: a.com\nuser-agent: a\nuser-agent: b\nCrawl-delay: 5\ndisallow: /\nfoo: bar\n"
      "user-agent: c\nclean-param: x /y\n");
  const auto directives = robots.directives();
  ASSERT_EQ(directives.size(), 4u);
  EXPECT_EQ(directives[0].line, 1u);
  EXPECT_EQ(directives[0].group, -1);
  EXPECT_EQ(directives[1].key, "Crawl-delay");
  EXPECT_EQ(directives[1].value, "5");
  EXPECT_EQ(directives[1].line, 4u);
  EXPECT_EQ(directives[1].group, 0);
  EXPECT_EQ(directives[2].key, "foo");
  EXPECT_EQ(directives[2].group, 0);
  EXPECT_EQ(directives[3].group, 1);
  const auto groups = robots.groups();
  EXPECT_EQ(groups[static_cast<std::size_t>(directives[1].group)].agents[1].value, "b");
}

// A directive record's numbers are varints, and the usual record writes its line step,
// group step and key size as single bytes. Values of 90-129 bytes cross the value
// length's step from one byte to two, lines 201 apart take the general path, and key,
// value and line still come back whole.
TEST(ParseYields, Section6_DirectivesOfEveryLengthComeBackWhole) {
  std::string body = "user-agent: a\n";
  std::vector<std::string> values;
  for (std::size_t length = 90; length < 130; ++length) {
    values.push_back(std::string(length, static_cast<char>('a' + length % 26)));
    body += "note-" + std::to_string(length) + ": " + values.back() + "\n" + std::string(200, '\n');
  }
  const RobotsTxt robots = RobotsTxt::parse(body);
  const auto directives = robots.directives();
  ASSERT_EQ(directives.size(), values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    EXPECT_EQ(directives[i].key, "note-" + std::to_string(90 + i));
    EXPECT_EQ(directives[i].value, values[i]);
    EXPECT_EQ(directives[i].line, 2 + 201 * i);
    EXPECT_EQ(directives[i].group, 0);
  }
}

// Keys and values of every length from 0 to 40, crossing each size the compiler copies
// in its own way, come back byte for byte.
TEST(ParseYields, Section6_ShortKeysAndValuesComeBackWhole) {
  std::string body;
  for (std::size_t length = 0; length <= 40; ++length) {
    std::string value;
    for (std::size_t i = 0; i < length; ++i)
      value += static_cast<char>('a' + (i * 7 + length) % 26);
    body += "x" + value + ":" + value + "\n";
  }
  const RobotsTxt robots = RobotsTxt::parse(body);
  const auto directives = robots.directives();
  ASSERT_EQ(directives.size(), 41u);
  for (std::size_t length = 0; length <= 40; ++length) {
    const Directive& directive = directives[length];
    ASSERT_EQ(directive.value.size(), length);
    for (std::size_t i = 0; i < length; ++i) {
      EXPECT_EQ(directive.value[i], static_cast<char>('a' + (i * 7 + length) % 26)) << length;
    }
    EXPECT_EQ(directive.key, "x" + std::string(directive.value)) << length;
  }
}

// A compiled file is one block of memory its views point into. A copy must answer from a
// block of its own once the original is gone (AddressSanitizer sees any read of the
// freed one), and a moved-from object is an empty robots.txt, not one with views into
// storage it gave away.
TEST(CompiledObject, CopiesOwnTheirStorageAndMovedFromObjectsAreEmpty) {
  const std::string body =
      "user-agent: a\ndisallow: /private\nallow: /private/open\ncrawl-delay: 5\n"
      "sitemap: https://x.test/s.xml\n";
  const auto expect_the_file = [](const RobotsTxt& robots) {
    EXPECT_FALSE(robots.allowed("https://x.test/private/x", "a"));
    EXPECT_TRUE(robots.allowed("https://x.test/private/open", "a"));
    EXPECT_EQ(robots.crawl_delay("a"), 5.0);
    EXPECT_EQ(robots.sitemaps(), std::vector<std::string_view>{"https://x.test/s.xml"});
    EXPECT_EQ(robots.line_count(), 6u);
  };
  auto original = std::make_unique<RobotsTxt>(RobotsTxt::parse(body));
  const RobotsTxt copy = *original;
  RobotsTxt assigned = RobotsTxt::parse("user-agent: *\ndisallow: /\n");
  assigned = *original;
  EXPECT_EQ(copy.memory_usage(), original->memory_usage());
  original.reset();
  expect_the_file(copy);
  expect_the_file(assigned);

  RobotsTxt source = copy;
  const RobotsTxt moved(std::move(source));
  expect_the_file(moved);
  RobotsTxt target = RobotsTxt::parse("user-agent: *\ndisallow: /\n");
  target = std::move(assigned);
  expect_the_file(target);
  // NOLINTBEGIN(bugprone-use-after-move): what a moved-from object answers is the point.
  for (const RobotsTxt* empty : {&source, &assigned}) {
    EXPECT_TRUE(empty->allowed("https://x.test/private/x", "a"));
    EXPECT_TRUE(empty->sitemaps().empty());
    EXPECT_EQ(empty->memory_usage(), RobotsTxt().memory_usage());
  }
  // NOLINTEND(bugprone-use-after-move)
}

TEST(ParseYields, CrawlDelayFromTheAgentsGroupThenStar) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ncrawl-delay: 10\ndisallow: /x\nuser-agent: a\ncrawl-delay: 0.5\n"
      "user-agent: b\ndisallow: /\nuser-agent: c\ncrawl-delay: soon\ncrawl-delay: 3\n");
  EXPECT_EQ(robots.crawl_delay("a"), 0.5);
  EXPECT_EQ(robots.crawl_delay("B"), 0.5);  // same group as a (Rule 2.1)
  EXPECT_EQ(robots.crawl_delay("c"), 3.0);  // "soon" is not a number
  EXPECT_EQ(robots.crawl_delay("other"), 10.0);
  EXPECT_FALSE(RobotsTxt::parse("user-agent: a\ncrawl-delay: -1\n").crawl_delay("a"));
  EXPECT_FALSE(RobotsTxt::parse("crawl-delay: 5\nuser-agent: *\n").crawl_delay("a"));
}

TEST(ParseYields, CrawlDelayOnlyFromTheGroupsThatApply) {
  // docs/semantics.md 3: a named agent follows its own groups only, for every directive.
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ncrawl-delay: 10\ndisallow: /y\nuser-agent: a\ndisallow: /x\n");
  EXPECT_FALSE(robots.crawl_delay("a"));
  EXPECT_EQ(robots.crawl_delay({"a", "other"}), std::nullopt);
  EXPECT_EQ(robots.crawl_delay("other"), 10.0);
}

// The value of a request-rate line as requests per second.
std::optional<double> rate_of(std::string_view value) {
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\nrequest-rate: " + std::string(value));
  const std::optional<RequestRate> rate = robots.request_rate("x");
  return rate ? std::optional<double>(rate->per_second()) : std::nullopt;
}

TEST(ParseYields, RequestRateInTheFormsSeenInTheWild) {
  EXPECT_EQ(rate_of("1/5"), 0.2);
  EXPECT_EQ(rate_of("1/5s"), 0.2);
  EXPECT_EQ(rate_of("30/1m"), 0.5);
  EXPECT_EQ(rate_of("36/1h"), 0.01);
  EXPECT_EQ(rate_of("1/5s 0600-0845"), 0.2);
  EXPECT_EQ(rate_of(" 2 / 4 "), 0.5);
  EXPECT_FALSE(rate_of("1/0"));
  EXPECT_FALSE(rate_of("fast"));
  EXPECT_FALSE(rate_of("1/5x"));
  EXPECT_FALSE(rate_of("1"));
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: a\nrequest-rate: soon\nrequest-rate: 3/1m 0600-0845\n");
  const std::optional<RequestRate> rate = robots.request_rate("A");
  ASSERT_TRUE(rate);
  EXPECT_EQ(rate->requests, 3.0);
  EXPECT_EQ(rate->seconds, 60.0);
  EXPECT_EQ(rate->window, "0600-0845");
}

TEST(ParseYields, GroupSelectionOwnGlobalOrNone) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ndisallow: /\nuser-agent: a\nuser-agent: b\nallow: /\n"
      "user-agent: * everyone\nuser-agent: a\ndisallow: /x\n");
  const GroupSelection own = robots.select_groups({"b", "A"});
  EXPECT_EQ(own.applied, AppliedGroups::kSpecific);
  EXPECT_EQ(own.groups, (std::vector<std::size_t>{1, 2}));
  const GroupSelection global = robots.select_groups("c");
  EXPECT_EQ(global.applied, AppliedGroups::kGlobal);
  EXPECT_EQ(global.groups, (std::vector<std::size_t>{0, 2}));
  EXPECT_EQ(robots.global_groups(), (std::vector<std::size_t>{0, 2}));
  const RobotsTxt none = RobotsTxt::parse("user-agent: a\ndisallow: /\n");
  EXPECT_EQ(none.select_groups("c").applied, AppliedGroups::kNone);
  EXPECT_TRUE(none.select_groups("c").groups.empty());
}

TEST(ParseYields, SelectionWrittenOverAnotherIsTheSameAsANewOne) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ndisallow: /\nuser-agent: a\nuser-agent: b\nallow: /\n"
      "user-agent: * everyone\nuser-agent: a\ndisallow: /x\n");
  const Crawler* const adsbot = find_crawler("AdsBot-Google");
  ASSERT_NE(adsbot, nullptr);
  // Each written over the one before: own groups, global ones, none (AdsBot ignores `*`),
  // then own groups again.
  GroupSelection reused;
  for (const Agent agent : {Agent("a"), Agent("c"), Agent(*adsbot), Agent("b")}) {
    robots.select_groups(agent, reused);
    const GroupSelection fresh = robots.select_groups(agent);
    EXPECT_EQ(reused.applied, fresh.applied);
    EXPECT_EQ(reused.groups, fresh.groups);
    EXPECT_EQ(reused.crawler_rule, fresh.crawler_rule);
    EXPECT_EQ(reused.crawler_token, fresh.crawler_token);
  }
  EXPECT_EQ(reused.groups, (std::vector<std::size_t>{1}));
}

TEST(ParseYields, ExplainListsEveryMatchAndAgreesWithVerdict) {
  const RobotsTxt robots = RobotsTxt::parse(
      "user-agent: *\ndisallow: /a\nallow: /a/index.html\ndisallow:\nallow: /*\n"
      "user-agent: b\ndisallow: /\n");
  const std::string_view agent = "x";
  const Explanation explanation = robots.explain("http://h.com/a/", agent);
  EXPECT_EQ(explanation.path, "/a/");
  ASSERT_EQ(explanation.matches.size(), 4u);
  EXPECT_EQ(explanation.matches[0].strength, 2u);
  EXPECT_TRUE(explanation.matches[1].via_index_htm);
  EXPECT_EQ(explanation.matches[1].strength, 4u);
  EXPECT_EQ(explanation.matches[2].strength, 0u);
  EXPECT_EQ(explanation.verdict.line, robots.verdict("http://h.com/a/", agent).line);
  EXPECT_TRUE(explanation.verdict.allowed);
  EXPECT_EQ(explanation.groups, std::vector<std::size_t>{0});
}

TEST(Compiled, FastBooleanAgreesWithFullVerdictOnRandomFiles) {
  std::mt19937 random(7);
  const char* pieces[] = {"/a", "/b", "/a/b", "*", "$", "/index.html", "%2f", "/", "?q"};
  for (int file = 0; file < 300; ++file) {
    std::string body;
    for (int line = 0; line < 12; ++line) {
      const int kind = static_cast<int>(random() % 4);
      body += kind == 0 ? "user-agent: " : kind == 1 ? "allow: " : "disallow: ";
      if (kind == 0) {
        body += random() % 2 ? "*" : "a";
      } else {
        for (unsigned n = random() % 4; n > 0; --n) body += pieces[random() % 9];
      }
      body += '\n';
    }
    const RobotsTxt robots = RobotsTxt::parse(body);
    for (int url = 0; url < 20; ++url) {
      std::string path;
      for (unsigned n = random() % 4; n > 0; --n) path += pieces[random() % 9];
      const std::string_view agent = random() % 2 ? "a" : "b";
      const Verdict verdict = robots.verdict(path, agent);
      ASSERT_EQ(verdict.allowed, robots.allowed(path, agent)) << body << path;
      ASSERT_EQ(verdict.line, robots.explain(path, agent).verdict.line) << body << path;
    }
  }
}

TEST(Compiled, ConcurrentQueriesOnOneObjectAgree) {
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: *\ndisallow: /private\nallow: /private/ok\n");
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&robots, &wrong, t] {
      for (int i = 0; i < 20000; ++i) {
        wrong[t] += robots.allowed("/private/x", "a") ? 1 : 0;
        wrong[t] += robots.allowed("/private/ok", "a") ? 0 : 1;
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace robotstxt
