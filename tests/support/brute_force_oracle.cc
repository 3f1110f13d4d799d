#include "brute_force_oracle.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::testing {
namespace {

constexpr std::size_t kBodyLimit = 512000;  // docs/semantics.md 1.1
constexpr std::size_t kLineLimit = 16663;   // docs/semantics.md 1.4

// docs/semantics.md 1.5: the whitespace that is trimmed.
bool is_whitespace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && is_whitespace(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_whitespace(text.back())) text.remove_suffix(1);
  return text;
}

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool key_starts_with(std::string_view key, std::string_view prefix) {
  return key.size() >= prefix.size() && same_ignoring_case(key.substr(0, prefix.size()), prefix);
}

// docs/semantics.md 1.1-1.3: the body as counted, split into lines (number = index + 1).
std::vector<std::string_view> lines_of(std::string_view body) {
  if (body.size() > kBodyLimit) body = body.substr(0, kBodyLimit);
  const std::string_view bom = "\xEF\xBB\xBF";
  for (std::size_t i = 0; i < bom.size() && !body.empty() && body.front() == bom[i]; ++i) {
    body.remove_prefix(1);
  }
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\n' && body[i] != '\r') continue;
    lines.push_back(body.substr(start, i - start));
    if (body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n') ++i;
    start = i + 1;
  }
  lines.push_back(body.substr(start));
  return lines;
}

enum class Key { kUserAgent, kAllow, kDisallow, kOther };

// docs/semantics.md 1.7, in its order. Sitemaps and other keys never touch groups (2.2).
Key key_kind(std::string_view key) {
  for (std::string_view name : {"user-agent", "useragent", "user agent"}) {
    if (key_starts_with(key, name)) return Key::kUserAgent;
  }
  if (key_starts_with(key, "allow")) return Key::kAllow;
  for (std::string_view name :
       {"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}) {
    if (key_starts_with(key, name)) return Key::kDisallow;
  }
  return Key::kOther;
}

// docs/semantics.md 1.4-1.6: the key and value of one line; false when the line has none.
bool split_line(std::string_view line, std::string_view& key, std::string_view& value) {
  line = line.substr(0, kLineLimit);
  line = line.substr(0, line.find('\0'));
  line = trimmed(line.substr(0, line.find('#')));
  if (const std::size_t colon = line.find(':'); colon != std::string_view::npos) {
    key = trimmed(line.substr(0, colon));
    value = trimmed(line.substr(colon + 1));
    return !key.empty();
  }
  std::vector<std::string_view> words;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= line.size(); ++i) {
    if (i < line.size() && line[i] != ' ' && line[i] != '\t') continue;
    if (i > start) words.push_back(line.substr(start, i - start));
    start = i + 1;
  }
  if (words.size() != 2) return false;
  key = trimmed(words[0]);
  value = trimmed(words[1]);
  return !key.empty();
}

// docs/semantics.md 1.8.
std::string normalised(std::string_view value) {
  const auto is_hex = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  };
  const auto upper = [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; };
  const char* const hex = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const auto byte = static_cast<unsigned char>(value[i]);
    if (value[i] == '%' && i + 2 < value.size() && is_hex(value[i + 1]) && is_hex(value[i + 2])) {
      out += '%';
      out += upper(value[i + 1]);
      out += upper(value[i + 2]);
      i += 2;
    } else if (byte >= 0x80) {
      out += '%';
      out += hex[byte / 16];
      out += hex[byte % 16];
    } else {
      out += value[i];
    }
  }
  return out;
}

// docs/semantics.md 2.4.
bool is_global(std::string_view agent) {
  return agent == "*" || (agent.size() > 1 && agent[0] == '*' && is_whitespace(agent[1]));
}

std::string product_token(std::string_view agent) {
  std::string token;
  for (const char c : agent) {
    const bool token_char =
        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '-';
    if (!token_char) break;
    token += c;
  }
  return token;
}

