// JSON written straight into one growing string, for answers too large or too many to build
// as nlohmann::json objects first (serve's batches: thousands of results per request;
// check --json: a line per URL, millions of them).
// Strings are escaped exactly as nlohmann::json::dump(-1, ' ', false, replace) does,
// so both writers give the same bytes for the same value.
#ifndef ROBOTSTXT_TOOLS_ANSWER_JSON_TEXT_H_
#define ROBOTSTXT_TOOLS_ANSWER_JSON_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace robotstxt::cli {

/// Appends JSON text to the end of `out` through an index into it: the string grows in
/// large steps and each piece is a bounds check and a copy, where one std::string
/// append per piece cost more than the bytes. `out` has its final size when the writer
/// is destroyed; do not touch `out` while a writer is alive.
class JsonText {
 public:
  /// `expected`: the bytes the whole text will likely take (room is made once).
  explicit JsonText(std::string& out, std::size_t expected = 0);
  ~JsonText();
  JsonText(const JsonText&) = delete;
  JsonText& operator=(const JsonText&) = delete;

  /// Writes `text` as it is: syntax, our own member names, literals.
  void raw(std::string_view text) {
    std::memcpy(room(text.size()), text.data(), text.size());
    used_ += text.size();
  }
  void raw(char c) {
    *room(1) = c;
    ++used_;
  }
  /// Writes `"name":`, after a comma unless `first`: one of our own member names (a
  /// literal: nothing to escape, and a fixed-size copy).
  template <std::size_t kSize>
  void key(const char (&name)[kSize], bool first) {
    constexpr std::size_t kLength = kSize - 1;
    char* at = room(kLength + 4);
    if (!first) *at++ = ',';
    *at++ = '"';
    std::memcpy(at, name, kLength);
    at += kLength;
    *at++ = '"';
    *at++ = ':';
    used_ = static_cast<std::size_t>(at - out_.data());
  }
  /// Writes `"word"` for one of our own words (an enum's name, a fixed sentence), which
  /// need no escaping (decision_json_test checks every one): never for outside text.
  void word(std::string_view word) {
    char* at = room(word.size() + 2);
    at[0] = '"';
    std::memcpy(at + 1, word.data(), word.size());
    at[word.size() + 1] = '"';
    used_ += word.size() + 2;
  }
  /// Writes `text` as a JSON string: quotes, backslashes and control bytes escaped,
  /// well-formed UTF-8 kept as it is, invalid UTF-8 replaced by U+FFFD as the nlohmann
  /// writer does (docs/cli.md "JSON output").
  void string(std::string_view text);
  void number(std::int64_t number);

  /// What `out` holds so far: its bytes from before the writer, then the text written.
  std::string_view text() const { return {out_.data(), used_}; }
  /// Empties `out` and keeps its room: for text written out in pieces as it grows.
  void clear() { used_ = 0; }

 private:
  // Where `bytes` more bytes may be written (at out_[used_]).
  char* room(std::size_t bytes) {
    if (out_.size() - used_ < bytes) grow(bytes);
    return out_.data() + used_;
  }
  void grow(std::size_t bytes);

  std::string& out_;
  std::size_t used_;  // out_[0, used_) is the text; the rest is room
};

/// One JSON object written into a JsonText: `{` now, `}` when it goes out of scope. The
/// caller writes the members in nlohmann's order (sorted keys) to give nlohmann's bytes;
/// each member is written after the separator it needs.
class ObjectText {
 public:
  explicit ObjectText(JsonText& json) : json_(json) { json_.raw('{'); }
  ~ObjectText() { json_.raw('}'); }
  ObjectText(const ObjectText&) = delete;
  ObjectText& operator=(const ObjectText&) = delete;

  template <std::size_t kSize>
  JsonText& key(const char (&name)[kSize]) {
    json_.key(name, first_);
    first_ = false;
    return json_;
  }
  template <std::size_t kSize>
  void string(const char (&name)[kSize], std::string_view value) {
    key(name).string(value);
  }
  // One of our own words (to_string() of an enum): nothing to escape.
  template <std::size_t kSize>
  void word(const char (&name)[kSize], std::string_view value) {
    key(name).word(value);
  }
  template <std::size_t kSize>
  void word_or_null(const char (&name)[kSize], bool present, std::string_view value) {
    if (present) {
      word(name, value);
    } else {
      key(name).raw(kNull);
    }
  }
  template <std::size_t kSize>
  void string_or_null(const char (&name)[kSize], bool present, std::string_view value) {
    if (present) {
      string(name, value);
    } else {
      key(name).raw(kNull);
    }
  }
  template <std::size_t kSize>
  void boolean(const char (&name)[kSize], bool value) {
    key(name).raw(value ? std::string_view("true") : std::string_view("false"));
  }
  template <std::size_t kSize>
  void number_or_null(const char (&name)[kSize], std::int64_t value) {
    if (value != 0) {
      key(name).number(value);
    } else {
      key(name).raw(kNull);
    }
  }

  static constexpr std::string_view kNull = "null";

 private:
  JsonText& json_;
  bool first_ = true;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_JSON_TEXT_H_
