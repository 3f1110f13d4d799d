// docs/semantics.md 1 (reading the body) and section 6 (per-line facts).
// Test names follow the rule they check: Rule1_3 is docs/semantics.md 1.3.
#include "robotstxt/line_facts.h"

#include <gtest/gtest.h>

#include <string>

#include "robotstxt/body_limit.h"
#include "robotstxt/matcher.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

using namespace std::string_literals;

std::vector<RuleLine> rules_of_first_group(const RobotsTxt& robots) {
  const std::vector<Group> groups = robots.groups();
  return groups.empty() ? std::vector<RuleLine>{} : groups.front().rules;
}

std::string first_pattern(std::string_view body) {
  const RobotsTxt robots = RobotsTxt::parse(body);
  const auto rules = rules_of_first_group(robots);
  return rules.empty() ? "<no rule>" : std::string(rules.front().pattern);
}

TEST(ReadingTheBody, Rule1_1_BytesAfter512000AreIgnored) {
  std::string body = "user-agent: *\n";
  body.append(kMaxBodyBytes - body.size() - 1, '\n');
  body += "\ndisallow: /late\n";  // starts exactly at byte 512,000
  EXPECT_TRUE(RobotsTxt::parse(body).allowed("http://a.com/late", "bot"));
  body[kMaxBodyBytes - 1] = 'x';  // the line before it now straddles nothing: still ignored
  EXPECT_TRUE(RobotsTxt::parse(body).allowed("http://a.com/late", "bot"));
}

TEST(ReadingTheBody, Rule1_1_LineCutByTheLimitIsParsedAsItStands) {
  std::string body = "user-agent: *\n";
  body.append(kMaxBodyBytes - body.size() - 14, '\n');
  body += "disallow: /abcdefgh\n";  // only "disallow: /abc" is inside the limit
  ASSERT_EQ(body.find("/abc") + 4, kMaxBodyBytes);
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_FALSE(robots.allowed("http://a.com/abcxyz", "bot"));
  EXPECT_EQ(first_pattern(body), "/abc");
}

TEST(ReadingTheBody, Rule1_2_FullBomIsSkipped) {
  EXPECT_EQ(first_pattern("\xEF\xBB\xBFuser-agent: *\ndisallow: /x\n"), "/x");
}

TEST(ReadingTheBody, Rule1_2_PartialBomIsSkippedByteByByte) {
  EXPECT_EQ(first_pattern("\xEF\xBBuser-agent: *\ndisallow: /x\n"), "/x");
  EXPECT_EQ(first_pattern("\xEFuser-agent: *\ndisallow: /x\n"), "/x");
}

TEST(ReadingTheBody, Rule1_2_SkippingStopsAtFirstDifferentByte) {
  // EF 11 BF drops only EF: the line then starts with 11 BF and is not a user-agent.
  const auto lines = describe_lines("\xEF\x11\xBFuser-agent: *\ndisallow: /x\n");
  EXPECT_EQ(lines[0].kind, LineKind::kOther);
  EXPECT_EQ(lines[0].key, "\x11\xBFuser-agent");
  EXPECT_EQ(first_pattern("\xEF\x11\xBFuser-agent: *\ndisallow: /x\n"), "<no rule>");
}

TEST(ReadingTheBody, Rule1_2_BomLaterInTheBodyIsNotSkipped) {
  const auto lines = describe_lines("\n\xEF\xBB\xBFuser-agent: *\n");
  EXPECT_EQ(lines[1].kind, LineKind::kOther);
}

TEST(ReadingTheBody, Rule1_3_LfCrAndCrLfEndLines) {
  for (const std::string ending : {"\n", "\r", "\r\n"}) {
    const std::string body = "user-agent: *" + ending + "disallow: /x" + ending + "allow: /x/y";
    const auto lines = describe_lines(body);
    ASSERT_EQ(lines.size(), 3u) << "ending " << static_cast<int>(ending[0]);
    EXPECT_EQ(lines[2].kind, LineKind::kAllow);
    EXPECT_EQ(lines[2].number, 3u);
  }
}

