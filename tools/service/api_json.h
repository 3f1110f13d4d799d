// The pieces every JSON endpoint of `robotstxt serve` shares: answers, errors, the body
// as an object, and who asks. Defined in robots_api.cc, where most endpoints live;
// politeness_api.cc uses them too, so that both speak alike.
#ifndef ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_
#define ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_

#include <cstddef>
#include <optional>
#include <span>
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

/// The ways a request says who asks, as given: "agent" (a comma-separated list of product
/// tokens, as everywhere), "crawler" (a catalogue name) or "user_agent" (a whole
/// User-Agent header, for the catalogued crawler it names).
struct WhoGiven {
  std::optional<std::string> agent;
  std::optional<std::string> crawler;
  std::optional<std::string> user_agent;
};

/// Who asks; or an error message when none or several ways are given, a name is unknown,
/// a header names no crawler, or, unless `as_written`, a token is not a product token
/// (the command line's words, answer/question.h, in the service's names).
struct WhoOrError {
  std::optional<OwnedAgent> who;
  std::string error;
};
WhoOrError who_asks(const WhoGiven& given, bool as_written);

/// The ways a JSON body says who asks ("agent", "crawler", "user_agent"; strings only).
WhoGiven who_given(const nlohmann::json& body);

/// ?as_written=1 (or 0) of `request`: take the URLs and the agent exactly as given.
/// Absent is 0; any other value is nullopt, and `error` says what it takes.
std::optional<bool> as_written_asked(const HttpRequest& request, std::string& error);

/// The URL to decide: as a crawler requests it (answer/question.h), a view of `url` or
/// `storage`; `url` itself when `as_written`.
std::string_view url_to_decide(std::string_view url, bool as_written, std::string& storage);

/// The string at `key`, or nullopt when absent or not a string.
std::optional<std::string> json_string(const nlohmann::json& body, const char* key);
/// The "urls" array of a batch body (moved out of it), or nullopt and an error message.
std::optional<std::vector<std::string>> json_urls(nlohmann::json& body, std::size_t limit,
                                                  std::string& error);
/// The longest URL the service takes, in bytes: 16 KiB, a request head's limit, so that
/// POST bodies take the URLs a GET can carry and no more. A longer one is refused (400)
/// before anything is decided, fetched or stored.
inline constexpr std::size_t kMaxUrlBytes = std::size_t{16} << 10;
/// Why `url` is refused for its length, or "" when it is not.
std::string url_length_refusal(std::string_view url);

/// Why a batch of URLs is refused before anything is decided, fetched or stored: a URL
/// longer than kMaxUrlBytes (400), or more than `max_origins` distinct origins (413).
/// Every origin a batch names may be fetched and kept by the fleet's shared tier, so
/// their number is bounded, not only the URLs'. Status 0 when it is taken.
struct BatchRefusal {
  unsigned status = 0;
  std::string error;
};
BatchRefusal batch_refusal(std::span<const std::string_view> urls, std::size_t max_origins);
BatchRefusal batch_refusal(std::span<const std::string> urls, std::size_t max_origins);

/// The body as a JSON object, or nullopt and an error message.
std::optional<nlohmann::json> parse_object(const std::string& body, std::string& error);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_API_JSON_H_
