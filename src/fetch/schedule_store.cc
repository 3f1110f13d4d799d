// A fetch schedule inside one process, and the back-off record's text form (see
// schedule_store.h). RedisScheduleStore runs the same reservation and back-off update
// as Lua scripts.
#include "robotstxt/schedule_store.h"

#include <algorithm>
#include <charconv>
#include <utility>

namespace robotstxt {
namespace {

// A decimal number of at most 15 digits (Unix ms for the next 30,000 years), nothing
// else: no sign, no space, no exponent. What Redis hands back is checked this way.
std::optional<std::int64_t> parse_milliseconds(std::string_view text) noexcept {
  if (text.empty() || text.size() > 15) return std::nullopt;
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// Steps 2 to 4 of the back-off rule (ScheduleStore::update_back_off in
// schedule_store.h) on the record read in step 1. kBackOffScript in
// redis_schedule_store.cc is the same rule in Lua: change both together.
BackOffReply next_back_off(BackOffRecord record, const BackOffUpdate& update) {
  BackOffReply reply;
  reply.status = StoreStatus::kOk;
  const std::int64_t cap = update.max_spacing_ms;
  if (update.signal == LoadSignal::kThrottled) {
    if (update.retry_after_ms) {
      reply.capped = *update.retry_after_ms > cap;
      record.back_off_ms = std::min(*update.retry_after_ms, cap);
    } else {
      // Doubling from twice the default: a site that keeps refusing is asked ever less
      // often, up to the cap. Compared with half the cap so that doubling cannot overflow.
      const std::int64_t base = std::max(record.back_off_ms, update.default_spacing_ms);
      record.back_off_ms = base > cap / 2 ? cap : base * 2;
    }
    record.not_before_ms = update.now_ms + record.back_off_ms;
    reply.changed = true;
  } else if (update.signal == LoadSignal::kSuccess && record.back_off_ms > 0) {
    // A success inside the window is not believed (no fetch should have happened
    // then), and one halves the back-off at most once per window: the next window is
    // one halved back-off from now. Reports of successes, true or made up, then bring a
    // back-off down no faster than a crawler fetching at its slots would.
    if (update.now_ms < record.not_before_ms) {
      reply.record = record;
      return reply;
    }
    record.back_off_ms /= 2;
    if (record.back_off_ms < update.default_spacing_ms) {
      record = BackOffRecord{};
    } else {
      record.not_before_ms = update.now_ms + record.back_off_ms;
    }
    reply.changed = true;
  }
  reply.record = record;
  return reply;
}

}  // namespace

std::optional<BackOffRecord> parse_back_off(std::string_view text, std::int64_t now_ms,
                                            std::int64_t max_spacing_ms) noexcept {
  const std::size_t space = text.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::optional<std::int64_t> back_off = parse_milliseconds(text.substr(0, space));
  const std::optional<std::int64_t> not_before = parse_milliseconds(text.substr(space + 1));
  if (!back_off || !not_before) return std::nullopt;
  if (*back_off > max_spacing_ms || *not_before > now_ms + max_spacing_ms) return std::nullopt;
  return BackOffRecord{*back_off, *not_before};
}

std::string format_back_off(const BackOffRecord& record) {
  return std::to_string(record.back_off_ms) + " " + std::to_string(record.not_before_ms);
}

InMemoryScheduleStore::InMemoryScheduleStore(std::size_t max_keys)
    : max_keys_(std::max<std::size_t>(max_keys, 2)) {}

const InMemoryScheduleStore::Value* InMemoryScheduleStore::find(const std::string& key) {
  const auto found = values_.find(key);
  if (found == values_.end()) return nullptr;
  if (found->second.expires <= std::chrono::steady_clock::now()) {
    values_.erase(found);
    return nullptr;
  }
  return &found->second;
}

void InMemoryScheduleStore::put(const std::string& key, std::string text,
                                std::chrono::milliseconds ttl) {
  const auto now = std::chrono::steady_clock::now();
  if (values_.size() >= max_keys_ && !values_.contains(key)) {
    std::erase_if(values_, [now](const auto& entry) { return entry.second.expires <= now; });
    // Still full: the schedule closest to its end goes; losing it costs that origin at
    // most one spacing, while the memory stays bounded whatever the traffic.
    if (values_.size() >= max_keys_) {
      values_.erase(std::min_element(
          values_.begin(), values_.end(),
          [](const auto& a, const auto& b) { return a.second.expires < b.second.expires; }));
    }
  }
  // A TTL past any schedule's life is as good as forever; bounded, so that adding it to
  // the clock cannot overflow (a cap of years is a valid option).
  constexpr std::chrono::milliseconds kLongestTtl = std::chrono::hours(24 * 365 * 100);
  values_[key] =
      Value{std::move(text), now + std::clamp(ttl, std::chrono::milliseconds(0), kLongestTtl)};
}

SlotReply InMemoryScheduleStore::reserve(const SlotRequest& request) {
  const std::lock_guard lock(mutex_);
  SlotReply reply;
  reply.status = StoreStatus::kOk;
  reply.spacing_ms = request.base_spacing_ms;
  std::int64_t not_before = request.now_ms;
  // A back-off is in force until one back-off after its window ("not before"): then it
  // is over, whether or not a success was reported.
  std::int64_t back_off_end = 0;
  if (const Value* value = find(request.back_off_key)) {
    if (const auto record = parse_back_off(value->text, request.now_ms, request.max_spacing_ms);
        record && record->not_before_ms + record->back_off_ms > request.now_ms) {
      back_off_end = record->not_before_ms + record->back_off_ms;
      if (record->back_off_ms > reply.spacing_ms) {
        reply.spacing_ms = record->back_off_ms;
        reply.backed_off = true;
      }
      not_before = std::max(not_before, record->not_before_ms);
    }
  }
  std::int64_t earliest = request.now_ms;
  if (const Value* value = find(request.schedule_key)) {
    const std::optional<std::int64_t> last = parse_milliseconds(value->text);
    if (last && *last <= request.now_ms + request.max_wait_ms) {
      earliest = std::max(earliest, *last + reply.spacing_ms);
      // Past the back-off's end only the base spacing holds: slots reserved while an
      // origin backs off cannot hold its schedule beyond the back-off.
      if (reply.backed_off && earliest > back_off_end) {
        reply.spacing_ms = request.base_spacing_ms;
        reply.backed_off = false;
        earliest = std::max({request.now_ms, back_off_end, *last + reply.spacing_ms});
      }
    }
  }
  if (not_before > earliest) {
    earliest = not_before;
    reply.backed_off = true;
  }
  reply.slot_ms = earliest;
  if (reply.slot_ms - request.now_ms > request.max_wait_ms) return reply;
  reply.reserved = true;
  put(request.schedule_key, std::to_string(reply.slot_ms),
      std::chrono::milliseconds(request.ttl_ms + (reply.slot_ms - request.now_ms)));
  return reply;
}

StoreStatus InMemoryScheduleStore::release(const std::string& schedule_key, std::int64_t slot_ms,
                                           std::int64_t spacing_ms) {
  const std::lock_guard lock(mutex_);
  auto found = values_.find(schedule_key);
  if (found != values_.end() && found->second.text == std::to_string(slot_ms)) {
    found->second.text = std::to_string(std::max<std::int64_t>(slot_ms - spacing_ms, 0));
  }
  return StoreStatus::kOk;
}

BackOffReply InMemoryScheduleStore::update_back_off(const BackOffUpdate& update) {
  // Read, decide and write under one lock: that is what makes a report one step.
  const std::lock_guard lock(mutex_);
  BackOffRecord stored;
  if (const Value* value = find(update.back_off_key)) {
    stored =
        parse_back_off(value->text, update.now_ms, update.max_spacing_ms).value_or(BackOffRecord{});
  }
  const BackOffReply reply = next_back_off(stored, update);
  if (reply.changed) {
    const std::int64_t lasting =
        std::max<std::int64_t>(reply.record.not_before_ms - update.now_ms, 0);
    put(update.back_off_key, format_back_off(reply.record),
        std::chrono::milliseconds(update.ttl_ms + lasting));
  }
  return reply;
}

StoreRead InMemoryScheduleStore::read(const std::string& key) {
  const std::lock_guard lock(mutex_);
  const Value* value = find(key);
  if (value == nullptr) return {StoreStatus::kMissing, {}};
  return {StoreStatus::kOk, value->text};
}

StoreStatus InMemoryScheduleStore::write(const std::string& key, std::string_view value,
                                         std::chrono::milliseconds ttl) {
  const std::lock_guard lock(mutex_);
  put(key, std::string(value), ttl);
  return StoreStatus::kOk;
}

std::size_t InMemoryScheduleStore::size() const {
  const std::lock_guard lock(mutex_);
  return values_.size();
}

}  // namespace robotstxt
