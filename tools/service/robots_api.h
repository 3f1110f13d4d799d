// The JSON API of `robotstxt serve` (docs/serve.md): each endpoint turns an
// HttpRequest into an HttpResponse with the CLI's JSON vocabulary, using one shared
// RobotsClient (and through it the fleet's shared tier, when configured).
#ifndef ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_
#define ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "robotstxt/politeness.h"
#include "robotstxt/robots_client.h"
#include "service/access_log.h"
#include "service/http_server.h"
#include "service/metrics.h"
#include "service/politeness_api.h"
#include "service/recent_fetches.h"

namespace robotstxt::service {

struct ApiOptions {
  std::size_t max_batch_urls = 10000;  ///< URLs per POST /v1/check or /v1/evaluate
  /// When set, every /v1/ request needs "Authorization: Bearer <token>" (else 401).
  std::string token;
  /// The work one POST /v1/evaluate may ask for, in rules x URLs x crawlers (each URL
  /// and crawler is matched against every rule at worst; a file without rules counts
  /// as one): over it, 413 before anything is matched.
  std::uint64_t max_request_work = 50'000'000;
  /// Bytes of one /v1/evaluate answer: 413 when it would be larger.
  std::size_t max_answer_bytes = std::size_t{8} << 20;
  /// GET /v1/robots.txt fetches an origin at most once per interval; requests within
  /// it share the last fetch, and requests while it is in flight wait for it.
  std::chrono::milliseconds refresh_interval{std::chrono::seconds(10)};
  /// POST /v1/acquire and /v1/report answer from this (politeness_api.h); null: 404.
  Politeness* politeness = nullptr;
  /// GET /metrics adds its dropped lines; null without --access-log.
  const AccessLog* access_log = nullptr;
};

class RobotsApi {
 public:
  RobotsApi(RobotsClient& client, ApiOptions options);

  /// Routes, answers and counts one request. Never throws. May block on a fetch.
  HttpResponse handle(const HttpRequest& request);
  /// The answer if it can be given without blocking (a check this process has in
  /// memory, health, metrics, errors), for the I/O thread; nullopt: use handle().
  std::optional<HttpResponse> handle_at_once(const HttpRequest& request);

 private:
  std::optional<HttpResponse> answer(const HttpRequest& request, bool at_once);
  std::optional<HttpResponse> route(const HttpRequest& request, Endpoint& endpoint, bool at_once);
  bool authorized(const HttpRequest& request) const;
  std::optional<HttpResponse> check_one(const HttpRequest& request, bool at_once);
  HttpResponse check_batch(const HttpRequest& request);
  HttpResponse evaluate(const HttpRequest& request);
  HttpResponse robots(const HttpRequest& request);
  HttpResponse robots_live(const HttpRequest& request);
  HttpResponse crawlers();
  HttpResponse refresh(const HttpRequest& request);
  HttpResponse ready();

  RobotsClient& client_;
  ApiOptions options_;
  Metrics metrics_;
  RecentFetches live_fetches_;
  std::optional<PolitenessApi> politeness_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_