TEST(ReadingTheBody, Rule1_3_CrLfIsOneEndingButLfCrIsTwo) {
  EXPECT_EQ(describe_lines("a:1\r\nb:2").size(), 2u);
  EXPECT_EQ(describe_lines("a:1\n\rb:2").size(), 3u);
  EXPECT_EQ(describe_lines("a:1\r\r\nb:2").size(), 3u);
  EXPECT_EQ(describe_lines("a:1\r\n\r\nb:2").size(), 3u);
}

// Line ends are searched in 16-byte blocks where SIMD is used: an ending before, on and
// after every block boundary, in every kind, must end the line exactly where it is.
TEST(ReadingTheBody, Rule1_3_EndingsAreFoundAtEveryPosition) {
  for (const std::string ending : {"\n", "\r", "\r\n"}) {
    for (std::size_t first = 0; first < 40; ++first) {
      for (std::size_t second = 0; second < 40; ++second) {
        const std::string body =
            std::string(first, 'x') + ending + std::string(second, 'y') + ending + "z";
        const auto lines = describe_lines(body);
        ASSERT_EQ(lines.size(), 3u) << first << " " << second << " " << int{ending[0]};
        EXPECT_EQ(lines[0].length, first);
        EXPECT_EQ(lines[1].offset, first + ending.size());
        EXPECT_EQ(lines[1].length, second);
        EXPECT_EQ(lines[2].offset, first + second + 2 * ending.size());
        EXPECT_EQ(lines[2].length, 1u);
      }
    }
  }
}

TEST(ReadingTheBody, Rule1_3_EveryLineCountsIncludingTheLastEmptyOne) {
  EXPECT_EQ(describe_lines("").size(), 1u);
  EXPECT_EQ(describe_lines("a:1\n").size(), 2u);
  const auto lines = describe_lines("\n\nuser-agent: *\n\ndisallow: /\n");
  ASSERT_EQ(lines.size(), 6u);
  EXPECT_EQ(lines[4].kind, LineKind::kDisallow);
  EXPECT_EQ(lines[4].number, 5u);
  const RobotsTxt robots = RobotsTxt::parse("\n\nuser-agent: *\n\ndisallow: /\n");
  EXPECT_EQ(robots.verdict("/", "a").line, 5u);
}

TEST(ReadingTheBody, Rule1_4_LineKeepsAtMost16663Bytes) {
  const std::string prefix = "user-agent: *\ndisallow: /";
  const std::string fits(kMaxLineBytes - std::string("disallow: /").size(), 'a');
  const auto exact = describe_lines(prefix + fits);
  EXPECT_FALSE(exact[1].too_long);
  EXPECT_EQ(first_pattern(prefix + fits), "/" + fits);

  const auto longer = describe_lines(prefix + fits + "bcd");
  EXPECT_TRUE(longer[1].too_long);
  EXPECT_EQ(longer[1].length, kMaxLineBytes + 3);
  EXPECT_EQ(first_pattern(prefix + fits + "bcd"), "/" + fits);
}

TEST(ReadingTheBody, Rule1_5_NulEndsTheLineContent) {
  const std::string body = "user-agent: *\ndisallow: /a\0b\nallow: /c\n"s;
  const auto lines = describe_lines(body);
  EXPECT_TRUE(lines[1].has_nul);
  EXPECT_EQ(lines[1].value, "/a");
  EXPECT_EQ(lines[2].kind, LineKind::kAllow);  // the next line is unaffected
  EXPECT_EQ(first_pattern(body), "/a");
}

