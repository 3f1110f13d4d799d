/**
 * @file usage_preferences.h
 * @brief AI usage preferences (docs/semantics.md 9): what a site says about using its
 *        content for AI training or search, from `Content-Usage` robots.txt rules and
 *        HTTP headers, and the separate `Content-Signal` vocabulary.
 *
 * These never change whether a URL may be fetched; they describe what may be done with
 * what was fetched. RobotsTxt::usage() picks the rules that apply to a URL; the functions
 * here read one preference string and combine two statements.
 *
 * @code
 *   auto header = robotstxt::parse_content_usage("train-ai=n, search=y");
 *   // header.train_ai == Preference::kDisallowed, header.search == Preference::kAllowed
 *   auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nContent-Usage: train-ai=y\n");
 *   auto file = robots.usage("https://example.com/a", "FooBot");  // train_ai allowed
 *   robotstxt::combine(*file, header).train_ai;  // kDisallowed: the stricter one wins
 * @endcode
 */
#ifndef ROBOTSTXT_USAGE_PREFERENCES_H_
#define ROBOTSTXT_USAGE_PREFERENCES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace robotstxt {

/// One category's preference (docs/semantics.md 9.5).
enum class Preference : std::uint8_t {
  kUnknown,     ///< nothing said, or nothing understood
  kAllowed,     ///< the Token `y`
  kDisallowed,  ///< the Token `n`
};

/// "unknown", "allowed" or "disallowed".
[[nodiscard]] std::string_view to_string(Preference preference) noexcept;

/// The preferences for the categories of the vocabulary (`train-ai`, `search`).
struct UsagePreferences {
  Preference train_ai = Preference::kUnknown;
  Preference search = Preference::kUnknown;
  /// The robots.txt lines that decided, in file order; empty when no rule matched (and
  /// always empty for a parsed header).
  std::vector<std::uint32_t> lines;

  friend bool operator==(const UsagePreferences&, const UsagePreferences&) = default;
};

/// Reads one preference string: a `content-usage` value after its path, or an HTTP
/// `Content-Usage` header (docs/semantics.md 9.5, 9.6). An RFC 9651 Dictionary whose Token `y`
/// means allowed and Token `n` disallowed; anything else, or a value that does not parse
/// as a Dictionary, is unknown. Never fails.
[[nodiscard]] UsagePreferences parse_content_usage(std::string_view value);

/// One `content-usage` value split as docs/semantics.md 9.2 says: a value starting with `/` has a
/// path up to the first space or tab, then the preference string.
struct UsageRule {
  std::string pattern;           ///< normalised (1.8); empty when there is no path
  std::string_view preferences;  ///< trimmed; points into the value
};

/// read_usage_rule("/ai-ok/ train-ai=y") == {"/ai-ok/", "train-ai=y"}; a value without a
/// path is all preferences: its rule matches every path with strength 0. Never fails.
[[nodiscard]] UsageRule read_usage_rule(std::string_view value);

/// The most restrictive of two statements (docs/semantics.md 9.3, 9.6): disallowed if either
/// says so, else allowed if either says so, else unknown.
[[nodiscard]] Preference combine(Preference a, Preference b) noexcept;
/// combine() per category; the lines of both, in file order without repeats.
[[nodiscard]] UsagePreferences combine(const UsagePreferences& a, const UsagePreferences& b);

/// A `Content-Signal` value split into its `key=value` entries, as written: entries are
/// separated by `,`, keys and values are trimmed, empty entries are dropped and an entry
/// without `=` has an empty value (docs/semantics.md 9.7). The views point into `value`.
[[nodiscard]] std::vector<std::pair<std::string_view, std::string_view>> parse_content_signal(
    std::string_view value);

/// One `Content-Signal` line of a group that applies (docs/semantics.md 9.7): a vocabulary of its
/// own, never merged into UsagePreferences. Views point into the RobotsTxt.
struct ContentSignal {
  std::uint32_t line = 0;
  std::string_view value;  ///< as written, e.g. "search=yes, ai-train=no"
  std::vector<std::pair<std::string_view, std::string_view>> parsed;  ///< parse_content_signal()
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_USAGE_PREFERENCES_H_
