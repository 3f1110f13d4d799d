// The fetch schedule in Redis (see redis_schedule_store.h). The script below is the
// same reservation as InMemoryScheduleStore::reserve(), step for step.
#include "robotstxt/redis_schedule_store.h"

#include <algorithm>
#include <array>
#include <utility>

namespace robotstxt {
namespace {

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
local record = redis.call('GET', KEYS[2])
if type(record) == 'string' then
  local first, second = record:match('^(%d+) (%d+)$')
  local back_off = milliseconds(first)
  local later = milliseconds(second)
  if back_off and later and back_off <= max_spacing and later <= now + max_spacing then
    if back_off > spacing then
      spacing = back_off
      backed = 1
    end
    if later > not_before then not_before = later end
  end
end
local earliest = now
local last = milliseconds(redis.call('GET', KEYS[1]))
if last and last <= now + max_wait and last + spacing > earliest then
  earliest = last + spacing
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
