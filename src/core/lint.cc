// Findings for site owners, from the per-line facts and the compiled groups
// (see lint.h). Line-level checks read one LineFacts at a time; group-level checks read
// RobotsTxt::groups(), so they see groups exactly as the matcher does.
#include "robotstxt/lint.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <set>
#include <span>
#include <string>

#include "base/ascii.h"
#include "base/utf8.h"
#include "core/line_description.h"
#include "core/structured_field.h"
#include "core/usage_rule.h"
#include "robotstxt/agent.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/matcher.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/url_path.h"
#include "robotstxt/usage_preferences.h"

namespace robotstxt {
namespace {

constexpr std::size_t kMaxQuotedBytes = 200;

const std::vector<LintCode> kCodes = {
    {"typo-key", Severity::kWarning, "a misspelt key Google accepts, other crawlers may not"},
    {"missing-colon", Severity::kWarning, "`key value` without a colon"},
    {"unknown-key", Severity::kWarning, "a directive no crawler we know of reads"},
    {"unsupported-key", Severity::kInfo, "a directive Google ignores but other crawlers read"},
    {"unparsable-line", Severity::kError, "text that is not a `key: value` directive"},
    {"rule-outside-group", Severity::kError, "allow/disallow before any user-agent line"},
    {"empty-user-agent", Severity::kError, "a user-agent line with no value"},
    {"user-agent-token", Severity::kWarning, "a user-agent with a version or spaces"},
    {"user-agent-no-token", Severity::kError, "a user-agent that becomes no product token"},
    {"star-with-text", Severity::kWarning, "`*` followed by text, read as `*`"},
    {"pattern-start", Severity::kWarning, "a rule that does not start with `/` or `*`"},
    {"literal-dollar", Severity::kWarning, "`$` before the end of a rule, matched literally"},
    {"space-or-control-in-rule", Severity::kWarning,
     "a raw space or control byte in a rule, which no crawler's request holds"},
    {"line-too-long", Severity::kError, "a line over 16,663 bytes, cut"},
    {"nul-byte", Severity::kError, "a NUL byte, which ends the line"},
    {"non-utf8", Severity::kWarning, "bytes that are not UTF-8"},
    {"bom", Severity::kInfo, "a UTF-8 byte order mark at the start"},
    {"content-past-limit", Severity::kError, "content past 512,000 bytes, ignored"},
    {"html-body", Severity::kError, "an HTML page served as robots.txt"},
    {"binary-body", Severity::kError, "a body that is not text (a compressed or binary file)"},
    {"sitemap-not-absolute", Severity::kWarning, "a sitemap that is not an absolute http(s) URL"},
    {"group-joined", Severity::kError, "user-agent lines joined into one group across a line"},
    {"agent-in-several-groups", Severity::kInfo, "one agent named in several groups, merged"},
    {"group-without-rules", Severity::kWarning, "a group with no allow or disallow"},
    {"allow-disallow-same-pattern", Severity::kWarning, "allow and disallow of one pattern"},
    {"duplicate-rule", Severity::kInfo, "a rule identical to an earlier one, never deciding"},
    {"crawler-token-typo", Severity::kWarning, "a token no known crawler uses, close to one"},
    {"not-subject-crawler", Severity::kInfo, "a group for a fetcher robots.txt does not bind"},
    {"global-ignored-crawlers", Severity::kInfo, "`*` rules that AdsBot-like crawlers ignore"},
    {"content-usage-unparsable", Severity::kError, "a usage preference that does not parse"},
    {"content-usage-unknown-label", Severity::kInfo, "a usage category the vocabulary lacks"},
    {"content-usage-bad-value", Severity::kWarning, "a usage category not set to `y` or `n`"},
    {"content-usage-uppercase-key", Severity::kError, "an upper-case usage key, never valid"},
    {"content-usage-path-without-slash", Severity::kError, "a usage path not starting with `/`"},
    {"content-usage-outside-group", Severity::kError, "content-usage before any user-agent"},
    {"content-usage-never-applies", Severity::kWarning, "a usage rule under a disallowed path"},
    {"content-signal-malformed", Severity::kWarning, "a content-signal entry not `key=yes|no`"},
};

Severity severity_of(std::string_view code) {
  for (const LintCode& known : kCodes) {
    if (known.code == code) return known.severity;
  }
  return Severity::kInfo;
}

std::string quote(std::string_view text) {
  std::string quoted = "`";
  quoted.append(text.substr(0, 80));
  if (text.size() > 80) quoted += "...";
  return quoted + "`";
}

// 64 bits: a tail past the limit is counted in 64 bits, and size_t is 32 on WebAssembly.
std::string with_thousands(std::uint64_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

// Where the body shows itself to be HTML: the first tag an HTML page starts with, within
// its first 2,048 bytes after leading white space; npos when there is none.
std::size_t html_tag_offset(std::string_view body) {
  // Lower-casing changes neither the white space skipped nor `<`: most bodies are told
  // apart on their first byte, without the copy.
  const std::size_t first_raw = body.substr(0, 2048).find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first_raw == std::string_view::npos || body[first_raw] != '<') return std::string::npos;
  std::string start;
  for (const char c : body.substr(0, 2048)) start += internal::to_ascii_lower(c);
  const std::size_t first = start.find_first_not_of(" \t\r\n\xEF\xBB\xBF");
  if (first == std::string::npos || start[first] != '<') return std::string::npos;
  std::size_t earliest = std::string::npos;
  for (const char* tag : {"<!doctype html", "<html", "<head", "<body", "<title"}) {
    earliest = std::min(earliest, start.find(tag));
  }
  return earliest;
}

// Bytes no text file holds: C0 controls other than tab, line ends and form feed, and DEL.
bool is_control_byte(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r' && byte != '\f') ||
         byte == 0x7F;
}

// A body that is not text (a gzip stream served without its Content-Encoding, an image):
// one byte in twenty of its first kilobyte is a control byte. Text in any encoding has
// almost none; a stray NUL in a real robots.txt stays a nul-byte finding.
constexpr std::size_t kTextSampleBytes = 1024;
constexpr std::size_t kMinTextSampleBytes = 16;

std::size_t control_bytes_in_sample(std::string_view body) {
  const std::string_view sample = body.substr(0, kTextSampleBytes);
  return static_cast<std::size_t>(std::count_if(sample.begin(), sample.end(), is_control_byte));
}

bool looks_binary(std::string_view body) {
  const std::size_t sample = std::min(body.size(), kTextSampleBytes);
  return sample >= kMinTextSampleBytes && control_bytes_in_sample(body) * 20 >= sample;
}

std::string first_bytes_in_hex(std::string_view body) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string hex;
  for (const char c : body.substr(0, 8)) {
    const auto byte = static_cast<unsigned char>(c);
    if (!hex.empty()) hex += ' ';
    hex += kHex[byte >> 4];
    hex += kHex[byte & 0xF];
  }
  return hex;
}

std::string_view crawlers_reading(std::string_view key) {
  struct Reader {
    std::string_view key;
    std::string_view who;
  };
  static constexpr Reader kReaders[] = {
      {"crawl-delay", "Bing, Yandex and many smaller crawlers read it"},
      {"host", "only Yandex ever read it, and it no longer does"},
      {"clean-param", "Yandex reads it"},
      {"request-rate", "a few smaller crawlers read it"},
      {"visit-time", "a few smaller crawlers read it"},
  };
  for (const Reader& reader : kReaders) {
    if (internal::equals_ignoring_case(key, reader.key)) return reader.who;
  }
  return "no major crawler reads it";
}

// Bytes a crawler's request never holds as they are, since it sends them percent-encoded:
// the space and the control bytes (0x00-0x1F and 0x7F).
constexpr char kRequestEncodedByteList[] =
    "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C\x0D\x0E\x0F"
    "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F\x20\x7F";
constexpr std::string_view kRequestEncodedBytes(kRequestEncodedByteList,
                                                sizeof(kRequestEncodedByteList) - 1);

// Whether every byte of `text` is ASCII, eight at a time: nearly every line is, and is
// then UTF-8 without walking it a sequence at a time.
bool is_ascii(std::string_view text) {
  std::uint64_t bytes = 0;
  std::size_t at = 0;
  for (; at + 8 <= text.size(); at += 8) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, 8);
    bytes |= word;
  }
  for (; at < text.size(); ++at) bytes |= static_cast<unsigned char>(text[at]);
  return (bytes & 0x8080808080808080ULL) == 0;
}

