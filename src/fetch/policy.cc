// The fetch policy of docs/semantics.md 7 as two pure functions (see policy.h).
#include "robotstxt/policy.h"

#include <algorithm>
#include <limits>

#include "base/ascii.h"

namespace robotstxt {
namespace {

enum class OutcomeClass : std::uint8_t { kRules, kNoRobotsTxt, kRedirectsFailed, kServerError };

OutcomeClass classify(FetchKind kind, int status) {
  switch (kind) {
    case FetchKind::kTooManyRedirects:
    case FetchKind::kRedirectLoop:
    case FetchKind::kUnfollowableRedirect:
      return OutcomeClass::kRedirectsFailed;
    case FetchKind::kNetworkError:
    // Never reaches a state (next_entry, access_state); a server error if it did.
    case FetchKind::kLocalError:
    case FetchKind::kRefused:
      return OutcomeClass::kServerError;
    case FetchKind::kResponse:
      break;
  }
  if (status >= 200 && status < 300) return OutcomeClass::kRules;
  // We never send a conditional request, so "304 Not Modified" is a bad response, and
  // docs/semantics.md 7 counts bad responses as server errors.
  if (status == 304) return OutcomeClass::kServerError;
  // A 3xx that reaches the policy had no usable Location: nothing to follow.
  if (status >= 300 && status < 400) return OutcomeClass::kRedirectsFailed;
  // 429 means "slow down", not "no file": the server is overloaded (docs/semantics.md 7).
  if (status >= 400 && status < 500 && status != 429) return OutcomeClass::kNoRobotsTxt;
  return OutcomeClass::kServerError;
}

std::optional<std::int64_t> parse_seconds(std::string_view value) {
  value = internal::trim_ascii_space(value);
  if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
    value = value.substr(1, value.size() - 2);
  }
  if (value.empty()) return std::nullopt;
  std::int64_t seconds = 0;
  for (char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    // Anything past a century is "forever"; saturate instead of overflowing.
    if (seconds < std::numeric_limits<std::int64_t>::max() / 100) {
      seconds = seconds * 10 + (c - '0');
    }
  }
  return seconds;
}

FetchSummary summarize(const FetchOutcome& outcome) {
  FetchSummary summary;
  summary.robots_url = outcome.robots_url;
  summary.kind = outcome.kind;
  summary.status = outcome.status;
  summary.http_version = outcome.http_version;
  summary.hops = outcome.hops;
  summary.body_bytes = outcome.body.size();
  summary.truncated = outcome.truncated;
  summary.cache_control = outcome.cache_control;
  summary.error = outcome.error;
  return summary;
}

}  // namespace

std::string_view to_string(Access access) noexcept {
  switch (access) {
    case Access::kFullAllow:
      return "full allow";
    case Access::kFullDisallow:
      return "full disallow";
    case Access::kRules:
      return "rules";
    case Access::kUndecided:
      return "undecided";
  }
  return "full allow";
}

std::string_view to_string(AccessReason reason) noexcept {
  switch (reason) {
    case AccessReason::kNotFetched:
      return "robots.txt not fetched yet";
    case AccessReason::kParsed:
      return "robots.txt fetched (2xx): its rules apply";
    case AccessReason::kNoRobotsTxt:
      return "no robots.txt (4xx other than 429): everything is allowed";
    case AccessReason::kRedirectsFailed:
      return "redirects failed (over the hop limit, a loop, or nowhere to go): treated as 404";
    case AccessReason::kRecentServerError:
      return "server error or unreachable for less than 12 hours: everything is disallowed";
    case AccessReason::kLastGoodCopy:
      return "server error for over 12 hours: the last good copy applies";
    case AccessReason::kNoGoodCopy:
      return "server error for over 12 hours and no good copy: everything is allowed";
    case AccessReason::kLongErrorSiteUp:
      return "server error for 30 days or more, server still answering: everything is allowed";
    case AccessReason::kLongErrorSiteDown:
      return "unreachable for 30 days or more: everything is disallowed";
    case AccessReason::kLocalFailure:
      return "the fetch failed on this machine, not at the origin: nothing is decided";
  }
  return "unknown";
}

std::string_view word(Access access) noexcept {
  switch (access) {
    case Access::kFullAllow:
      return "full-allow";
    case Access::kFullDisallow:
      return "full-disallow";
    case Access::kRules:
      return "rules";
    case Access::kUndecided:
      return "undecided";
  }
  return "undecided";
}

std::string_view word(AccessReason reason) noexcept {
  switch (reason) {
    case AccessReason::kNotFetched:
      return "not-fetched";
    case AccessReason::kParsed:
      return "parsed";
    case AccessReason::kNoRobotsTxt:
      return "no-robots-txt";
    case AccessReason::kRedirectsFailed:
      return "redirects-failed";
    case AccessReason::kRecentServerError:
      return "recent-server-error";
    case AccessReason::kLastGoodCopy:
      return "last-good-copy";
    case AccessReason::kNoGoodCopy:
      return "no-good-copy";
    case AccessReason::kLongErrorSiteUp:
      return "long-error-site-up";
    case AccessReason::kLongErrorSiteDown:
      return "long-error-site-down";
    case AccessReason::kLocalFailure:
      return "local-failure";
  }
  return "not-fetched";
}