// Only the line holding a NUL or `#` is marked: not the lines around it, not a last line
// without a line ending, and a second one on a later line is found too.
TEST(ReadingTheBody, Rule1_5_NulAndHashMarkOnlyTheirOwnLine) {
  const std::string body = "a: 1\nb: 2\0x\nc: 3\nd: 4 # x\ne: 5\0\nf: 6#\ng: 7"s;
  const auto lines = describe_lines(body);
  ASSERT_EQ(lines.size(), 7u);
  const bool nul[] = {false, true, false, false, true, false, false};
  const bool comment[] = {false, false, false, true, false, true, false};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].has_nul, nul[i]) << "line " << i + 1;
    EXPECT_EQ(lines[i].has_comment, comment[i]) << "line " << i + 1;
  }
  EXPECT_EQ(lines[1].value, "2");
  EXPECT_EQ(lines[3].value, "4");
  EXPECT_EQ(lines[6].value, "7");
}

// A line holding both: whichever comes first ends the content, a comment only counts
// before any NUL, and a NUL counts after a `#` too.
TEST(ReadingTheBody, Rule1_5_TheFirstOfNulAndHashEndsTheContent) {
  const std::string body = "a: 1 # x\0y\nb: 2\0 # y\nc: 3 # x # y\nd: \0\0#"s;
  const auto lines = describe_lines(body);
  ASSERT_EQ(lines.size(), 4u);
  const bool nul[] = {true, true, false, true};
  const bool comment[] = {true, false, true, false};
  const std::string_view values[] = {"1", "2", "3", ""};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(lines[i].has_nul, nul[i]) << "line " << i + 1;
    EXPECT_EQ(lines[i].has_comment, comment[i]) << "line " << i + 1;
    EXPECT_EQ(lines[i].value, values[i]) << "line " << i + 1;
  }
}

TEST(ReadingTheBody, Rule1_5_HashStartsAComment) {
  const auto lines = describe_lines("disallow: /a#b\n# only a comment\n   \n");
  EXPECT_EQ(lines[0].value, "/a");
  EXPECT_TRUE(lines[0].has_comment);
  EXPECT_EQ(lines[1].kind, LineKind::kComment);
  EXPECT_EQ(lines[2].kind, LineKind::kEmpty);
}

TEST(ReadingTheBody, Rule1_5_AllAsciiWhitespaceIsTrimmed) {
  const auto lines = describe_lines(" \t\v\fdisallow \t: \v/a \f\t");
  EXPECT_EQ(lines[0].kind, LineKind::kDisallow);
  EXPECT_EQ(lines[0].key, "disallow");
  EXPECT_EQ(lines[0].value, "/a");
}

// Every byte value, on both sides of the key and of the value: exactly the six bytes C's
// isspace() accepts are trimmed. LF and CR end the line, NUL and `#` its content, and a
// colon would split the line sooner, so those five are left to the tests of 1.3-1.6.
TEST(ReadingTheBody, Rule1_5_OnlyAsciiWhitespaceIsTrimmed) {
  constexpr std::string_view kWhitespace(" \t\n\v\f\r");
  for (int code = 0; code < 256; ++code) {
    const char byte = static_cast<char>(code);
    if (byte == '\n' || byte == '\r' || byte == '\0' || byte == '#' || byte == ':') continue;
    const std::string around(1, byte);
    const std::string body = around + "disallow" + around + ":" + around + "/a" + around;
    const auto lines = describe_lines(body);
    const bool trimmed = kWhitespace.find(byte) != std::string_view::npos;
    ASSERT_EQ(lines.size(), 1u) << code;
    EXPECT_EQ(lines[0].value, trimmed ? "/a" : around + "/a" + around) << code;
    if (trimmed) {
      EXPECT_EQ(lines[0].key, "disallow") << code;
    }
  }
}

TEST(ReadingTheBody, Rule1_6_SplitAtTheFirstColon) {
  const auto lines = describe_lines("disallow: /a:b:c");
  EXPECT_EQ(lines[0].value, "/a:b:c");
  EXPECT_FALSE(lines[0].missing_colon);
}

TEST(ReadingTheBody, Rule1_6_TwoWordsWithoutColonAreAccepted) {
  for (const char* text : {"disallow /x", "disallow\t/x", "disallow  \t /x"}) {
    const auto lines = describe_lines(text);
    EXPECT_EQ(lines[0].kind, LineKind::kDisallow) << text;
    EXPECT_TRUE(lines[0].missing_colon) << text;
    EXPECT_EQ(lines[0].value, "/x") << text;
  }
  EXPECT_FALSE(RobotsTxt::parse("user-agent *\ndisallow /x").allowed("/x", "a"));
}

