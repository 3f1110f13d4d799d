// RFC 9651 Structured Fields (docs/semantics.md 9.5): the httpwg test suite in
// tests/data/conformance/structured-field-tests, every file and every case, must-fail cases
// included, plus the error positions a linter reports and the values that cannot be
// serialised.
#include "core/structured_field.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace sf = robotstxt::structured_field;
using nlohmann::json;

const std::filesystem::path kSuiteDir =
    std::filesystem::path(ROBOTSTXT_TEST_DATA_DIR) / "conformance" / "structured-field-tests";

// --- The suite's JSON encoding of parsed values (its README, "Test Format") ---

// RFC 4648 section 6, upper-case alphabet, '=' padding.
std::string decode_base32(std::string_view text) {
  constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  std::string bytes;
  std::uint32_t bits = 0;
  int bit_count = 0;
  for (char c : text) {
    if (c == '=') break;
    const std::size_t value = kAlphabet.find(c);
    if (value == std::string_view::npos) {
      ADD_FAILURE() << "not base32: " << text;
      return bytes;
    }
    bits = (bits << 5) | static_cast<std::uint32_t>(value);
    bit_count += 5;
    if (bit_count >= 8) {
      bit_count -= 8;
      bytes.push_back(static_cast<char>((bits >> bit_count) & 0xFF));
    }
  }
  return bytes;
}

sf::BareItem bare_item_from_json(const json& value) {
  if (value.is_boolean()) return value.get<bool>();
  if (value.is_number_integer()) return value.get<std::int64_t>();
  if (value.is_number_float()) return sf::Decimal{std::llround(value.get<double>() * 1000)};
  if (value.is_string()) return value.get<std::string>();
  const std::string type = value.at("__type").get<std::string>();
  const json& payload = value.at("value");
  if (type == "token") return sf::Token{payload.get<std::string>()};
  if (type == "binary") return sf::ByteSequence{decode_base32(payload.get<std::string>())};
  if (type == "date") return sf::Date{payload.get<std::int64_t>()};
  if (type == "displaystring") return sf::DisplayString{payload.get<std::string>()};
  ADD_FAILURE() << "unknown __type " << type;
  return false;
}

sf::Parameters parameters_from_json(const json& pairs) {
  sf::Parameters parameters;
  for (const json& pair : pairs) {
    parameters.emplace_back(pair.at(0).get<std::string>(), bare_item_from_json(pair.at(1)));
  }
  return parameters;
}

sf::Item item_from_json(const json& item) {
  return sf::Item{bare_item_from_json(item.at(0)), parameters_from_json(item.at(1))};
}

// An Item is [bare, parameters]; an Inner List is [[items...], parameters].
sf::Member member_from_json(const json& member) {
  if (!member.at(0).is_array()) return item_from_json(member);
  sf::InnerList inner_list;
  for (const json& item : member.at(0)) inner_list.items.push_back(item_from_json(item));
  inner_list.parameters = parameters_from_json(member.at(1));
  return inner_list;
}

sf::List list_from_json(const json& members) {
  sf::List list;
  for (const json& member : members) list.push_back(member_from_json(member));
  return list;
}

sf::Dictionary dictionary_from_json(const json& pairs) {
  sf::Dictionary dictionary;
  for (const json& pair : pairs) {
    dictionary.emplace_back(pair.at(0).get<std::string>(), member_from_json(pair.at(1)));
  }
  return dictionary;
}

std::string join_lines(const json& lines) {
  std::string joined;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) joined += ", ";
    joined += lines[i].get<std::string>();
  }
  return joined;
}

// --- Running one case ---

struct FileCounts {
  std::size_t cases = 0;
  std::size_t passed = 0;
  std::size_t must_fail = 0;       ///< of the passed: required failures that failed
  std::size_t can_fail_taken = 0;  ///< of the passed: optional failures that we took
};

