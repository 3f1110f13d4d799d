/**
 * @file policy.h
 * @brief What a fetch outcome means for access, and for how long (docs/semantics.md 7).
 *
 * Pipeline position: url -> fetcher -> **policy** -> cache -> RobotsTxt. Two pure
 * functions: next_entry() folds a fetch outcome into the origin's cache entry, parsing
 * a 2xx body there, once, into the RobotsTxt that later answers; and access_state()
 * reads an entry at a given time. Time is always passed in, so tests
 * and simulations can move it freely.
 *
 * | fetch outcome                         | access                                        |
 * |---------------------------------------|-----------------------------------------------|
 * | 2xx                                   | the parsed rules (first 500 KiB of the body)  |
 * | 3xx past 5 hops, loop, no Location,   | full allow (as 404)                           |
 * |   a Location that cannot be followed  |                                               |
 * | 4xx except 429 (401, 403 included)    | full allow                                    |
 * | 429, 5xx, 304 (never asked for),      | full disallow                                 |
 * |   network failure: < 12 h             |                                               |
 * |   12 h to 30 days                     | last good copy, or full allow without one     |
 * |   30 days and more                    | full allow if the server answers (429/5xx),   |
 * |                                       | full disallow if it is unreachable            |
 * | local failure (FetchKind::kLocalError)| undecided: no state, nothing cached           |
 */
#ifndef ROBOTSTXT_POLICY_H_
#define ROBOTSTXT_POLICY_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/fetcher.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {

using Clock = std::chrono::system_clock;
using TimePoint = Clock::time_point;

/// Time limits of the policy. The defaults are the ones docs/semantics.md 7 describes.
struct PolicyOptions {
  /// How long a fetched result is reused when the response says nothing (24 h).
  std::chrono::seconds default_freshness{std::chrono::hours(24)};
  /// Cache-Control may shorten freshness down to this, never below (no-store and
  /// no-cache mean exactly this: a robots.txt is needed for every URL, so "not at all"
  /// would mean one fetch per URL).
  std::chrono::seconds min_freshness{std::chrono::minutes(5)};
  /// Cache-Control may lengthen freshness up to this, never beyond.
  std::chrono::seconds max_freshness{std::chrono::days(7)};
  /// After a server error, retry this soon ("keep retrying").
  std::chrono::seconds error_retry_interval{std::chrono::minutes(30)};
  /// Errors for less than this make the site fully disallowed.
  std::chrono::seconds full_disallow_window{std::chrono::hours(12)};
  /// From the window's end to this, the last good copy is used.
  std::chrono::seconds last_good_copy_limit{std::chrono::days(30)};
};

/// What an agent may do on the origin.
enum class Access : std::uint8_t {
  kFullAllow,     ///< everything allowed, whatever the URL
  kFullDisallow,  ///< nothing allowed
  kRules,         ///< ask the parsed robots.txt
  /// Nothing is known: the fetch failed on this machine (FetchKind::kLocalError). Not an
  /// answer about the origin; treat the URL as not allowed yet and ask again later.
  kUndecided,
};

/// Why the access is what it is: one value per row of the table above.
enum class AccessReason : std::uint8_t {
  kNotFetched,         ///< no fetch yet (an empty entry)
  kParsed,             ///< 2xx: the body's rules
  kNoRobotsTxt,        ///< 4xx except 429
  kRedirectsFailed,    ///< too many redirects, a loop, or a redirect that leads nowhere
  kRecentServerError,  ///< 429/5xx/network failure for less than 12 h
  kLastGoodCopy,       ///< errors for 12 h to 30 days, a good copy exists
  kNoGoodCopy,         ///< errors for 12 h to 30 days, none does
  kLongErrorSiteUp,    ///< errors for 30 days or more, the server still answers
  kLongErrorSiteDown,  ///< errors for 30 days or more, the server cannot be reached
  kLocalFailure,       ///< the fetch failed on this machine: Access::kUndecided
};

[[nodiscard]] std::string_view to_string(Access access) noexcept;        // "full allow", ...
[[nodiscard]] std::string_view to_string(AccessReason reason) noexcept;  // a sentence
/// The stable word of each value (schemas/answer.schema.json), the one every binding,
/// command and endpoint gives: "full-allow", "full-disallow", "rules", "undecided".
[[nodiscard]] std::string_view word(Access access) noexcept;
/// "not-fetched", "parsed", "no-robots-txt", ...: one per row of docs/semantics.md 7.
[[nodiscard]] std::string_view word(AccessReason reason) noexcept;

/// The last fetch in short, kept for reports (CLI, logs).
struct FetchSummary {
  std::string robots_url;
  FetchKind kind = FetchKind::kNetworkError;
  int status = 0;
  int http_version = 0;  ///< as FetchOutcome::http_version
  std::vector<RedirectHop> hops;
  std::size_t body_bytes = 0;
  bool truncated = false;
  std::string cache_control;
  std::string error;
};

/// What the cache keeps per origin. Build it only with next_entry().
struct RobotsEntry {
  /// The rules of the last 2xx; null when there is none, or when a later fetch found
  /// that the origin has no robots.txt any more.
  std::shared_ptr<const RobotsTxt> good_copy;
  /// When the last fetch that gave an answer (2xx, 4xx, failed redirects) happened.
  std::optional<TimePoint> last_answer;
  /// Start of the current run of server errors; empty when the last fetch answered.
  std::optional<TimePoint> errors_since;
  /// The last error was a 429/5xx response (the server is up), not a network failure.
  bool server_answered_error = false;
  TimePoint fetched_at{};   ///< time of the last fetch
  TimePoint fresh_until{};  ///< reuse without fetching until this time
  FetchSummary last_fetch;

  /// The last fetch failed on this machine (FetchKind::kLocalError), or this machine
  /// refused the address (kRefused): the entry says nothing about the origin, and the
  /// cache never stores it.
  [[nodiscard]] bool is_local_failure() const noexcept {
    return last_fetch.kind == FetchKind::kLocalError || last_fetch.kind == FetchKind::kRefused;
  }

  /// Bytes this entry holds, for the cache's budget.
  [[nodiscard]] std::size_t memory_usage() const noexcept;
};

/// The access state at one moment, with the rules to ask when access is kRules.
struct AccessState {
  Access access = Access::kFullAllow;
  AccessReason reason = AccessReason::kNotFetched;
  std::shared_ptr<const RobotsTxt> rules;  ///< set exactly when access == kRules
};

/// How long a successful response stays fresh: `Cache-Control` s-maxage (our cache is
/// shared by crawlers, so it wins), else max-age, no-store/no-cache meaning the floor,
/// else the default; always within [min_freshness, max_freshness].
/// Example: freshness_for("public, max-age=3600", {}) == 1 h.
[[nodiscard]] std::chrono::seconds freshness_for(std::string_view cache_control,
                                                 const PolicyOptions& options);

/// The entry after `outcome` arrived at `now`, given the previous entry (null if none).
[[nodiscard]] RobotsEntry next_entry(const RobotsEntry* previous, const FetchOutcome& outcome,
                                     TimePoint now, const PolicyOptions& options = {});

/// The access `entry` grants at `now` (docs/semantics.md 7).
[[nodiscard]] AccessState access_state(const RobotsEntry& entry, TimePoint now,
                                       const PolicyOptions& options = {});

}  // namespace robotstxt

#endif  // ROBOTSTXT_POLICY_H_