TEST(ReadingTheBody, Rule1_6_OtherColonlessLinesAreIgnored) {
  for (const char* text : {"disallow", "disallow /x /y", "user agent foo"}) {
    EXPECT_EQ(describe_lines(text)[0].kind, LineKind::kInvalid) << text;
  }
  EXPECT_TRUE(RobotsTxt::parse("user-agent: *\ndisallow /x /y").allowed("/x", "a"));
}

TEST(ReadingTheBody, Rule1_6_EmptyKeyIsIgnored) {
  EXPECT_EQ(describe_lines(": /x")[0].kind, LineKind::kInvalid);
  const RobotsTxt robots = RobotsTxt::parse("user-agent: *\n: /x\n");
  EXPECT_TRUE(robots.directives().empty());
}

// A key and what docs/semantics.md 1.7 makes of it.
struct KeyCase {
  std::string_view key;
  LineKind kind;
  bool typo;
};

TEST(ReadingTheBody, Rule1_7_KeysAreRecognisedByPrefixIgnoringCase) {
  const KeyCase cases[] = {
      {"user-agent", LineKind::kUserAgent, false}, {"User-Agents", LineKind::kUserAgent, false},
      {"USERAGENT", LineKind::kUserAgent, true},   {"user agent", LineKind::kUserAgent, true},
      {"allow", LineKind::kAllow, false},          {"Allowed", LineKind::kAllow, false},
      {"disallow", LineKind::kDisallow, false},    {"DisallowX", LineKind::kDisallow, false},
      {"dissallow", LineKind::kDisallow, true},    {"dissalow", LineKind::kDisallow, true},
      {"disalow", LineKind::kDisallow, true},      {"diasllow", LineKind::kDisallow, true},
      {"disallaw", LineKind::kDisallow, true},     {"sitemap", LineKind::kSitemap, false},
      {"Sitemaps", LineKind::kSitemap, false},     {"site-map", LineKind::kSitemap, true},
      {"crawl-delay", LineKind::kOther, false},    {"user", LineKind::kOther, false},
      {"disalloww", LineKind::kDisallow, false},   {"dis-allow", LineKind::kOther, false},
  };
  for (const KeyCase& c : cases) {
    const auto lines = describe_lines(std::string(c.key) + ": v");
    EXPECT_EQ(lines[0].kind, c.kind) << c.key;
    EXPECT_EQ(lines[0].typo, c.typo) << c.key;
  }
}

// The keys of docs/semantics.md 1.7, lower case, in the order they are tried.
constexpr KeyCase kKnownKeys[] = {
    {"user-agent", LineKind::kUserAgent, false}, {"useragent", LineKind::kUserAgent, true},
    {"user agent", LineKind::kUserAgent, true},  {"allow", LineKind::kAllow, false},
    {"disallow", LineKind::kDisallow, false},    {"dissallow", LineKind::kDisallow, true},
    {"dissalow", LineKind::kDisallow, true},     {"disalow", LineKind::kDisallow, true},
    {"diasllow", LineKind::kDisallow, true},     {"disallaw", LineKind::kDisallow, true},
    {"sitemap", LineKind::kSitemap, false},      {"site-map", LineKind::kSitemap, true},
};

// What 1.7 says of `key`, one byte at a time: the reference the tokenizer's word-wide
// compares are held to.
KeyCase expected_for(const std::string& key) {
  const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; };
  for (const KeyCase& known : kKnownKeys) {
    if (key.size() < known.key.size()) continue;
    bool same = true;
    for (std::size_t i = 0; i < known.key.size(); ++i) same = same && lower(key[i]) == known.key[i];
    if (same) return known;
  }
  return {key, LineKind::kOther, false};
}

