// Which usage preferences apply to one URL (docs/semantics.md 9.1-9.4, 9.7): the content-usage
// rules of the groups that apply, matched against the URL's path like allow/disallow
// patterns, the strongest deciding. Not a hot path: it reads the kept directives.
#include <algorithm>

#include "base/ascii.h"
#include "core/usage_rule.h"
#include "robotstxt/matcher.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/url_path.h"

namespace robotstxt {
namespace {

constexpr std::string_view kContentUsage = "content-usage";

// docs/semantics.md 9.2-9.3: the matching rules of greatest strength decide, ties combined.
UsagePreferences decide_usage(const std::vector<Directive>& rules, std::string_view path) {
  UsagePreferences decided;
  std::size_t best = 0;
  bool any = false;
  for (const Directive& directive : rules) {
    const UsageRule rule = read_usage_rule(directive.value);
    // No path matches everything with strength 0.
    if (!rule.pattern.empty() && !pattern_matches(path, rule.pattern)) continue;
    const std::size_t strength = rule.pattern.size();
    if (any && strength < best) continue;
    UsagePreferences stated = parse_content_usage(rule.preferences);
    stated.lines.push_back(directive.line);
    decided = (any && strength == best) ? combine(decided, stated) : std::move(stated);
    best = strength;
    any = true;
  }
  return decided;
}

std::vector<ContentSignal> signals_in(const std::vector<Directive>& lines) {
  std::vector<ContentSignal> signals;
  signals.reserve(lines.size());
  for (const Directive& directive : lines) {
    signals.push_back({directive.line, directive.value, parse_content_signal(directive.value)});
  }
  return signals;
}

}  // namespace

UsageRule read_usage_rule(std::string_view value) {
  // The one split of a value (shared with the linter), then the path normalised as an
  // allow/disallow pattern is (docs/semantics.md 9.2).
  const internal::UsageValue split = internal::split_usage_value(value);
  if (split.path.empty()) return {{}, split.preferences};
  return {normalize_pattern(split.path), split.preferences};
}

std::optional<UsagePreferences> RobotsTxt::usage(std::string_view url, Agent agent) const {
  // docs/semantics.md 9.4: no preferences for what may not be fetched.
  if (!allowed(url, agent)) return std::nullopt;
  const std::vector<Directive> rules = directives_for(kContentUsage, agent);
  if (rules.empty()) return UsagePreferences{};
  return decide_usage(rules, path_of(url));
}

bool RobotsTxt::states_usage() const noexcept { return mentions(kContentUsage); }

std::vector<ContentSignal> RobotsTxt::content_signals(Agent agent) const& {
  return signals_in(directives_for("content-signal", agent));
}

}  // namespace robotstxt
