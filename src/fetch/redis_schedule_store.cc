// The fetch schedule in Redis (see redis_schedule_store.h). The scripts below are the
// same reservation as InMemoryScheduleStore::reserve() and the same back-off rule as
// next_back_off() in schedule_store.cc, step for step.
#include "robotstxt/redis_schedule_store.h"

#include <algorithm>
#include <array>
#include <utility>

namespace robotstxt {
namespace {

// The same reservation as InMemoryScheduleStore::reserve(), the back-off's end included.
// KEYS: schedule, back-off. ARGV: now, base spacing, max spacing, max wait, TTL (ms).
// Returns {reserved 0/1, slot, spacing, backed off 0/1}. Values read are checked as the
// C++ side checks them: digits only, at most 15, within the bounds; else ignored.
constexpr std::string_view kReserveScript = R"lua(
local now = tonumber(ARGV[1])
local spacing = tonumber(ARGV[2])
local max_spacing = tonumber(ARGV[3])
local max_wait = tonumber(ARGV[4])
local ttl = tonumber(ARGV[5])
local backed = 0
local not_before = now
local function milliseconds(text)
  if type(text) ~= 'string' or #text == 0 or #text > 15 or not text:match('^%d+$') then
    return nil
  end
  return tonumber(text)
end
local base = spacing
local back_off_end = 0
local record = redis.call('GET', KEYS[2])
if type(record) == 'string' then
  local first, second = record:match('^(%d+) (%d+)$')
  local back_off = milliseconds(first)
  local later = milliseconds(second)
  if back_off and later and back_off <= max_spacing and later <= now + max_spacing and
      later + back_off > now then
    back_off_end = later + back_off
    if back_off > spacing then
      spacing = back_off
      backed = 1
    end
    if later > not_before then not_before = later end
  end
end
local earliest = now
local last = milliseconds(redis.call('GET', KEYS[1]))
if last and last <= now + max_wait then
  if last + spacing > earliest then earliest = last + spacing end
  if backed == 1 and earliest > back_off_end then
    spacing = base
    backed = 0
    earliest = math.max(now, back_off_end, last + base)
  end
end
if not_before > earliest then
  earliest = not_before
  backed = 1
end
if earliest - now > max_wait then return {0, earliest, spacing, backed} end
redis.call('SET', KEYS[1], string.format('%d', earliest), 'PX', ttl + (earliest - now))
return {1, earliest, spacing, backed}
)lua";

// KEYS: schedule. ARGV: slot, spacing. Gives the slot back if it is still the last one.
constexpr std::string_view kReleaseScript = R"lua(
if redis.call('GET', KEYS[1]) == ARGV[1] then
  local earlier = tonumber(ARGV[1]) - tonumber(ARGV[2])
  if earlier < 0 then earlier = 0 end
  redis.call('SET', KEYS[1], string.format('%d', earlier), 'KEEPTTL')
  return 1
end
return 0
)lua";

// The back-off rule of ScheduleStore::update_back_off (schedule_store.h), step for step
// as next_back_off() in schedule_store.cc: change both together.
// KEYS: back-off. ARGV: now, signal ("throttled", "success" or "none"), Retry-After ms
// ("" when none), default spacing, max spacing, TTL (ms).
// Returns {back-off, not before, capped 0/1, changed 0/1}. The stored record is checked
// as parse_back_off() checks it: "<digits> <digits>", at most 15 digits each, within the
// bounds; else it counts as no record.
constexpr std::string_view kBackOffScript = R"lua(
local now = tonumber(ARGV[1])
local signal = ARGV[2]
local asked = tonumber(ARGV[3])
local default_spacing = tonumber(ARGV[4])
local cap = tonumber(ARGV[5])
local ttl = tonumber(ARGV[6])
local function milliseconds(text)
  if type(text) ~= 'string' or #text == 0 or #text > 15 or not text:match('^%d+$') then
    return nil
  end
  return tonumber(text)
end
local back_off, not_before = 0, 0
local stored = redis.call('GET', KEYS[1])
if type(stored) == 'string' and #stored <= 31 then
  local first, second = stored:match('^(%d+) (%d+)$')
  local stored_back_off = milliseconds(first)
  local stored_not_before = milliseconds(second)
  if stored_back_off and stored_not_before and stored_back_off <= cap and
      stored_not_before <= now + cap then
    back_off, not_before = stored_back_off, stored_not_before
  end
end
local capped = 0
if signal == 'throttled' then
  if asked then
    if asked > cap then
      capped = 1
      back_off = cap
    else
      back_off = asked
    end
  else
    local base = math.max(back_off, default_spacing)
    if base > math.floor(cap / 2) then back_off = cap else back_off = base * 2 end
  end
  not_before = now + back_off
