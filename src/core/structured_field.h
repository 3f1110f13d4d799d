/**
 * @file structured_field.h
 * @brief Structured Field Values for HTTP (RFC 9651): parsing and serialising
 *        Dictionaries, Lists and Items.
 *
 * The syntax layer under AI usage preferences (docs/semantics.md 9.5): a
 * `content-usage` value or a `Content-Usage` header is bytes, parsed here as a Dictionary,
 * then read as usage preferences. Nothing here knows the vocabulary. Never throws; a
 * failure says why and at which byte.
 *
 * @code
 *   namespace sf = robotstxt::structured_field;
 *   const auto parsed = sf::parse_dictionary("train-ai=n, search=y;v=2");
 *   if (!parsed) std::cout << to_string(parsed.error.reason) << " at column "
 *                          << parsed.error.column() << "\n";
 *   const sf::Item* train = std::get_if<sf::Item>(sf::find(*parsed, "train-ai"));
 *   // train->value holds sf::Token{"n"}
 *   sf::serialize(*parsed).text;  // "train-ai=n, search=y;v=2"
 * @endcode
 */
#ifndef ROBOTSTXT_SRC_CORE_STRUCTURED_FIELD_H_
#define ROBOTSTXT_SRC_CORE_STRUCTURED_FIELD_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace robotstxt::structured_field {

// The bare item types (RFC 9651 section 3.3). Integer, String and Boolean are plain
// std::int64_t, std::string and bool; the others are wrapped so that the variant tells
// them apart.

/// A Decimal, held exactly: the value times 1000 (RFC 9651 allows at most three
/// fractional digits). 1.5 is {1500}.
struct Decimal {
  std::int64_t thousandths = 0;
  friend bool operator==(const Decimal&, const Decimal&) = default;
};

/// A Token: an unquoted identifier such as `y`, `text/html` or `*foo`.
struct Token {
  std::string name;
  friend bool operator==(const Token&, const Token&) = default;
};

/// A Byte Sequence (`:base64:`), decoded.
struct ByteSequence {
  std::string bytes;
  friend bool operator==(const ByteSequence&, const ByteSequence&) = default;
};

/// A Date (`@seconds`): seconds since 1970-01-01T00:00:00Z.
struct Date {
  std::int64_t seconds = 0;
  friend bool operator==(const Date&, const Date&) = default;
};

/// A Display String (`%"..."`), decoded to UTF-8.
struct DisplayString {
  std::string utf8;
  friend bool operator==(const DisplayString&, const DisplayString&) = default;
};

/// Integer, Decimal, String, Token, Byte Sequence, Boolean, Date or Display String.
using BareItem = std::variant<std::int64_t, Decimal, std::string, Token, ByteSequence, bool, Date,
                              DisplayString>;

/// Ordered key/value pairs; keys are unique after parsing (a repeated key overwrites the
/// value in the first key's place, RFC 9651 section 4.2.3.2).
using Parameters = std::vector<std::pair<std::string, BareItem>>;

struct Item {
  BareItem value;
  Parameters parameters;
  friend bool operator==(const Item&, const Item&) = default;
};

struct InnerList {
  std::vector<Item> items;
  Parameters parameters;
  friend bool operator==(const InnerList&, const InnerList&) = default;
};

/// A member of a List or a value of a Dictionary.
using Member = std::variant<Item, InnerList>;

using List = std::vector<Member>;

/// Ordered key/member pairs; keys are unique after parsing (a repeated key keeps the
/// first key's place and the last value, RFC 9651 section 4.2.2).
using Dictionary = std::vector<std::pair<std::string, Member>>;