bool is_request_encoded(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte <= 0x20 || byte == 0x7F;
}

// The first byte of kRequestEncodedBytes in `text`, or npos. A byte test, not
// find_first_of: that calls memchr over the list for every byte of every rule.
std::size_t first_request_encoded(std::string_view text) {
  const auto found = std::find_if(text.begin(), text.end(), is_request_encoded);
  return found == text.end() ? std::string_view::npos
                             : static_cast<std::size_t>(found - text.begin());
}

std::string percent_escape(unsigned char byte) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return {'%', kHex[byte >> 4], kHex[byte & 0xF]};
}

// `text` with the bytes of kRequestEncodedBytes percent-encoded, as a crawler requests it.
std::string encoded_for_request(std::string_view text) {
  std::string encoded;
  for (const char c : text) {
    if (!is_request_encoded(c)) {
      encoded += c;
    } else {
      encoded += percent_escape(static_cast<unsigned char>(c));
    }
  }
  return encoded;
}

// `https://example.com/x`: a URL's scheme (RFC 3986 3.1) and `://` at the start.
bool has_scheme(std::string_view text) {
  const std::size_t end = text.find("://");
  if (end == std::string_view::npos || end == 0 || !internal::is_ascii_alpha(text[0])) {
    return false;
  }
  return std::all_of(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), [](char c) {
    return internal::is_ascii_alpha(c) || internal::is_ascii_digit(c) || c == '+' || c == '-' ||
           c == '.';
  });
}

// FNV-1a over bytes or small numbers, for IdTable's hashes.
constexpr std::uint64_t kHashStart = 14695981039346656037ULL;
constexpr std::uint64_t hash_more(std::uint64_t hash, std::uint64_t value) {
  return (hash ^ value) * 1099511628211ULL;
}

// A set of ids (0, 1, ...) by hash, in open addressing, for the group checks' keys: a
// file's agents, its agent sets, a set's rules. No node per key, as std::map and
// std::set allocate; the caller says which stored ids equal the one it looks for.
class IdTable {
 public:
  explicit IdTable(std::size_t count) : slots_(std::bit_ceil(2 * count + 2), 0) {}

  // The id stored under `hash` for which same(id) holds, or else `id`, stored.
  template <typename Same>
  std::uint32_t find_or_add(std::uint64_t hash, std::uint32_t id, Same same) {
    for (std::size_t at = start(hash);; at = (at + 1) & (slots_.size() - 1)) {
      if (slots_[at] == 0) {
        slots_[at] = id + 1;
        return id;
      }
      if (same(slots_[at] - 1)) return slots_[at] - 1;
    }
  }

  template <typename Same>
  std::optional<std::uint32_t> find(std::uint64_t hash, Same same) const {
    for (std::size_t at = start(hash);; at = (at + 1) & (slots_.size() - 1)) {
      if (slots_[at] == 0) return std::nullopt;
      if (same(slots_[at] - 1)) return slots_[at] - 1;
    }
  }

 private:
  std::size_t start(std::uint64_t hash) const {
    return static_cast<std::size_t>(hash ^ (hash >> 32)) & (slots_.size() - 1);
  }

  std::vector<std::uint32_t> slots_;  // id + 1; 0 for an empty slot
};