// Parses `raw`, checks the outcome against the case, and for a success checks the value,
// its serialisation (`canonical`, else `raw`), the serialisation of `expected`, and that
// the canonical text parses back to the same value. Returns whether the case passed.
template <typename Value, typename Parse, typename FromJson>
bool run_case(const json& test, Parse parse, FromJson from_json, FileCounts& counts) {
  const std::string raw = join_lines(test.at("raw"));
  const bool must_fail = test.value("must_fail", false);
  const bool can_fail = test.value("can_fail", false);
  const sf::ParseResult<Value> parsed = parse(raw);
  if (must_fail) {
    EXPECT_FALSE(parsed) << "must fail but parsed; serialised: "
                         << serialize(*parsed).text.value_or("(unserialisable)");
    if (parsed) return false;
    EXPECT_NE(parsed.error.reason, sf::Error::kNone);
    EXPECT_LE(parsed.error.offset, raw.size());
    ++counts.must_fail;
    return true;
  }
  if (!parsed) {
    if (can_fail) {
      ++counts.can_fail_taken;
      return true;
    }
    ADD_FAILURE() << "does not parse: " << to_string(parsed.error.reason) << " at column "
                  << parsed.error.column();
    return false;
  }
  const Value expected = from_json(test.at("expected"));
  const std::string canonical =
      join_lines(test.contains("canonical") ? test.at("canonical") : test.at("raw"));
  const sf::SerializeResult serialized = serialize(*parsed);
  const sf::SerializeResult expected_serialized = serialize(expected);
  EXPECT_TRUE(*parsed == expected) << "parsed as " << serialized.text.value_or("?") << ", expected "
                                   << expected_serialized.text.value_or("?");
  EXPECT_EQ(serialized.text, canonical);
  EXPECT_EQ(expected_serialized.text, canonical);
  const sf::ParseResult<Value> reparsed = parse(canonical);
  EXPECT_TRUE(reparsed && *reparsed == *parsed) << "canonical form does not parse back";
  return *parsed == expected && serialized.text == canonical &&
         expected_serialized.text == canonical && reparsed && *reparsed == *parsed;
}

FileCounts run_file(const std::filesystem::path& path) {
  std::ifstream file(path);
  const json tests = json::parse(file, nullptr, /*allow_exceptions=*/false);
  EXPECT_TRUE(tests.is_array()) << path << " is not a JSON array";
  FileCounts counts;
  if (!tests.is_array()) return counts;
  for (const json& test : tests) {
    const std::string type = test.at("header_type").get<std::string>();
    SCOPED_TRACE(path.filename().string() + ": " + test.at("name").get<std::string>() + " (" +
                 type + ")");
    ++counts.cases;
    bool passed = false;
    if (type == "dictionary") {
      passed = run_case<sf::Dictionary>(test, sf::parse_dictionary, dictionary_from_json, counts);
    } else if (type == "list") {
      passed = run_case<sf::List>(test, sf::parse_list, list_from_json, counts);
    } else if (type == "item") {
      passed = run_case<sf::Item>(test, sf::parse_item, item_from_json, counts);
    } else {
      ADD_FAILURE() << "unknown header_type";
    }
    if (passed) ++counts.passed;
  }
  return counts;
}

