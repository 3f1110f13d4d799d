// RFC 9651 parsing (section 4.2) and serialising (section 4.1), step by step as the RFC
// writes the algorithms, over a byte view with an index that is checked before every read.
#include "core/structured_field.h"

#include "base/ascii.h"
#include "base/base64.h"
#include "base/utf8.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

namespace robotstxt::structured_field {

namespace {

using internal::append_base64;
using internal::from_base64;
using internal::is_ascii_alpha;
using internal::is_ascii_digit;

constexpr bool is_lower_alpha(char c) noexcept { return c >= 'a' && c <= 'z'; }
constexpr bool is_lower_hex_digit(char c) noexcept {
  return is_ascii_digit(c) || (c >= 'a' && c <= 'f');
}

// RFC 9110 tchar.
constexpr bool is_tchar(char c) noexcept {
  return is_ascii_alpha(c) || is_ascii_digit(c) ||
         std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

constexpr bool is_key_start(char c) noexcept { return is_lower_alpha(c) || c == '*'; }
constexpr bool is_key_char(char c) noexcept {
  return is_lower_alpha(c) || is_ascii_digit(c) || c == '_' || c == '-' || c == '.' || c == '*';
}

constexpr bool is_token_start(char c) noexcept { return is_ascii_alpha(c) || c == '*'; }
constexpr bool is_token_char(char c) noexcept { return is_tchar(c) || c == ':' || c == '/'; }

// Visible ASCII and space: what a String may hold (RFC 9651 section 3.3.3).
constexpr bool is_printable_ascii(char c) noexcept { return c >= 0x20 && c <= 0x7E; }

constexpr std::int64_t kMaxInteger = 999'999'999'999'999;         // 15 digits
constexpr std::int64_t kMaxDecimalIntegerPart = 999'999'999'999;  // 12 digits

constexpr int hex_value(char c) noexcept { return is_ascii_digit(c) ? c - '0' : c - 'a' + 10; }

// Appends key/value pairs keeping keys unique the RFC's way (a repeated key overwrites the
// value in the first key's place). Keys are views into the field being parsed, looked up
// in a hash map so that a hostile field with many distinct keys stays linear.
template <typename Entries>
class UniqueKeys {
 public:
  explicit UniqueKeys(Entries& entries) : entries_(entries) {}

  template <typename Value>
  void insert_or_overwrite(std::string_view key, Value value) {
    const auto [position, inserted] = positions_.try_emplace(key, entries_.size());
    if (inserted) {
      entries_.emplace_back(std::string(key), std::move(value));
    } else {
      entries_[position->second].second = std::move(value);
    }
  }

 private:
  Entries& entries_;
  std::unordered_map<std::string_view, std::size_t> positions_;
};

class Parser {
 public:
  explicit Parser(std::string_view input) : input_(input) {}

  template <typename Value, typename ParseMembers>
  ParseResult<Value> parse_field(ParseMembers parse_members) {
    ParseResult<Value> result;
    // RFC 9651 section 4.2 step 1: the field must be ASCII.
    for (std::size_t i = 0; i < input_.size(); ++i) {
      if (static_cast<unsigned char>(input_[i]) > 0x7F) {
        result.error = {Error::kNonAscii, i};
        return result;
      }
    }
    Value value{};
    skip_spaces();
    if (!(this->*parse_members)(value)) {
      result.error = error_;
      return result;
    }
    skip_spaces();
    if (!at_end()) {
      result.error = {Error::kTrailingCharacters, pos_};
      return result;
    }
    result.value = std::move(value);
    return result;
  }

  // Section 4.2.1.
  bool parse_list_members(List& list) {
    while (!at_end()) {
      Member member;
      if (!parse_item_or_inner_list(member)) return false;
      list.push_back(std::move(member));
      if (!parse_member_separator()) return false;
    }
    return true;
  }

  // Section 4.2.2.
  bool parse_dictionary_members(Dictionary& dictionary) {
    UniqueKeys unique_keys(dictionary);
    while (!at_end()) {
      std::string_view key;
      if (!parse_key(key)) return false;
      Member member;
      if (consume('=')) {
        if (!parse_item_or_inner_list(member)) return false;
      } else {
        Item flag{true, {}};
        if (!parse_parameters(flag.parameters)) return false;
        member = std::move(flag);
      }
      unique_keys.insert_or_overwrite(key, std::move(member));
      if (!parse_member_separator()) return false;
    }
    return true;
  }

  // Section 4.2.3.
  bool parse_item(Item& item) {
    return parse_bare_item(item.value) && parse_parameters(item.parameters);
  }

 private:
  [[nodiscard]] bool at_end() const noexcept { return pos_ >= input_.size(); }
  [[nodiscard]] bool next_is(char c) const noexcept { return !at_end() && input_[pos_] == c; }

  bool consume(char c) noexcept {
    if (!next_is(c)) return false;
    ++pos_;
    return true;
  }

  bool fail(Error reason) noexcept { return fail_at(reason, pos_); }
  bool fail_at(Error reason, std::size_t offset) noexcept {
    error_ = {reason, offset};
    return false;
  }

  void skip_spaces() noexcept {
    while (next_is(' ')) ++pos_;
  }
  void skip_optional_whitespace() noexcept {
    while (next_is(' ') || next_is('\t')) ++pos_;
  }

  // After a list or dictionary member: optional whitespace, then the end or ',' followed
  // by another member.
  bool parse_member_separator() {
    skip_optional_whitespace();
    if (at_end()) return true;
    if (!consume(',')) return fail(Error::kExpectedComma);
    skip_optional_whitespace();
    if (at_end()) return fail(Error::kTrailingComma);
    return true;
  }

  bool parse_item_or_inner_list(Member& member) {
    if (next_is('(')) {
      InnerList inner_list;
      if (!parse_inner_list(inner_list)) return false;
      member = std::move(inner_list);
      return true;
    }
    Item item;
    if (!parse_item(item)) return false;
    member = std::move(item);
    return true;
  }

  // Section 4.2.1.2.
  bool parse_inner_list(InnerList& inner_list) {
    ++pos_;  // '('
    while (!at_end()) {
      skip_spaces();
      if (consume(')')) return parse_parameters(inner_list.parameters);
      Item item;
      if (!parse_item(item)) return false;
      inner_list.items.push_back(std::move(item));
      if (!next_is(' ') && !next_is(')')) {
        return fail(at_end() ? Error::kUnterminatedInnerList : Error::kInvalidInnerListSeparator);
      }
    }
    return fail(Error::kUnterminatedInnerList);
  }

  // Section 4.2.3.2.
  bool parse_parameters(Parameters& parameters) {
    UniqueKeys unique_keys(parameters);
    while (consume(';')) {
      skip_spaces();
      std::string_view key;
      if (!parse_key(key)) return false;
      BareItem value = true;
      if (consume('=') && !parse_bare_item(value)) return false;
      unique_keys.insert_or_overwrite(key, std::move(value));
    }
    return true;
  }

  // Section 4.2.3.3.
  bool parse_key(std::string_view& key) {
    if (at_end() || !is_key_start(input_[pos_])) return fail(Error::kInvalidKey);
    const std::size_t start = pos_;
    while (!at_end() && is_key_char(input_[pos_])) ++pos_;
    key = input_.substr(start, pos_ - start);
    return true;
  }

  // Section 4.2.3.1.
  bool parse_bare_item(BareItem& value) {
    if (at_end()) return fail(Error::kExpectedBareItem);
    const char first = input_[pos_];
    if (first == '-' || is_ascii_digit(first)) return parse_number(value);
    if (first == '"') return parse_string(value);
    if (is_token_start(first)) return parse_token(value);
    if (first == ':') return parse_byte_sequence(value);
    if (first == '?') return parse_boolean(value);
    if (first == '@') return parse_date(value);
    if (first == '%') return parse_display_string(value);
    return fail(Error::kExpectedBareItem);
  }

  // Section 4.2.4. Digits are accumulated as they come; at most 15 fit in an int64.
  bool parse_number(BareItem& value) {
    const bool negative = consume('-');
    if (at_end() || !is_ascii_digit(input_[pos_])) return fail(Error::kMissingDigit);
    std::int64_t integer_part = 0;
    std::size_t integer_digits = 0;
    while (!at_end() && is_ascii_digit(input_[pos_])) {
      if (++integer_digits > 15) return fail(Error::kIntegerTooLong);
      integer_part = integer_part * 10 + (input_[pos_] - '0');
      ++pos_;
    }
    if (!next_is('.')) {
      value = negative ? -integer_part : integer_part;
      return true;
    }
    if (integer_digits > 12) return fail(Error::kDecimalTooLong);
    ++pos_;  // '.'
    std::int64_t fraction = 0;
    std::size_t fraction_digits = 0;
    while (!at_end() && is_ascii_digit(input_[pos_])) {
      if (++fraction_digits > 3) return fail(Error::kDecimalTooLong);
      fraction = fraction * 10 + (input_[pos_] - '0');
      ++pos_;
    }
    if (fraction_digits == 0) return fail(Error::kDecimalWithoutFraction);
    for (std::size_t i = fraction_digits; i < 3; ++i) fraction *= 10;
    const std::int64_t thousandths = integer_part * 1000 + fraction;
    value = Decimal{negative ? -thousandths : thousandths};
    return true;
  }

  // Section 4.2.5.
  bool parse_string(BareItem& value) {
    ++pos_;  // '"'
    std::string text;
    while (!at_end()) {
      const char c = input_[pos_];
      if (c == '\\') {
        ++pos_;
        if (at_end()) return fail(Error::kUnterminatedString);
        if (input_[pos_] != '"' && input_[pos_] != '\\') return fail(Error::kInvalidEscape);
        text.push_back(input_[pos_++]);
      } else if (c == '"') {
        ++pos_;
        value = std::move(text);
        return true;
      } else if (!is_printable_ascii(c)) {
        return fail(Error::kInvalidStringCharacter);
      } else {
        text.push_back(c);
        ++pos_;
      }
    }
    return fail(Error::kUnterminatedString);
  }

  // Section 4.2.6.
  bool parse_token(BareItem& value) {
    const std::size_t start = pos_;
    ++pos_;
    while (!at_end() && is_token_char(input_[pos_])) ++pos_;
    value = Token{std::string(input_.substr(start, pos_ - start))};
    return true;
  }

  // Section 4.2.7. Missing '=' padding and non-zero pad bits are accepted, as the RFC
  // recommends; '=' anywhere but at the end is not.
  bool parse_byte_sequence(BareItem& value) {
    ++pos_;  // ':'
    const std::size_t start = pos_;
    const std::size_t end = input_.find(':', start);
    if (end == std::string_view::npos)
      return fail_at(Error::kUnterminatedByteSequence, input_.size());
    std::size_t error_at = 0;
    std::optional<std::string> bytes = from_base64(input_.substr(start, end - start), &error_at);
    if (!bytes) return fail_at(Error::kInvalidBase64, start + error_at);
    pos_ = end + 1;
    value = ByteSequence{std::move(*bytes)};
    return true;
  }

  // Section 4.2.8.
  bool parse_boolean(BareItem& value) {
    ++pos_;  // '?'
    if (consume('1')) {
      value = true;
    } else if (consume('0')) {
      value = false;
    } else {
      return fail(Error::kInvalidBoolean);
    }
    return true;
  }

  // Section 4.2.9.
  bool parse_date(BareItem& value) {
    ++pos_;  // '@'
    const std::size_t start = pos_;
    BareItem number;
    if (!parse_number(number)) return false;
    const auto* seconds = std::get_if<std::int64_t>(&number);
    if (seconds == nullptr) return fail_at(Error::kDecimalDate, start);
    value = Date{*seconds};
    return true;
  }

  // Section 4.2.10.
  bool parse_display_string(BareItem& value) {
    const std::size_t start = pos_;
    ++pos_;  // '%'
    if (!consume('"')) return fail(Error::kExpectedQuote);
    std::string bytes;
    while (!at_end()) {
      const char c = input_[pos_];
      if (!is_printable_ascii(c)) return fail(Error::kInvalidStringCharacter);
      if (c == '%') {
        if (input_.size() - pos_ < 3 || !is_lower_hex_digit(input_[pos_ + 1]) ||
            !is_lower_hex_digit(input_[pos_ + 2])) {
          return fail(Error::kInvalidPercentEscape);
        }
        bytes.push_back(
            static_cast<char>(hex_value(input_[pos_ + 1]) * 16 + hex_value(input_[pos_ + 2])));
        pos_ += 3;
      } else if (c == '"') {
        if (!internal::is_valid_utf8(bytes)) return fail_at(Error::kInvalidUtf8, start);
        ++pos_;
        value = DisplayString{std::move(bytes)};
        return true;
      } else {
        bytes.push_back(c);
        ++pos_;
      }
    }
    return fail(Error::kUnterminatedString);
  }

  std::string_view input_;
  std::size_t pos_ = 0;
  ParseError error_;
};

// --- Serialising (section 4.1) ---

class Serializer {
 public:
  bool dictionary(const Dictionary& members) {
    bool first = true;
    for (const auto& [key, member] : members) {
      if (!first) out_ += ", ";
      first = false;
      if (!this->key(key)) return false;
      const Item* item = std::get_if<Item>(&member);
      if (item != nullptr && item->value == BareItem(true)) {
        if (!parameters(item->parameters)) return false;
      } else {
        out_ += '=';
        if (!this->member(member)) return false;
      }
    }
    return true;
  }

  bool list(const List& members) {
    bool first = true;
    for (const Member& each : members) {
      if (!first) out_ += ", ";
      first = false;
      if (!member(each)) return false;
    }
    return true;
  }

  bool item(const Item& item) { return bare_item(item.value) && parameters(item.parameters); }

  [[nodiscard]] Error error() const noexcept { return error_; }
  std::string take_text() { return std::move(out_); }

 private:
  bool fail(Error reason) noexcept {
    error_ = reason;
    return false;
  }

  bool member(const Member& member) {
    if (const auto* single = std::get_if<Item>(&member)) return item(*single);
    const auto& inner = std::get<InnerList>(member);
    out_ += '(';
    bool first = true;
    for (const Item& each : inner.items) {
      if (!first) out_ += ' ';
      first = false;
      if (!item(each)) return false;
    }
    out_ += ')';
    return parameters(inner.parameters);
  }

  bool parameters(const Parameters& parameters) {
    for (const auto& [key, value] : parameters) {
      out_ += ';';
      if (!this->key(key)) return false;
      if (value != BareItem(true)) {
        out_ += '=';
        if (!bare_item(value)) return false;
      }
    }
    return true;
  }

  bool key(std::string_view key) {
    if (key.empty() || !is_key_start(key.front())) return fail(Error::kInvalidKey);
    for (char c : key) {
      if (!is_key_char(c)) return fail(Error::kInvalidKey);
    }
    out_ += key;
    return true;
  }

  bool bare_item(const BareItem& value) {
    return std::visit([this](const auto& typed) { return bare(typed); }, value);
  }

  bool bare(std::int64_t integer) {
    if (integer < -kMaxInteger || integer > kMaxInteger) return fail(Error::kIntegerOutOfRange);
    out_ += std::to_string(integer);
    return true;
  }

  bool bare(const Decimal& decimal) {
    const std::int64_t thousandths = decimal.thousandths;
    // Compared before negating, so that the most negative int64 cannot overflow.
    if (thousandths / 1000 > kMaxDecimalIntegerPart ||
        thousandths / 1000 < -kMaxDecimalIntegerPart) {
      return fail(Error::kDecimalOutOfRange);
    }
    const std::int64_t magnitude = thousandths < 0 ? -thousandths : thousandths;
    if (thousandths < 0) out_ += '-';
    out_ += std::to_string(magnitude / 1000);
    out_ += '.';
    std::string fraction = std::to_string(1000 + magnitude % 1000).substr(1);
    while (fraction.size() > 1 && fraction.back() == '0') fraction.pop_back();
    out_ += fraction;
    return true;
  }

  bool bare(const std::string& text) {
    out_ += '"';
    for (char c : text) {
      if (!is_printable_ascii(c)) return fail(Error::kInvalidStringCharacter);
      if (c == '"' || c == '\\') out_ += '\\';
      out_ += c;
    }
    out_ += '"';
    return true;
  }

  bool bare(const Token& token) {
    if (token.name.empty() || !is_token_start(token.name.front()))
      return fail(Error::kInvalidToken);
    for (char c : token.name) {
      if (!is_token_char(c)) return fail(Error::kInvalidToken);
    }
    out_ += token.name;
    return true;
  }

  bool bare(const ByteSequence& sequence) {
    out_ += ':';
    append_base64(sequence.bytes, out_);
    out_ += ':';
    return true;
  }

  bool bare(bool boolean) {
    out_ += boolean ? "?1" : "?0";
    return true;
  }

  bool bare(const Date& date) {
    out_ += '@';
    return bare(date.seconds);
  }

  bool bare(const DisplayString& display) {
    if (!internal::is_valid_utf8(display.utf8)) return fail(Error::kInvalidUtf8);
    constexpr std::string_view kHex = "0123456789abcdef";
    out_ += "%\"";
    for (char c : display.utf8) {
      if (c == '%' || c == '"' || !is_printable_ascii(c)) {
        const auto byte = static_cast<unsigned char>(c);
        out_ += '%';
        out_ += kHex[byte >> 4];
        out_ += kHex[byte & 0x0F];
      } else {
        out_ += c;
      }
    }
    out_ += '"';
    return true;
  }

  std::string out_;
  Error error_ = Error::kNone;
};

template <typename Value>
SerializeResult serialize_with(const Value& value,
                               bool (Serializer::*serialize_value)(const Value&)) {
  Serializer serializer;
  SerializeResult result;
  if ((serializer.*serialize_value)(value)) {
    result.text = serializer.take_text();
  } else {
    result.error = serializer.error();
  }
  return result;
}

}  // namespace

std::string_view to_string(Error error) noexcept {
  switch (error) {
    case Error::kNone:
      return "no error";
    case Error::kNonAscii:
      return "a byte that is not ASCII";
    case Error::kTrailingCharacters:
      return "unexpected characters after the value";
    case Error::kExpectedComma:
      return "expected ',' between members";
    case Error::kTrailingComma:
      return "',' not followed by a member";
    case Error::kInvalidKey:
      return "a key must start with a lower-case letter or '*'";
    case Error::kExpectedBareItem:
      return "expected a value";
    case Error::kUnterminatedInnerList:
      return "inner list without its closing ')'";
    case Error::kInvalidInnerListSeparator:
      return "inner list items must be separated by spaces";
    case Error::kMissingDigit:
      return "expected a digit";
    case Error::kIntegerTooLong:
      return "an integer has at most 15 digits";
    case Error::kDecimalTooLong:
      return "a decimal has at most 12 digits before '.' and 3 after";
    case Error::kDecimalWithoutFraction:
      return "a decimal needs a digit after '.'";
    case Error::kUnterminatedString:
      return "string without its closing '\"'";
    case Error::kInvalidStringCharacter:
      return "a control character in a string";
    case Error::kInvalidEscape:
      return "'\\' must be followed by '\"' or '\\'";
    case Error::kUnterminatedByteSequence:
      return "byte sequence without its closing ':'";
    case Error::kInvalidBase64:
      return "a byte sequence must be base64";
    case Error::kInvalidBoolean:
      return "'?' must be followed by 0 or 1";
    case Error::kDecimalDate:
      return "a date must be a whole number of seconds";
    case Error::kExpectedQuote:
      return "'%' must be followed by '\"'";
    case Error::kInvalidPercentEscape:
      return "'%' must be followed by two lower-case hex digits";
    case Error::kInvalidUtf8:
      return "a display string must be UTF-8";
    case Error::kIntegerOutOfRange:
      return "an integer must be within +-999,999,999,999,999";
    case Error::kDecimalOutOfRange:
      return "a decimal must be within +-999,999,999,999.999";
    case Error::kInvalidToken:
      return "a token must start with a letter or '*' and hold only token characters";
  }
  return "unknown error";
}

ParseResult<Dictionary> parse_dictionary(std::string_view field) {
  return Parser(field).parse_field<Dictionary>(&Parser::parse_dictionary_members);
}

ParseResult<List> parse_list(std::string_view field) {
  return Parser(field).parse_field<List>(&Parser::parse_list_members);
}

ParseResult<Item> parse_item(std::string_view field) {
  return Parser(field).parse_field<Item>(&Parser::parse_item);
}

SerializeResult serialize(const Dictionary& dictionary) {
  return serialize_with(dictionary, &Serializer::dictionary);
}

SerializeResult serialize(const List& list) { return serialize_with(list, &Serializer::list); }

SerializeResult serialize(const Item& item) { return serialize_with(item, &Serializer::item); }

const Member* find(const Dictionary& dictionary, std::string_view key) noexcept {
  for (const auto& [name, member] : dictionary) {
    if (name == key) return &member;
  }
  return nullptr;
}

}  // namespace robotstxt::structured_field