class Linter {
 public:
  Linter(std::string_view body, const IgnoredTail& tail)
      : body_(body.substr(0, kMaxBodyBytes)),
        tail_(tail),
        owned_robots_(internal::parse_and_describe(body_, owned_lines_)),
        lines_(owned_lines_),
        robots_(owned_robots_) {}
  // A body described and compiled already (internal::parse_and_describe()).
  Linter(std::string_view body, const IgnoredTail& tail, const std::vector<LineFacts>& lines,
         const RobotsTxt& robots)
      : body_(body.substr(0, kMaxBodyBytes)), tail_(tail), lines_(lines), robots_(robots) {}
  // ... and its groups (robots.groups()) too.
  Linter(std::string_view body, const IgnoredTail& tail, const std::vector<LineFacts>& lines,
         const RobotsTxt& robots, const std::vector<Group>& groups)
      : body_(body.substr(0, kMaxBodyBytes)),
        tail_(tail),
        lines_(lines),
        robots_(robots),
        groups_(&groups) {}

  LintReport run() {
    check_file();
    for (const LineFacts& line : lines_) check_line(line);
    check_groups();
    finish();
    return std::move(report_);
  }

 private:
  void add(std::string_view code, std::uint32_t line_number, std::uint32_t column,
           std::string message) {
    Finding finding;
    finding.code = code;
    finding.severity = severity_of(code);
    finding.line = line_number;
    finding.column = column;
    if (line_number > 0 && line_number <= lines_.size()) {
      const LineFacts& line = lines_[line_number - 1];
      finding.text = std::string(
          body_.substr(line.offset, std::min<std::size_t>(line.length, kMaxQuotedBytes)));
    }
    finding.message = std::move(message);
    report_.findings.push_back(std::move(finding));
  }

  std::uint32_t column_of(const LineFacts& line, std::string_view part) const {
    return static_cast<std::uint32_t>(part.data() - (body_.data() + line.offset)) + 1;
  }

  void check_file() {
    if (body_.starts_with("\xEF\xBB\xBF")) {
      add("bom", 1, 1,
          "The file starts with a UTF-8 byte order mark: Google skips it, but some crawlers "
          "read it as part of the first line.");
    }
    if (const std::size_t tag = html_tag_offset(body_); tag != std::string::npos) {
      // The evidence: the line and the tag as written, so that a reader can check it.
      const auto line_number = static_cast<std::size_t>(
          std::count(body_.begin(), body_.begin() + static_cast<std::ptrdiff_t>(tag), '\n') + 1);
      const std::string_view from_tag = body_.substr(tag, 40);
      add("html-body", 0, 0,
          "This is an HTML page, not a robots.txt (line " + std::to_string(line_number) + " has " +
              quote(from_tag.substr(0, from_tag.find_first_of("\r\n"))) +
              "): crawlers still read it as robots.txt and find no rules, so serve a text file "
              "(or a 404) at /robots.txt.");
    } else if (looks_binary(body_)) {
      add("binary-body", 0, 0,
          "This is not text: " + std::to_string(control_bytes_in_sample(body_)) + " of the first " +
              std::to_string(std::min(body_.size(), kTextSampleBytes)) +
              " bytes are control bytes, and it starts with " + first_bytes_in_hex(body_) +
              " (a compressed or binary file?). Crawlers read it as robots.txt and find no "
              "rules; serve the plain text file at /robots.txt.");
    }
    if (tail_.bytes > 0) {
      const std::string at_least = tail_.counted_to_end ? "" : "at least ";
      add("content-past-limit", static_cast<std::uint32_t>(lines_.size()), 0,
          "The file is " + std::string(tail_.counted_to_end ? "" : "more than ") +
              with_thousands(kMaxBodyBytes + tail_.bytes) +
              " bytes; Google reads only the first 512,000, so this line is cut there and " +
              at_least + with_thousands(tail_.line_ends) + " more lines are ignored.");
    }
  }

  void check_line(const LineFacts& line) {
    const std::string_view raw = body_.substr(line.offset, line.length);
    if (line.too_long) {
      add("line-too-long", line.number, kMaxLineBytes + 1,
          "The line is " + with_thousands(line.length) + " bytes; crawlers keep the first " +
              with_thousands(kMaxLineBytes) + ", so the last " +
              with_thousands(line.length - kMaxLineBytes) + " bytes are dropped.");
    }
    if (line.has_nul) {
      add("nul-byte", line.number, static_cast<std::uint32_t>(raw.find('\0')) + 1,
          "A NUL byte ends the line: everything after it on this line is ignored.");
    }
    if (const std::size_t bad =
            is_ascii(raw) ? std::string_view::npos : internal::first_invalid_utf8(raw);
        bad != std::string_view::npos) {
      add("non-utf8", line.number, static_cast<std::uint32_t>(bad) + 1,
          "The line has bytes that are not UTF-8: save the file as UTF-8, or rules will "
          "only match URLs that percent-encode these exact bytes.");
    }
    if (line.typo) {
      add("typo-key", line.number, column_of(line, line.key),
          quote(line.key) + " is accepted by Google as " + std::string(canonical_key(line.kind)) +
              ", but other crawlers may ignore the line; write " + quote(canonical_key(line.kind)) +
              ".");
    }
    if (line.missing_colon) {
      add("missing-colon", line.number, column_of(line, line.key),
          "No colon after " + quote(line.key) +
              ": Google accepts it, many crawlers ignore the line; write " +
              quote(std::string(line.key) + ": " + std::string(line.value)) + ".");
    }
    switch (line.kind) {
      case LineKind::kUserAgent:
        check_user_agent(line);
        break;
      case LineKind::kAllow:
      case LineKind::kDisallow:
        check_rule(line);
        break;
      case LineKind::kSitemap:
        check_sitemap(line);
        break;
      case LineKind::kOther:
        if (internal::equals_ignoring_case(line.key, "content-usage")) {
          check_content_usage(line);
        } else if (internal::equals_ignoring_case(line.key, "content-signal")) {
          check_content_signal(line);
        } else if (line.unsupported) {
          add("unsupported-key", line.number, column_of(line, line.key),
              "Google ignores " + quote(line.key) + "; " + std::string(crawlers_reading(line.key)) +
                  ".");
        } else {
          add("unknown-key", line.number, column_of(line, line.key),
              "Google ignores the unknown directive " + quote(line.key) +
                  " (check the spelling); it does not end or start a group.");
        }
        break;
      case LineKind::kInvalid:
        add("unparsable-line", line.number, 1,
            "This is not a `key: value` line, so every crawler ignores it.");
        break;
      default:
        break;
    }
  }