std::vector<std::string> suite_files() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kSuiteDir, error)) {
    if (entry.path().extension() == ".json") names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

void print_counts(std::string_view name, const FileCounts& counts) {
  std::cout << name << ": " << counts.passed << "/" << counts.cases << " passed ("
            << counts.must_fail << " must-fail rejected, " << counts.can_fail_taken
            << " can-fail rejected), " << counts.cases - counts.passed << " failed, 0 skipped\n";
}

// One test per file of the suite, so that a regression names its file.
class StructuredFieldSuite : public ::testing::TestWithParam<std::string> {};

TEST_P(StructuredFieldSuite, EveryCasePasses) {
  const FileCounts counts = run_file(kSuiteDir / GetParam());
  print_counts(GetParam(), counts);
  EXPECT_GT(counts.cases, 0u);
  EXPECT_EQ(counts.passed, counts.cases);
}

INSTANTIATE_TEST_SUITE_P(Httpwg, StructuredFieldSuite, ::testing::ValuesIn(suite_files()),
                         [](const ::testing::TestParamInfo<std::string>& file) {
                           std::string name = file.param.substr(0, file.param.find('.'));
                           for (char& c : name) c = (c == '-') ? '_' : c;
                           return name;
                         });

// The whole suite at once, for the totals; also guards against the folder going missing
// (which would silently instantiate no test above).
TEST(StructuredFieldSuiteTotal, EveryFileEveryCase) {
  const std::vector<std::string> files = suite_files();
  ASSERT_GE(files.size(), 20u) << "structured field tests missing under " << kSuiteDir;
  FileCounts total;
  for (const std::string& name : files) {
    const FileCounts counts = run_file(kSuiteDir / name);
    print_counts(name, counts);
    total.cases += counts.cases;
    total.passed += counts.passed;
    total.must_fail += counts.must_fail;
    total.can_fail_taken += counts.can_fail_taken;
  }
  print_counts("total (" + std::to_string(files.size()) + " files)", total);
  EXPECT_EQ(total.passed, total.cases);
  // No optional failure taken: every can_fail case parses to its expected value.
  EXPECT_EQ(total.can_fail_taken, 0u);
}

// --- Where parsing stops: what a linter reports as "<why> at column N" ---

enum class FieldType { kDictionary, kList, kItem };

struct ErrorCase {
  FieldType type;
  std::string_view field;
  sf::Error reason;
  std::size_t column;
};

sf::ParseError parse_error(FieldType type, std::string_view field) {
  switch (type) {
    case FieldType::kDictionary:
      return sf::parse_dictionary(field).error;
    case FieldType::kList:
      return sf::parse_list(field).error;
    case FieldType::kItem:
      return sf::parse_item(field).error;
  }
  return {};
}

TEST(StructuredFieldErrors, ReasonAndColumnOfTheOffendingByte) {
  using enum sf::Error;
  const ErrorCase cases[] = {
      // docs/semantics.md 9.5: keys are case-sensitive, so an upper-case key breaks the dictionary.
      {FieldType::kDictionary, "train-ai=n, Train-AI=n", kInvalidKey, 13},
      {FieldType::kDictionary, "a=1, b=2,", kTrailingComma, 10},
      {FieldType::kDictionary, "a=1 b=2", kExpectedComma, 5},
      {FieldType::kDictionary, "a =1", kExpectedComma, 3},
      {FieldType::kDictionary, "a=)", kExpectedBareItem, 3},
      {FieldType::kDictionary, "a=b;Q=1", kInvalidKey, 5},
      {FieldType::kList, "(1\t2)", kInvalidInnerListSeparator, 3},
      {FieldType::kList, "(1 2", kUnterminatedInnerList, 5},
      {FieldType::kItem, "", kExpectedBareItem, 1},
      {FieldType::kItem, "1 \t ", kTrailingCharacters, 3},
      {FieldType::kItem, "\"caf\xC3\xA9\"", kNonAscii, 5},
      {FieldType::kItem, "-x", kMissingDigit, 2},
      {FieldType::kItem, "1234567890123456", kIntegerTooLong, 16},
      {FieldType::kItem, "1.1234", kDecimalTooLong, 6},
      {FieldType::kItem, "1234567890123.5", kDecimalTooLong, 14},
      {FieldType::kItem, "1.", kDecimalWithoutFraction, 3},
      {FieldType::kItem, "\"abc", kUnterminatedString, 5},
      {FieldType::kItem, "\"a\tb\"", kInvalidStringCharacter, 3},
      {FieldType::kItem, "\"a\\b\"", kInvalidEscape, 4},
      {FieldType::kItem, ":aGVsbG8", kUnterminatedByteSequence, 9},
      {FieldType::kItem, ":aGV$bG8=:", kInvalidBase64, 5},
      {FieldType::kItem, ":aGVsbG8===:", kInvalidBase64, 9},
      {FieldType::kItem, ":aGVsb:", kInvalidBase64, 7},  // 5 characters cannot be base64
      {FieldType::kItem, "?2", kInvalidBoolean, 2},
      {FieldType::kItem, "@1.5", kDecimalDate, 2},
      {FieldType::kItem, "%foo", kExpectedQuote, 2},
      {FieldType::kItem, "%\"%C3%A9\"", kInvalidPercentEscape, 3},
      {FieldType::kItem, "%\"%c3\"", kInvalidUtf8, 1},
      {FieldType::kItem, "%\"abc", kUnterminatedString, 6},
  };
  for (const ErrorCase& test : cases) {
    SCOPED_TRACE(test.field);
    const sf::ParseError error = parse_error(test.type, test.field);
    EXPECT_EQ(error.reason, test.reason) << to_string(error.reason);
    EXPECT_EQ(error.column(), test.column);
  }
}

TEST(StructuredFieldErrors, EveryReasonHasItsOwnMessage) {
  std::vector<std::string_view> messages;
  for (int i = 0; i <= static_cast<int>(sf::Error::kInvalidToken); ++i) {
    const std::string_view message = to_string(static_cast<sf::Error>(i));
    EXPECT_FALSE(message.empty());
    EXPECT_EQ(std::count(messages.begin(), messages.end(), message), 0) << message;
    messages.push_back(message);
  }
}

TEST(StructuredFieldErrors, SuccessHasNoError) {
  const auto parsed = sf::parse_dictionary("a=1");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed.error, sf::ParseError{});
}

// --- Dictionaries as usage preferences read them (docs/semantics.md 9.5) ---

TEST(StructuredFieldDictionary, RepeatedKeyKeepsFirstPlaceAndLastValue) {
  const auto parsed = sf::parse_dictionary("train-ai=y, search=y, train-ai=n;why=1");
  ASSERT_TRUE(parsed);
  ASSERT_EQ(parsed->size(), 2u);
  EXPECT_EQ((*parsed)[0].first, "train-ai");
  EXPECT_EQ((*parsed)[1].first, "search");
  const sf::Member* train = sf::find(*parsed, "train-ai");
  ASSERT_NE(train, nullptr);
  EXPECT_TRUE(*train == sf::Member(sf::Item{sf::Token{"n"}, {{"why", std::int64_t{1}}}}));
  EXPECT_EQ(sf::find(*parsed, "Train-AI"), nullptr);
  EXPECT_EQ(serialize(*parsed).text, "train-ai=n;why=1, search=y");
}