// Every byte of every known key, changed to its other case and to bytes near it in value
// (one bit apart, one apart, with the top bit set): a key is recognised exactly when a
// byte-by-byte comparison ignoring case recognises it, wherever the changed byte falls
// in the words the keys are compared by.
TEST(ReadingTheBody, Rule1_7_EveryByteOfAKeyCounts) {
  for (const KeyCase& known : kKnownKeys) {
    for (std::size_t at = 0; at < known.key.size(); ++at) {
      const auto original = static_cast<unsigned char>(known.key[at]);
      for (const unsigned changed :
           {original ^ 0x20u, original + 1u, original - 1u, original | 0x80u}) {
        const char byte = static_cast<char>(changed);
        // Bytes that end, cut or split the line, or would be trimmed off its key.
        if (std::string_view("\n\r#: \t\v\f\0", 9).find(byte) != std::string_view::npos) continue;
        std::string key(known.key);
        key[at] = byte;
        const KeyCase expected = expected_for(key);
        const auto lines = describe_lines(key + ": v");
        ASSERT_EQ(lines.size(), 1u) << key;
        EXPECT_EQ(lines[0].kind, expected.kind) << key;
        EXPECT_EQ(lines[0].typo, expected.typo) << key;
      }
    }
  }
}

TEST(ReadingTheBody, Rule1_8_PercentEscapesGetUpperCaseHex) {
  EXPECT_EQ(normalize_pattern("/a%2fb%c3%a9"), "/a%2Fb%C3%A9");
  EXPECT_EQ(normalize_pattern("/%%2f"), "/%%2F");  // '%' not followed by two hex digits
  EXPECT_EQ(normalize_pattern("/%2"), "/%2");
  EXPECT_EQ(normalize_pattern("/%zz"), "/%zz");
}

TEST(ReadingTheBody, Rule1_8_HighBytesArePercentEncoded) {
  EXPECT_EQ(normalize_pattern("/caf\xC3\xA9"), "/caf%C3%A9");
  EXPECT_EQ(normalize_pattern("/\x80\xFF"), "/%80%FF");
}

// Whether a pattern needs normalising is tested eight bytes at a time: a `%` escape or
// a high byte must be found at every position of every length, the overlapping last
// eight bytes included.
TEST(ReadingTheBody, Rule1_8_HoldsWhereverTheByteFalls) {
  for (std::size_t length = 1; length <= 40; ++length) {
    for (std::size_t at = 0; at < length; ++at) {
      std::string high(length, 'a');
      high[at] = '\xE9';
      EXPECT_EQ(normalize_pattern(high),
                std::string(at, 'a') + "%E9" + std::string(length - at - 1, 'a'))
          << length << " " << at;
      if (at + 3 > length) continue;
      std::string escape(length, 'a');
      escape.replace(at, 3, "%2f");
      EXPECT_EQ(normalize_pattern(escape),
                std::string(at, 'a') + "%2F" + std::string(length - at - 3, 'a'))
          << length << " " << at;
    }
  }
}

TEST(ReadingTheBody, Rule1_8_NothingElseChanges) {
  EXPECT_EQ(normalize_pattern("/a b?c=%41&d*$"), "/a b?c=%41&d*$");
}

TEST(ReadingTheBody, Rule1_8_OnlyAllowAndDisallowValuesAreNormalised) {
  const RobotsTxt robots =
      RobotsTxt::parse("user-agent: b\xC3\xA9\nsitemap: http://a.com/\xC3\xA9\nhost: \xC3\xA9\n");
  EXPECT_EQ(robots.groups()[0].agents[0].value, "b\xC3\xA9");
  EXPECT_EQ(robots.sitemaps()[0], "http://a.com/\xC3\xA9");
  EXPECT_EQ(robots.directives()[0].value, "\xC3\xA9");
}

TEST(PerLineFacts, Section6_UnsupportedKeysAreFlagged) {
  for (const char* key :
       {"clean-param", "Content-Signal", "content-usage", "crawl-delay", "domain", "host",
        "noarchive", "nofollow", "noindex", "request-rate", "revisit-after", "visit-time"}) {
    EXPECT_TRUE(describe_lines(std::string(key) + ": 1")[0].unsupported) << key;
  }
  EXPECT_FALSE(describe_lines("crawl-delays: 1")[0].unsupported);
  EXPECT_FALSE(describe_lines("foo: 1")[0].unsupported);
}