  static std::string_view canonical_key(LineKind kind) {
    switch (kind) {
      case LineKind::kUserAgent:
        return "user-agent";
      case LineKind::kDisallow:
        return "disallow";
      case LineKind::kSitemap:
        return "sitemap";
      default:
        return "allow";
    }
  }

  // docs/semantics.md 9.1, 9.2, 9.5: where a content-usage line sits and how its value reads.
  void check_content_usage(const LineFacts& line) {
    if (!seen_user_agent_) {
      add("content-usage-outside-group", line.number, column_of(line, line.key),
          "This content-usage line comes before any user-agent line, so it belongs to no "
          "group and applies to no crawler.");
    }
    const internal::UsageValue split = internal::split_usage_value(line.value);
    if (split.path.empty()) {
      // docs/semantics.md 9.2: without a leading `/` the whole value is the preference string; a
      // first word that looks like a path was almost certainly meant as one.
      const std::size_t space = line.value.find_first_of(" \t");
      const std::string_view first = line.value.substr(0, space);
      if (space != std::string_view::npos &&
          (first.find('/') != std::string_view::npos || first.starts_with('*'))) {
        add("content-usage-path-without-slash", line.number, column_of(line, first),
            quote(first) +
                " looks like a path but does not start with `/`, so the whole "
                "value is read as preferences and says nothing; write " +
                quote("/" + std::string(first)) + ".");
        return;
      }
    }
    check_preferences(line, split.preferences);
  }

  void check_preferences(const LineFacts& line, std::string_view preferences) {
    namespace sf = structured_field;
    const auto parsed = sf::parse_dictionary(preferences);
    const std::uint32_t start = column_of(line, preferences);
    if (!parsed) {
      const auto column = start + static_cast<std::uint32_t>(parsed.error.offset);
      // RFC 9651 keys are lower case: when lower-casing is all the string needs, say so.
      std::string lowered(preferences);
      for (char& c : lowered) c = internal::to_ascii_lower(c);
      if (sf::parse_dictionary(lowered)) {
        add("content-usage-uppercase-key", line.number, column,
            "Preference keys must be lower case, so " + quote(preferences) +
                " does not parse and every category is unknown; write " + quote(lowered) + ".");
        return;
      }
      add("content-usage-unparsable", line.number, column,
          quote(preferences) + " does not parse (" +
              std::string(sf::to_string(parsed.error.reason)) + " at column " +
              std::to_string(column) + "), so every category is unknown.");
      return;
    }
    for (const auto& [label, member] : *parsed) {
      const std::size_t at = preferences.find(label);
      const std::uint32_t column =
          at == std::string_view::npos ? start : start + static_cast<std::uint32_t>(at);
      if (label != "train-ai" && label != "search") {
        add("content-usage-unknown-label", line.number, column,
            quote(label) +
                " is not a category of the vocabulary (`train-ai`, `search`): "
                "crawlers ignore it.");
        continue;
      }
      const sf::Item* item = std::get_if<sf::Item>(&member);
      const sf::Token* token = item == nullptr ? nullptr : std::get_if<sf::Token>(&item->value);
      if (token == nullptr || (token->name != "y" && token->name != "n")) {
        add("content-usage-bad-value", line.number, column,
            quote(label) + " must be `y` or `n` (unquoted); anything else leaves it unknown.");
      }
    }
  }

  // docs/semantics.md 9.7: Content-Signal is `key=value` entries whose values are `yes` or `no`.
  void check_content_signal(const LineFacts& line) {
    if (parse_content_signal(line.value).empty()) {
      add("content-signal-malformed", line.number, column_of(line, line.key),
          "This content-signal line has no `key=value` entry, so it signals nothing.");
      return;
    }
    for (const auto& [key, value] : parse_content_signal(line.value)) {
      if (!key.empty() && (value == "yes" || value == "no")) continue;
      add("content-signal-malformed", line.number, column_of(line, key),
          "Each content-signal entry is `name=yes` or `name=no`; " +
              quote(value.empty() ? std::string(key)
                                  : std::string(key) + "=" + std::string(value)) +
              " is not.");
      return;
    }
  }

  void check_user_agent(const LineFacts& line) {
    seen_user_agent_ = true;
    const std::string_view value = line.value;
    const std::uint32_t column = column_of(line, value.empty() ? line.key : value);
    if (value.empty()) {
      add("empty-user-agent", line.number, column,
          "This user-agent line names no crawler: it matches none, yet it still starts or "
          "joins a group.");
      return;
    }
    if (is_global_agent(value)) {
      if (value.size() > 1) {
        add("star-with-text", line.number, column,
            quote(value) +
                " is read as `*`, the group for every crawler; the text after it "
                "is ignored.");
      }
      return;
    }
    if (value[0] == '*') {
      add("user-agent-no-token", line.number, column,
          quote(value) +
              " is not `*` and has no product token (only letters, `-` and `_` "
              "count), so it matches no crawler.");
      return;
    }
    const std::size_t token = product_token(value).size();
    if (token == 0) {
      add("user-agent-no-token", line.number, column,
          quote(value) +
              " has no product token (only letters, `-` and `_` count), so it "
              "matches no crawler.");
    } else if (token < value.size()) {
      add("user-agent-token", line.number, column,
          "Crawlers match only the product token: " + quote(value) + " is read as " +
              quote(value.substr(0, token)) + ".");
    }
    if (token > 0) check_crawler_token(line, value.substr(0, token), column);
  }