/// Why a field value does not parse, or a value does not serialise.
enum class Error : std::uint8_t {
  kNone,
  kNonAscii,                   ///< a byte above 0x7F anywhere in the field
  kTrailingCharacters,         ///< something follows a complete value
  kExpectedComma,              ///< two members not separated by ','
  kTrailingComma,              ///< ',' with no member after it
  kInvalidKey,                 ///< a key must start with a-z or '*' (lower case only)
  kExpectedBareItem,           ///< no number, string, token, ... where a value must be
  kUnterminatedInnerList,      ///< '(' without ')'
  kInvalidInnerListSeparator,  ///< inner list items are separated by spaces only
  kMissingDigit,               ///< '-' not followed by a digit
  kIntegerTooLong,             ///< more than 15 digits
  kDecimalTooLong,             ///< more than 12 digits before '.' or 3 after it
  kDecimalWithoutFraction,     ///< '.' with no digit after it
  kUnterminatedString,         ///< '"' without its closing '"'
  kInvalidStringCharacter,     ///< a control character in a string
  kInvalidEscape,              ///< '\' not followed by '"' or '\'
  kUnterminatedByteSequence,   ///< ':' without its closing ':'
  kInvalidBase64,              ///< not base64 (RFC 4648 section 4) between the colons
  kInvalidBoolean,             ///< '?' not followed by 0 or 1
  kDecimalDate,                ///< a date must be an integer
  kExpectedQuote,              ///< '%' not followed by '"'
  kInvalidPercentEscape,       ///< '%' not followed by two lower-case hex digits
  kInvalidUtf8,                ///< a display string that does not decode as UTF-8
  // Serialising only: a value built by hand that no field value could carry.
  kIntegerOutOfRange,  ///< an integer or date beyond +-999,999,999,999,999
  kDecimalOutOfRange,  ///< a decimal with more than 12 integer digits
  kInvalidToken,       ///< a token not starting with a letter or '*', or with other chars
};

/// A short English phrase, e.g. "a key must start with a lower-case letter or '*'".
[[nodiscard]] std::string_view to_string(Error error) noexcept;

/// Where and why parsing stopped.
struct ParseError {
  Error reason = Error::kNone;
  /// 0-based byte offset of the offending byte, or the input's length when the input
  /// ended too early.
  std::size_t offset = 0;
  /// 1-based column, for messages such as "does not parse: <why> at column N".
  [[nodiscard]] std::size_t column() const noexcept { return offset + 1; }
  friend bool operator==(const ParseError&, const ParseError&) = default;
};

/// A parsed value, or where and why parsing failed. Test it like a pointer.
template <typename Value>
struct ParseResult {
  std::optional<Value> value;
  ParseError error;

  explicit operator bool() const noexcept { return value.has_value(); }
  const Value& operator*() const { return *value; }
  const Value* operator->() const { return &*value; }
};

// Parse one field value (RFC 9651 section 4.2). A field sent on several lines is parsed
// as its lines joined with ", ". An empty or all-space field is an empty Dictionary or
// List, but no Item. Keys are case-sensitive: "A=1" does not parse.
[[nodiscard]] ParseResult<Dictionary> parse_dictionary(std::string_view field);
[[nodiscard]] ParseResult<List> parse_list(std::string_view field);
[[nodiscard]] ParseResult<Item> parse_item(std::string_view field);

/// Serialised text, or why the value cannot be serialised (RFC 9651 section 4.1).
struct SerializeResult {
  std::optional<std::string> text;
  Error error = Error::kNone;

  explicit operator bool() const noexcept { return text.has_value(); }
  const std::string& operator*() const { return *text; }
};

// The canonical field value (RFC 9651 section 4.1): members separated by ", ", true
// values of dictionary members and parameters left out, decimals without trailing zeros,
// base64 padded. An empty Dictionary or List gives "" (the field is not sent).
[[nodiscard]] SerializeResult serialize(const Dictionary& dictionary);
[[nodiscard]] SerializeResult serialize(const List& list);
[[nodiscard]] SerializeResult serialize(const Item& item);

/// The member under `key` (compared byte for byte), or nullptr. Valid while the
/// dictionary is alive and unchanged.
[[nodiscard]] const Member* find(const Dictionary& dictionary, std::string_view key) noexcept;

}  // namespace robotstxt::structured_field

#endif  // ROBOTSTXT_SRC_CORE_STRUCTURED_FIELD_H_
