// docs/semantics.md 4: the path of a URL and matching one rule against it.
#include "robotstxt/matcher.h"
#include "robotstxt/url_path.h"

#include <gtest/gtest.h>

#include <string>

namespace robotstxt {
namespace {

using namespace std::string_literals;

struct PathCase {
  std::string url;
  std::string path;
};

TEST(PathOfUrl, Rule4_1_PathStartsAtFirstSlashQueryOrParamAfterAuthority) {
  const PathCase cases[] = {
      {"http://www.example.com/a/b?c=d#e", "/a/b?c=d"},
      {"http://www.example.com", "/"},
      {"http://www.example.com/", "/"},
      {"http://www.example.com?q=1", "/?q=1"},  // '?' first: a '/' is prepended
      {"http://www.example.com;p=1", "/;p=1"},  // ';' likewise
      {"http://www.example.com#top/x", "/"},    // '#' before the path: "/"
      {"http://www.example.com/a#b?c", "/a"},   // path ends at '#'
      {"//www.example.com/a/b", "/a/b"},        // scheme-relative: leading // skipped
      {"www.example.com/a", "/a"},              // no scheme at all
      {"/a/b?x", "/a/b?x"},                     // already a path
      {"a/b://c/d", "/b://c/d"},                // '/' before "://": not a scheme
      {"http://a.com/x?u=http://b.com/y", "/x?u=http://b.com/y"},
      {"", "/"},
      {"example.com", "/"},
      {"http://a.com/%7Ea/\xE3\x83\x84", "/%7Ea/\xE3\x83\x84"},  // used as given
  };
  for (const PathCase& c : cases) EXPECT_EQ(path_of(c.url), c.path) << c.url;
}

TEST(PathOfUrl, Rule4_1_ViewIntoUrlUnlessASlashIsNeeded) {
  std::string storage = "untouched";
  const std::string url = "http://a.com/x";
  const std::string_view path = path_of(url, storage);
  EXPECT_EQ(path.data(), url.data() + 12);
  EXPECT_EQ(storage, "untouched");
  EXPECT_EQ(path_of("http://a.com?x", storage), "/?x");
}

// "http://" and "https://" are recognised by their bytes before any search: the path is
// the one an upper-case scheme, which goes through the search, gives. Also where the URL
// ends at or just after the scheme, and where the scheme only nearly is one of them.
TEST(PathOfUrl, Rule4_1_HttpSchemesAsAnyOther) {
  const std::string tails[] = {"",         "a",       "a.com",   "a.com/", "a.com/x?y#z",
                               "/x",       "?q",      ";p",      "#f/g",   "a.com#f/g",
                               "a.com:80", "x://b/c", "/a://b/c"};
  for (const std::string& tail : tails) {
    EXPECT_EQ(path_of("http://" + tail), path_of("HTTP://" + tail)) << tail;
    EXPECT_EQ(path_of("https://" + tail), path_of("HTTPS://" + tail)) << tail;
  }
  EXPECT_EQ(path_of("https://a.com/b"), "/b");
  EXPECT_EQ(path_of("http://a.com/b"), "/b");
  EXPECT_EQ(path_of("http:///b"), "/b");
  EXPECT_EQ(path_of("https:/a.com/b"), "/a.com/b");  // ":/" alone ends no scheme
  EXPECT_EQ(path_of("httpx://a.com/b"), "/b");
  EXPECT_EQ(path_of("http:/"), "/");
}

// Each byte that ends a part of the URL, after schemes, hosts and paths of every length
// up to 47 bytes: the search reads sixteen bytes at a time where it can (the scalar
// library, one at a time).
TEST(PathOfUrl, Rule4_1_HoldsWhereverTheBoundariesFall) {
  for (std::size_t length = 0; length < 48; ++length) {
    const std::string run(length, 'x');
    const std::string host = "h" + run + ".com";
    const std::string path = "/" + run;
    EXPECT_EQ(path_of("http://" + host), "/") << length;
    EXPECT_EQ(path_of("http://" + host + path), path) << length;
    EXPECT_EQ(path_of("http://" + host + path + "#f/g"), path) << length;
    EXPECT_EQ(path_of("http://" + host + path + "\0z/"s), path) << length;
    EXPECT_EQ(path_of("http://" + host + path + "#f\0z"s), path) << length;  // first of
    EXPECT_EQ(path_of("http://" + host + path + "\0z#f"s), path) << length;  // the two ends
    EXPECT_EQ(path_of("http://" + host + "?q" + run), "/?q" + run) << length;
    EXPECT_EQ(path_of("http://" + host + ";p" + run), "/;p" + run) << length;
    EXPECT_EQ(path_of("http://" + host + "#f" + run + "/g"), "/") << length;
    EXPECT_EQ(path_of("a:" + run + "/c"), "/c") << length;  // ':' without "//": no scheme
    EXPECT_EQ(path_of("a" + run + "://" + host + "/c"), "/c") << length;
  }
}

TEST(PathOfUrl, GoogleOnly_NulEndsThePathAsInACString) {
  EXPECT_EQ(path_of("http://a.com/ab\0cd"s), "/ab");
}

struct MatchCase {
  std::string pattern;
  std::string path;
  bool matches;
};

TEST(PatternMatching, Rule4_2_AnchoredAtStartCaseSensitiveBytewise) {
  const MatchCase cases[] = {
      {"/fish", "/fish", true},
      {"/fish", "/fish.html", true},
      {"/fish", "/fish/salmon", true},
      {"/fish", "/Fish", false},
      {"/fish", "/catfish", false},
      {"/fish/", "/fish", false},
      {"fish", "/fish", false},
      {"/%E3%83%84", "/%E3%83%84", true},
      {"/%E3%83%84", "/%e3%83%84", false},
  };
  for (const MatchCase& c : cases) {
    EXPECT_EQ(pattern_matches(c.path, c.pattern), c.matches) << c.pattern << " vs " << c.path;
  }
}

TEST(PatternMatching, Rule4_2_StarMatchesAnyRunIncludingNone) {
  const MatchCase cases[] = {
      {"/*.php", "/index.php", true}, {"/*.php", "/.php", true}, {"/*.php", "/a/b.php?x", true},
      {"/*.php", "/a.PHP", false},    {"/a*b*c", "/abc", true},  {"/a*b*c", "/a-b-c-d", true},
      {"/a*b*c", "/a-c-b", false},    {"*", "/", true},          {"/**x", "/x", true},
      {"/fish*", "/fish", true},
  };
  for (const MatchCase& c : cases) {
    EXPECT_EQ(pattern_matches(c.path, c.pattern), c.matches) << c.pattern << " vs " << c.path;
  }
}

TEST(PatternMatching, Rule4_2_DollarAnchorsOnlyAtTheVeryEnd) {
  const MatchCase cases[] = {
      {"/*.php$", "/a.php", true}, {"/*.php$", "/a.php?x", false},
      {"/a$", "/a", true},         {"/a$", "/ab", false},
      {"/a$b", "/a$b", true},      {"/a$b", "/a", false},  // '$' inside is literal
      {"/a$$", "/a$", true},       {"/a$$", "/a", false},
      {"/*b$", "/bab", true},      {"/*ab$", "/ab", true},
      {"$", "/", false},
  };
  for (const MatchCase& c : cases) {
    EXPECT_EQ(pattern_matches(c.path, c.pattern), c.matches) << c.pattern << " vs " << c.path;
  }
}

TEST(PatternMatching, Rule4_3_EmptyPatternMatchesEverything) {
  EXPECT_TRUE(pattern_matches("/", ""));
  EXPECT_TRUE(pattern_matches("/anything?x", ""));
}

TEST(PatternMatching, Rule4_2_ManyStarsStayPolynomial) {
  // 2,000 stars against a 100,000-byte path that almost matches: the greedy scan is
  // O(pattern * path) where backtracking would never finish.
  std::string pattern = "/";
  for (int i = 0; i < 2000; ++i) pattern += "a*";
  pattern += "b$";
  const std::string path = "/" + std::string(100000, 'a');
  EXPECT_FALSE(pattern_matches(path, pattern));
  EXPECT_TRUE(pattern_matches(path + "b", pattern));
}

}  // namespace
}  // namespace robotstxt
