// Answering for a crawler rather than an agent list (SEMANTICS.md section 8): choose the
// one token whose groups apply, then decide exactly as for that token (sections 4, 5).

#include "compiled_layout.h"
#include "robotstxt/url_path.h"

namespace robotstxt {

std::string_view to_string(CrawlerRule rule) noexcept {
  switch (rule) {
    case CrawlerRule::kOwnToken:
      return "own-token";
    case CrawlerRule::kFallbackToken:
      return "fallback-token";
    case CrawlerRule::kGlobal:
      return "global";
    case CrawlerRule::kGlobalIgnored:
      return "global-ignored";
    case CrawlerRule::kNotSubject:
      return "not-subject";
    case CrawlerRule::kNoGroups:
      break;
  }
  return "no-groups";
}

bool RobotsTxt::names_token(std::string_view token) const noexcept {
  const std::uint32_t* const it = first_agent_from(token);
  return it != agent_order_.end() && internal::equals_ignoring_case(token_of(*it), token);
}

CrawlerRule RobotsTxt::crawler_rule(const Crawler& crawler,
                                    std::string_view& token) const noexcept {
  token = {};
  if (!crawler.obeys_robots_txt) return CrawlerRule::kNotSubject;
  for (std::size_t i = 0; i < crawler.tokens.size(); ++i) {
    if (names_token(crawler.tokens[i])) {
      token = crawler.tokens[i];
      return i == 0 ? CrawlerRule::kOwnToken : CrawlerRule::kFallbackToken;
    }
  }
  if (global_groups_.empty()) return CrawlerRule::kNoGroups;
  return crawler.ignores_global_group ? CrawlerRule::kGlobalIgnored : CrawlerRule::kGlobal;
}

namespace {

// Whether rules apply under `rule`; when they do, the agents to ask with: the one token,
// or none at all, which leaves exactly the global groups.
bool rules_apply(CrawlerRule rule) {
  return rule == CrawlerRule::kOwnToken || rule == CrawlerRule::kFallbackToken ||
         rule == CrawlerRule::kGlobal;
}

std::span<const std::string_view> agents_for(const std::string_view& token) {
  return token.empty() ? std::span<const std::string_view>() : std::span(&token, 1);
}

}  // namespace

bool RobotsTxt::allowed(std::string_view url, const Crawler& crawler) const noexcept {
  std::string_view token;
  const CrawlerRule rule = crawler_rule(crawler, token);
  return !rules_apply(rule) || decide(url, agents_for(token), false).allowed;
}

CrawlerVerdict RobotsTxt::verdict(std::string_view url, const Crawler& crawler) const& noexcept {
  CrawlerVerdict result;
  result.rule = crawler_rule(crawler, result.token);
  if (rules_apply(result.rule)) result.verdict = decide(url, agents_for(result.token), true);
  return result;
}

Explanation RobotsTxt::explain(std::string_view url, const Crawler& crawler) const& {
  std::string_view token;
  const CrawlerRule rule = crawler_rule(crawler, token);
  if (rules_apply(rule)) return explain(url, agents_for(token));
  Explanation explanation;
  explanation.path = path_of(url);
  return explanation;
}

CrawlerSelection RobotsTxt::select_groups(const Crawler& crawler) const {
  CrawlerSelection selection;
  selection.rule = crawler_rule(crawler, selection.token);
  if (rules_apply(selection.rule)) selection.groups = select_groups(agents_for(selection.token));
  return selection;
}

std::optional<double> RobotsTxt::crawl_delay(const Crawler& crawler) const {
  std::string_view token;
  const CrawlerRule rule = crawler_rule(crawler, token);
  if (!rules_apply(rule)) return std::nullopt;
  return crawl_delay(agents_for(token));
}

}  // namespace robotstxt