std::size_t RobotsEntry::memory_usage() const noexcept {
  std::size_t bytes = sizeof(RobotsEntry) + last_fetch.robots_url.capacity() +
                      last_fetch.cache_control.capacity() + last_fetch.error.capacity();
  for (const RedirectHop& hop : last_fetch.hops) {
    bytes += sizeof(RedirectHop) + hop.from.capacity() + hop.to.capacity();
  }
  if (good_copy) bytes += good_copy->memory_usage();
  return bytes;
}

std::chrono::seconds freshness_for(std::string_view cache_control, const PolicyOptions& options) {
  std::optional<std::int64_t> max_age;
  std::optional<std::int64_t> shared_max_age;
  bool floor = false;
  while (!cache_control.empty()) {
    const std::size_t comma = cache_control.find(',');
    const std::string_view directive = internal::trim_ascii_space(cache_control.substr(0, comma));
    cache_control =
        comma == std::string_view::npos ? std::string_view{} : cache_control.substr(comma + 1);
    const std::size_t equals = directive.find('=');
    std::string name;
    for (char c : internal::trim_ascii_space(directive.substr(0, equals))) {
      name += internal::to_ascii_lower(c);
    }
    const std::string_view value =
        equals == std::string_view::npos ? std::string_view{} : directive.substr(equals + 1);
    if (name == "no-store" || name == "no-cache") {
      floor = true;
    } else if (name == "max-age" && !max_age) {
      max_age = parse_seconds(value);
    } else if (name == "s-maxage" && !shared_max_age) {
      shared_max_age = parse_seconds(value);
    }
  }
  std::chrono::seconds freshness = options.default_freshness;
  if (floor) {
    freshness = options.min_freshness;
  } else if (shared_max_age) {
    freshness = std::chrono::seconds(*shared_max_age);
  } else if (max_age) {
    freshness = std::chrono::seconds(*max_age);
  }
  return std::clamp(freshness, options.min_freshness,
                    std::max(options.min_freshness, options.max_freshness));
}

RobotsEntry next_entry(const RobotsEntry* previous, const FetchOutcome& outcome, TimePoint now,
                       const PolicyOptions& options) {
  RobotsEntry entry;
  entry.fetched_at = now;
  entry.last_fetch = summarize(outcome);
  // This machine failed, not the origin: the entry records only that, for the caller.
  if (outcome.kind == FetchKind::kLocalError || outcome.kind == FetchKind::kRefused) {
    entry.fresh_until = now;
    return entry;
  }
  const OutcomeClass outcome_class = classify(outcome.kind, outcome.status);
  if (outcome_class == OutcomeClass::kServerError) {
    // A failed refresh keeps what the origin last said; the clock of the error run
    // starts at its first error and keeps running through later ones.
    if (previous != nullptr) {
      entry.good_copy = previous->good_copy;
      entry.last_answer = previous->last_answer;
      entry.errors_since = previous->errors_since;
    }
    if (!entry.errors_since) entry.errors_since = now;
    entry.server_answered_error = outcome.kind == FetchKind::kResponse;
    entry.fresh_until = now + options.error_retry_interval;
    return entry;
  }
  entry.last_answer = now;
  if (outcome_class == OutcomeClass::kRules) {
    entry.good_copy = std::make_shared<const RobotsTxt>(RobotsTxt::parse(outcome.body));
  }
  entry.fresh_until = now + freshness_for(outcome.cache_control, options);
  return entry;
}

AccessState access_state(const RobotsEntry& entry, TimePoint now, const PolicyOptions& options) {
  if (entry.is_local_failure()) return {Access::kUndecided, AccessReason::kLocalFailure, nullptr};
  if (!entry.errors_since) {
    if (!entry.last_answer) return {Access::kFullAllow, AccessReason::kNotFetched, nullptr};
    if (entry.good_copy) return {Access::kRules, AccessReason::kParsed, entry.good_copy};
    const OutcomeClass last = classify(entry.last_fetch.kind, entry.last_fetch.status);
    return {Access::kFullAllow,
            last == OutcomeClass::kNoRobotsTxt ? AccessReason::kNoRobotsTxt
                                               : AccessReason::kRedirectsFailed,
            nullptr};
  }
  const auto erroring_for = now - *entry.errors_since;
  if (erroring_for < options.full_disallow_window) {
    return {Access::kFullDisallow, AccessReason::kRecentServerError, nullptr};
  }
  if (erroring_for < options.last_good_copy_limit) {
    if (entry.good_copy) return {Access::kRules, AccessReason::kLastGoodCopy, entry.good_copy};
    return {Access::kFullAllow, AccessReason::kNoGoodCopy, nullptr};
  }
  // "Full allow if the rest of the site is reachable": a server that still answers
  // (with 429 or 5xx) is reachable; one that cannot be connected to is not.
  if (entry.server_answered_error) {
    return {Access::kFullAllow, AccessReason::kLongErrorSiteUp, nullptr};
  }
  return {Access::kFullDisallow, AccessReason::kLongErrorSiteDown, nullptr};
}

}  // namespace robotstxt
