// The request target of the service's API: its path, and the values of its query
// parameters as the client meant them (percent-decoding and '+' as space, as HTML forms
// and every HTTP client library encode them).
#ifndef ROBOTSTXT_TOOLS_SERVICE_QUERY_H_
#define ROBOTSTXT_TOOLS_SERVICE_QUERY_H_

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace robotstxt::service {

/// "/v1/check" for "/v1/check?url=...".
std::string_view target_path(std::string_view target);

/// The decoded value of the first parameter `name`; nullopt when absent or when its
/// encoding is broken (a '%' not followed by two hex digits).
std::optional<std::string> query_value(std::string_view target, std::string_view name);

/// Why the query of `target` cannot be taken as asked: parameters that `expected` does not
/// name, parameters given twice, or names whose encoding is broken; "" when every
/// parameter is an expected one, once. A parameter ignored would answer a question the
/// client did not ask ("?url=http://a.test/x?id=1&private=1" checks ".../x?id=1").
std::string query_mistakes(std::string_view target,
                           std::initializer_list<std::string_view> expected);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_QUERY_H_
