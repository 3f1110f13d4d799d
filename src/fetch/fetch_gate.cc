// The process-wide bound on transfers in flight (see fetch_gate.h).
#include "robotstxt/fetch_gate.h"

namespace robotstxt {

FetchGate::FetchGate(std::size_t limit) noexcept : limit_(limit == 0 ? 1 : limit) {}

bool FetchGate::try_enter() noexcept {
  const std::lock_guard lock(mutex_);
  if (in_flight_ >= limit_) return false;
  ++in_flight_;
  return true;
}

bool FetchGate::enter_until(std::chrono::steady_clock::time_point deadline) noexcept {
  std::unique_lock lock(mutex_);
  if (!freed_.wait_until(lock, deadline, [this] { return in_flight_ < limit_; })) return false;
  ++in_flight_;
  return true;
}

void FetchGate::leave() noexcept {
  {
    const std::lock_guard lock(mutex_);
    if (in_flight_ > 0) --in_flight_;
  }
  freed_.notify_one();
}

std::size_t FetchGate::in_flight() const noexcept {
  const std::lock_guard lock(mutex_);
  return in_flight_;
}

}  // namespace robotstxt
