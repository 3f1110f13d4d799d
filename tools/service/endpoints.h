// Every endpoint `robotstxt serve` answers, in one list: the router's "wrong method"
// answer and `serve --help` both read it, so the help cannot leave one out.
#ifndef ROBOTSTXT_TOOLS_SERVICE_ENDPOINTS_H_
#define ROBOTSTXT_TOOLS_SERVICE_ENDPOINTS_H_

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace robotstxt::service {

struct EndpointDescription {
  std::string_view method;   ///< "GET" or "POST"
  std::string_view path;     ///< as matched, without the query
  std::string_view purpose;  ///< one short phrase for --help
};

inline constexpr std::array kEndpoints = {
    EndpointDescription{"GET", "/", "the tester page (public, holds no data)"},
    EndpointDescription{"GET", "/v1/check", "?url=U&agent=A|crawler=C: one URL"},
    EndpointDescription{"POST", "/v1/check", "many URLs for one agent or crawler"},
    EndpointDescription{"POST", "/v1/evaluate", "a robots.txt body given, many URLs"},
    EndpointDescription{"GET", "/v1/robots", "?url=U: the rules of an origin"},
    EndpointDescription{"GET", "/v1/robots.txt", "?url=U: the origin's robots.txt, fetched"},
    EndpointDescription{"GET", "/v1/crawlers", "the crawler catalogue"},
    EndpointDescription{"POST", "/v1/refresh", "?url=U: fetch an origin's robots.txt again"},
    EndpointDescription{"POST", "/v1/acquire", "politeness: a slot to fetch a URL"},
    EndpointDescription{"POST", "/v1/report", "politeness: what a fetch gave"},
    EndpointDescription{"GET", "/healthz", "the process answers"},
    EndpointDescription{"GET", "/readyz", "ready, or degraded while Redis does not answer"},
    EndpointDescription{"GET", "/metrics", "Prometheus text"},
};

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
