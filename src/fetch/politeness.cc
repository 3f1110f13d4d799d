// May I fetch, and when: spacing, back-off and slots (see politeness.h and
// docs/semantics.md, "Politeness").
#include "robotstxt/politeness.h"

#include <curl/curl.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <utility>

#include "base/ascii.h"

namespace robotstxt {
namespace {

std::int64_t steady_ticks() { return std::chrono::steady_clock::now().time_since_epoch().count(); }

struct Spacing {
  std::int64_t ms = 0;
  SpacingSource source = SpacingSource::kDefault;
  bool capped = false;
  std::optional<std::int64_t> robots_ms;
};

// Seconds from robots.txt as ms, within [0, cap] (P2): NaN, negative or huge values
// say "capped" rather than overflowing.
std::int64_t capped_milliseconds(double seconds, std::int64_t cap, bool& capped) {
  if (!(seconds >= 0)) {
    capped = true;
    return cap;
  }
  const double milliseconds = seconds * 1000.0;
  if (milliseconds > static_cast<double>(cap)) {
    capped = true;
    return cap;
  }
  return std::llround(milliseconds);
}

// Does this asker follow Crawl-delay and Request-rate (P3)?
bool honours_crawl_delay(const Crawler* crawler, const PolitenessOptions& options) {
  if (crawler == nullptr || crawler->crawl_delay == CrawlDelaySupport::kUnknown) {
    return options.agents_honour_crawl_delay;
  }
  return crawler->crawl_delay == CrawlDelaySupport::kHonoured;
}

// The spacing before any back-off (P1): the largest of the default, Crawl-delay and
// Request-rate, the last two only from the group that applies and for askers that
// honour them.
Spacing base_spacing(const Decision& decision, Agent agent, const PolitenessOptions& options) {
  Spacing spacing{options.default_spacing.count(), SpacingSource::kDefault, false, std::nullopt};
  if (!honours_crawl_delay(agent.crawler(), options) || decision.state.access != Access::kRules ||
      !decision.state.rules) {
    return spacing;
  }
  const RobotsTxt& robots = *decision.state.rules;
  const std::int64_t cap = options.max_spacing.count();
  // The groups the asker follows (its own precedence, for a crawler) give both.
  const std::optional<double> delay = robots.crawl_delay(agent);
  const std::optional<RequestRate> rate = robots.request_rate(agent);
  const auto consider = [&](std::int64_t ms, SpacingSource source) {
    spacing.robots_ms = std::max(spacing.robots_ms.value_or(0), ms);
    if (ms > spacing.ms) {
      spacing.ms = ms;
      spacing.source = source;
    }
  };
  if (delay) consider(capped_milliseconds(*delay, cap, spacing.capped), SpacingSource::kCrawlDelay);
  if (rate) {
    // "0/1s" asks for no request at all: the cap, reported.
    const double seconds_per_request =
        rate->requests > 0 ? rate->seconds / rate->requests : std::nan("");
    consider(capped_milliseconds(seconds_per_request, cap, spacing.capped),
             SpacingSource::kRequestRate);
  }
  return spacing;
}

// A stable name for who asks, the same in every process of the fleet: a crawler's
// catalogue name, or the lower-cased agent tokens. Long lists are hashed (FNV-1a, which
// every process computes alike) so that a key stays small whatever a client sends.
std::string lower_case(std::string_view text) {
  std::string lower(text);
  for (char& c : lower) c = internal::to_ascii_lower(c);
  return lower;
}

std::string who_key(Agent agent) {
  std::string who;
  if (agent.crawler() != nullptr) {
    who = "crawler:" + lower_case(agent.crawler()->name);
  } else {
    who = "agent:";
    const std::span<const std::string_view> agents = agent.tokens();
    for (std::size_t i = 0; i < agents.size(); ++i) {
      if (i != 0) who += ',';
      who += lower_case(agents[i]);
    }
  }
  constexpr std::size_t kLongest = 200;
  if (who.size() <= kLongest) return who;
  std::uint64_t hash = 14695981039346656037ULL;
  for (const char c : who) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ULL;
  }
  return who.substr(0, kLongest) + "#" + std::to_string(hash);
}

std::string origin_key_of(std::string_view robots_url) {
  constexpr std::string_view kSuffix = "/robots.txt";
  if (robots_url.ends_with(kSuffix)) robots_url.remove_suffix(kSuffix.size());
  return std::string(robots_url);
}

}  // namespace

