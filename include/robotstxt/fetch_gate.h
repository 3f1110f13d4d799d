/**
 * @file fetch_gate.h
 * @brief A process-wide bound on robots.txt transfers in flight, shared by every
 *        Fetcher (and so every RobotsClient call) given the same gate.
 *
 * Pipeline position: inside the fetcher. FetchOptions::max_concurrent_transfers bounds
 * one fetch_all() call; a service answering many requests at once needs one bound for
 * all of them, or N requests may hold N times that many connections.
 *
 * @code
 *   robotstxt::RobotsClientOptions options;
 *   options.fetch.gate = std::make_shared<robotstxt::FetchGate>(64);
 *   robotstxt::RobotsClient client(options);  // at most 64 transfers, whatever the callers
 * @endcode
 */
#ifndef ROBOTSTXT_FETCH_GATE_H_
#define ROBOTSTXT_FETCH_GATE_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace robotstxt {

class FetchGate {
 public:
  /// At most `limit` transfers in flight at once (0 counts as 1).
  explicit FetchGate(std::size_t limit) noexcept;
  FetchGate(const FetchGate&) = delete;
  FetchGate& operator=(const FetchGate&) = delete;

  /// Takes a slot if one is free now.
  [[nodiscard]] bool try_enter() noexcept;
  /// Takes a slot, waiting until one frees up or `deadline` passes (false then).
  [[nodiscard]] bool enter_until(std::chrono::steady_clock::time_point deadline) noexcept;
  /// Gives back a slot taken by try_enter() or enter_until().
  void leave() noexcept;

  [[nodiscard]] std::size_t in_flight() const noexcept;
  [[nodiscard]] std::size_t limit() const noexcept { return limit_; }

 private:
  const std::size_t limit_;
  mutable std::mutex mutex_;
  std::condition_variable freed_;
  std::size_t in_flight_ = 0;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_FETCH_GATE_H_
