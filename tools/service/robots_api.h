// The JSON API of `robotstxt serve` (docs/serve.md): each endpoint turns an
// HttpRequest into an HttpResponse with the CLI's JSON vocabulary, using one shared
// RobotsClient (and through it the fleet's shared tier, when configured).
#ifndef ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_
#define ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "robotstxt/politeness.h"
#include "robotstxt/robots_client.h"
#include "service/access_log.h"
#include "service/endpoints.h"
#include "service/http_server.h"
#include "service/metrics.h"
#include "service/politeness_api.h"
#include "service/recent_fetches.h"

namespace robotstxt::service {

struct ApiOptions {
  std::size_t max_batch_urls = 10000;  ///< URLs per POST /v1/check or /v1/evaluate
  /// Distinct origins per POST /v1/check or /v1/acquire: each may be fetched and kept in
  /// the shared tier (413 beyond).
  std::size_t max_batch_origins = 1000;
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
  /// GET /readyz's "shared_tier_reason" while the shared tier is unreachable: one word
  /// of schemas/serve-readyz.schema.json (RedisStore::last_failure()); unset: none.
  std::function<std::string()> shared_tier_reason;
};

class RobotsApi final : public EndpointHandlers {
 public:
  RobotsApi(RobotsClient& client, ApiOptions options);

  /// On a worker: answers and counts a request, routed by handle_at_once() (or here, if
  /// it was not). Never throws. May block on a fetch.
  HttpResponse handle(const HttpRequest& request);
  /// On the I/O thread: routes the request and answers it if that cannot block (a check
  /// this process has in memory, health, metrics, the tester page, errors); else notes
  /// its route in request.route for handle() and returns nullopt.
  std::optional<HttpResponse> handle_at_once(HttpRequest& request);

 private:
  // Which endpoint answers a request (an index into kEndpoints), or, with kNoEndpoint,
  // the refusal (401, 404, 405).
  struct Route {
    std::size_t endpoint = kNoEndpoint;
    std::optional<HttpResponse> refusal;
  };
  Route route(const HttpRequest& request) const;
  // False for the politeness endpoints when there is no politeness: they are unknown.
  bool serves(const EndpointDescription& endpoint) const;
  bool authorized(const HttpRequest& request) const;
  std::optional<HttpResponse> check_one(const HttpRequest& request, bool at_once);

  // The endpoints (endpoints.h).
  HttpResponse tester(const HttpRequest& request) override;
  HttpResponse check(const HttpRequest& request) override;
  std::optional<HttpResponse> check_at_once(const HttpRequest& request) override;
  HttpResponse check_batch(const HttpRequest& request) override;
  HttpResponse evaluate(const HttpRequest& request) override;
  HttpResponse robots(const HttpRequest& request) override;
  HttpResponse robots_live(const HttpRequest& request) override;
  HttpResponse crawlers(const HttpRequest& request) override;
  HttpResponse refresh(const HttpRequest& request) override;
  HttpResponse acquire(const HttpRequest& request) override;
  HttpResponse report(const HttpRequest& request) override;
  HttpResponse health(const HttpRequest& request) override;
  HttpResponse ready(const HttpRequest& request) override;
  HttpResponse metrics(const HttpRequest& request) override;

  RobotsClient& client_;
  ApiOptions options_;
  Metrics metrics_;
  RecentFetches live_fetches_;
  std::optional<PolitenessApi> politeness_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ROBOTS_API_H_
