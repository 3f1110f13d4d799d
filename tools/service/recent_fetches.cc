// Live fetches shared by concurrent requests and reused for an interval (see
// recent_fetches.h).
#include "service/recent_fetches.h"

#include <exception>
#include <utility>

namespace robotstxt::service {

RecentFetches::RecentFetches(std::chrono::milliseconds interval, std::size_t max_bytes)
    : interval_(interval), max_bytes_(max_bytes) {}

void RecentFetches::erase_finished_locked(const Finished& finished) {
  // The key may have been fetched again since: only the fetch that ended then goes.
  const auto slot = slots_.find(finished.key);
  if (slot == slots_.end() || !slot->second.finished ||
      slot->second.fetched_at != finished.fetched_at) {
    return;
  }
  bytes_ -= slot->second.bytes;
  slots_.erase(slot);
}

void RecentFetches::forget_locked(TimePoint now) {
  while (!finished_.empty() &&
         (finished_.front().fetched_at + interval_ <= now || bytes_ > max_bytes_)) {
    erase_finished_locked(finished_.front());
    finished_.pop_front();
  }
}

RecentFetches::Fetched RecentFetches::get(const std::string& origin_key,
                                          const std::function<FetchOutcome()>& fetch) {
  std::promise<Fetched> promise;
  std::unique_lock lock(mutex_);
  forget_locked(Clock::now());
  if (const auto slot = slots_.find(origin_key); slot != slots_.end()) {
    const std::shared_future<Fetched> result = slot->second.result;
    lock.unlock();  // other origins go on while this one is waited for
    return result.get();
  }
  slots_.emplace(origin_key, Slot{promise.get_future().share()});
  lock.unlock();
  Fetched fetched;
  try {
    fetched.outcome = std::make_shared<const FetchOutcome>(fetch());
  } catch (...) {
    lock.lock();
    slots_.erase(origin_key);
    lock.unlock();
    promise.set_exception(std::current_exception());
    throw;
  }
  fetched.fetched_at = Clock::now();
  lock.lock();
  const FetchKind kind = fetched.outcome->kind;
  if (kind == FetchKind::kLocalError || kind == FetchKind::kRefused) {
    // Says nothing of the origin: the next request fetches again.
    slots_.erase(origin_key);
  } else {
    Slot& slot = slots_.at(origin_key);
    slot.finished = true;
    slot.fetched_at = fetched.fetched_at;
    slot.bytes = origin_key.size() + fetched.outcome->body.size() +
                 fetched.outcome->final_url.size() + sizeof(FetchOutcome);
    bytes_ += slot.bytes;
    finished_.push_back({origin_key, fetched.fetched_at});
    forget_locked(fetched.fetched_at);
  }
  lock.unlock();
  promise.set_value(fetched);
  fetched.fetched_here = true;
  return fetched;
}

}  // namespace robotstxt::service
