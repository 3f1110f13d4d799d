// AI usage preferences, rule by rule (docs/semantics.md 9): which content-usage rules
// apply, which one decides, how a preference string reads, and that access never changes.
#include "robotstxt/usage_preferences.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <iterator>

#include "corpus_loader.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

constexpr auto kUnknown = Preference::kUnknown;
constexpr auto kAllowed = Preference::kAllowed;
constexpr auto kDisallowed = Preference::kDisallowed;

UsagePreferences preferences(Preference train_ai, Preference search,
                             std::vector<std::uint32_t> lines = {}) {
  UsagePreferences expected;
  expected.train_ai = train_ai;
  expected.search = search;
  expected.lines = std::move(lines);
  return expected;
}

// The preferences for one path of example.com, for FooBot; nullopt as usage() gives it.
std::optional<UsagePreferences> usage_of(std::string_view body, std::string_view path,
                                         std::string_view agent = "FooBot") {
  const RobotsTxt robots = RobotsTxt::parse(body);
  return robots.usage("https://example.com" + std::string(path), agent);
}

// Readable failures: "train-ai=allowed search=unknown lines=[2]".
}  // namespace
void PrintTo(const UsagePreferences& value, std::ostream* out) {
  *out << "train-ai=" << to_string(value.train_ai) << " search=" << to_string(value.search)
       << " lines=[";
  for (std::size_t i = 0; i < value.lines.size(); ++i) *out << (i ? "," : "") << value.lines[i];
  *out << "]";
}
namespace {

// A crawler built here, so that the tests do not depend on the catalogue's facts.
Crawler crawler_with(std::span<const std::string_view> tokens, bool ignores_global = false,
                     bool obeys = true) {
  return Crawler("Test", tokens, ignores_global, obeys, "Test", CrawlerPurpose::kOther, {}, false,
                 "", "");
}

TEST(Preference, Names) {
  EXPECT_EQ(to_string(kUnknown), "unknown");
  EXPECT_EQ(to_string(kAllowed), "allowed");
  EXPECT_EQ(to_string(kDisallowed), "disallowed");
}

// --- 9.5: reading one preference string -------------------------------------------

TEST(ParseContentUsage, TokenYIsAllowedAndTokenNIsDisallowed) {
  EXPECT_EQ(parse_content_usage("train-ai=n, search=y"), preferences(kDisallowed, kAllowed));
  EXPECT_EQ(parse_content_usage("search=n"), preferences(kUnknown, kDisallowed));
  EXPECT_EQ(parse_content_usage("train-ai=y"), preferences(kAllowed, kUnknown));
}

TEST(ParseContentUsage, AnotherTokenOrAnotherTypeIsUnknown) {
  EXPECT_EQ(parse_content_usage("train-ai=yes, search=no"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(parse_content_usage("train-ai=Y, search=N"), preferences(kUnknown, kUnknown));
  // A String "n", an Integer, a Boolean (a bare key is ?1) and an Inner List say nothing.
  EXPECT_EQ(parse_content_usage("train-ai=\"n\", search=1"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(parse_content_usage("train-ai, search=(n)"), preferences(kUnknown, kUnknown));
}

TEST(ParseContentUsage, ParametersAreIgnored) {
  EXPECT_EQ(parse_content_usage("train-ai=n;until=2030, search=y;x"),
            preferences(kDisallowed, kAllowed));
}

TEST(ParseContentUsage, RepeatedKeyKeepsItsLastValue) {
  EXPECT_EQ(parse_content_usage("train-ai=y, train-ai=n"), preferences(kDisallowed, kUnknown));
  EXPECT_EQ(parse_content_usage("search=n, train-ai=n, search=y"),
            preferences(kDisallowed, kAllowed));
}

TEST(ParseContentUsage, InvalidDictionaryMakesEveryCategoryUnknown) {
  // Keys are case-sensitive: one upper-case key invalidates the whole dictionary.
  EXPECT_EQ(parse_content_usage("search=n, Train-AI=n"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(parse_content_usage("train-ai=n,"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(parse_content_usage("train-ai=n search=n"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(parse_content_usage("train-ai=n, search=\xC3\xA9"), preferences(kUnknown, kUnknown));
}

TEST(ParseContentUsage, UnknownLabelsAreIgnored) {
  EXPECT_EQ(parse_content_usage("bots=n, train-ai=y, ai-use=n"), preferences(kAllowed, kUnknown));
  EXPECT_EQ(parse_content_usage(""), preferences(kUnknown, kUnknown));
}

// --- 9.6: the HTTP header, and combining two statements ------------------------------

TEST(ContentUsageHeader, ParsesLikeTheRobotsTxtValue) {
  // Optional spaces around a header value are part of RFC 9651's field syntax.
  EXPECT_EQ(parse_content_usage("  train-ai=n,search=y  "), preferences(kDisallowed, kAllowed));
}

TEST(Combine, MostRestrictivePerCategory) {
  EXPECT_EQ(combine(kUnknown, kUnknown), kUnknown);
  EXPECT_EQ(combine(kUnknown, kAllowed), kAllowed);
  EXPECT_EQ(combine(kAllowed, kUnknown), kAllowed);
  EXPECT_EQ(combine(kAllowed, kDisallowed), kDisallowed);
  EXPECT_EQ(combine(kDisallowed, kAllowed), kDisallowed);
  EXPECT_EQ(combine(kDisallowed, kUnknown), kDisallowed);
  EXPECT_EQ(combine(kUnknown, kDisallowed), kDisallowed);
}

TEST(Combine, RobotsTxtAndHeaderStatements) {
  const auto file = usage_of("User-agent: *\nContent-Usage: train-ai=y, search=y\n", "/a");
  ASSERT_TRUE(file.has_value());
  const UsagePreferences combined = combine(*file, parse_content_usage("train-ai=n"));
  EXPECT_EQ(combined, preferences(kDisallowed, kAllowed, {2}));
  EXPECT_EQ(
      combine(preferences(kUnknown, kUnknown, {5, 9}), preferences(kUnknown, kUnknown, {2, 5}))
          .lines,
      (std::vector<std::uint32_t>{2, 5, 9}));
}

// --- 9.1: which group a usage rule belongs to -----------------------------------------

TEST(UsageGroups, RuleBelongsToItsGroup) {
  const std::string body =
      "User-agent: FooBot\n"
      "Disallow: /private\n"
      "Content-Usage: train-ai=n\n"
      "User-agent: *\n"
      "Content-Usage: train-ai=y\n";
  EXPECT_EQ(usage_of(body, "/a"), preferences(kDisallowed, kUnknown, {3}));
  EXPECT_EQ(usage_of(body, "/a", "BarBot"), preferences(kAllowed, kUnknown, {5}));
}

TEST(UsageGroups, NeitherStartsNorEndsAGroup) {
  // One group for both agents, as with crawl-delay (docs/semantics.md 2.2).
  const std::string body =
      "User-agent: FooBot\n"
      "Content-Usage: search=n\n"
      "User-agent: BarBot\n"
      "Disallow: /x\n";
  EXPECT_EQ(usage_of(body, "/a", "BarBot"), preferences(kUnknown, kDisallowed, {2}));
  EXPECT_EQ(usage_of(body, "/a", "FooBot"), preferences(kUnknown, kDisallowed, {2}));
}

TEST(UsageGroups, BeforeAnyUserAgentBelongsToNoGroup) {
  const std::string body =
      "Content-Usage: train-ai=n\n"
      "User-agent: *\n"
      "Disallow: /x\n";
  EXPECT_EQ(usage_of(body, "/a"), preferences(kUnknown, kUnknown));
}

TEST(UsageGroups, KeyIsCaseInsensitiveWithoutTypoVariants) {
  EXPECT_EQ(usage_of("User-agent: *\nCONTENT-usage: train-ai=n\n", "/a"),
            preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usages: train-ai=n\nContentusage: train-ai=n\n", "/a"),
            preferences(kUnknown, kUnknown));
}

TEST(UsageGroups, TwoGroupsNamingOneAgentMerge) {
  const std::string body =
      "User-agent: FooBot\n"
      "Content-Usage: train-ai=n\n"
      "Disallow: /x\n"
      "User-agent: *\n"
      "Content-Usage: search=n\n"
      "Disallow: /x\n"
      "User-agent: FooBot\n"
      "Content-Usage: /docs/ search=y\n";
  EXPECT_EQ(usage_of(body, "/a"), preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of(body, "/docs/a"), preferences(kUnknown, kAllowed, {8}));
}

TEST(UsageGroups, AgentListMergesItsNames) {
  const RobotsTxt robots = RobotsTxt::parse(
      "User-agent: Googlebot-Image\nContent-Usage: search=y\nDisallow: /x\n"
      "User-agent: Googlebot\nContent-Usage: train-ai=n\n");
  EXPECT_EQ(robots.usage("https://example.com/a", {"Googlebot-Image", "Googlebot"}),
            preferences(kDisallowed, kAllowed, {2, 5}));
}

TEST(UsageGroups, CrawlerFollowsItsPrecedence) {
  static constexpr std::string_view kImageTokens[] = {"Googlebot-Image", "Googlebot"};
  const Crawler image = crawler_with(kImageTokens);
  const std::string fallback =
      "User-agent: *\nContent-Usage: train-ai=y\nDisallow: /x\n"
      "User-agent: Googlebot\nContent-Usage: train-ai=n\nDisallow: /x\n";
  const RobotsTxt robots = RobotsTxt::parse(fallback);
  // No group names Googlebot-Image: Googlebot's group decides, not `*`.
  EXPECT_EQ(robots.usage("https://example.com/a", image), preferences(kDisallowed, kUnknown, {5}));
  // With its own group, only that one applies (an agent list would merge both).
  const RobotsTxt own =
      RobotsTxt::parse(fallback + "User-agent: Googlebot-Image\nContent-Usage: search=y\n");
  EXPECT_EQ(own.usage("https://example.com/a", image), preferences(kUnknown, kAllowed, {8}));
}

TEST(UsageGroups, CrawlerWithoutApplicableGroupsHasUnknownPreferences) {
  static constexpr std::string_view kTokens[] = {"AdsBot-Test"};
  const RobotsTxt robots = RobotsTxt::parse("User-agent: *\nContent-Usage: train-ai=n\n");
  EXPECT_EQ(robots.usage("https://example.com/a", crawler_with(kTokens)),
            preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(robots.usage("https://example.com/a", crawler_with(kTokens, true)),
            preferences(kUnknown, kUnknown));
  EXPECT_EQ(robots.usage("https://example.com/a", crawler_with(kTokens, false, false)),
            preferences(kUnknown, kUnknown));
}

// --- 9.2: the optional path ------------------------------------------------------------

TEST(UsagePath, PathLimitsTheRule) {
  const std::string body = "User-agent: *\nContent-Usage: /news/ train-ai=n\n";
  EXPECT_EQ(usage_of(body, "/news/today"), preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of(body, "/blog/today"), preferences(kUnknown, kUnknown));
  // Anchored at the start of the path, case-sensitive.
  EXPECT_EQ(usage_of(body, "/x/news/"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(usage_of(body, "/News/"), preferences(kUnknown, kUnknown));
}

TEST(UsagePath, PathEndsAtSpaceOrTab) {
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /a\t  search=n\n", "/ab"),
            preferences(kUnknown, kDisallowed, {2}));
  // A path alone states nothing, but it matches and decides.
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: train-ai=n\nContent-Usage: /a\n", "/a"),
            preferences(kUnknown, kUnknown, {3}));
}

TEST(UsagePath, WithoutSlashTheWholeValueIsThePreferenceString) {
  // "news/ train-ai=n" is not a path plus a string, and does not parse as a dictionary.
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: news/ train-ai=n\n", "/news/"),
            preferences(kUnknown, kUnknown, {2}));
}

TEST(UsagePath, WildcardAndEndAnchor) {
  const std::string body =
      "User-agent: *\n"
      "Content-Usage: /*.pdf$ train-ai=n\n"
      "Content-Usage: /img/*/raw search=n\n";
  EXPECT_EQ(usage_of(body, "/a/b.pdf"), preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of(body, "/a/b.pdf?x"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(usage_of(body, "/img/2024/raw/1"), preferences(kUnknown, kDisallowed, {3}));
  EXPECT_EQ(usage_of(body, "/img/raw"), preferences(kUnknown, kUnknown));
  // `$` inside the path is a literal.
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /a$b search=y\n", "/a$b"),
            preferences(kUnknown, kAllowed, {2}));
}

TEST(UsagePath, PathIsNormalisedLikeAPattern) {
  // %2f gets upper-case hex and a raw byte >= 0x80 is percent-encoded (docs/semantics.md 1.8).
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /a%2fb train-ai=n\n", "/a%2Fb"),
            preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /caf\xC3\xA9 train-ai=n\n", "/caf%C3%A9"),
            preferences(kDisallowed, kUnknown, {2}));
  // Strength counts the normalised bytes: "/caf%C3%A9" (10) beats "/caf%C3" (7).
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /caf\xC3\xA9 search=y\n"
                     "Content-Usage: /caf%C3 search=n\n",
                     "/caf%C3%A9"),
            preferences(kUnknown, kAllowed, {2}));
}

// --- 9.3: which rule decides -------------------------------------------------------------

TEST(UsageDecision, LongestMatchingPathWins) {
  const std::string body =
      "User-agent: *\n"
      "Content-Usage: /a/b/ search=y\n"
      "Content-Usage: train-ai=n, search=n\n"
      "Content-Usage: /a/ search=n\n";
  EXPECT_EQ(usage_of(body, "/a/b/c"), preferences(kUnknown, kAllowed, {2}));
  EXPECT_EQ(usage_of(body, "/a/c"), preferences(kUnknown, kDisallowed, {4}));
  EXPECT_EQ(usage_of(body, "/c"), preferences(kDisallowed, kDisallowed, {3}));
}

TEST(UsageDecision, TiesCombinePerCategory) {
  const std::string body =
      "User-agent: *\n"
      "Content-Usage: /a train-ai=y, search=y\n"
      "Content-Usage: /* train-ai=n\n"
      "Content-Usage: search=n\n"
      "Content-Usage: train-ai=y\n";
  // "/a" and "/*" both have strength 2.
  EXPECT_EQ(usage_of(body, "/a"), preferences(kDisallowed, kAllowed, {2, 3}));
  // "/*" (strength 2) matches every path, so it outweighs the rules without a path.
  EXPECT_EQ(usage_of(body, "/b"), preferences(kDisallowed, kUnknown, {3}));
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: search=n\nContent-Usage: train-ai=y\n", "/b"),
            preferences(kAllowed, kDisallowed, {2, 3}));
}

TEST(UsageDecision, NoMatchingRuleIsUnknown) {
  EXPECT_EQ(usage_of("User-agent: *\nContent-Usage: /x train-ai=n\n", "/a"),
            preferences(kUnknown, kUnknown));
  EXPECT_EQ(usage_of("User-agent: *\nDisallow: /x\n", "/a"), preferences(kUnknown, kUnknown));
  EXPECT_EQ(usage_of("", "/a"), preferences(kUnknown, kUnknown));
}

TEST(UsageDecision, StatesUsageExactlyWhenAContentUsageLineExists) {
  // A caller holding the verdict skips usage() when the file states none (serve does).
  EXPECT_TRUE(RobotsTxt::parse("User-agent: *\nCONTENT-usage: train-ai=n\n").states_usage());
  EXPECT_TRUE(RobotsTxt::parse("Content-Usage: train-ai=n\nUser-agent: *\n").states_usage());
  EXPECT_FALSE(RobotsTxt::parse("User-agent: *\nDisallow: /x\nCrawl-delay: 1\n").states_usage());
  EXPECT_FALSE(RobotsTxt::parse("User-agent: *\nContent-Usages: train-ai=n\n").states_usage());
  EXPECT_FALSE(RobotsTxt::parse("User-agent: *\nContent-Signal: ai-train=no\n").states_usage());
  EXPECT_FALSE(RobotsTxt::parse("").states_usage());
}

// --- 9.4: no preferences for what may not be fetched --------------------------------------

TEST(UsageAccess, DisallowedUrlHasNoPreferences) {
  const std::string body =
      "User-agent: *\n"
      "Disallow: /private\n"
      "Content-Usage: train-ai=y\n";
  EXPECT_EQ(usage_of(body, "/private/a"), std::nullopt);
  EXPECT_EQ(usage_of(body, "/public"), preferences(kAllowed, kUnknown, {3}));
  static constexpr std::string_view kTokens[] = {"FooBot"};
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_EQ(robots.usage("https://example.com/private/a", crawler_with(kTokens)), std::nullopt);
}

TEST(UsageAccess, UsageRulesNeverChangeAVerdict) {
  const std::string rules = "User-agent: *\nDisallow: /a\nAllow: /a/b\n";
  const RobotsTxt without = RobotsTxt::parse(rules);
  const RobotsTxt with = RobotsTxt::parse(rules +
                                          "Content-Usage: /a train-ai=n\nContent-Usage: /\n"
                                          "Content-Signal: search=no\n");
  for (const std::string_view path : {"/", "/a", "/a/b", "/a/c", "/b"}) {
    const std::string url = "https://example.com" + std::string(path);
    EXPECT_EQ(with.allowed(url, "FooBot"), without.allowed(url, "FooBot")) << path;
    EXPECT_EQ(with.verdict(url, "FooBot").line, without.verdict(url, "FooBot").line) << path;
  }
}

// The draft's own example: a general statement, a disallowed area, and an exception.
TEST(UsageAccess, DraftExample) {
  const std::string body =
      "User-Agent: *\n"
      "Content-Usage: train-ai=n\n"
      "Disallow: /never/\n"
      "Content-Usage: /ai-ok/ train-ai=y\n";
  EXPECT_EQ(usage_of(body, "/test"), preferences(kDisallowed, kUnknown, {2}));
  EXPECT_EQ(usage_of(body, "/never/test"), std::nullopt);
  EXPECT_EQ(usage_of(body, "/ai-ok/test"), preferences(kAllowed, kUnknown, {4}));
}

// --- 9.7: Content-Signal, kept apart ----------------------------------------------------

TEST(ContentSignals, SplitAsWritten) {
  using Entries = std::vector<std::pair<std::string_view, std::string_view>>;
  EXPECT_EQ(parse_content_signal(" search=yes ,ai-train = no,, ai-input"),
            (Entries{{"search", "yes"}, {"ai-train", "no"}, {"ai-input", ""}}));
  EXPECT_EQ(parse_content_signal(""), Entries{});
}

TEST(ContentSignals, ExposedPerGroupAndNotMerged) {
  const RobotsTxt robots = RobotsTxt::parse(
      "Content-Signal: search=no\n"
      "User-agent: *\n"
      "Content-Signal: search=yes, ai-train=no\n"
      "Disallow: /x\n"
      "User-agent: FooBot\n"
      "Content-signal: ai-input=no\n");
  const std::vector<ContentSignal> global = robots.content_signals("BarBot");
  ASSERT_EQ(global.size(), 1u);
  EXPECT_EQ(global[0].line, 3u);
  EXPECT_EQ(global[0].value, "search=yes, ai-train=no");
  ASSERT_EQ(global[0].parsed.size(), 2u);
  EXPECT_EQ(global[0].parsed[1].first, "ai-train");
  EXPECT_EQ(global[0].parsed[1].second, "no");
  const std::vector<ContentSignal> own = robots.content_signals("FooBot");
  ASSERT_EQ(own.size(), 1u);
  EXPECT_EQ(own[0].line, 6u);
  // A crawler follows its first named token alone; an agent list merges both groups.
  static constexpr std::string_view kTokens[] = {"FooBot-News", "FooBot", "BarBot"};
  const RobotsTxt named = RobotsTxt::parse(
      "User-agent: BarBot\nContent-Signal: search=no\nDisallow: /x\n"
      "User-agent: FooBot\nContent-Signal: ai-input=no\n");
  const std::vector<ContentSignal> crawler = named.content_signals(crawler_with(kTokens));
  ASSERT_EQ(crawler.size(), 1u);
  EXPECT_EQ(crawler[0].line, 5u);
  EXPECT_EQ(named.content_signals(std::span<const std::string_view>(kTokens)).size(), 2u);
  // Not a usage preference: "ai-train=no" leaves train-ai unknown.
  EXPECT_EQ(robots.usage("https://example.com/", "BarBot"), preferences(kUnknown, kUnknown));
}

// --- Real files ------------------------------------------------------------------------

// `key` equals the lower-case `wanted`, ignoring ASCII case.
bool is_key(std::string_view key, std::string_view wanted) {
  return std::equal(key.begin(), key.end(), wanted.begin(), wanted.end(),
                    [](char a, char b) { return (a >= 'A' && a <= 'Z' ? a + 32 : a) == b; });
}

TEST(UsageCorpus, NoPreferencesExactlyWhenDisallowed) {
  const auto hosts = bench::load_corpus(ROBOTSTXT_TEST_DATA_DIR);
  ASSERT_GT(hosts.size(), 0u) << "no corpus under " ROBOTSTXT_TEST_DATA_DIR;
  std::size_t checks = 0;
  std::size_t with_usage = 0;
  std::size_t with_signal = 0;
  std::size_t decided = 0;
  for (const auto& host : hosts) {
    const RobotsTxt robots = RobotsTxt::parse(host.robots_body);
    bool has_usage = false;
    bool has_signal = false;
    for (const Directive& directive : robots.directives()) {
      has_usage |= is_key(directive.key, "content-usage");
      has_signal |= is_key(directive.key, "content-signal");
    }
    with_usage += has_usage ? 1 : 0;
    with_signal += has_signal ? 1 : 0;
    for (const std::string& url : host.urls) {
      for (const std::string_view agent : bench::kCorpusAgents) {
        const std::optional<UsagePreferences> usage = robots.usage(url, agent);
        ASSERT_EQ(usage.has_value(), robots.allowed(url, agent)) << host.name << " " << url;
        decided += usage && !usage->lines.empty() ? 1 : 0;
        ++checks;
      }
    }
  }
  std::cout << "corpus: " << hosts.size() << " files, " << with_usage
            << " with Content-Usage lines, " << with_signal << " with Content-Signal lines; "
            << checks << " usage checks, " << decided << " decided by a rule\n";
  EXPECT_GT(checks, 0u);
}

}  // namespace
}  // namespace robotstxt