TEST(PerLineFacts, Section6_RulesBeforeAnyUserAgentAreOutsideGroups) {
  const auto lines = describe_lines("disallow: /a\nuser-agent: *\ndisallow: /b\n");
  EXPECT_TRUE(lines[0].outside_group);
  EXPECT_FALSE(lines[2].outside_group);
}

TEST(PerLineFacts, Section6_OffsetsPointAtTheLineInTheBody) {
  const std::string body = "\xEF\xBB\xBFua: 1\r\nallow: /x\n";
  const auto lines = describe_lines(body);
  EXPECT_EQ(body.substr(lines[0].offset, lines[0].length), "ua: 1");
  EXPECT_EQ(body.substr(lines[1].offset, lines[1].length), "allow: /x");
}

// The tokenizer marks line ends, `#`, colons and the bytes a pattern normalises or
// treats as wildcards 64 bytes at a time: every one of them must be found wherever it
// falls in a block, the last block included, and a colon found past a line without
// one must still serve the line it belongs to.
TEST(ReadingTheBody, Rule1_3_To1_8_HoldWhereverTheBytesFallInABlock) {
  for (std::size_t shift = 0; shift < 140; ++shift) {
    const std::string body = "#" + std::string(shift, 'x') +
                             "\nuser-agent: a\r\ndisallow /p\r"
                             "allow: /q#c\n"
                             "disallow: /r\0#s\n"s +
                             "disallow: /u*v\n"
                             "disallow: /w\xC3\n"
                             "disallow: /x%2f\n"
                             "sitemap: /t";
    const auto lines = describe_lines(body);
    ASSERT_EQ(lines.size(), 9u) << shift;
    EXPECT_EQ(lines[0].kind, LineKind::kComment) << shift;
    EXPECT_EQ(lines[1].kind, LineKind::kUserAgent) << shift;
    EXPECT_EQ(lines[1].value, "a") << shift;
    EXPECT_EQ(lines[2].kind, LineKind::kDisallow) << shift;
    EXPECT_TRUE(lines[2].missing_colon) << shift;
    EXPECT_EQ(lines[2].value, "/p") << shift;
    EXPECT_EQ(lines[3].kind, LineKind::kAllow) << shift;
    EXPECT_EQ(lines[3].value, "/q") << shift;
    EXPECT_TRUE(lines[3].has_comment) << shift;
    EXPECT_EQ(lines[4].value, "/r") << shift;
    EXPECT_TRUE(lines[4].has_nul) << shift;
    EXPECT_FALSE(lines[4].has_comment) << shift;
    EXPECT_EQ(lines[5].value, "/u*v") << shift;
    EXPECT_EQ(lines[6].value, "/w\xC3") << shift;
    EXPECT_EQ(lines[7].value, "/x%2f") << shift;
    EXPECT_EQ(lines[8].kind, LineKind::kSitemap) << shift;
    EXPECT_EQ(lines[8].value, "/t") << shift;
    const RobotsTxt robots = RobotsTxt::parse(body);
    EXPECT_FALSE(robots.allowed("http://a.com/p", "a")) << shift;
    EXPECT_TRUE(robots.allowed("http://a.com/q#c", "a")) << shift;
    EXPECT_FALSE(robots.allowed("http://a.com/r", "a")) << shift;
    EXPECT_FALSE(robots.allowed("http://a.com/u/v", "a")) << shift;
    EXPECT_FALSE(robots.allowed("http://a.com/w%C3", "a")) << shift;
    EXPECT_FALSE(robots.allowed("http://a.com/x%2F", "a")) << shift;
    EXPECT_EQ(rules_of_first_group(robots).back().pattern, "/x%2F") << shift;
  }
}

}  // namespace
}  // namespace robotstxt