  // Findings that need the crawler catalogue (docs/semantics.md 8). Tokens compare ignoring
  // case (2.5), so only a real misspelling is worth a word, not a different case.
  void check_crawler_token(const LineFacts& line, std::string_view token, std::uint32_t column) {
    const std::vector<const Crawler*> users = crawlers_using_token(token);
    if (users.empty()) {
      // Only a token no crawler uses can be a misspelling of one.
      if (const std::string_view known = likely_misspelt_token(token); !known.empty()) {
        add("crawler-token-typo", line.number, column,
            quote(token) + " is not a token any known crawler uses; did you mean " + quote(known) +
                "? As written, this group applies to no known crawler.");
      }
      return;
    }
    const bool none_bound =
        !users.empty() && std::none_of(users.begin(), users.end(), [](const Crawler* crawler) {
          return crawler->obeys_robots_txt;
        });
    if (none_bound) {
      add("not-subject-crawler", line.number, column,
          quote(users.front()->name) +
              " fetches when a person asks and does not follow robots.txt: this group has no "
              "effect on it.");
    }
  }

  // docs/semantics.md 8.2: `*` never applies to AdsBot-like crawlers; a file that restricts only
  // through `*` (no group names any crawler) leaves every one of them free.
  void check_global_ignored(const std::vector<Group>& groups) {
    const std::vector<std::size_t> global = robots_.global_groups();
    const bool star_only = std::all_of(groups.begin(), groups.end(), [](const Group& group) {
      return std::all_of(group.agents.begin(), group.agents.end(),
                         [](const AgentLine& agent) { return agent.global; });
    });
    const bool restricts = std::any_of(global.begin(), global.end(), [&](std::size_t g) {
      return std::any_of(groups[g].rules.begin(), groups[g].rules.end(), [](const RuleLine& rule) {
        return rule.kind == RuleKind::kDisallow && !rule.pattern.empty();
      });
    });
    if (global.empty() || !star_only || !restricts) return;
    std::vector<std::string_view> free;
    for (const Crawler& crawler : crawler_catalogue()) {
      if (!crawler.ignores_global_group || !crawler.obeys_robots_txt) continue;
      const GroupSelection selection = robots_.select_groups(crawler);
      if (selection.crawler_rule == CrawlerRule::kOwnToken ||
          selection.crawler_rule == CrawlerRule::kFallbackToken) {
        return;  // the file names at least one of them: its author knows
      }
      free.push_back(crawler.name);
    }
    if (free.empty()) return;
    std::string names;
    for (const std::string_view name : free)
      names += (names.empty() ? "" : ", ") + std::string(name);
    add("global-ignored-crawlers", groups[global.front()].agents.front().line, 0,
        "The `*` rules do not apply to " + names +
            ": these crawlers must be named in a group of their own to be restricted.");
  }

  void check_rule(const LineFacts& line) {
    if (line.outside_group) {
      add("rule-outside-group", line.number, column_of(line, line.key),
          "This rule comes before any user-agent line, so it belongs to no group and every "
          "crawler ignores it.");
      return;
    }
    const std::string_view value = line.value;
    if (!value.empty() && value[0] != '/' && value[0] != '*') {
      if (has_scheme(value)) {
        // A rule is matched against the path of a URL on the robots.txt's own host, so
        // the URL's path is what its author meant.
        add("pattern-start", line.number, column_of(line, value),
            "Rules are paths, not URLs: " + quote(value) +
                " can never match, since the path a rule is matched against starts with `/`; "
                "write " +
                quote(encoded_for_request(path_of(value))) +
                " (a robots.txt applies only to its own host).");
      } else {
        add("pattern-start", line.number, column_of(line, value),
            "Paths always start with `/`, so " + quote(value) + " can never match; write " +
                quote("/" + encoded_for_request(value)) + ".");
      }
    }
    if (const std::size_t raw = first_request_encoded(value); raw != std::string_view::npos) {
      check_raw_byte(line, value, raw);
    }
    if (const std::size_t dollar = value.find('$');
        dollar != std::string_view::npos && dollar + 1 < value.size()) {
      add("literal-dollar", line.number,
          column_of(line, value) + static_cast<std::uint32_t>(dollar),
          "`$` anchors the end only as the last character of a rule; this one matches a "
          "literal `$` in the URL.");
    }
  }

  // A space or control byte inside a rule (the ends are trimmed, docs/semantics.md 1.5) is
  // compared as it is (1.8 encodes only bytes from 0x80), but a crawler requests such a
  // byte percent-encoded: the rule matches only URLs given with the raw byte, which no
  // crawler requests.
  void check_raw_byte(const LineFacts& line, std::string_view value, std::size_t raw) {
    const bool space = value[raw] == ' ';
    const std::string encoded = encoded_for_request(value);
    std::string message =
        quote(value) + " has " +
        (space ? std::string("a raw space")
               : "a raw control byte (" + percent_escape(static_cast<unsigned char>(value[raw])) +
                     ")") +
        ", which no crawler's request has: the rule matches only a URL given with " +
        (space ? "the space" : "that byte") + " as it is, never " + quote(encoded) +
        ", the path a crawler requests; write " + quote(encoded) + ".";
    // `disallow: /a /b`: two paths on one line.
    const std::size_t next = value.find_first_not_of(kRequestEncodedBytes, raw);
    if (space && next != std::string_view::npos && (value[next] == '/' || value[next] == '*')) {
      message += " If these are two rules, write each on a line of its own.";
    }
    add("space-or-control-in-rule", line.number,
        column_of(line, value) + static_cast<std::uint32_t>(raw), std::move(message));
  }

  void check_sitemap(const LineFacts& line) {
    const std::string_view url = line.value;
    if (!internal::starts_with_ignoring_case(url, "http://") &&
        !internal::starts_with_ignoring_case(url, "https://")) {
      add("sitemap-not-absolute", line.number, column_of(line, url.empty() ? line.key : url),
          "A sitemap must be an absolute http(s) URL; " + quote(url) + " is ignored.");
    }
  }

