// The pieces every JSON endpoint of `robotstxt serve` shares: answers, errors, the body
// as an object, and who asks. Defined in robots_api.cc, where most endpoints live;
// politeness_api.cc uses them too, so that both speak alike.
#ifndef ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_
#define ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "robotstxt/owned_agent.h"
#include "robotstxt/url.h"
#include "service/http_server.h"

namespace robotstxt::service {

HttpResponse json_response(unsigned status, const nlohmann::json& body);
/// {"error": message}
HttpResponse error_response(unsigned status, std::string_view message);

/// The ?url= of a request about an origin (GET /v1/robots and /v1/robots.txt, POST
/// /v1/refresh) and that origin; or the 400 that says what is missing or wrong.
struct OriginAsked {
  std::string url;
  Origin origin;
  std::optional<HttpResponse> error;
};
OriginAsked origin_asked(const HttpRequest& request);

/// Who asks, from "agent" (a comma-separated list, as everywhere) or "crawler" (a
/// catalogue name); an error message when neither or both are given, or unknown.
struct WhoOrError {
  std::optional<OwnedAgent> who;
  std::string error;
};
WhoOrError who_asks(const std::optional<std::string>& agent,
                    const std::optional<std::string>& crawler);

/// The string at `key`, or nullopt when absent or not a string.
std::optional<std::string> json_string(const nlohmann::json& body, const char* key);
/// The "urls" array of a batch body (moved out of it), or nullopt and an error message.
std::optional<std::vector<std::string>> json_urls(nlohmann::json& body, std::size_t limit,
                                                  std::string& error);
/// The body as a JSON object, or nullopt and an error message.
std::optional<nlohmann::json> parse_object(const std::string& body, std::string& error);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_
