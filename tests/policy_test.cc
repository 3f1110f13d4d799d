// docs/semantics.md 7 as a table: each row is a sequence of fetch outcomes at given times, then
// the access expected at a later time. Time is a fake clock: hours from a fixed start.
#include "robotstxt/policy.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "robotstxt/robots_client.h"

namespace robotstxt {
namespace {

using std::chrono::hours;

const TimePoint kStart = TimePoint{} + std::chrono::days(20000);
TimePoint at(double hours_from_start) {
  return kStart + std::chrono::duration_cast<Clock::duration>(
                      std::chrono::duration<double, std::ratio<3600>>(hours_from_start));
}
constexpr double kDay = 24;

FetchOutcome response(int status, std::string body = "User-agent: *\nDisallow: /private\n",
                      std::string cache_control = "") {
  FetchOutcome outcome;
  outcome.kind = FetchKind::kResponse;
  outcome.status = status;
  outcome.body = std::move(body);
  outcome.cache_control = std::move(cache_control);
  return outcome;
}
FetchOutcome failure(FetchKind kind) {
  FetchOutcome outcome;
  outcome.kind = kind;
  return outcome;
}
FetchOutcome network_failure() { return failure(FetchKind::kNetworkError); }
// A second good copy with other rules, to tell copies apart.
FetchOutcome other_rules() { return response(200, "User-agent: *\nDisallow: /other\n"); }

struct Fetch {
  double hour;
  FetchOutcome outcome;
};

struct PolicyCase {
  const char* name;
  std::vector<Fetch> fetches;
  double query_hour;
  Access access;
  AccessReason reason;
  bool private_allowed;  // verdict for /private with the resulting state
  bool other_allowed;    // verdict for /other
};

// What RobotsClient answers for FooBot and `path` when `entry` is its origin's cached
// entry at `now`: the client's own reading of an access state, not a copy of it. The
// entry is kept fresh to `now` so that the client decides from it and never fetches.
bool verdict_for(RobotsEntry entry, TimePoint now, const char* path) {
  RobotsClientOptions options;
  options.clock = [now] { return now; };
  RobotsClient client(options);
  entry.fresh_until = now + hours(1);
  client.cache().insert(origin_of("https://example.com/")->key(), std::move(entry));
  const std::optional<Decision> decision =
      client.decide_if_cached(std::string("https://example.com") + path, "FooBot");
  EXPECT_TRUE(decision.has_value()) << path;
  return decision.has_value() && decision->allowed;
}

TEST(PolicyTest, EveryRowOfSemantics7) {
  const PolicyCase cases[] = {
      {"2xx parses the body",
       {{0, response(200)}},
       1,
       Access::kRules,
       AccessReason::kParsed,
       false,
       true},
      {"204 parses an empty body: all allowed",
       {{0, response(204, "")}},
       1,
       Access::kRules,
       AccessReason::kParsed,
       true,
       true},
      {"404 is full allow",
       {{0, response(404)}},
       1,
       Access::kFullAllow,
       AccessReason::kNoRobotsTxt,
       true,
       true},
      {"401 is full allow",
       {{0, response(401)}},
       1,
       Access::kFullAllow,
       AccessReason::kNoRobotsTxt,
       true,
       true},
      {"403 is full allow",
       {{0, response(403)}},
       1,
       Access::kFullAllow,
       AccessReason::kNoRobotsTxt,
       true,
       true},
      {"too many redirects is 404",
       {{0, failure(FetchKind::kTooManyRedirects)}},
       1,
       Access::kFullAllow,
       AccessReason::kRedirectsFailed,
       true,
       true},
      {"redirect loop is 404",
       {{0, failure(FetchKind::kRedirectLoop)}},
       1,
       Access::kFullAllow,
       AccessReason::kRedirectsFailed,
       true,
       true},
      {"3xx without Location is 404",
       {{0, response(302)}},
       1,
       Access::kFullAllow,
       AccessReason::kRedirectsFailed,
       true,
       true},
      {"429 is a server error",
       {{0, response(429)}},
       1,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      {"500 is a server error",
       {{0, response(500)}},
       1,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      {"network failure is a server error",
       {{0, network_failure()}},
       1,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      // 5xx for 11 h, then 13 h, without and with a good copy, then 31 days.
      {"5xx for 11 h, no copy: full disallow",
       {{0, response(503)}, {5, response(503)}, {11, response(503)}},
       11,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      {"5xx for 13 h, no copy: full allow",
       {{0, response(503)}, {6, response(503)}, {13, response(503)}},
       13,
       Access::kFullAllow,
       AccessReason::kNoGoodCopy,
       true,
       true},
      {"5xx for 13 h after a good fetch: last good copy",
       {{0, response(200)}, {24, response(503)}, {37, response(503)}},
       37,
       Access::kRules,
       AccessReason::kLastGoodCopy,
       false,
       true},
      {"503 right after a good fetch: full disallow for 12 h",
       {{0, response(200)}, {24, response(503)}},
       24.5,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      {"5xx for 29 days after a good fetch: still the last good copy",
       {{0, response(200)}, {24, response(500)}, {24 + 29 * kDay, response(500)}},
       24 + 29 * kDay,
       Access::kRules,
       AccessReason::kLastGoodCopy,
       false,
       true},
      {"5xx for 31 days, server answering: full allow",
       {{0, response(200)}, {24, response(503)}, {24 + 31 * kDay, response(503)}},
       24 + 31 * kDay,
       Access::kFullAllow,
       AccessReason::kLongErrorSiteUp,
       true,
       true},
      {"unreachable for 31 days: full disallow",
       {{0, response(200)}, {24, network_failure()}, {24 + 31 * kDay, network_failure()}},
       24 + 31 * kDay,
       Access::kFullDisallow,
       AccessReason::kLongErrorSiteDown,
       false,
       false},
      {"unreachable for 13 h after a good fetch: last good copy",
       {{0, response(200)}, {24, network_failure()}, {37, network_failure()}},
       37,
       Access::kRules,
       AccessReason::kLastGoodCopy,
       false,
       true},
      {"the error clock starts at the first error, not the latest",
       {{0, response(500)}, {12.5, response(500)}},
       12.5,
       Access::kFullAllow,
       AccessReason::kNoGoodCopy,
       true,
       true},
      {"recovery after errors: the new rules apply at once",
       {{0, response(500)}, {13, response(500)}, {14, other_rules()}},
       14,
       Access::kRules,
       AccessReason::kParsed,
       true,
       false},
      {"recovery resets the error clock",
       {{0, response(500)}, {13, response(500)}, {14, other_rules()}, {40, response(500)}},
       41,
       Access::kFullDisallow,
       AccessReason::kRecentServerError,
       false,
       false},
      {"a refresh with new rules replaces the good copy used later",
       {{0, response(200)}, {24, other_rules()}, {48, response(500)}},
       61,
       Access::kRules,
       AccessReason::kLastGoodCopy,
       true,
       false},
      {"a 404 after a good copy forgets it",
       {{0, response(200)}, {24, response(404)}, {48, response(500)}},
       61,
       Access::kFullAllow,
       AccessReason::kNoGoodCopy,
       true,
       true},
      {"a 404 while erroring ends the errors",
       {{0, response(500)}, {13, response(404)}},
       14,
       Access::kFullAllow,
       AccessReason::kNoRobotsTxt,
       true,
       true},
  };
  for (const PolicyCase& test : cases) {
    SCOPED_TRACE(test.name);
    RobotsEntry entry;
    bool first = true;
    for (const Fetch& fetch : test.fetches) {
      entry = next_entry(first ? nullptr : &entry, fetch.outcome, at(fetch.hour));
      first = false;
    }
    const AccessState state = access_state(entry, at(test.query_hour));
    EXPECT_EQ(state.access, test.access) << to_string(state.access);
    EXPECT_EQ(state.reason, test.reason) << to_string(state.reason);
    EXPECT_EQ(state.rules != nullptr, state.access == Access::kRules);
    EXPECT_EQ(verdict_for(entry, at(test.query_hour), "/private"), test.private_allowed);
    EXPECT_EQ(verdict_for(entry, at(test.query_hour), "/other"), test.other_allowed);
  }
}

TEST(PolicyTest, StateOfOneErrorEntryMovesWithTheClock) {
  // One 503 and no refetch: the same entry reads differently as time passes.
  RobotsEntry good = next_entry(nullptr, response(200), at(0));
  const RobotsEntry failing = next_entry(&good, response(503), at(24));
  EXPECT_EQ(access_state(failing, at(24 + 11)).access, Access::kFullDisallow);
  EXPECT_EQ(access_state(failing, at(24 + 13)).access, Access::kRules);
  EXPECT_EQ(access_state(failing, at(24 + 31 * kDay)).access, Access::kFullAllow);
}

// docs/semantics.md 7 leaves open what a 304 means when nothing was conditional: we never send
// If-Modified-Since or If-None-Match, so it is a bad response, and bad responses are
// server errors. The server did answer, so it counts as up after 30 days.
TEST(PolicyTest, NotModifiedToAnUnconditionalRequestIsAServerError) {
  const RobotsEntry entry = next_entry(nullptr, response(304, ""), at(0));
  EXPECT_EQ(access_state(entry, at(1)).access, Access::kFullDisallow);
  EXPECT_EQ(access_state(entry, at(1)).reason, AccessReason::kRecentServerError);
  EXPECT_TRUE(entry.server_answered_error);
}

// A redirect to a scheme without robots.txt (mailto:, javascript:) leads nowhere a
// robots.txt could be fetched from, like a 3xx without Location: treated as 404.
TEST(PolicyTest, UnfollowableRedirectIsTreatedAs404) {
  const RobotsEntry entry = next_entry(nullptr, failure(FetchKind::kUnfollowableRedirect), at(0));
  EXPECT_EQ(access_state(entry, at(1)).access, Access::kFullAllow);
  EXPECT_EQ(access_state(entry, at(1)).reason, AccessReason::kRedirectsFailed);
}

// A failure on this machine (no file descriptors, no memory, an unreadable CA file)
// says nothing about the origin: no access state comes of it, and the previous state
// is neither replaced nor moved on the error clock.
TEST(PolicyTest, LocalFailureDecidesNothingAndIsNeverTheOriginsState) {
  const RobotsEntry good = next_entry(nullptr, response(200), at(0));
  const RobotsEntry local = next_entry(&good, failure(FetchKind::kLocalError), at(30));
  EXPECT_TRUE(local.is_local_failure());
  EXPECT_FALSE(good.is_local_failure());
  EXPECT_EQ(access_state(local, at(30)).access, Access::kUndecided);
  EXPECT_EQ(access_state(local, at(30)).reason, AccessReason::kLocalFailure);
  EXPECT_EQ(access_state(local, at(30)).rules, nullptr);
  EXPECT_FALSE(local.errors_since.has_value());
  const RobotsEntry fresh = next_entry(nullptr, failure(FetchKind::kLocalError), at(0));
  EXPECT_EQ(access_state(fresh, at(0)).access, Access::kUndecided);
}

TEST(PolicyTest, EmptyEntryIsNotFetched) {
  EXPECT_EQ(access_state(RobotsEntry{}, at(0)).reason, AccessReason::kNotFetched);
}

TEST(PolicyTest, FreshnessIs24HoursByDefaultAndRetriesSoonAfterErrors) {
  const PolicyOptions options;
  const RobotsEntry good = next_entry(nullptr, response(200), at(0), options);
  EXPECT_EQ(good.fresh_until, at(24));
  const RobotsEntry missing = next_entry(nullptr, response(404), at(0), options);
  EXPECT_EQ(missing.fresh_until, at(24));
  const RobotsEntry failing = next_entry(&good, response(500), at(30), options);
  EXPECT_EQ(failing.fresh_until, at(30) + options.error_retry_interval);
  EXPECT_EQ(failing.good_copy, good.good_copy);
}

TEST(PolicyTest, CacheControlAdjustsFreshnessWithinBounds) {
  PolicyOptions options;
  options.min_freshness = std::chrono::minutes(5);
  options.max_freshness = std::chrono::days(7);
  const std::pair<const char*, std::chrono::seconds> cases[] = {
      {"", hours(24)},
      {"max-age=3600", hours(1)},                  // shorter than 24 h
      {"public, max-age=172800", hours(48)},       // longer than 24 h
      {"max-age=60", std::chrono::minutes(5)},     // below the floor
      {"max-age=99999999", std::chrono::days(7)},  // above the ceiling
      {"max-age=\"7200\"", hours(2)},
      {"MAX-AGE=7200", hours(2)},
      {"max-age=7200, s-maxage=10800", hours(3)},  // our cache is shared: s-maxage wins
      {"s-maxage=10800, max-age=7200", hours(3)},
      {"no-store", std::chrono::minutes(5)},
      {"no-cache", std::chrono::minutes(5)},
      {"no-cache, max-age=7200", std::chrono::minutes(5)},
      {"max-age=abc", hours(24)},
      {"max-age=", hours(24)},
      {"private", hours(24)},
      {"max-age=99999999999999999999999", std::chrono::days(7)},
  };
  for (const auto& [header, expected] : cases) {
    SCOPED_TRACE(header);
    EXPECT_EQ(freshness_for(header, options), expected);
    const RobotsEntry entry = next_entry(nullptr, response(200, "", header), at(0), options);
    EXPECT_EQ(entry.fresh_until - entry.fetched_at, expected);
  }
}

TEST(PolicyTest, WindowsAreConfigurable) {
  PolicyOptions options;
  options.full_disallow_window = hours(1);
  options.last_good_copy_limit = hours(2);
  const RobotsEntry failing = next_entry(nullptr, response(500), at(0), options);
  EXPECT_EQ(access_state(failing, at(0.5), options).access, Access::kFullDisallow);
  EXPECT_EQ(access_state(failing, at(1.5), options).reason, AccessReason::kNoGoodCopy);
  EXPECT_EQ(access_state(failing, at(2.5), options).reason, AccessReason::kLongErrorSiteUp);
}

TEST(PolicyTest, EntryKeepsASummaryOfTheLastFetch) {
  FetchOutcome outcome = response(200);
  outcome.robots_url = "https://example.com/robots.txt";
  outcome.hops.push_back(
      {"https://example.com/robots.txt", 301, "https://www.example.com/robots.txt"});
  outcome.truncated = true;
  const RobotsEntry entry = next_entry(nullptr, outcome, at(0));
  EXPECT_EQ(entry.last_fetch.robots_url, outcome.robots_url);
  EXPECT_EQ(entry.last_fetch.hops.size(), 1u);
  EXPECT_EQ(entry.last_fetch.body_bytes, outcome.body.size());
  EXPECT_TRUE(entry.last_fetch.truncated);
  EXPECT_GT(entry.memory_usage(), entry.good_copy->memory_usage());
}

}  // namespace
}  // namespace robotstxt