  void check_groups() {
    const std::vector<Group> owned = groups_ == nullptr ? robots_.groups() : std::vector<Group>();
    const std::vector<Group>& groups = groups_ == nullptr ? owned : *groups_;
    // Named agents and `*`, each with every group that names it: the sets the matcher
    // merges (docs/semantics.md 3).
    const AgentSets sets = agent_sets(groups);
    std::size_t first_agent = 0;
    for (const Group& group : groups) {
      check_joined(group);
      check_without_rules(group, sets, first_agent);
      first_agent += group.agents.size();
    }
    // Agents named by the same groups share one rule set: check it once.
    IdTable checked_sets(sets.keys.size());
    for (std::uint32_t id = 0; id < sets.keys.size(); ++id) {
      const std::span<const std::size_t> list = sets.groups_of(id);
      if (list.size() > 1) {
        std::string where;
        for (const std::size_t g : list) {
          where += (where.empty() ? "" : ", ") + std::to_string(groups[g].agents.front().line);
        }
        add("agent-in-several-groups", groups[list[1]].agents.front().line, 0,
            quote(lower(sets.keys[id])) + " is named by " + std::to_string(list.size()) +
                " groups (starting at lines " + where +
                "); crawlers merge their rules into one set.");
      }
      std::uint64_t hash = kHashStart;
      for (const std::size_t g : list) hash = hash_more(hash, g);
      const std::uint32_t first = checked_sets.find_or_add(hash, id, [&](std::uint32_t other) {
        const std::span<const std::size_t> other_list = sets.groups_of(other);
        return std::equal(other_list.begin(), other_list.end(), list.begin(), list.end());
      });
      if (first == id) check_rule_set(groups, list);
    }
    check_global_ignored(groups);
    check_usage_reachable(groups, sets);
  }

  // The agents of the file by key (the token ignoring case, or `*`), numbered in the
  // order they are first named, with the groups naming each: the sets the matcher merges
  // (docs/semantics.md 3). In flat arrays: a file may name hundreds of agents, and a
  // map keyed by a lower-cased copy of each cost more than the rest of the lint.
  struct AgentSets {
    std::vector<std::string_view> keys;     // by id: "*" or the token as first written
    std::vector<std::int32_t> agent_ids;    // per agent line, groups in order; -1: no token
    std::vector<bool> with_rules;           // by id: named by a group with rules
    bool tokenless_with_rules = false;      // an agent without a token in a group with rules
    std::vector<std::size_t> list_offsets;  // by id: its groups are lists[offsets[id]...]
    std::vector<std::size_t> lists;

    std::span<const std::size_t> groups_of(std::uint32_t id) const {
      return std::span<const std::size_t>(lists).subspan(list_offsets[id],
                                                         list_offsets[id + 1] - list_offsets[id]);
    }
  };