TEST(StructuredFieldDictionary, RepeatedParameterKeepsFirstPlaceAndLastValue) {
  const auto parsed = sf::parse_item("x;a=1;b=2;a=3");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(serialize(*parsed).text, "x;a=3;b=2");
}

// A hostile field with a hundred thousand distinct keys, then one repeated: each key is
// found in constant time, so this stays linear (it took minutes when every insertion
// scanned the keys before it).
TEST(StructuredFieldDictionary, ManyDistinctKeysAndParameters) {
  constexpr int kKeys = 100'000;
  std::string dictionary_field;
  std::string item_field = "x";
  for (int i = 0; i < kKeys; ++i) {
    dictionary_field += "k" + std::to_string(i) + "=" + std::to_string(i) + ", ";
    item_field += ";k" + std::to_string(i) + "=" + std::to_string(i);
  }
  dictionary_field += "k7=-1";
  item_field += ";k7=-1";
  const auto dictionary = sf::parse_dictionary(dictionary_field);
  ASSERT_TRUE(dictionary);
  ASSERT_EQ(dictionary->size(), std::size_t{kKeys});
  EXPECT_EQ((*dictionary)[kKeys - 1].first, "k" + std::to_string(kKeys - 1));
  EXPECT_EQ((*dictionary)[7].first, "k7");
  EXPECT_TRUE((*dictionary)[7].second == sf::Member(sf::Item{std::int64_t{-1}, {}}));
  const auto item = sf::parse_item(item_field);
  ASSERT_TRUE(item);
  ASSERT_EQ(item->parameters.size(), std::size_t{kKeys});
  EXPECT_EQ(item->parameters[7], (std::pair<std::string, sf::BareItem>("k7", std::int64_t{-1})));
}

// --- Values built by hand that no field can carry (RFC 9651 section 4.1) ---

TEST(StructuredFieldSerialize, RefusesValuesOutsideTheSyntax) {
  using enum sf::Error;
  const struct {
    sf::BareItem value;
    sf::Error reason;
  } cases[] = {
      {std::int64_t{1'000'000'000'000'000}, kIntegerOutOfRange},
      {std::int64_t{-1'000'000'000'000'000}, kIntegerOutOfRange},
      {sf::Date{1'000'000'000'000'000}, kIntegerOutOfRange},
      {sf::Decimal{1'000'000'000'000'000}, kDecimalOutOfRange},
      {sf::Decimal{std::numeric_limits<std::int64_t>::min()}, kDecimalOutOfRange},
      {std::string("a\nb"), kInvalidStringCharacter},
      {std::string("caf\xC3\xA9"), kInvalidStringCharacter},
      {sf::Token{""}, kInvalidToken},
      {sf::Token{"1a"}, kInvalidToken},
      {sf::Token{"a b"}, kInvalidToken},
      {sf::DisplayString{"\xC3"}, kInvalidUtf8},
      {sf::DisplayString{"\xED\xA0\x80"}, kInvalidUtf8},  // a surrogate
  };
  for (const auto& test : cases) {
    const sf::SerializeResult result = serialize(sf::Item{test.value, {}});
    EXPECT_FALSE(result) << *result;
    EXPECT_EQ(result.error, test.reason) << to_string(result.error);
  }
  EXPECT_EQ(serialize(sf::Item{true, {{"Bad", true}}}).error, kInvalidKey);
  EXPECT_EQ(serialize(sf::Dictionary{{"", sf::Item{true, {}}}}).error, kInvalidKey);
}

TEST(StructuredFieldSerialize, CanonicalForms) {
  EXPECT_EQ(serialize(sf::Item{sf::Decimal{-1500}, {}}).text, "-1.5");
  EXPECT_EQ(serialize(sf::Item{sf::Decimal{999'999'999'999'999}, {}}).text, "999999999999.999");
  EXPECT_EQ(serialize(sf::Item{sf::ByteSequence{"he"}, {}}).text, ":aGU=:");
  EXPECT_EQ(serialize(sf::Item{sf::DisplayString{"50% \"off\" \xC3\xBC"}, {}}).text,
            "%\"50%25 %22off%22 %c3%bc\"");
  EXPECT_EQ(serialize(sf::List{}).text, "");
}

}  // namespace