elseif signal == 'success' and back_off > 0 and now >= not_before then
  back_off = math.floor(back_off / 2)
  if back_off < default_spacing then
    back_off, not_before = 0, 0
  else
    not_before = now + back_off
  end
else
  return {back_off, not_before, 0, 0}
end
local lasting = not_before - now
if lasting < 0 then lasting = 0 end
redis.call('SET', KEYS[1], string.format('%d %d', back_off, not_before), 'PX',
           string.format('%d', ttl + lasting))
return {back_off, not_before, capped, 1}
)lua";

std::string_view signal_name(LoadSignal signal) {
  switch (signal) {
    case LoadSignal::kThrottled:
      return "throttled";
    case LoadSignal::kSuccess:
      return "success";
    case LoadSignal::kNone:
      break;
  }
  return "none";
}

}  // namespace

RedisScheduleStore::RedisScheduleStore(std::shared_ptr<RedisStore> redis)
    : redis_(std::move(redis)) {}

SlotReply RedisScheduleStore::reserve(const SlotRequest& request) {
  const std::array<std::string, 7> arguments = {request.schedule_key,
                                                request.back_off_key,
                                                std::to_string(request.now_ms),
                                                std::to_string(request.base_spacing_ms),
                                                std::to_string(request.max_spacing_ms),
                                                std::to_string(request.max_wait_ms),
                                                std::to_string(request.ttl_ms)};
  const std::optional<std::vector<long long>> reply =
      redis_->run_script(kReserveScript, 2, arguments);
  SlotReply slot;
  // The reply is checked too: a slot outside [now, now + max wait + max spacing], or a
  // spacing outside [base, max], is not something this script can have produced.
  if (!reply || reply->size() != 4) return slot;
  const long long reserved = (*reply)[0];
  const long long time = (*reply)[1];
  const long long spacing = (*reply)[2];
  if ((reserved != 0 && reserved != 1) || time < request.now_ms ||
      time > request.now_ms + request.max_wait_ms + request.max_spacing_ms ||
      spacing < request.base_spacing_ms ||
      spacing > std::max(request.base_spacing_ms, request.max_spacing_ms)) {
    return slot;
  }
  slot.status = StoreStatus::kOk;
  slot.reserved = reserved == 1;
  slot.slot_ms = time;
  slot.spacing_ms = spacing;
  slot.backed_off = (*reply)[3] == 1;
  return slot;
}

StoreStatus RedisScheduleStore::release(const std::string& schedule_key, std::int64_t slot_ms,
                                        std::int64_t spacing_ms) {
  const std::array<std::string, 3> arguments = {schedule_key, std::to_string(slot_ms),
                                                std::to_string(spacing_ms)};
  return redis_->run_script(kReleaseScript, 1, arguments) ? StoreStatus::kOk
                                                          : StoreStatus::kUnavailable;
}

BackOffReply RedisScheduleStore::update_back_off(const BackOffUpdate& update) {
  const std::array<std::string, 7> arguments = {
      update.back_off_key,
      std::to_string(update.now_ms),
      std::string(signal_name(update.signal)),
      update.retry_after_ms ? std::to_string(*update.retry_after_ms) : std::string(),
      std::to_string(update.default_spacing_ms),
      std::to_string(update.max_spacing_ms),
      std::to_string(update.ttl_ms)};
  const std::optional<std::vector<long long>> reply =
      redis_->run_script(kBackOffScript, 1, arguments);
  BackOffReply back_off;
  // The reply is checked too: a back-off outside [0, cap], or a "not before" outside
  // [0, now + cap], is not something the script can have produced.
  if (!reply || reply->size() != 4) return back_off;
  const long long back_off_ms = (*reply)[0];
  const long long not_before_ms = (*reply)[1];
  const long long capped = (*reply)[2];
  const long long changed = (*reply)[3];
  if (back_off_ms < 0 || back_off_ms > update.max_spacing_ms || not_before_ms < 0 ||
      not_before_ms > update.now_ms + update.max_spacing_ms || (capped != 0 && capped != 1) ||
      (changed != 0 && changed != 1)) {
    return back_off;
  }
  back_off.status = StoreStatus::kOk;
  back_off.record = BackOffRecord{back_off_ms, not_before_ms};
  back_off.capped = capped == 1;
  back_off.changed = changed == 1;
  return back_off;
}

StoreRead RedisScheduleStore::read(const std::string& key) {
  // The values written here are a few dozen bytes; a longer one is not ours, and is not
  // read whole (kUnreadable, then overwritten).
  constexpr std::size_t kMaxValueBytes = 256;
  return redis_->get(key, kMaxValueBytes);
}

StoreStatus RedisScheduleStore::write(const std::string& key, std::string_view value,
                                      std::chrono::milliseconds ttl) {
  return redis_->put(key, value, ttl);
}

}  // namespace robotstxt