  AgentSets agent_sets(const std::vector<Group>& groups) {
    AgentSets sets;
    std::size_t agent_count = 0;
    for (const Group& group : groups) agent_count += group.agents.size();
    sets.agent_ids.reserve(agent_count);
    IdTable table(agent_count);
    std::vector<std::size_t> last_group;  // by id: the last group counted in its list
    std::vector<std::size_t> list_sizes;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      const bool has_rules = !groups[g].rules.empty();
      for (const AgentLine& agent : groups[g].agents) {
        if (!agent.global && agent.token.empty()) {
          sets.agent_ids.push_back(-1);
          sets.tokenless_with_rules = sets.tokenless_with_rules || has_rules;
          continue;
        }
        const std::string_view key = agent.global ? std::string_view("*") : agent.token;
        const auto next = static_cast<std::uint32_t>(sets.keys.size());
        const std::uint32_t id = table.find_or_add(hash_ignoring_case(key), next, [&](auto other) {
          return internal::equals_ignoring_case(sets.keys[other], key);
        });
        if (id == next) {
          sets.keys.push_back(key);
          sets.with_rules.push_back(false);
          last_group.push_back(g);
          list_sizes.push_back(1);
          report_.summary.agents.push_back(agent.global ? "*" : std::string(agent.token));
        } else if (last_group[id] != g) {
          last_group[id] = g;
          ++list_sizes[id];
        }
        sets.agent_ids.push_back(static_cast<std::int32_t>(id));
        if (has_rules) sets.with_rules[id] = true;
      }
    }
    sets.list_offsets.assign(1, 0);
    for (const std::size_t size : list_sizes) {
      sets.list_offsets.push_back(sets.list_offsets.back() + size);
    }
    sets.lists.resize(sets.list_offsets.back());
    std::vector<std::size_t> filled(sets.keys.size(), 0);
    std::size_t at = 0;
    for (std::size_t g = 0; g < groups.size(); ++g) {
      for (std::size_t a = 0; a < groups[g].agents.size(); ++a, ++at) {
        const std::int32_t id = sets.agent_ids[at];
        if (id < 0) continue;
        const std::size_t begin = sets.list_offsets[static_cast<std::size_t>(id)];
        std::size_t& count = filled[static_cast<std::size_t>(id)];
        if (count == 0 || sets.lists[begin + count - 1] != g) sets.lists[begin + count++] = g;
      }
    }
    return sets;
  }

  static std::string lower(std::string_view text) {
    std::string lowered(text);
    for (char& c : lowered) c = internal::to_ascii_lower(c);
    return lowered;
  }

  // A content-usage rule whose every path is disallowed for every agent set its group
  // belongs to can never apply (docs/semantics.md 9.4). Conservative: only a disallow without
  // `*` or `$` that is a prefix of the rule's literal start counts, and any allow whose
  // literal start could lead under it (one a prefix of the other) clears the rule; agent
  // lists and crawler precedence can combine groups otherwise, which this does not model.
  void check_usage_reachable(const std::vector<Group>& groups, const AgentSets& sets) {
    if (!robots_.states_usage()) return;  // no content-usage line at all: most files
    std::vector<std::size_t> first_agent_of(groups.size() + 1, 0);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      first_agent_of[g + 1] = first_agent_of[g] + groups[g].agents.size();
    }
    for (const Directive& directive : robots_.directives()) {
      if (directive.group < 0 || !internal::equals_ignoring_case(directive.key, "content-usage"))
        continue;
      const internal::UsageValue split = internal::split_usage_value(directive.value);
      if (split.path.empty()) continue;
      const std::string pattern = normalize_pattern(split.path);
      const std::string_view literal = literal_start(pattern);
      const auto g = static_cast<std::size_t>(directive.group);
      std::uint32_t blocking = 0;  // the first blocking disallow found; 0 while none
      bool every_set_blocks = true;
      for (std::size_t a = first_agent_of[g]; a < first_agent_of[g + 1]; ++a) {
        const std::int32_t id = sets.agent_ids[a];
        if (id < 0) continue;  // an agent no crawler has
        const std::uint32_t line =
            blocking_disallow(groups, sets.groups_of(static_cast<std::uint32_t>(id)), literal);
        if (line == 0) every_set_blocks = false;
        if (blocking == 0) blocking = line;
      }
      if (!every_set_blocks || blocking == 0) continue;
      add("content-usage-never-applies", directive.line, 0,
          "Line " + std::to_string(blocking) + " disallows every URL under " + quote(split.path) +
              " for the same crawlers, and usage preferences exist only for URLs that may be "
              "fetched: this rule never applies.");
    }
  }

  // The part of a pattern before its first `*` or `$`: every path it matches starts so.
  static std::string_view literal_start(std::string_view pattern) {
    return pattern.substr(0, pattern.find_first_of("*$"));
  }

  // The line of a plain disallow covering every path starting with `literal`, when no
  // allow of these groups could match such a path; 0 otherwise.
  static std::uint32_t blocking_disallow(const std::vector<Group>& groups,
                                         std::span<const std::size_t> set,
                                         std::string_view literal) {
    std::uint32_t blocking = 0;
    for (const std::size_t g : set) {
      for (const RuleLine& rule : groups[g].rules) {
        if (rule.pattern.empty()) continue;
        if (rule.kind == RuleKind::kAllow) {
          const std::string_view start = literal_start(rule.pattern);
          if (start.starts_with(literal) || literal.starts_with(start)) return 0;
        } else if (blocking == 0 && literal_start(rule.pattern) == rule.pattern &&
                   literal.starts_with(rule.pattern)) {
          blocking = rule.line;
        }
      }
    }
    return blocking;
  }

  // The crawl-delay trap: user-agent lines with another directive between them still
  // share one group (docs/semantics.md 2.2), so rules meant for the second apply to the first.
  void check_joined(const Group& group) {
    for (std::size_t a = 1; a < group.agents.size(); ++a) {
      const std::uint32_t previous = group.agents[a - 1].line;
      const std::uint32_t current = group.agents[a].line;
      for (std::uint32_t between = previous + 1; between < current; ++between) {
        const LineFacts& line = lines_[between - 1];
        if (line.kind != LineKind::kOther && line.kind != LineKind::kSitemap) continue;
        add("group-joined", current, 0,
            "This user-agent line joins the group of line " + std::to_string(previous) + ": line " +
                std::to_string(between) + " (" + quote(line.key) +
                ") does not end a group, so the rules below apply to " +
                quote(group.agents[a - 1].value) + " as well, not only to " +
                quote(group.agents[a].value) + ".");
        break;
      }
    }
  }

  // `first_agent`: the index of the group's first agent line among all of the file's.
  void check_without_rules(const Group& group, const AgentSets& sets, std::size_t first_agent) {
    if (!group.rules.empty()) return;
    // Harmless when every agent of the group also has a group with rules.
    for (std::size_t a = 0; a < group.agents.size(); ++a) {
      const AgentLine& agent = group.agents[a];
      const std::int32_t id = sets.agent_ids[first_agent + a];
      if (id < 0 ? sets.tokenless_with_rules : sets.with_rules[static_cast<std::size_t>(id)]) {
        continue;
      }
      add("group-without-rules", group.agents.front().line, 0,
          agent.global
              ? std::string("The `*` group has no rules: every crawler without a group of its "
                            "own may fetch everything.")
              : "The group for " + quote(agent.value) + " has no rules: " + quote(agent.token) +
                    " may fetch everything, and the `*` rules do not apply to it.");
      return;
    }
  }

  void check_rule_set(const std::vector<Group>& groups, std::span<const std::size_t> list) {
    // One group's rules are in line order already (RobotsTxt::groups()): most sets.
    std::span<const RuleLine> rules = groups[list.front()].rules;
    if (list.size() > 1) {
      rule_set_.clear();
      for (const std::size_t g : list)
        rule_set_.insert(rule_set_.end(), groups[g].rules.begin(), groups[g].rules.end());
      std::sort(rule_set_.begin(), rule_set_.end(),
                [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; });
      rules = rule_set_;
    }
    // The first rule of each kind and pattern, in line order.
    pattern_hashes_.clear();
    for (const RuleLine& rule : rules) pattern_hashes_.push_back(pattern_hash(rule.pattern));
    IdTable first_rule(rules.size());
    const auto same_rule = [rules](RuleKind kind, std::string_view pattern) {
      return [rules, kind, pattern](std::uint32_t other) {
        return rules[other].kind == kind && rules[other].pattern == pattern;
      };
    };
    for (std::uint32_t r = 0; r < rules.size(); ++r) {
      const RuleLine& rule = rules[r];
      const std::uint32_t first = first_rule.find_or_add(with_kind(pattern_hashes_[r], rule.kind),
                                                         r, same_rule(rule.kind, rule.pattern));
      if (first != r) {
        add_once("duplicate-rule", rule.line,
                 "Same rule as line " + std::to_string(rules[first].line) +
                     " for the same crawlers: this line can never decide anything.");
      }
    }
    for (std::uint32_t r = 0; r < rules.size(); ++r) {
      const RuleLine& rule = rules[r];
      if (rule.kind != RuleKind::kDisallow || rule.pattern.empty()) continue;
      const std::optional<std::uint32_t> allow =
          first_rule.find(with_kind(pattern_hashes_[r], RuleKind::kAllow),
                          same_rule(RuleKind::kAllow, rule.pattern));
      if (!allow) continue;
      const std::uint32_t allow_line = rules[*allow].line;
      add_once("allow-disallow-same-pattern", std::max(rule.line, allow_line),
               "Allow (line " + std::to_string(allow_line) + ") and disallow (line " +
                   std::to_string(rule.line) + ") of " + quote(rule.pattern) +
                   " tie for the same crawlers, and a tie goes to allow: the disallow never "
                   "applies.");
    }
  }

  // A pattern's hash, eight bytes at a time: patterns are tens of bytes, and a set's
  // rules are hashed once for the duplicates and looked up again for the ties.
  static std::uint64_t pattern_hash(std::string_view pattern) {
    std::uint64_t hash = hash_more(kHashStart, pattern.size());
    std::size_t at = 0;
    for (; at + 8 <= pattern.size(); at += 8) {
      std::uint64_t word = 0;
      std::memcpy(&word, pattern.data() + at, 8);
      hash = mix_word(hash, word);
    }
    if (at < pattern.size()) {
      std::uint64_t word = 0;
      std::memcpy(&word, pattern.data() + at, pattern.size() - at);
      hash = mix_word(hash, word);
    }
    return hash;
  }

  static std::uint64_t mix_word(std::uint64_t hash, std::uint64_t word) {
    hash = (hash ^ word) * 0x9E3779B97F4A7C15ULL;
    return hash ^ (hash >> 29);
  }

  static std::uint64_t with_kind(std::uint64_t pattern_hash, RuleKind kind) {
    return hash_more(pattern_hash, static_cast<std::uint64_t>(kind));
  }

  static std::uint64_t hash_ignoring_case(std::string_view key) {
    std::uint64_t hash = kHashStart;
    for (const char c : key) {
      hash = hash_more(hash, static_cast<unsigned char>(internal::to_ascii_lower(c)));
    }
    return hash;
  }

  void add_once(std::string_view code, std::uint32_t line, std::string message) {
    if (reported_.emplace(code, line).second) add(code, line, 0, std::move(message));
  }

  // Lines as a person counts them: the parser numbers the nothing after a final line end
  // as one more line (docs/semantics.md 1.3), an editor does not, and an empty file has
  // none. When bytes past the limit follow, that last line is real: it is cut there.
  std::size_t counted_lines() const {
    if (body_.empty()) return 0;
    const bool ends_a_line = body_.back() == '\n' || body_.back() == '\r';
    return lines_.size() - (ends_a_line && tail_.bytes == 0 ? 1 : 0);
  }

  void finish() {
    LintSummary& summary = report_.summary;
    summary.lines = counted_lines();
    for (std::size_t i = 0; i < summary.lines; ++i) {
      switch (lines_[i].kind) {
        case LineKind::kEmpty:
          ++summary.blank;
          break;
        case LineKind::kComment:
          ++summary.comments;
          break;
        case LineKind::kUserAgent:
        case LineKind::kSitemap:
          ++summary.directives;
          break;
        case LineKind::kAllow:
        case LineKind::kDisallow:
          ++(lines_[i].outside_group ? summary.ignored : summary.directives);
          break;
        default:
          ++summary.ignored;
          break;
      }
    }
    for (const std::string_view sitemap : robots_.sitemaps())
      summary.sitemaps.emplace_back(sitemap);
    std::stable_sort(report_.findings.begin(), report_.findings.end(),
                     [](const Finding& a, const Finding& b) {
                       return a.line != b.line ? a.line < b.line : a.column < b.column;
                     });
    for (const Finding& finding : report_.findings) {
      ++(finding.severity == Severity::kError     ? summary.errors
         : finding.severity == Severity::kWarning ? summary.warnings
                                                  : summary.infos);
    }
  }

  std::string_view body_;  // the first kMaxBodyBytes: all that a crawler reads
  IgnoredTail tail_;
  std::vector<LineFacts> owned_lines_;  // when this linter read the body itself
  RobotsTxt owned_robots_;
  const std::vector<LineFacts>& lines_;
  const RobotsTxt& robots_;
  LintReport report_;
  const std::vector<Group>* groups_ = nullptr;  // robots_.groups(), when the caller has them
  std::set<std::pair<std::string_view, std::uint32_t>> reported_;  // codes are literals
  // check_rule_set()'s room, kept from one set to the next: a merged set's rules, and
  // the hash of each rule's pattern.
  std::vector<RuleLine> rule_set_;
  std::vector<std::uint64_t> pattern_hashes_;
  // docs/semantics.md 9.1: groups start at the first user-agent line.
  bool seen_user_agent_ = false;
};

}  // namespace

