// Every endpoint `robotstxt serve` answers, in one table: its method and path, the
// handler that answers it, its label in /metrics and the phrase that describes it. The
// router (robots_api.cc), the metrics (metrics.cc), `serve --help` and the endpoint list
// of docs/serve.md (held by tests/serve_endpoints_test.cc) all read it.
#ifndef ROBOTSTXT_TOOLS_SERVICE_ENDPOINTS_H_
#define ROBOTSTXT_TOOLS_SERVICE_ENDPOINTS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "service/http_server.h"

namespace robotstxt::service {

/// The handlers the table names, one per endpoint; RobotsApi implements them. They are
/// virtual so that the table, a constant here, can name them without this header (and
/// every reader of the table) depending on RobotsApi and what it links.
class EndpointHandlers {
 public:
  virtual HttpResponse tester(const HttpRequest& request) = 0;
  virtual HttpResponse check(const HttpRequest& request) = 0;
  /// check() if it can be answered without blocking (the rules are in memory, or the
  /// request is refused); nullopt otherwise.
  virtual std::optional<HttpResponse> check_at_once(const HttpRequest& request) = 0;
  virtual HttpResponse check_batch(const HttpRequest& request) = 0;
  virtual HttpResponse evaluate(const HttpRequest& request) = 0;
  virtual HttpResponse robots(const HttpRequest& request) = 0;
  virtual HttpResponse robots_live(const HttpRequest& request) = 0;
  virtual HttpResponse crawlers(const HttpRequest& request) = 0;
  virtual HttpResponse refresh(const HttpRequest& request) = 0;
  virtual HttpResponse acquire(const HttpRequest& request) = 0;
  virtual HttpResponse report(const HttpRequest& request) = 0;
  virtual HttpResponse health(const HttpRequest& request) = 0;
  virtual HttpResponse ready(const HttpRequest& request) = 0;
  virtual HttpResponse metrics(const HttpRequest& request) = 0;

 protected:
  ~EndpointHandlers() = default;
};

/// Where an endpoint is answered. The server's I/O threads answer what cannot block;
/// the rest waits for a worker thread.
enum class AnsweredOn : std::uint8_t {
  kIoThread,      ///< never blocks
  kIoThreadOnce,  ///< tried there first (`at_once`); a worker answers what it leaves
  kWorker,        ///< may fetch, ask Redis or take long
};

struct EndpointDescription {
  std::string_view method;  ///< "GET" or "POST" (HEAD is a GET without the body)
  /// As matched, without the query. "/" also answers the tester page's other files.
  std::string_view path;
  HttpResponse (EndpointHandlers::*handler)(const HttpRequest&);
  std::string_view label;    ///< robotstxt_requests_total{endpoint="..."} and the like
  std::string_view purpose;  ///< one short phrase for --help and docs/serve.md
  AnsweredOn answered_on = AnsweredOn::kWorker;
  /// For kIoThreadOnce: the try on the I/O thread.
  std::optional<HttpResponse> (EndpointHandlers::*at_once)(const HttpRequest&) = nullptr;
};

inline constexpr std::array kEndpoints = {
    EndpointDescription{"GET", "/", &EndpointHandlers::tester, "tester",
                        "the tester page (public, holds no data)", AnsweredOn::kIoThread},
    EndpointDescription{"GET", "/v1/check", &EndpointHandlers::check, "check",
                        "?url=U&agent=A|crawler=C: one URL", AnsweredOn::kIoThreadOnce,
                        &EndpointHandlers::check_at_once},
    EndpointDescription{"POST", "/v1/check", &EndpointHandlers::check_batch, "check_batch",
                        "many URLs for one agent or crawler"},
    EndpointDescription{"POST", "/v1/evaluate", &EndpointHandlers::evaluate, "evaluate",
                        "a robots.txt body given, many URLs"},
    EndpointDescription{"GET", "/v1/robots", &EndpointHandlers::robots, "robots",
                        "?url=U: the rules of an origin"},
    EndpointDescription{"GET", "/v1/robots.txt", &EndpointHandlers::robots_live, "robots_live",
                        "?url=U: the origin's robots.txt, fetched"},
    EndpointDescription{"GET", "/v1/crawlers", &EndpointHandlers::crawlers, "crawlers",
                        "the crawler catalogue"},
    EndpointDescription{"POST", "/v1/refresh", &EndpointHandlers::refresh, "refresh",
                        "?url=U: fetch an origin's robots.txt again"},
    EndpointDescription{"POST", "/v1/acquire", &EndpointHandlers::acquire, "acquire",
                        "politeness: a slot to fetch a URL"},
    EndpointDescription{"POST", "/v1/report", &EndpointHandlers::report, "report",
                        "politeness: what a fetch gave"},
    EndpointDescription{"GET", "/healthz", &EndpointHandlers::health, "healthz",
                        "the process answers", AnsweredOn::kIoThread},
    EndpointDescription{"GET", "/readyz", &EndpointHandlers::ready, "readyz",
                        "ready, or degraded while Redis does not answer"},
    EndpointDescription{"GET", "/metrics", &EndpointHandlers::metrics, "metrics", "Prometheus text",
                        AnsweredOn::kIoThread},
};

/// What /metrics counts a request under when it reached no endpoint: refused before
/// routing (401), or none matched (404, 405).
inline constexpr std::size_t kNoEndpoint = kEndpoints.size();
inline constexpr std::string_view kNoEndpointLabel = "other";

/// The /metrics label of kEndpoints[index], or kNoEndpointLabel for kNoEndpoint.
constexpr std::string_view endpoint_label(std::size_t index) {
  return index < kEndpoints.size() ? kEndpoints[index].label : kNoEndpointLabel;
}

/// "  GET /v1/check     ..." lines, one per endpoint, for --help. Method and path are
/// joined by one space, the purpose set off by two or more: help2man then makes the
/// method and path one tag in the manual page.
inline std::string endpoint_lines() {
  constexpr std::size_t kPurposeColumn = 22;
  std::string lines;
  for (const EndpointDescription& endpoint : kEndpoints) {
    std::string line = "  ";
    line += endpoint.method;
    line += ' ';
    line += endpoint.path;
    line.append(line.size() + 2 < kPurposeColumn ? kPurposeColumn - line.size() : 2, ' ');
    line += endpoint.purpose;
    lines += line;
    lines += '\n';
  }
  return lines;
}

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ENDPOINTS_H_
