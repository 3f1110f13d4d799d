// Counters of the service and their Prometheus text (see metrics.h).
#include "service/metrics.h"

#include <algorithm>
#include <sstream>

namespace robotstxt::service {

void Metrics::count_request(std::size_t endpoint, unsigned status,
                            std::chrono::nanoseconds latency) {
  PerEndpoint& counters = endpoints_[std::min(endpoint, kNoEndpoint)];
  const std::size_t status_class = status / 100 < 6 ? status / 100 : 5;
  ++counters.by_class[status_class];
  const double seconds = std::chrono::duration<double>(latency).count();
  std::size_t bucket = 0;
  while (bucket < kBuckets.size() && seconds > kBuckets[bucket]) ++bucket;
  ++counters.buckets[bucket];
  counters.latency_nanoseconds += static_cast<std::uint64_t>(latency.count());
}

void Metrics::count_answer(CacheTier tier) { ++answers_[static_cast<std::size_t>(tier)]; }

void Metrics::count_answers(CacheTier tier, std::uint64_t answers) {
  if (answers != 0) answers_[static_cast<std::size_t>(tier)] += answers;
}

void Metrics::count_fetch(const FetchSummary& fetch) {
  std::string outcome;
  if (fetch.kind == FetchKind::kResponse) {
    outcome = std::to_string(fetch.status / 100) + "xx";
  } else {
    for (char c : to_string(fetch.kind)) outcome.push_back(c == ' ' ? '_' : c);
  }
  const std::lock_guard lock(fetches_mutex_);
  ++fetches_[outcome];
}

std::string Metrics::prometheus(const RobotsCache& cache, const SharedCache* shared,
                                const FetchGate* gate) const {
  std::ostringstream out;
  out << "# HELP robotstxt_requests_total HTTP requests answered, by endpoint and status class.\n"
      << "# TYPE robotstxt_requests_total counter\n";
  for (std::size_t e = 0; e < endpoints_.size(); ++e) {
    for (std::size_t status_class = 1; status_class < 6; ++status_class) {
      const std::uint64_t count = endpoints_[e].by_class[status_class];
      if (count == 0) continue;
      out << "robotstxt_requests_total{endpoint=\"" << endpoint_label(e) << "\",code=\""
          << status_class << "xx\"} " << count << "\n";
    }
  }
  out << "# HELP robotstxt_request_duration_seconds Time from a request read to its answer.\n"
      << "# TYPE robotstxt_request_duration_seconds histogram\n";
  for (std::size_t e = 0; e < endpoints_.size(); ++e) {
    const PerEndpoint& counters = endpoints_[e];
    const std::string label = "endpoint=\"" + std::string(endpoint_label(e)) + "\"";
    std::uint64_t cumulative = 0;
    for (std::size_t b = 0; b <= kBuckets.size(); ++b) {
      cumulative += counters.buckets[b];
      out << "robotstxt_request_duration_seconds_bucket{" << label << ",le=\"";
      if (b < kBuckets.size()) {
        out << kBuckets[b];
      } else {
        out << "+Inf";
      }
      out << "\"} " << cumulative << "\n";
    }
    out << "robotstxt_request_duration_seconds_sum{" << label << "} "
        << static_cast<double>(counters.latency_nanoseconds.load()) / 1e9 << "\n"
        << "robotstxt_request_duration_seconds_count{" << label << "} " << cumulative << "\n";
  }
  out << "# HELP robotstxt_cache_answers_total URLs answered, by where their robots.txt came "
         "from.\n"
      << "# TYPE robotstxt_cache_answers_total counter\n";
  for (CacheTier tier : {CacheTier::kMemory, CacheTier::kShared, CacheTier::kFetched}) {
    out << "robotstxt_cache_answers_total{tier=\"" << to_string(tier) << "\"} "
        << answers_[static_cast<std::size_t>(tier)] << "\n";
  }
  out << "# HELP robotstxt_fetches_total robots.txt fetches made by this process, by outcome.\n"
      << "# TYPE robotstxt_fetches_total counter\n";
  {
    const std::lock_guard lock(fetches_mutex_);
    for (const auto& [outcome, count] : fetches_) {
      out << "robotstxt_fetches_total{outcome=\"" << outcome << "\"} " << count << "\n";
    }
  }
  out << "# HELP robotstxt_cache_entries Origins in this process's cache.\n"
      << "# TYPE robotstxt_cache_entries gauge\n"
      << "robotstxt_cache_entries " << cache.size() << "\n"
      << "# HELP robotstxt_cache_bytes Memory those entries hold (compiled rules included).\n"
      << "# TYPE robotstxt_cache_bytes gauge\n"
      << "robotstxt_cache_bytes " << cache.bytes() << "\n"
      << "# HELP robotstxt_cache_bytes_limit Least recently used entries go beyond this "
         "(--cache-bytes).\n"
      << "# TYPE robotstxt_cache_bytes_limit gauge\n"
      << "robotstxt_cache_bytes_limit " << cache.options().max_bytes << "\n";
  if (gate != nullptr) {
    out << "# HELP robotstxt_fetches_in_flight robots.txt transfers in progress now.\n"
        << "# TYPE robotstxt_fetches_in_flight gauge\n"
        << "robotstxt_fetches_in_flight " << gate->in_flight() << "\n"
        << "# HELP robotstxt_fetches_in_flight_limit At most this many at once (--max-fetches).\n"
        << "# TYPE robotstxt_fetches_in_flight_limit gauge\n"
        << "robotstxt_fetches_in_flight_limit " << gate->limit() << "\n";
  }
  if (shared != nullptr) {
    const SharedCacheStats stats = shared->stats();
    const std::pair<const char*, std::uint64_t> counters[] = {
        {"robotstxt_shared_tier_hits_total", stats.hits},
        {"robotstxt_shared_tier_misses_total", stats.misses},
        {"robotstxt_single_flight_waits_total", stats.waits},
        {"robotstxt_single_flight_wait_timeouts_total", stats.wait_timeouts},
        {"robotstxt_shared_tier_writes_total", stats.writes},
        {"robotstxt_shared_tier_errors_total", stats.errors},
        {"robotstxt_shared_tier_bad_records_total", stats.bad_records},
        {"robotstxt_shared_tier_oversized_records_total", stats.oversized_records},
    };
    for (const auto& [name, value] : counters) {
      out << "# TYPE " << name << " counter\n" << name << " " << value << "\n";
    }
    out << "# HELP robotstxt_shared_tier_up 1 while Redis is used, 0 while it is marked "
           "unreachable (checked at start; then by each failure and the probe once a second).\n"
        << "# TYPE robotstxt_shared_tier_up gauge\nrobotstxt_shared_tier_up "
        << (shared->available() ? 1 : 0) << "\n";
  }
  return out.str();
}

}  // namespace robotstxt::service
