// docs/semantics.md 7.1 (scope): which robots.txt governs a URL. The table includes every example
// of the seed list of valid and invalid scopes (Google's robots.txt documentation).
#include "robotstxt/url.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fetch/origin_prefix.h"

namespace robotstxt {
namespace {

struct ScopeCase {
  const char* url;
  const char* robots_url;  // nullptr when the URL has no origin
};

TEST(UrlTest, RobotsTxtUrlOfEachOrigin) {
  const ScopeCase cases[] = {
      {"https://example.com/", "https://example.com/robots.txt"},
      {"https://example.com/folder/file", "https://example.com/robots.txt"},
      {"HTTPS://EXAMPLE.COM/Folder?q#frag", "https://example.com/robots.txt"},
      {"https://m.example.com/", "https://m.example.com/robots.txt"},
      {"https://www.example.com/", "https://www.example.com/robots.txt"},
      {"http://example.com/", "http://example.com/robots.txt"},
      {"https://example.com:443/", "https://example.com/robots.txt"},
      {"http://example.com:80/", "http://example.com/robots.txt"},
      {"https://example.com:8181/", "https://example.com:8181/robots.txt"},
      {"http://example.com:443/", "http://example.com:443/robots.txt"},
      {"ftp://example.com/", "ftp://example.com/robots.txt"},
      {"ftp://example.com:21/pub/", "ftp://example.com/robots.txt"},
      {"ftp://example.com:2121/", "ftp://example.com:2121/robots.txt"},
      {"https://m\xC3\xBCller.eu/", "https://xn--mller-kva.eu/robots.txt"},
      {"https://xn--mller-kva.eu/", "https://xn--mller-kva.eu/robots.txt"},
      {"https://M\xC3\x9CLLER.EU/x", "https://xn--mller-kva.eu/robots.txt"},
      {"http://212.96.82.21/", "http://212.96.82.21/robots.txt"},
      {"http://127.0.0.1:8080/a", "http://127.0.0.1:8080/robots.txt"},
      {"http://[::1]/", "http://[::1]/robots.txt"},
      {"http://[0:0::1]:8080/", "http://[::1]:8080/robots.txt"},
      {"http://[2001:DB8::A]/", "http://[2001:db8::a]/robots.txt"},
      {"https://user:password@example.com:443/path", "https://example.com/robots.txt"},
      {"https://a@b@example.com/", "https://example.com/robots.txt"},
      {"https://example.com#frag", "https://example.com/robots.txt"},
      {"https://example.com?q=1", "https://example.com/robots.txt"},
      {"https://example.com:/", "https://example.com/robots.txt"},
      {"  https://example.com/padded \n", "https://example.com/robots.txt"},
      // Google's list: fa\u00df.de (IDNA 2008 keeps the sharp s) and fass.de differ.
      {"https://fa\xC3\x9F.de/", "https://xn--fa-hia.de/robots.txt"},
      {"https://fass.de/", "https://fass.de/robots.txt"},
      // Invalid: no origin, so no robots.txt.
      {"example.com/path", nullptr},
      {"/relative/path", nullptr},
      {"", nullptr},
      {"mailto:someone@example.com", nullptr},
      {"file:///etc/passwd", nullptr},
      {"gopher://example.com/", nullptr},
      {"https:example.com", nullptr},
      {"https://", nullptr},
      {"https:///path", nullptr},
      {"https://exa mple.com/", nullptr},
      {"https://example.com:0/", nullptr},
      {"https://example.com:65536/", nullptr},
      {"https://example.com:80a/", nullptr},
      {"http://[::1/", nullptr},
      {"http://[not-ipv6]/", nullptr},
      {"http://[::1]x/", nullptr},
      {"http://exa%41mple.com/", nullptr},
  };
  for (const ScopeCase& test : cases) {
    SCOPED_TRACE(test.url);
    const std::optional<std::string> robots = robots_url_for(test.url);
    if (test.robots_url == nullptr) {
      EXPECT_FALSE(robots.has_value()) << *robots;
    } else {
      ASSERT_TRUE(robots.has_value()) << to_string(origin_of(test.url).error);
      EXPECT_EQ(*robots, test.robots_url);
    }
  }
}

TEST(UrlTest, SameOriginExactlyWhenSchemeHostAndPortMatch) {
  const auto same = [](const char* a, const char* b) { return *origin_of(a) == *origin_of(b); };
  EXPECT_TRUE(same("https://Example.com/a", "https://example.COM/b"));
  EXPECT_TRUE(same("https://example.com/", "https://example.com:443/"));
  EXPECT_TRUE(same("https://m\xC3\xBCller.eu/", "https://xn--mller-kva.eu/"));
  EXPECT_FALSE(same("https://example.com/", "http://example.com/"));
  EXPECT_FALSE(same("https://example.com/", "https://www.example.com/"));
  EXPECT_FALSE(same("https://example.com/", "https://example.com:8181/"));
  EXPECT_FALSE(same("http://example.com/", "ftp://example.com/"));
  EXPECT_FALSE(same("http://212.96.82.21/", "http://example.com/"));
}

// A batch reuses the origin of the URL before when the next one starts with its
// origin_prefix(): whatever follows that prefix, origin_of() must answer the same.
TEST(UrlTest, OriginPrefixDecidesTheOriginWhateverFollows) {
  const std::vector<std::string> urls = {
      "http://a.com/x",           "http://a.com?q",       "HTTP://A.Com#f",
      "http://user@a.com/",       "http://a.com@b.com/",  "http://a.com:8080/",
      "https://a.com:443/x",      "http://[::1]:8080/",   "http://a.com:99999/x",
      "javascript://x/",          "http://ex ample.com/", "http://m\xC3\xBCller.eu/",
      "ftp://files.example.com/", "http://a.com:/x",      "mailto://x@y/"};
  const std::vector<std::string> suffixes = {
      "", "x", " ", "@evil.com/", ":81/", "#", "?a", "\t", "//b.com/", "%2F", "\xC3\xA9", " \t"};
  const auto answer = [](const std::string& url) {
    const OriginResult origin = origin_of(url);
    return origin ? origin->key() : std::string(to_string(origin.error));
  };
  for (const std::string& url : urls) {
    const std::string_view prefix = internal::origin_prefix(url);
    ASSERT_FALSE(prefix.empty()) << url;
    for (const std::string& suffix : suffixes) {
      EXPECT_EQ(answer(std::string(prefix) + suffix), answer(url)) << url << " + " << suffix;
    }
  }
  // No prefix where origin_of() trims, or reads to the end of the URL.
  for (const char* url : {" http://a.com/", "\thttp://a.com/", "http://a.com", "http:/a.com/",
                          "a.com/x", "", "http:a.com/x"}) {
    EXPECT_TRUE(internal::origin_prefix(url).empty()) << url;
  }
}

TEST(UrlTest, OriginPartsAndKey) {
  const OriginResult origin = origin_of("FTP://Files.Example.com:2121/pub/a.txt");
  ASSERT_TRUE(origin);
  EXPECT_EQ(origin->scheme, Scheme::kFtp);
  EXPECT_EQ(origin->host, "files.example.com");
  EXPECT_EQ(origin->port, 2121);
  EXPECT_EQ(origin->key(), "ftp://files.example.com:2121");
}

TEST(UrlTest, ErrorsSayWhatIsWrong) {
  EXPECT_EQ(origin_of("example.com/x").error, UrlError::kNotAbsolute);
  EXPECT_EQ(origin_of("gopher://example.com/").error, UrlError::kUnsupportedScheme);
  EXPECT_EQ(origin_of("mailto:a@b.c").error, UrlError::kUnsupportedScheme);
  EXPECT_EQ(origin_of("http://exa mple.com/").error, UrlError::kInvalidHost);
  EXPECT_EQ(origin_of("http://example.com:99999/").error, UrlError::kInvalidPort);
  EXPECT_EQ(origin_of("http://\xFF\xFE.com/").error, UrlError::kInvalidIdn);
  EXPECT_FALSE(to_string(UrlError::kInvalidPort).empty());
}

// RFC 1035 2.3.4: a DNS name is at most 253 bytes as text (the root's dot aside). A
// longer host names nothing and is refused before any cache, schedule or shared record
// could keep it.
TEST(UrlTest, HostLongerThanADnsNameIsInvalid) {
  // 63-byte labels: 3 x 64 + 61 = 253 bytes.
  const std::string label(63, 'a');
  const std::string longest = label + "." + label + "." + label + "." + std::string(61, 'b');
  ASSERT_EQ(longest.size(), 253u);
  EXPECT_TRUE(origin_of("http://" + longest + "/x"));
  EXPECT_TRUE(origin_of("http://" + longest + "./x"));
  EXPECT_TRUE(origin_of("http://" + longest + ":8080/x"));
  EXPECT_EQ(origin_of("http://" + longest + "c/x").error, UrlError::kInvalidHost);
  EXPECT_EQ(origin_of("http://" + std::string(100'000, 'a') + ".test/").error,
            UrlError::kInvalidHost);
  // Non-ASCII: judged by the punycode a fetch would resolve, and a huge one is refused
  // without converting it.
  std::string label_of_accents;  // 40 code points, about 48 bytes of punycode
  for (int i = 0; i < 40; ++i) label_of_accents += "\xC3\xA9";
  std::string accents = label_of_accents;
  for (int i = 0; i < 5; ++i) accents += "." + label_of_accents;
  // IDNA itself refuses a name whose punycode passes 255 characters.
  EXPECT_EQ(origin_of("http://" + accents + ".test/").error, UrlError::kInvalidIdn);
  EXPECT_TRUE(origin_of("http://" + label_of_accents + ".test/"));
  std::string many;
  for (int i = 0; i < 100'000; ++i) many += "\xC3\xA9";
  EXPECT_EQ(origin_of("http://" + many + "/").error, UrlError::kInvalidHost);
  EXPECT_TRUE(origin_of("http://caf\xC3\xA9.example/"));
}

TEST(UrlTest, NormalizerEncodesWhatRfc3986RequiresAndNeverDecodes) {
  const std::pair<const char*, const char*> cases[] = {
      {"http://a.com/caf\xC3\xA9", "http://a.com/caf%C3%A9"},
      {"http://a.com/a b", "http://a.com/a%20b"},
      {"http://a.com/x%2fy%c3%a9", "http://a.com/x%2Fy%C3%A9"},
      {"http://a.com/100%", "http://a.com/100%25"},
      {"http://a.com/%zz", "http://a.com/%25zz"},
      {"http://a.com/a%20b?q=%7e", "http://a.com/a%20b?q=%7E"},
      {"http://a.com/<tag>|{x}", "http://a.com/%3Ctag%3E%7C%7Bx%7D"},
      {"http://a.com/already/valid?x=1&y=/z#f", "http://a.com/already/valid?x=1&y=/z#f"},
      {"http://M\xC3\xBCller.eu/\xC3\xB6",
       "http://M\xC3\xBCller.eu/%C3%B6"},  // the host is origin_of()'s job
      {"/just/a path", "/just/a%20path"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(input);
    EXPECT_EQ(normalize_url(input), expected);
    EXPECT_EQ(normalize_url(expected), expected) << "normalising twice changes nothing";
    std::string storage;
    const std::string_view input_view(input);
    const std::string_view viewed = normalize_url(input_view, storage);
    EXPECT_EQ(viewed, expected);
    // Unchanged is the input itself, not a copy; changed is the storage.
    EXPECT_EQ(viewed.data(), viewed == input_view ? input_view.data() : storage.data());
  }
}

}  // namespace
}  // namespace robotstxt
