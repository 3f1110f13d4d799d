// JSON output spells every enumeration value one way: lower-case words joined by hyphens
// ("full-allow", "own-token"), distinct within its enumeration. The words of enumerations
// whose to_string() is prose come from json_word(); the others' to_string() is already a
// JSON word, and must stay one.
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include "answer/json_vocabulary.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/lint.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"

namespace robotstxt::cli {
namespace {

bool is_json_word(std::string_view word) {
  static const std::regex kHyphenatedWords("[a-z0-9]+(-[a-z0-9]+)*");
  return std::regex_match(word.begin(), word.end(), kHyphenatedWords);
}

// Every value of `Enum` from 0 to `last`, through `name`: all JSON words, all distinct.
template <typename Enum, typename Name>
void expect_one_spelling(Enum last, Name name, const char* what) {
  std::set<std::string> seen;
  for (int value = 0; value <= static_cast<int>(last); ++value) {
    const std::string word(name(static_cast<Enum>(value)));
    EXPECT_TRUE(is_json_word(word)) << what << " " << value << ": \"" << word << "\"";
    EXPECT_TRUE(seen.insert(word).second) << what << " " << value << " repeats \"" << word << "\"";
  }
}

TEST(JsonVocabularyTest, AWordWithASpaceIsNotAJsonWord) {
  EXPECT_FALSE(is_json_word("full allow"));
  EXPECT_FALSE(is_json_word("Full-allow"));
  EXPECT_FALSE(is_json_word("-rules"));
  EXPECT_TRUE(is_json_word("full-allow"));
  EXPECT_TRUE(is_json_word("train-ai"));
}

TEST(JsonVocabularyTest, ProseEnumerationsHaveHyphenatedJsonWords) {
  const auto access = [](Access value) { return json_word(value); };
  const auto reason = [](AccessReason value) { return json_word(value); };
  const auto outcome = [](FetchKind value) { return json_word(value); };
  expect_one_spelling(Access::kUndecided, access, "Access");
  expect_one_spelling(AccessReason::kLocalFailure, reason, "AccessReason");
  expect_one_spelling(FetchKind::kRefused, outcome, "FetchKind");
  EXPECT_EQ(json_word(Access::kFullAllow), "full-allow");
  EXPECT_EQ(json_word(Access::kFullDisallow), "full-disallow");
  EXPECT_EQ(json_word(FetchKind::kNetworkError), "network-error");
}

TEST(JsonVocabularyTest, OtherEnumerationsInJsonAreAlreadyJsonWords) {
  const auto words = [](auto value) { return to_string(value); };
  expect_one_spelling(CrawlerRule::kNotSubject, words, "CrawlerRule");
  expect_one_spelling(AppliedGroups::kGlobal, words, "AppliedGroups");
  expect_one_spelling(RuleKind::kDisallow, words, "RuleKind");
  expect_one_spelling(Preference::kDisallowed, words, "Preference");
  expect_one_spelling(CacheTier::kFetched, words, "CacheTier");
  expect_one_spelling(Severity::kInfo, words, "Severity");
  expect_one_spelling(CrawlerPurpose::kOther, words, "CrawlerPurpose");
}

}  // namespace
}  // namespace robotstxt::cli
