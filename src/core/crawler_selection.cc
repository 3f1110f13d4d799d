// Answering for a crawler rather than merged product tokens (docs/semantics.md 8):
// choose the one token whose groups apply, then decide exactly as for that token
// (sections 4, 5).

#include "core/compiled_layout.h"
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

RobotsTxt::Asking RobotsTxt::asking(const Crawler& crawler) const noexcept {
  // An empty span leaves exactly the global groups.
  const auto rule = [](CrawlerRule chosen, std::span<const std::string_view> tokens = {},
                       std::string_view token = {}) {
    const bool rules_apply = chosen == CrawlerRule::kOwnToken ||
                             chosen == CrawlerRule::kFallbackToken ||
                             chosen == CrawlerRule::kGlobal;
    return Asking{tokens, rules_apply, chosen, token};
  };
  if (!crawler.obeys_robots_txt) return rule(CrawlerRule::kNotSubject);
  const std::span<const std::string_view> tokens = crawler.tokens;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (names_token(tokens[i])) {
      return rule(i == 0 ? CrawlerRule::kOwnToken : CrawlerRule::kFallbackToken,
                  tokens.subspan(i, 1), tokens[i]);
    }
  }
  if (global_groups_.empty()) return rule(CrawlerRule::kNoGroups);
  return rule(crawler.ignores_global_group ? CrawlerRule::kGlobalIgnored : CrawlerRule::kGlobal);
}

}  // namespace robotstxt
