// The politeness endpoints of `robotstxt serve` (docs/serve.md "Politeness"): POST /v1/acquire
// answers "may I fetch this URL, and when?" with a slot on the origin's schedule (shared
// by every instance on the same Redis), POST /v1/report tells it what the fetch gave.
#ifndef ROBOTSTXT_TOOLS_SERVICE_POLITENESS_API_H_
#define ROBOTSTXT_TOOLS_SERVICE_POLITENESS_API_H_

#include <cstddef>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "robotstxt/politeness.h"
#include "service/http_server.h"
#include "service/metrics.h"

namespace robotstxt::service {

class PolitenessApi {
 public:
  /// The robots.txt fetches that acquiring starts are counted in `metrics` with the
  /// others (robotstxt_fetches_total).
  PolitenessApi(Politeness& politeness, std::size_t max_batch_urls, std::size_t max_batch_origins,
                Metrics& metrics);

  /// POST /v1/acquire: {"url", "agent"|"crawler"} -> one slot; {"urls": [...], ...} ->
  /// {"slots": [...]}, one per URL in order. May block on a robots.txt fetch.
  HttpResponse acquire(const HttpRequest& request);
  /// POST /v1/report: {"url", "status", "retry_after"}.
  HttpResponse report(const HttpRequest& request);
  /// The politeness counters in Prometheus text (robotstxt_politeness_*).
  std::string prometheus() const;
  /// "shared" (the fleet's schedule answers), "local" (Redis is configured but does not
  /// answer: this process's schedule), or "process" (no Redis). Asks Redis now.
  std::string schedule_state();

 private:
  // Counts the fetches behind `slots` (one per origin entry fetched for them).
  void count_fetches(std::span<const Slot> slots);

  Politeness& politeness_;
  std::size_t max_batch_urls_;
  std::size_t max_batch_origins_;
  Metrics& metrics_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_POLITENESS_API_H_