// docs/semantics.md 4.1; the path also ends at a NUL byte, as robotstxt/matcher.h documents for
// path_of() (Google's matcher reads it as a C string).
std::string path_of_url(std::string_view url) {
  constexpr auto npos = std::string_view::npos;
  const std::size_t skip = url.starts_with("//") ? 2 : 0;
  std::size_t path_start = url.find_first_of("/?;", skip);
  const std::size_t scheme = url.find("://", skip);
  if (scheme != npos && (path_start == npos || path_start > scheme)) {
    path_start = url.find_first_of("/?;", scheme + 3);
  }
  const std::size_t hash = url.find('#');
  if (path_start == npos || hash < path_start) return "/";
  std::string path(url.substr(path_start, hash == npos ? npos : hash - path_start));
  path = path.substr(0, path.find('\0'));
  if (path.front() != '/') path.insert(0, "/");
  return path;
}

// docs/semantics.md 4.2: does `pattern` match `path` from its start? reach[j] says whether the
// pattern read so far can consume exactly the first j bytes of the path.
bool pattern_matches_path(std::string_view pattern, std::string_view path) {
  const bool anchored = pattern.ends_with('$');
  if (anchored) pattern.remove_suffix(1);
  // The bytes before the first `*` must start the path: most rules fail here, which
  // keeps the oracle cheap enough to run on every fuzz input. The table below alone
  // would give the same answer.
  const std::string_view literal = pattern.substr(0, pattern.find('*'));
  if (!path.starts_with(literal)) return false;
  if (literal.size() == pattern.size()) return !anchored || path.size() == literal.size();
  std::vector<char> reach(path.size() + 1, 0);
  std::vector<char> next(path.size() + 1, 0);
  reach[0] = 1;
  for (const char p : pattern) {
    bool any = false;
    for (std::size_t j = 0; j <= path.size(); ++j) {
      if (p == '*') {
        next[j] = static_cast<char>(reach[j] || (j > 0 && next[j - 1]));
      } else {
        next[j] = static_cast<char>(j > 0 && reach[j - 1] && path[j - 1] == p);
      }
      any = any || next[j];
    }
    if (!any) return false;
    reach.swap(next);
  }
  if (anchored) return reach[path.size()] != 0;
  for (const char r : reach) {
    if (r) return true;
  }
  return false;
}

struct Match {
  bool found = false;
  std::uint32_t strength = 0;
  bool via_index_htm = false;
};

// docs/semantics.md 4.2-4.4 and 5.1 for one rule.
Match match_rule(std::string_view pattern, bool allow, std::string_view path) {
  if (pattern_matches_path(pattern, path)) {
    return {true, static_cast<std::uint32_t>(pattern.size()), false};
  }
  const std::size_t slash = pattern.rfind('/');
  if (allow && slash != std::string_view::npos && pattern.substr(slash).starts_with("/index.htm")) {
    const std::string shortened = std::string(pattern.substr(0, slash + 1)) + "$";
    if (pattern_matches_path(shortened, path)) {
      return {true, static_cast<std::uint32_t>(shortened.size()), true};
    }
  }
  return {};
}

}  // namespace

BruteForceOracle::BruteForceOracle(std::string_view body) {
  const std::vector<std::string_view> lines = lines_of(body);
  bool last_group_has_rules = false;  // docs/semantics.md 2.1
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::string_view key;
    std::string_view value;
    if (!split_line(lines[i], key, value)) continue;
    const Key kind = key_kind(key);
    if (kind == Key::kUserAgent) {
      if (groups_.empty() || last_group_has_rules) groups_.emplace_back();
      last_group_has_rules = false;
      if (is_global(value)) {
        groups_.back().global = true;
      } else {
        groups_.back().tokens.push_back(product_token(value));
      }
    } else if (kind == Key::kAllow || kind == Key::kDisallow) {
      if (groups_.empty()) continue;  // docs/semantics.md 2.3
      last_group_has_rules = true;
      groups_.back().rules.push_back(
          {static_cast<std::uint32_t>(i + 1), kind == Key::kAllow, normalised(value)});
    }
  }
}