std::string_view to_string(SpacingSource source) noexcept {
  switch (source) {
    case SpacingSource::kCrawlDelay:
      return "crawl-delay";
    case SpacingSource::kRequestRate:
      return "request-rate";
    case SpacingSource::kBackOff:
      return "back-off";
    case SpacingSource::kDefault:
      break;
  }
  return "default";
}

std::optional<std::int64_t> parse_retry_after(std::string_view value, std::int64_t now_ms) {
  value = internal::trim_ascii_space(value);
  if (value.empty()) return std::nullopt;
  if (std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    // More than nine digits is more than 30 years: as good as "never", and capped later.
    if (value.size() > 9) return std::int64_t{999'999'999} * 1000;
    std::int64_t seconds = 0;
    std::from_chars(value.data(), value.data() + value.size(), seconds);
    return seconds * 1000;
  }
  // An HTTP date (RFC 9110 5.6.7); libcurl's parser reads all three historical forms.
  const std::string text(value);
  const time_t when = curl_getdate(text.c_str(), nullptr);
  if (when == -1) return std::nullopt;
  return std::max<std::int64_t>(static_cast<std::int64_t>(when) * 1000 - now_ms, 0);
}

Politeness::Politeness(RobotsClient& client, PolitenessOptions options)
    : client_(client), options_(std::move(options)), local_(options_.max_local_keys) {}

bool Politeness::using_shared() const noexcept {
  return options_.shared_schedule != nullptr &&
         steady_ticks() >= skip_shared_until_.load(std::memory_order_relaxed) &&
         (!options_.shared_store_up || options_.shared_store_up());
}

ScheduleStore& Politeness::store(bool& shared) {
  shared = using_shared();
  if (shared) return *options_.shared_schedule;
  if (options_.shared_schedule != nullptr) ++local_fallbacks_;
  return local_;
}

void Politeness::shared_failed() noexcept {
  ++shared_errors_;
  const auto pause =
      std::chrono::duration_cast<std::chrono::steady_clock::duration>(options_.retry_shared_after);
  skip_shared_until_.store(steady_ticks() + pause.count(), std::memory_order_relaxed);
  if (options_.on_shared_failure) options_.on_shared_failure();
}

bool Politeness::shared_reachable() {
  if (options_.shared_schedule == nullptr) return false;
  // Known down: say so at once; a readiness check must not wait on a hung store.
  if (options_.shared_store_up && !options_.shared_store_up()) return false;
  const StoreRead probe = options_.shared_schedule->read(options_.key_prefix + "v1:probe");
  if (probe.status == StoreStatus::kUnavailable) {
    shared_failed();
    return false;
  }
  // It answers: rejoin the fleet's schedule now rather than after the pause.
  skip_shared_until_.store(0, std::memory_order_relaxed);
  return true;
}

std::string Politeness::schedule_key(const Decision& decision, Agent agent) const {
  // The origin in braces: a Redis Cluster hash tag, as for the shared cache's keys.
  return options_.key_prefix + "v1:slot:{" + origin_key_of(decision.robots_url) + "}|" +
         who_key(agent);
}

std::string Politeness::back_off_key(std::string_view robots_url) const {
  return options_.key_prefix + "v1:backoff:{" + origin_key_of(robots_url) + "}";
}

void Politeness::reserve(Slot& slot, Agent agent) {
  if (!slot.decision.allowed) {
    ++disallowed_;
    return;
  }
  const Spacing spacing = base_spacing(slot.decision, agent, options_);
  slot.capped = spacing.capped;
  slot.robots_spacing_ms = spacing.robots_ms;
  if (spacing.capped) ++capped_;
  const std::int64_t now = options_.unix_clock_ms();
  const SlotRequest request{schedule_key(slot.decision, agent),
                            back_off_key(slot.decision.robots_url),
                            now,
                            spacing.ms,
                            options_.max_spacing.count(),
                            options_.max_wait.count(),
                            options_.state_ttl.count()};
  bool shared = false;
  SlotReply reply = store(shared).reserve(request);
  if (reply.status != StoreStatus::kOk && shared) {
    shared_failed();
    ++local_fallbacks_;
    shared = false;
    reply = local_.reserve(request);
  }
  slot.shared = shared;
  slot.spacing_ms = reply.spacing_ms;
  slot.spacing_source = reply.backed_off ? SpacingSource::kBackOff : spacing.source;
  slot.not_before_ms = reply.slot_ms;
  if (!reply.reserved) {
    ++full_;
    // Ask again when the slot would be within reach.
    slot.wait_ms = std::max<std::int64_t>(reply.slot_ms - options_.max_wait.count() - now, 0);
    return;
  }
  slot.reserved = true;
  slot.wait_ms = std::max<std::int64_t>(reply.slot_ms - now, 0);
  ++slots_;
  if (slot.wait_ms > 0) {
    ++waits_;
    wait_ms_ += static_cast<std::uint64_t>(slot.wait_ms);
  }
}

