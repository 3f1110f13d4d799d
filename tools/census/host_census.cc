#include "census/host_census.h"

#include <algorithm>
#include <chrono>

#include "answer/json_text.h"
#include "answer/not_robots_txt.h"
#include "base/ascii.h"
#include "core/line_description.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/lint.h"
#include "robotstxt/policy.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::census {
namespace {

using cli::JsonText;
using cli::not_robots_txt;

// What a crawler that received this status does with it (docs/semantics.md 7), for one
// fetch with no history: the policy's own answer, so the census and the fetch agree. The
// policy is asked without the body: when it says the rules decide, the census parses the
// body itself, once for the verdicts and the lint together.
Access policy_access(int status, bool transfer_failed) {
  FetchOutcome outcome;
  outcome.kind = transfer_failed ? FetchKind::kNetworkError : FetchKind::kResponse;
  outcome.status = status;
  const TimePoint now{};
  return access_state(next_entry(nullptr, outcome, now), now).access;
}

bool is_redirect(int status) {
  return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

}  // namespace

CensusQuestions::CensusQuestions(std::vector<const Crawler*> crawlers_,
                                 std::vector<std::string> paths_)
    : crawlers(std::move(crawlers_)), paths(std::move(paths_)) {
  const RobotsTxt empty;
  for (const Crawler* crawler : crawlers) {
    bound.push_back(empty.select_groups(*crawler).crawler_rule != CrawlerRule::kNotSubject);
    std::string head;
    {
      JsonText json(head);
      json.string(crawler->name);
      json.raw(":{");
      json.key("crawler_rule", true);
    }
    // The head, then `"global-ignored","crawler_token":"TOKEN","allowed":[false,...],
    // "line":[1234567,...]}` and a comma.
    std::size_t longest_token = 0;
    for (const std::string_view token : crawler->tokens) {
      longest_token = std::max(longest_token, token.size());
    }
    crawlers_json_bytes += head.size() + 60 + longest_token + paths.size() * 14;
    crawler_heads.push_back(std::move(head));
  }
  crawlers_json_bytes += 2;
}

std::string_view word(CensusAccess access) noexcept {
  switch (access) {
    case CensusAccess::kRules:
      return "rules";
    case CensusAccess::kFullAllow:
      return "full-allow";
    case CensusAccess::kFullDisallow:
      return "full-disallow";
    case CensusAccess::kRedirect:
      return "redirect";
    case CensusAccess::kUndecided:
      return "undecided";
  }
  return "rules";
}

std::string_view word(RedirectOutcome outcome) noexcept {
  switch (outcome) {
    case RedirectOutcome::kFollowed:
      return "followed";
    case RedirectOutcome::kFailed:
      return "failed";
    case RedirectOutcome::kUnresolved:
    case RedirectOutcome::kNone:
      break;
  }
  return "unresolved";
}

void census_host(std::string_view host, int status, bool transfer_failed, std::string_view body,
                 std::uint64_t body_bytes, std::string_view truncated,
                 const CensusQuestions& questions, HostCensus& census) {
  census.host.assign(host);
  census.rank = questions.ranks != nullptr ? questions.ranks->rank(host) : 0;
  census.status = status;
  census.access = CensusAccess::kRules;
  census.truncated = truncated;
  census.redirect = RedirectOutcome::kNone;
  census.hops = 0;
  census.redirect_target.clear();
  census.target_access = CensusAccess::kRules;
  census.bytes = body_bytes;
  census.html = false;
  census.groups = 0;
  census.rules = 0;
  census.sitemaps = 0;
  census.train_ai = Preference::kUnknown;
  census.search = Preference::kUnknown;
  census.states_usage = false;
  census.content_signals.clear();
  census.lint.clear();
  census.has_template = false;
  const bool body_decides = status >= 200 && status < 300;
  bool undecided = false;
  if (!truncated.empty()) {
    // The crawl kept only part of the record. A status that decides without a body
    // decides still; a body decides only once a crawler would have stopped reading it,
    // and the cut after that is the crawl's, not a failed transfer of the origin's.
    undecided = status == 0 || (body_decides && body.size() < kMaxBodyBytes);
    if (body_decides && !undecided) transfer_failed = false;
  }
  if (undecided) {
    census.access = CensusAccess::kUndecided;
  } else if (is_redirect(status) && !transfer_failed) {
    census.access = CensusAccess::kRedirect;
  } else {
    switch (policy_access(status, transfer_failed)) {
      case Access::kRules:
        census.access = CensusAccess::kRules;
        break;
      case Access::kFullDisallow:
      case Access::kUndecided:  // never for a recorded response; disallowed to be safe
        census.access = CensusAccess::kFullDisallow;
        break;
      case Access::kFullAllow:
        census.access = CensusAccess::kFullAllow;
        break;
    }
  }

  census.crawlers.resize(questions.crawlers.size());
  for (CrawlerCensus& crawler : census.crawlers) {
    crawler.crawler_rule.reset();
    crawler.token.clear();
    crawler.allowed.clear();
    crawler.lines.clear();
  }
  if (census.access != CensusAccess::kRules) {
    // Nothing to read: the access decides every path, but for crawlers robots.txt does
    // not bind.
    const bool allowed = census.access != CensusAccess::kFullDisallow;
    for (std::size_t c = 0; c < questions.crawlers.size(); ++c) {
      census.crawlers[c].allowed.assign(questions.paths.size(), allowed || !questions.bound[c]);
      census.crawlers[c].lines.assign(questions.paths.size(), 0);
    }
    return;
  }

  const RobotsTxt robots = internal::parse_and_describe(body, census.line_facts);
  census.has_template = true;
  template_of(body, census.body_template);
  const std::vector<Group> groups = robots.groups();
  census.groups = groups.size();
  for (const Group& group : groups) census.rules += group.rules.size();
  census.sitemaps = robots.sitemaps().size();
  // A verdict is the path matched against the rules of the groups a crawler is given, so
  // crawlers given the same groups (most of them, in most files: those `*` alone binds)
  // share their verdicts, and each set of groups is asked once per path.
  census.asked_groups.clear();
  for (std::size_t c = 0; c < questions.crawlers.size(); ++c) {
    const Crawler& crawler = *questions.crawlers[c];
    CrawlerCensus& answer = census.crawlers[c];
    GroupSelection& selection = census.selection;
    robots.select_groups(crawler, selection);
    answer.crawler_rule = selection.crawler_rule.value_or(CrawlerRule::kNoGroups);
    answer.token = selection.crawler_token;
    const auto same =
        std::find_if(census.asked_groups.begin(), census.asked_groups.end(),
                     [&](const auto& asked) { return asked.first == selection.groups; });
    if (same != census.asked_groups.end()) {
      const CrawlerCensus& first = census.crawlers[same->second];
      answer.allowed = first.allowed;
      answer.lines = first.lines;
      continue;
    }
    for (const std::string& path : questions.paths) {
      const Verdict verdict = robots.verdict(path, crawler);
      answer.allowed.push_back(verdict.allowed);
      answer.lines.push_back(verdict.line);
    }
    census.asked_groups.emplace_back(selection.groups, c);
  }
  census.states_usage = robots.states_usage();
  if (census.states_usage) {
    if (const std::optional<UsagePreferences> usage = robots.usage("/", Agent("*"))) {
      census.train_ai = usage->train_ai;
      census.search = usage->search;
    }
  }
  for (const Directive& directive : robots.directives()) {
    if (internal::equals_ignoring_case(directive.key, "content-signal")) {
      census.content_signals.emplace_back(directive.value);
    }
  }

  IgnoredTail tail;
  tail.bytes = body_bytes > body.size() ? body_bytes - body.size() : 0;
  tail.counted_to_end = false;
  const LintReport report = internal::lint_described(body, tail, census.line_facts, robots, groups);
  const Finding* not_robots = not_robots_txt(report);
  census.html = not_robots != nullptr && not_robots->code == "html-body";
  // By code: a few codes per host, counted in the host's own list rather than a map.
  for (const Finding& finding : report.findings) {
    const auto at = std::lower_bound(census.lint.begin(), census.lint.end(), finding.code,
                                     [](const std::pair<std::string_view, std::uint32_t>& entry,
                                        std::string_view code) { return entry.first < code; });
    if (at != census.lint.end() && at->first == finding.code) {
      ++at->second;
    } else {
      census.lint.insert(at, {finding.code, 1});
    }
  }
}

void append_crawlers(JsonText& json, const HostCensus& host, const CensusQuestions& questions) {
  json.raw('{');
  for (std::size_t c = 0; c < host.crawlers.size(); ++c) {
    const CrawlerCensus& crawler = host.crawlers[c];
    if (c > 0) json.raw(',');
    json.raw(questions.crawler_heads[c]);
    if (crawler.crawler_rule) {
      json.word(to_string(*crawler.crawler_rule));
    } else {
      json.raw("null");
    }
    json.key("crawler_token", false);
    if (crawler.token.empty()) {
      json.raw("null");
    } else {
      json.string(crawler.token);
    }
    // Per path, in the order of the summary's "paths": two short arrays, as a line per
    // host for every crawler and path of a whole crawl has to stay small.
    // null where the host has no verdict (host.decided()).
    const bool decided = host.decided();
    json.key("allowed", false);
    json.raw('[');
    for (std::size_t p = 0; p < crawler.allowed.size(); ++p) {
      if (p > 0) json.raw(',');
      json.raw(!decided ? "null" : crawler.allowed[p] ? "true" : "false");
    }
    json.raw(']');
    json.key("line", false);
    json.raw('[');
    for (std::size_t p = 0; p < crawler.lines.size(); ++p) {
      if (p > 0) json.raw(',');
      if (crawler.lines[p] == 0 || !decided) {
        json.raw("null");
      } else {
        json.number(crawler.lines[p]);
      }
    }
    json.raw("]}");
  }
  json.raw('}');
}

void append_host_line(const HostCensus& host, const CensusQuestions& questions, std::string& out) {
  JsonText json(
      out, 512 + host.host.size() + host.redirect_target.size() + questions.crawlers_json_bytes);
  json.raw('{');
  json.key("host", true);
  json.string(host.host);
  if (questions.ranks != nullptr) {
    json.key("rank", false);
    if (host.rank == 0) {
      json.raw("null");
    } else {
      json.number(host.rank);
    }
  }
  json.key("status", false);
  json.number(host.status);
  json.key("access", false);
  json.word(word(host.access));
  json.key("truncated", false);
  if (host.truncated.empty()) {
    json.raw("null");
  } else {
    json.word(host.truncated);
  }
  json.key("redirect", false);
  if (host.access != CensusAccess::kRedirect) {
    json.raw("null");
  } else {
    json.raw('{');
    json.key("outcome", true);
    json.word(word(host.redirect));
    json.key("target", false);
    if (host.redirect_target.empty()) {
      json.raw("null");
    } else {
      json.string(host.redirect_target);
    }
    json.key("hops", false);
    json.number(host.hops);
    json.key("target_access", false);
    if (host.redirect == RedirectOutcome::kFollowed) {
      json.word(word(host.target_access));
    } else {
      json.raw("null");
    }
    json.raw('}');
  }
  json.key("bytes", false);
  json.number(static_cast<std::int64_t>(host.bytes));
  json.key("html", false);
  json.raw(host.html ? "true" : "false");
  json.key("groups", false);
  json.number(static_cast<std::int64_t>(host.groups));
  json.key("rules", false);
  json.number(static_cast<std::int64_t>(host.rules));
  json.key("sitemaps", false);
  json.number(static_cast<std::int64_t>(host.sitemaps));
  json.key("crawlers", false);
  append_crawlers(json, host, questions);
  json.key("content_usage", false);
  json.raw('{');
  json.key("train-ai", true);
  json.word(to_string(host.train_ai));
  json.key("search", false);
  json.word(to_string(host.search));
  json.raw('}');
  json.key("content_signal", false);
  json.raw('[');
  for (std::size_t s = 0; s < host.content_signals.size(); ++s) {
    if (s > 0) json.raw(',');
    json.string(host.content_signals[s]);
  }
  json.raw(']');
  json.key("template", false);
  if (host.has_template) {
    json.string(hash_text(host.body_template.hash));
  } else {
    json.raw("null");
  }
  json.key("lint", false);
  json.raw('{');
  for (std::size_t l = 0; l < host.lint.size(); ++l) {
    if (l > 0) json.raw(',');
    json.word(host.lint[l].first);
    json.raw(':');
    json.number(host.lint[l].second);
  }
  json.raw("}}\n");
}

}  // namespace robotstxt::census