std::string_view to_string(Severity severity) noexcept {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      break;
  }
  return "info";
}

void IgnoredTail::add(std::string_view chunk) noexcept {
  if (chunk.empty()) return;
  bytes += chunk.size();
  // Every LF and every CR ends a line, except the LF of a CR LF pair.
  line_ends += static_cast<std::uint64_t>(std::count(chunk.begin(), chunk.end(), '\n') +
                                          std::count(chunk.begin(), chunk.end(), '\r'));
  if (ends_with_cr && chunk.front() == '\n') --line_ends;
  for (std::size_t i = 1; i < chunk.size(); ++i) {
    if (chunk[i] == '\n' && chunk[i - 1] == '\r') --line_ends;
  }
  ends_with_cr = chunk.back() == '\r';
}

LintReport lint(std::string_view body) {
  IgnoredTail tail;
  if (body.size() > kMaxBodyBytes) tail.add(body.substr(kMaxBodyBytes));
  return Linter(body, tail).run();
}

LintReport lint(std::string_view head, const IgnoredTail& tail) { return Linter(head, tail).run(); }

LintReport internal::lint_described(std::string_view body, const std::vector<LineFacts>& lines,
                                    const RobotsTxt& robots) {
  IgnoredTail tail;
  if (body.size() > kMaxBodyBytes) tail.add(body.substr(kMaxBodyBytes));
  return Linter(body, tail, lines, robots).run();
}

LintReport internal::lint_described(std::string_view head, const IgnoredTail& tail,
                                    const std::vector<LineFacts>& lines, const RobotsTxt& robots) {
  return Linter(head, tail, lines, robots).run();
}

LintReport internal::lint_described(std::string_view head, const IgnoredTail& tail,
                                    const std::vector<LineFacts>& lines, const RobotsTxt& robots,
                                    const std::vector<Group>& groups) {
  return Linter(head, tail, lines, robots, groups).run();
}

const std::vector<LintCode>& lint_codes() { return kCodes; }

}  // namespace robotstxt