Slot Politeness::acquire(std::string_view url, Agent agent, const std::atomic<bool>* cancelled) {
  Slot slot;
  slot.decision = client_.decide(url, agent, cancelled);
  reserve(slot, agent);
  return slot;
}

std::vector<Slot> Politeness::acquire_all(std::span<const std::string> urls, Agent agent,
                                          const std::atomic<bool>* cancelled) {
  std::vector<Decision> decisions = client_.decide_all(urls, agent, cancelled);
  std::vector<Slot> slots(decisions.size());
  for (std::size_t i = 0; i < decisions.size(); ++i) {
    slots[i].decision = std::move(decisions[i]);
    // Nobody waits for the answer any more: reserve nothing more that nobody would use.
    if (cancelled != nullptr && cancelled->load(std::memory_order_relaxed)) continue;
    reserve(slots[i], agent);
  }
  return slots;
}

void Politeness::release(const Slot& slot, Agent agent) {
  if (!slot.reserved) return;
  const std::string key = schedule_key(slot.decision, agent);
  ScheduleStore& target = slot.shared ? *options_.shared_schedule : local_;
  if (target.release(key, slot.not_before_ms, slot.spacing_ms) != StoreStatus::kOk) {
    shared_failed();
  }
}

BackOffReport Politeness::report(std::string_view url, int status, std::string_view retry_after) {
  BackOffReport report;
  const OriginResult origin = origin_of(url);
  if (!origin) {
    report.error = "the URL has no origin: " + std::string(to_string(origin.error));
    return report;
  }
  if (status < 100 || status > 599) {
    report.error = "the status must be an HTTP status from 100 to 599";
    return report;
  }
  const std::int64_t now = options_.unix_clock_ms();
  std::optional<std::int64_t> asked;
  if (!internal::trim_ascii_space(retry_after).empty()) {
    asked = parse_retry_after(retry_after, now);
    if (!asked) {
      report.error = "Retry-After must be a number of seconds or an HTTP date";
      return report;
    }
  }
  const bool throttled = status == 429 || status == 503;
  const bool success = status >= 200 && status < 400;
  const BackOffUpdate update{
      back_off_key(origin->robots_url()),
      now,
      throttled ? LoadSignal::kThrottled : (success ? LoadSignal::kSuccess : LoadSignal::kNone),
      throttled ? asked : std::nullopt,
      options_.default_spacing.count(),
      options_.max_spacing.count(),
      options_.state_ttl.count()};
  // One step in the store (read, decide, write): two workers reporting at once for the
  // same origin must not both start from the same old record.
  bool shared = false;
  BackOffReply reply = store(shared).update_back_off(update);
  if (reply.status != StoreStatus::kOk && shared) {
    shared_failed();
    ++local_fallbacks_;
    shared = false;
    reply = local_.update_back_off(update);
  }
  if (throttled) {
    ++(status == 429 ? back_offs_429_ : back_offs_503_);
    if (asked) ++retry_after_;
  } else if (success && reply.changed) {
    ++relaxations_;
  }
  report.back_off_ms = reply.record.back_off_ms;
  report.not_before_ms = reply.record.not_before_ms;
  report.capped = reply.capped;
  report.shared = shared;
  return report;
}

PolitenessStats Politeness::stats() const noexcept {
  PolitenessStats stats;
  stats.slots = slots_.load();
  stats.waits = waits_.load();
  stats.wait_ms = wait_ms_.load();
  stats.full = full_.load();
  stats.disallowed = disallowed_.load();
  stats.capped = capped_.load();
  stats.back_offs_429 = back_offs_429_.load();
  stats.back_offs_503 = back_offs_503_.load();
  stats.retry_after = retry_after_.load();
  stats.relaxations = relaxations_.load();
  stats.local_fallbacks = local_fallbacks_.load();
  stats.shared_errors = shared_errors_.load();
  return stats;
}

}  // namespace robotstxt
