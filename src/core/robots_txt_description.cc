// Describing a compiled robots.txt to people and tools: the groups, rules, sitemaps and
// other directives as written, an explanation of one verdict, and the values of the
// directives Google ignores but other crawlers read (docs/semantics.md 6).
#include <algorithm>
#include <cmath>

#include "base/fixed_decimal.h"
#include "core/compiled_layout.h"
#include "robotstxt/url_path.h"

namespace robotstxt {
namespace {

constexpr std::uint32_t kNoMatch = 0xFFFFFFFF;

// Skips spaces, then reads a plain decimal number ("10", "0.5") from the front of `text`.
bool take_number(std::string_view& text, double& number) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const std::optional<internal::FixedDecimal> read = internal::read_fixed_decimal(text);
  if (!read) return false;
  number = read->value;
  text.remove_prefix(read->length);
  return true;
}

// A crawl-delay as crawlers read it: a finite, non-negative decimal number of seconds.
std::optional<double> parse_crawl_delay(std::string_view value) {
  value = internal::trim_ascii_space(value);
  double seconds = 0;
  if (!take_number(value, seconds) || !value.empty() || seconds < 0) return std::nullopt;
  return seconds;
}

// "N/T[unit] [window]", e.g. "1/5s 0600-0845" (see RobotsTxt::request_rate()).
std::optional<RequestRate> parse_request_rate(std::string_view value) {
  value = internal::trim_ascii_space(value);
  RequestRate rate;
  if (!take_number(value, rate.requests)) return std::nullopt;
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (value.empty() || value.front() != '/') return std::nullopt;
  value.remove_prefix(1);
  if (!take_number(value, rate.seconds)) return std::nullopt;
  if (!value.empty() && value.front() != ' ') {
    switch (internal::to_ascii_lower(value.front())) {
      case 's':
        break;
      case 'm':
        rate.seconds *= 60;
        break;
      case 'h':
        rate.seconds *= 3600;
        break;
      case 'd':
        rate.seconds *= 86400;
        break;
      default:
        return std::nullopt;
    }
    value.remove_prefix(1);
  }
  // Whatever follows must be a separate word: the time window.
  if (!value.empty() && value.front() != ' ') return std::nullopt;
  if (rate.requests < 0 || !(rate.seconds > 0) || !std::isfinite(rate.per_second())) {
    return std::nullopt;
  }
  rate.window = internal::trim_ascii_space(value);
  return rate;
}

}  // namespace

RuleLine RobotsTxt::rule_line(const CompiledRule& rule) const {
  return {rule.line(), rule.kind(), pattern_of(rule), written_of(rule)};
}

Explanation RobotsTxt::explain(std::string_view url, Agent agent) const& {
  Explanation explanation;
  explanation.path = path_of(url);
  GroupSelection selection = select_groups(agent);
  explanation.applied = selection.applied;
  explanation.groups = std::move(selection.groups);
  for (const std::size_t group : explanation.groups) {
    const auto held = internal::hold_rules(groups_[group]);
    for (std::uint32_t i = groups_[group].rule_begin; i < groups_[group].rule_end; ++i) {
      const std::uint32_t strength = match_strength(rules_[i], explanation.path, false);
      if (strength == kNoMatch) continue;
      explanation.matches.push_back(
          {rule_line(rules_[i]), strength, rules_[i].is_index_htm_rewrite()});
    }
  }
  // File order; where a rule matched both as written and through its index.htm rewrite,
  // only the stronger (as written) is a real match.
  std::sort(explanation.matches.begin(), explanation.matches.end(),
            [](const RuleMatch& a, const RuleMatch& b) {
              return a.rule.line != b.rule.line ? a.rule.line < b.rule.line
                                                : a.via_index_htm < b.via_index_htm;
            });
  explanation.matches.erase(std::unique(explanation.matches.begin(), explanation.matches.end(),
                                        [](const RuleMatch& a, const RuleMatch& b) {
                                          return a.rule.line == b.rule.line;
                                        }),
                            explanation.matches.end());
  explanation.verdict = verdict(url, agent);
  return explanation;
}