OracleVerdict BruteForceOracle::verdict(std::string_view url,
                                        std::span<const std::string_view> agents) const {
  // docs/semantics.md 3: the groups naming a queried agent (2.5), else the global ones.
  std::vector<const Group*> named;
  std::vector<const Group*> global;
  for (const Group& group : groups_) {
    bool names_agent = false;
    for (const std::string& token : group.tokens) {
      for (const std::string_view agent : agents) {
        names_agent = names_agent || same_ignoring_case(token, agent);
      }
    }
    if (names_agent) named.push_back(&group);
    if (group.global) global.push_back(&group);
  }
  OracleVerdict verdict;
  verdict.applied = !named.empty()    ? AppliedGroups::kSpecific
                    : !global.empty() ? AppliedGroups::kGlobal
                                      : AppliedGroups::kNone;
  const std::vector<const Group*>& applicable = named.empty() ? global : named;

  // docs/semantics.md 5.1: the strongest matching allow and disallow. Among equally strong
  // rules the first in the file is reported (5.4 does not say; this is the library's
  // documented choice, and only the line, never the verdict, depends on it).
  const Rule* best_rule[2] = {nullptr, nullptr};  // [0] allow, [1] disallow
  Match best_match[2];
  const std::string path = path_of_url(url);
  for (const Group* group : applicable) {
    for (const Rule& rule : group->rules) {
      const Match match = match_rule(rule.pattern, rule.allow, path);
      if (!match.found) continue;
      const int side = rule.allow ? 0 : 1;
      const Rule* best = best_rule[side];
      if (best == nullptr || match.strength > best_match[side].strength ||
          (match.strength == best_match[side].strength && rule.line < best->line)) {
        best_rule[side] = &rule;
        best_match[side] = match;
      }
    }
  }

  // docs/semantics.md 5.2: disallowed only by a strictly stronger disallow of strength > 0.
  const std::uint32_t allow_strength = best_match[0].strength;
  const std::uint32_t disallow_strength = best_match[1].strength;
  verdict.allowed = !(disallow_strength > allow_strength && disallow_strength > 0);
  const int decisive_side = verdict.allowed ? 0 : 1;
  const Rule* decisive = best_rule[decisive_side];
  if (decisive != nullptr && best_match[decisive_side].strength > 0) {  // 5.4
    verdict.line = decisive->line;
    verdict.kind = decisive->allow ? RuleKind::kAllow : RuleKind::kDisallow;
    verdict.pattern = decisive->pattern;
    verdict.strength = best_match[decisive_side].strength;
    verdict.via_index_htm = best_match[decisive_side].via_index_htm;
  }
  return verdict;
}

std::string difference_from_oracle(const Verdict& library, const OracleVerdict& oracle) {
  std::string difference;
  const auto compare = [&difference](const char* field, auto library_value, auto oracle_value) {
    if (library_value == oracle_value) return;
    difference += std::string(difference.empty() ? "" : "; ") + field + " differs (library " +
                  std::to_string(library_value) + ", oracle " + std::to_string(oracle_value) + ")";
  };
  compare("allowed", int{library.allowed}, int{oracle.allowed});
  compare("applied groups", static_cast<int>(library.applied), static_cast<int>(oracle.applied));
  compare("decisive line", library.line, oracle.line);
  if (library.line != 0 && library.line == oracle.line) {
    compare("decisive kind", static_cast<int>(library.kind), static_cast<int>(oracle.kind));
    compare("strength", library.strength, oracle.strength);
    compare("via index.htm", int{library.via_index_htm}, int{oracle.via_index_htm});
    if (library.pattern != oracle.pattern) {
      difference += std::string(difference.empty() ? "" : "; ") + "decisive pattern differs";
    }
  }
  return difference;
}

}  // namespace robotstxt::testing
