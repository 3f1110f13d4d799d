/**
 * @file redis_schedule_store.h
 * @brief A fleet's fetch schedule in Redis (ScheduleStore over RedisStore): every
 *        process that uses the same Redis hands out slots from one schedule per origin.
 *
 * @code
 *   auto redis = std::make_shared<robotstxt::RedisStore>(robotstxt::RedisStoreOptions{});
 *   robotstxt::PolitenessOptions options;
 *   options.shared_schedule = std::make_shared<robotstxt::RedisScheduleStore>(redis);
 * @endcode
 *
 * A reservation is one Lua script (EVALSHA): it reads the back-off record and the last
 * slot, checks both (a value of another form, or beyond the bounds, is ignored), and
 * writes the new slot with its TTL, atomically on the server; a back-off report is
 * another script, the same way. Redis down or slow:
 * StoreStatus::kUnavailable, and Politeness carries on with its own schedule.
 */
#ifndef ROBOTSTXT_REDIS_SCHEDULE_STORE_H_
#define ROBOTSTXT_REDIS_SCHEDULE_STORE_H_

#include <memory>

#include "robotstxt/redis_store.h"
#include "robotstxt/schedule_store.h"

namespace robotstxt {

class RedisScheduleStore final : public ScheduleStore {
 public:
  explicit RedisScheduleStore(std::shared_ptr<RedisStore> redis);

  [[nodiscard]] SlotReply reserve(const SlotRequest& request) override;
  [[nodiscard]] StoreStatus release(const std::string& schedule_key, std::int64_t slot_ms,
                                    std::int64_t spacing_ms) override;
  [[nodiscard]] BackOffReply update_back_off(const BackOffUpdate& update) override;
  [[nodiscard]] StoreRead read(const std::string& key) override;
  [[nodiscard]] StoreStatus write(const std::string& key, std::string_view value,
                                  std::chrono::milliseconds ttl) override;

 private:
  std::shared_ptr<RedisStore> redis_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_REDIS_SCHEDULE_STORE_H_
