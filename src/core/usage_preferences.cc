// Reading and combining AI usage preference strings (docs/semantics.md 9.3, 9.5-9.7).
#include "robotstxt/usage_preferences.h"

#include <algorithm>
#include <iterator>
#include <variant>

#include "base/ascii.h"
#include "core/structured_field.h"

namespace robotstxt {
namespace {

namespace sf = structured_field;

// docs/semantics.md 9.5: only the bare Token `y` or `n` says something; parameters are ignored.
Preference preference_of(const sf::Dictionary& dictionary, std::string_view label) {
  const sf::Item* item = std::get_if<sf::Item>(sf::find(dictionary, label));
  if (item == nullptr) return Preference::kUnknown;
  const sf::Token* token = std::get_if<sf::Token>(&item->value);
  if (token == nullptr) return Preference::kUnknown;
  if (token->name == "y") return Preference::kAllowed;
  if (token->name == "n") return Preference::kDisallowed;
  return Preference::kUnknown;
}

}  // namespace

std::string_view to_string(Preference preference) noexcept {
  switch (preference) {
    case Preference::kAllowed:
      return "allowed";
    case Preference::kDisallowed:
      return "disallowed";
    case Preference::kUnknown:
      break;
  }
  return "unknown";
}

UsagePreferences parse_content_usage(std::string_view value) {
  UsagePreferences preferences;
  // A repeated key keeps its last value, and an upper-case key fails the whole
  // dictionary: both are the parser's RFC 9651 behaviour.
  const auto parsed = sf::parse_dictionary(value);
  if (!parsed) return preferences;
  preferences.train_ai = preference_of(*parsed, "train-ai");
  preferences.search = preference_of(*parsed, "search");
  return preferences;
}

Preference combine(Preference a, Preference b) noexcept {
  if (a == Preference::kDisallowed || b == Preference::kDisallowed) return Preference::kDisallowed;
  if (a == Preference::kAllowed || b == Preference::kAllowed) return Preference::kAllowed;
  return Preference::kUnknown;
}

UsagePreferences combine(const UsagePreferences& a, const UsagePreferences& b) {
  UsagePreferences combined;
  combined.train_ai = combine(a.train_ai, b.train_ai);
  combined.search = combine(a.search, b.search);
  std::set_union(a.lines.begin(), a.lines.end(), b.lines.begin(), b.lines.end(),
                 std::back_inserter(combined.lines));
  return combined;
}

std::vector<std::pair<std::string_view, std::string_view>> parse_content_signal(
    std::string_view value) {
  std::vector<std::pair<std::string_view, std::string_view>> entries;
  while (!value.empty()) {
    const std::size_t comma = value.find(',');
    const std::string_view entry = internal::trim_ascii_space(value.substr(0, comma));
    value.remove_prefix(comma == std::string_view::npos ? value.size() : comma + 1);
    if (entry.empty()) continue;
    const std::size_t equals = entry.find('=');
    if (equals == std::string_view::npos) {
      entries.emplace_back(entry, std::string_view());
    } else {
      entries.emplace_back(internal::trim_ascii_space(entry.substr(0, equals)),
                           internal::trim_ascii_space(entry.substr(equals + 1)));
    }
  }
  return entries;
}

}  // namespace robotstxt
