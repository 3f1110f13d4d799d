// The live robots.txt fetches of GET /v1/robots.txt, one per origin at a time: requests
// for an origin whose fetch is in flight wait for it, and a finished fetch answers the
// requests of the next interval, so that clients cannot make the service hammer a site.
#ifndef ROBOTSTXT_TOOLS_SERVICE_RECENT_FETCHES_H_
#define ROBOTSTXT_TOOLS_SERVICE_RECENT_FETCHES_H_

#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"

namespace robotstxt::service {

class RecentFetches {
 public:
  struct Fetched {
    std::shared_ptr<const FetchOutcome> outcome;
    TimePoint fetched_at{};     ///< when the fetch ended
    bool fetched_here = false;  ///< this call ran the fetch (else it shared another's)
  };

  /// A finished fetch answers for `interval` (zero: only the requests that came while it
  /// was in flight). What is kept is bounded by `max_bytes` of bodies and URLs; past
  /// that, the oldest fetches are forgotten first.
  RecentFetches(std::chrono::milliseconds interval, std::size_t max_bytes);
  RecentFetches(const RecentFetches&) = delete;
  RecentFetches& operator=(const RecentFetches&) = delete;

  /// The fetch of `origin_key` finished less than the interval ago, or the one in flight,
  /// or else the outcome of `fetch()`, run on this thread. This machine's failures
  /// (FetchKind::kLocalError, kRefused) answer only the requests already waiting.
  Fetched get(const std::string& origin_key, const std::function<FetchOutcome()>& fetch);

 private:
  struct Slot {
    std::shared_future<Fetched> result;
    bool finished = false;
    TimePoint fetched_at{};
    std::size_t bytes = 0;
  };
  struct Finished {
    std::string key;
    TimePoint fetched_at{};
  };

  void forget_locked(TimePoint now);
  void erase_finished_locked(const Finished& finished);

  const std::chrono::milliseconds interval_;
  const std::size_t max_bytes_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Slot> slots_;
  std::deque<Finished> finished_;  // oldest first: all expire after the same interval
  std::size_t bytes_ = 0;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_RECENT_FETCHES_H_
