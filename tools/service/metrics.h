// What `robotstxt serve` counts, and its Prometheus text exposition (GET /metrics):
// requests and latency per endpoint, answers per cache tier, fetches per outcome, and
// the in-process cache's entries and bytes (and their bounds), the shared tier's
// single-flight waits, errors and bad records, fetches in flight. Names start with robotstxt_.
#ifndef ROBOTSTXT_TOOLS_SERVICE_METRICS_H_
#define ROBOTSTXT_TOOLS_SERVICE_METRICS_H_

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "robotstxt/robots_client.h"
#include "service/endpoints.h"

namespace robotstxt::service {

class Metrics {
 public:
  /// Upper bounds of the latency buckets, in seconds (then +Inf).
  static constexpr std::array<double, 14> kBuckets = {
      0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5};

  /// One answered request; `endpoint` indexes kEndpoints (endpoints.h), or is kNoEndpoint.
  void count_request(std::size_t endpoint, unsigned status, std::chrono::nanoseconds latency);
  void count_answer(CacheTier tier);
  void count_answers(CacheTier tier, std::uint64_t answers);
  /// One fetch this process made, by its outcome ("2xx", "5xx", "network_error", ...).
  void count_fetch(const FetchSummary& fetch);

  /// The exposition; `shared` is null without a shared tier, `gate` without a bound on
  /// fetches in flight.
  std::string prometheus(const RobotsCache& cache, const SharedCache* shared,
                         const FetchGate* gate) const;

 private:
  struct PerEndpoint {
    std::array<std::atomic<std::uint64_t>, 6> by_class{};  // index: status / 100
    std::array<std::atomic<std::uint64_t>, kBuckets.size() + 1> buckets{};
    std::atomic<std::uint64_t> latency_nanoseconds{0};
  };
  std::array<PerEndpoint, kEndpoints.size() + 1> endpoints_{};  // the last: kNoEndpoint
  std::array<std::atomic<std::uint64_t>, 3> answers_{};         // by CacheTier
  mutable std::mutex fetches_mutex_;
  std::map<std::string, std::uint64_t> fetches_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_METRICS_H_
