// The answer has one description, schemas/answer.schema.json, and the C++ library, the C
// header and the JSON every command prints are held to it here: each enumeration's words,
// in order, from the library and from the C name functions; the C constants; the fields of
// the C structs and of the JSON verdict. (Python, JavaScript, Go, Rust and Java each hold
// their own types to the same file in their own tests.)
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "answer/render.h"
#include "core/c_api_boundary.h"
#include "robotstxt/c_api.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/lint.h"
#include "robotstxt/policy.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/url.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"
#include "support/read_file.h"

namespace robotstxt {
namespace {

using testing::read_file;

const nlohmann::json& schema() {
  static const nlohmann::json kSchema = nlohmann::json::parse(
      read_file(std::string(ROBOTSTXT_SOURCE_DIR) + "/schemas/answer.schema.json"));
  return kSchema;
}

const nlohmann::json& definition(const std::string& name) { return schema()["$defs"][name]; }

std::vector<std::string> words_of(const std::string& enumeration) {
  return definition(enumeration)["enum"].get<std::vector<std::string>>();
}

std::set<std::string> fields_of(const std::string& type) {
  std::set<std::string> fields;
  for (const auto& [name, property] : definition(type)["properties"].items()) fields.insert(name);
  return fields;
}

// The library's word of value `value` of each enumeration the schema names (x-cpp).
using LibraryWord = std::function<std::string(int)>;

template <typename Enum>
LibraryWord library_word() {
  return [](int value) { return std::string(internal::stable_word(static_cast<Enum>(value))); };
}

const std::map<std::string, LibraryWord>& library_words() {
  static const std::map<std::string, LibraryWord> kWords = {
      {"RuleKind", library_word<RuleKind>()},
      {"AppliedGroups", library_word<AppliedGroups>()},
      {"CrawlerRule", library_word<CrawlerRule>()},
      {"Access", library_word<Access>()},
      {"AccessReason", library_word<AccessReason>()},
      {"UrlError", library_word<UrlError>()},
      {"CacheTier", library_word<CacheTier>()},
      {"FetchKind", library_word<FetchKind>()},
      {"CrawlerPurpose", library_word<CrawlerPurpose>()},
      {"CrawlDelaySupport", library_word<CrawlDelaySupport>()},
      {"Severity", library_word<Severity>()},
      {"Preference", library_word<Preference>()},
  };
  return kWords;
}

// The C name function of each enumeration, by the schema's name for it.
const std::map<std::string, robotstxt_string (*)(int32_t)>& c_name_functions() {
  static const std::map<std::string, robotstxt_string (*)(int32_t)> kFunctions = {
      {"rule_kind", robotstxt_rule_kind_name},
      {"applied_groups", robotstxt_applied_groups_name},
      {"crawler_rule", robotstxt_crawler_rule_name},
      {"access", robotstxt_access_name},
      {"access_reason", robotstxt_access_reason_name},
      {"url_error", robotstxt_url_error_name},
      {"cache_tier", robotstxt_cache_tier_name},
      {"fetch_kind", robotstxt_fetch_kind_name},
      {"purpose", robotstxt_purpose_name},
      {"crawl_delay_support", robotstxt_crawl_delay_support_name},
      {"severity", robotstxt_severity_name},
      {"preference", robotstxt_preference_name},
  };
  return kFunctions;
}

std::vector<std::string> enumerations() {
  std::vector<std::string> names;
  for (const auto& [name, type] : schema()["$defs"].items()) {
    if (type.contains("enum")) names.push_back(name);
  }
  return names;
}

TEST(AnswerSchema, EveryWordIsLowerCaseWordsJoinedByHyphensAndDistinct) {
  const std::regex hyphenated("[a-z0-9]+(-[a-z0-9]+)*");
  for (const std::string& name : enumerations()) {
    const std::vector<std::string> words = words_of(name);
    EXPECT_FALSE(words.empty()) << name;
    EXPECT_EQ(std::set<std::string>(words.begin(), words.end()).size(), words.size()) << name;
    for (const std::string& word : words) {
      EXPECT_TRUE(std::regex_match(word, hyphenated)) << name << ": \"" << word << "\"";
    }
  }
}

TEST(AnswerSchema, TheLibraryGivesEachValueItsWordInOrder) {
  for (const std::string& name : enumerations()) {
    const nlohmann::json& type = definition(name);
    const auto found = library_words().find(type["x-cpp"].get<std::string>());
    ASSERT_NE(found, library_words().end()) << name << ": the C++ library lacks this enumeration";
    const int first = type.value("x-cpp-first", 0);
    const std::vector<std::string> words = words_of(name);
    for (std::size_t i = 0; i < words.size(); ++i) {
      EXPECT_EQ(found->second(first + static_cast<int>(i)), words[i]) << name << " value " << i;
    }
  }
}

TEST(AnswerSchema, TheCNameFunctionsGiveTheWordsAndNothingPastThem) {
  for (const std::string& name : enumerations()) {
    const auto found = c_name_functions().find(name);
    ASSERT_NE(found, c_name_functions().end()) << name << ": the C ABI has no name function";
    const int first = definition(name).value("x-cpp-first", 0);
    const std::vector<std::string> words = words_of(name);
    const auto word_at = [&](int value) {
      const robotstxt_string text = found->second(value);
      return std::string(text.data == nullptr ? "" : text.data, text.size);
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
      EXPECT_EQ(word_at(first + static_cast<int>(i)), words[i]) << name << " value " << i;
    }
    EXPECT_EQ(word_at(first + static_cast<int>(words.size())), "") << name;
    EXPECT_EQ(word_at(-1), "") << name;
  }
}

// `#define ROBOTSTXT_X 3` and `#define ROBOTSTXT_X (-1)` of the C header, by name.
std::map<std::string, int> c_constants() {
  const std::string header =
      read_file(std::string(ROBOTSTXT_SOURCE_DIR) + "/include/robotstxt/c_api.h");
  const std::regex define(R"(#define (ROBOTSTXT_[A-Z0-9_]+) \(?(-?[0-9]+)\)?)");
  std::map<std::string, int> constants;
  for (auto it = std::sregex_iterator(header.begin(), header.end(), define);
       it != std::sregex_iterator(); ++it) {
    constants[(*it)[1]] = std::stoi((*it)[2]);
  }
  return constants;
}

std::string constant_of(const std::string& prefix, std::string word) {
  for (char& c : word) c = c == '-' ? '_' : static_cast<char>(std::toupper(c));
  return prefix + word;
}

TEST(AnswerSchema, TheCConstantsAreThePrefixAndTheWordAndNoOthers) {
  const std::map<std::string, int> constants = c_constants();
  for (const std::string& name : enumerations()) {
    const nlohmann::json& type = definition(name);
    const std::string prefix = type["x-c-prefix"].get<std::string>();
    std::map<std::string, int> expected;
    const int first = type.value("x-cpp-first", 0);
    const std::vector<std::string> words = words_of(name);
    for (std::size_t i = 0; i < words.size(); ++i) {
      expected[constant_of(prefix, words[i])] = first + static_cast<int>(i);
    }
    if (type.contains("x-c-none")) expected[type["x-c-none"].get<std::string>()] = first - 1;
    std::map<std::string, int> actual;
    for (const auto& [constant, value] : constants) {
      if (constant.rfind(prefix, 0) == 0) actual[constant] = value;
    }
    EXPECT_EQ(actual, expected) << name << " (" << prefix << "*)";
  }
}

// The field names of `typedef struct NAME { ... } NAME;` in the C header, `reserved` aside.
std::set<std::string> c_struct_fields(const std::string& name) {
  const std::string header =
      read_file(std::string(ROBOTSTXT_SOURCE_DIR) + "/include/robotstxt/c_api.h");
  const std::string opening = "typedef struct " + name + " {";
  const std::size_t begin = header.find(opening);
  const std::size_t end = header.find("} " + name + ";", begin);
  if (begin == std::string::npos || end == std::string::npos) return {};
  const std::string body = header.substr(begin + opening.size(), end - begin - opening.size());
  const std::regex field(R"(\n\s*[a-z0-9_]+\s+([a-z0-9_]+);)");
  std::set<std::string> fields;
  for (auto it = std::sregex_iterator(body.begin(), body.end(), field);
       it != std::sregex_iterator(); ++it) {
    if ((*it)[1] != "reserved") fields.insert((*it)[1]);
  }
  return fields;
}

TEST(AnswerSchema, TheCVerdictHasTheSchemasFields) {
  EXPECT_EQ(c_struct_fields("robotstxt_verdict"), fields_of("verdict"));
}

TEST(AnswerSchema, TheCDecisionInfoHasTheSchemasFieldsAndTheVerdictApart) {
  std::set<std::string> expected = fields_of("decision");
  expected.erase("verdict");  // robotstxt_decision_verdict() gives it
  EXPECT_EQ(c_struct_fields("robotstxt_decision_info"), expected);
}

TEST(AnswerSchema, TheCppVerdictHasAsManyFieldsAsTheSchema) {
  // A structured binding names every data member: a field added to Verdict and not to
  // the schema (or the other way) stops this test from compiling or from passing.
  const Verdict verdict;
  const auto& [allowed, line, kind, pattern, strength, via_index_htm, applied, rule, crawler_rule,
               crawler_token] = verdict;
  (void)allowed, (void)line, (void)kind, (void)pattern, (void)strength, (void)via_index_htm;
  (void)applied, (void)rule, (void)crawler_rule, (void)crawler_token;
  EXPECT_EQ(fields_of("verdict").size(), 10U);
}

TEST(AnswerSchema, EveryCommandsJsonVerdictHasTheSchemasFields) {
  const RobotsTxt robots = RobotsTxt::parse("User-agent: *\nDisallow: /caf\xC3\xA9\n");
  const Verdict decided = robots.verdict("https://a.test/caf%C3%A9", "bot");
  const Verdict undecided = robots.verdict("https://a.test/other", "bot");
  for (const Verdict& verdict : {decided, undecided}) {
    const nlohmann::json json = cli::verdict_json(verdict);
    std::set<std::string> keys;
    for (const auto& [key, value] : json.items()) keys.insert(key);
    EXPECT_EQ(keys, fields_of("verdict"));
  }
  const nlohmann::json json = cli::verdict_json(decided);
  EXPECT_EQ(json["rule"], "/caf\xC3\xA9");
  EXPECT_EQ(json["pattern"], "/caf%C3%A9");
  EXPECT_EQ(json["kind"], "disallow");
  EXPECT_TRUE(cli::verdict_json(undecided)["rule"].is_null());
}

}  // namespace
}  // namespace robotstxt