std::vector<std::string_view> RobotsTxt::sitemaps() const& {
  std::vector<std::string_view> urls;
  urls.reserve(sitemaps_.size() / 2);
  for (std::size_t i = 0; i + 1 < sitemaps_.size(); i += 2) {
    urls.emplace_back(text_.data() + sitemaps_[i], sitemaps_[i + 1]);
  }
  return urls;
}

template <typename Visit>
void RobotsTxt::for_each_directive(Visit&& visit) const {
  const std::string_view data = directives_;
  std::uint32_t line = 0;
  std::uint32_t group = 0;
  for (std::size_t pos = 0; pos < data.size();) {
    Directive directive;
    line += internal::get_varint(data, pos);
    group += internal::get_varint(data, pos);
    const std::uint32_t key_length = internal::get_varint(data, pos);
    directive.key = data.substr(pos, key_length);
    pos += key_length;
    const std::uint32_t value_length = internal::get_varint(data, pos);
    directive.value = data.substr(pos, value_length);
    pos += value_length;
    directive.line = line;
    directive.group = static_cast<std::int32_t>(group) - 1;
    visit(directive);
  }
}

std::vector<Directive> RobotsTxt::directives() const& {
  std::vector<Directive> result;
  for_each_directive([&](const Directive& directive) { result.push_back(directive); });
  return result;
}

std::vector<Directive> RobotsTxt::directives_in(std::string_view key,
                                                const std::vector<std::size_t>& groups) const {
  std::vector<bool> applies(groups_.size(), false);
  for (const std::size_t group : groups) applies[group] = true;
  std::vector<Directive> found;
  for_each_directive([&](const Directive& directive) {
    if (directive.group >= 0 && applies[static_cast<std::size_t>(directive.group)] &&
        internal::equals_ignoring_case(directive.key, key)) {
      found.push_back(directive);
    }
  });
  return found;
}

bool RobotsTxt::mentions(std::string_view key) const noexcept {
  bool found = false;
  for_each_directive([&](const Directive& directive) {
    found = found || internal::equals_ignoring_case(directive.key, key);
  });
  return found;
}

std::vector<Directive> RobotsTxt::directives_for(std::string_view key, Agent agent) const& {
  // Most files never name `key` (content-usage is asked for every URL a service
  // checks): then no group selection at all.
  if (!mentions(key)) return {};
  return directives_in(key, select_groups(agent).groups);
}

std::vector<Group> RobotsTxt::groups() const& {
  std::vector<Group> result(groups_.size());
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const CompiledGroup& compiled = groups_[g];
    result[g].agents.reserve(agent_end_of(g) - compiled.agent_begin);
    result[g].rules.reserve(compiled.rule_end - compiled.rule_begin);
    for (std::uint32_t a = compiled.agent_begin; a < agent_end_of(g); ++a) {
      const CompiledAgent& agent = agents_[a];
      result[g].agents.push_back({agent.line,
                                  {text_.data() + agent.value_offset, agent.value_length},
                                  token_of(a),
                                  agent.is_global()});
    }
    const auto held = internal::hold_rules(compiled);
    for (std::uint32_t r = compiled.rule_begin; r < compiled.rule_end; ++r) {
      if (!rules_[r].is_index_htm_rewrite()) result[g].rules.push_back(rule_line(rules_[r]));
    }
    // Already in file order unless the group has been indexed (its rules sorted in place).
    const auto by_line = [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; };
    if (!std::is_sorted(result[g].rules.begin(), result[g].rules.end(), by_line)) {
      std::sort(result[g].rules.begin(), result[g].rules.end(), by_line);
    }
  }
  return result;
}

std::optional<double> RobotsTxt::crawl_delay(Agent agent) const {
  for (const Directive& directive : directives_for("crawl-delay", agent)) {
    if (const std::optional<double> seconds = parse_crawl_delay(directive.value)) return seconds;
  }
  return std::nullopt;
}

std::optional<RequestRate> RobotsTxt::request_rate(Agent agent) const& {
  for (const Directive& directive : directives_for("request-rate", agent)) {
    if (const std::optional<RequestRate> rate = parse_request_rate(directive.value)) return rate;
  }
  return std::nullopt;
}

}  // namespace robotstxt
