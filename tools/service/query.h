// The request target of the service's API: its path, and the values of its query
// parameters as the client meant them (percent-decoding and '+' as space, as HTML forms
// and every HTTP client library encode them).
#ifndef ROBOTSTXT_TOOLS_SERVICE_QUERY_H_
#define ROBOTSTXT_TOOLS_SERVICE_QUERY_H_

#include <optional>
#include <string>
#include <string_view>

namespace robotstxt::service {

/// "/v1/check" for "/v1/check?url=...".
std::string_view target_path(std::string_view target);

/// The decoded value of the first parameter `name`; nullopt when absent or when its
/// encoding is broken (a '%' not followed by two hex digits).
std::optional<std::string> query_value(std::string_view target, std::string_view name);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_QUERY_H_
