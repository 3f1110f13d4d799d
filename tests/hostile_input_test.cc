// Inputs built to hurt: each must parse, answer and finish, without a crash (CI runs
// this under AddressSanitizer and UBSan), and compile to less than three times its size.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

using namespace std::string_literals;

std::string repeat(const std::string& text, std::size_t times) {
  std::string out;
  out.reserve(text.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += text;
  return out;
}

// Parses, asks a few questions, and checks the memory budget: 3N plus a small constant
// for what is matched, where N counts only the bytes that are read, and N more for the
// values as written of the rules that normalising changed (each at most its own line:
// "allow: \x80..." is matched as "%80..." and shown as written).
void survive(const std::string& body) {
  const RobotsTxt robots = RobotsTxt::parse(body);
  for (const char* url : {"http://a.com/", "http://a.com/a/b?c", "/x/index.html"}) {
    const Verdict verdict = robots.verdict(url, {"googlebot", "a"});
    EXPECT_EQ(verdict.allowed, robots.allowed(url, {"googlebot", "a"}));
  }
  (void)robots.sitemaps();
  (void)robots.directives();
  (void)robots.crawl_delay("a");
  EXPECT_EQ(describe_lines(body).size(), robots.line_count());
  const std::size_t counted = std::min(body.size(), kMaxBodyBytes);
  EXPECT_LT(robots.memory_usage(), 4 * counted + 1024);
}

TEST(HostileInput, TenMegabyteFile) {
  survive(repeat("user-agent: a\ndisallow: /a*b*c$\n", 10'000'000 / 30));
}

TEST(HostileInput, SingleOneMegabyteLine) {
  survive("user-agent: *\ndisallow: /" + std::string(1'000'000, 'x'));
  survive(std::string(1'000'000, 'x'));
}

TEST(HostileInput, OnlyNulBytes) { survive(std::string(600'000, '\0')); }

TEST(HostileInput, RandomBytes) {
  std::mt19937 random(42);
  for (int i = 0; i < 20; ++i) {
    std::string body(50'000, '\0');
    for (char& c : body) c = static_cast<char>(random() & 0xFF);
    survive(body);
  }
}

TEST(HostileInput, RandomRobotsTxtAlphabet) {
  std::mt19937 random(9);
  const char alphabet[] = "user-agent:alowdis*$/?#%2f \t\r\n\x80\xEF\xBB\xBF";
  for (int i = 0; i < 200; ++i) {
    std::string body(2000, ' ');
    for (char& c : body) c = alphabet[random() % (sizeof(alphabet) - 1)];
    survive(body);
  }
}

TEST(HostileInput, HtmlPage) {
  survive(repeat("<html><head><title>Not Found</title></head><body><p>a: b</p></body>\n", 5000));
}

TEST(HostileInput, Utf16Text) {
  const std::string text = "User-agent: *\nDisallow: /private\n";
  std::string utf16 = "\xFF\xFE";
  for (const char c : text) {
    utf16 += c;
    utf16 += '\0';
  }
  survive(repeat(utf16, 1000));
  // Every line holds a NUL right after its first letter, so no rule survives.
  EXPECT_TRUE(RobotsTxt::parse(utf16).allowed("/private", "a"));
}

TEST(HostileInput, HundredThousandUserAgentLines) {
  survive(repeat("user-agent: a\n", 100'000) + "disallow: /\n");
  survive(repeat("user-agent: a\ndisallow: /x\n", 100'000));
  survive(repeat("user-agent: *\nallow: /y\n", 50'000));
}

TEST(HostileInput, HundredThousandRulesForOneAgent) {
  std::string body = "user-agent: a\n";
  for (int i = 0; i < 100'000; ++i) body += "disallow: /p" + std::to_string(i) + "*q\n";
  survive(body);
  const RobotsTxt robots = RobotsTxt::parse(body);
  EXPECT_FALSE(robots.allowed("/p99999/zq", "a"));
  EXPECT_TRUE(robots.allowed("/p99999/z", "a"));
}

TEST(HostileInput, ManyStarsAgainstALongUrl) {
  const std::string body = "user-agent: *\ndisallow: /" + repeat("a*", 5000) + "b\n";
  const RobotsTxt robots = RobotsTxt::parse(body);
  const std::string url = "http://a.com/" + std::string(100'000, 'a');
  EXPECT_TRUE(robots.allowed(url, "x"));
  EXPECT_FALSE(robots.allowed(url + "b", "x"));
}

// Shapes chosen to maximise compiled bytes per input byte: every line kind at its
// shortest, and rules made of bytes >= 0x80, which grow threefold when normalised.
TEST(HostileInput, CompiledSizeStaysUnderThreeTimesTheBody) {
  survive("user-agent:a\n" + repeat("allow:x\n", 60'000));
  survive("user-agent:a\n" + repeat("allow:\n", 60'000));
  survive("user-agent:a\n" + repeat("allow:/index.htm\n", 30'000));
  survive("user-agent:a\n" + repeat("allow:" + std::string(40, '\x80') + "/index.htm\n", 5000));
  survive(repeat("useragent a\nallow x\n", 30'000));
  survive(repeat("useragent a\n", 40'000));
  survive(repeat("a:b\n", 120'000));
  survive(repeat("a:\n", 150'000));
  survive("user-agent:a\n" + repeat("a:\n", 150'000));
  survive(repeat("sitemap:x\n", 50'000));
}

}  // namespace
}  // namespace robotstxt
