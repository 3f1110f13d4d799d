// How much of a body counts (docs/semantics.md 1.1) is one constant with a header of its own,
// shared by every reader of a body: the fetcher reads that much by default without
// needing the tokenizer's header, and parsing ignores what follows.
#include "robotstxt/fetcher.h"

// Before anything else is included: did the fetcher's header bring the tokenizer's?
#ifdef ROBOTSTXT_LINE_FACTS_H_
constexpr bool kFetcherIncludesLineFacts = true;
#else
constexpr bool kFetcherIncludesLineFacts = false;
#endif

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "robotstxt/body_limit.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

TEST(BodyLimit, TheFetcherKnowsItWithoutTheTokenizer) {
  EXPECT_FALSE(kFetcherIncludesLineFacts);
  EXPECT_EQ(FetchOptions{}.max_body_bytes, kMaxBodyBytes);
  EXPECT_EQ(kMaxBodyBytes, std::size_t{500} * 1024);
}

TEST(BodyLimit, OnlyItsOwnHeaderDefinesIt) {
  namespace fs = std::filesystem;
  int definitions = 0;
  for (const auto& entry :
       fs::directory_iterator(fs::path(ROBOTSTXT_SOURCE_DIR) / "include" / "robotstxt")) {
    std::ifstream file(entry.path());
    const std::string text((std::istreambuf_iterator<char>(file)),
                           std::istreambuf_iterator<char>());
    if (text.find("kMaxBodyBytes =") == std::string::npos) continue;
    EXPECT_EQ(entry.path().filename(), "body_limit.h");
    ++definitions;
  }
  EXPECT_EQ(definitions, 1);
}

TEST(BodyLimit, ParsingIgnoresWhatFollowsIt) {
  std::string body = "user-agent: *\n";
  body.append(kMaxBodyBytes - body.size(), '\n');
  EXPECT_TRUE(RobotsTxt::parse(body + "disallow: /\n").allowed("http://a.com/x", "bot"));
  body.resize(kMaxBodyBytes - 12);
  EXPECT_FALSE(RobotsTxt::parse(body + "disallow: /\n").allowed("http://a.com/x", "bot"));
}

}  // namespace
}  // namespace robotstxt
