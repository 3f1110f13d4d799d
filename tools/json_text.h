// JSON written straight into one growing string, for answers too large to build as
// nlohmann::json objects first (serve's batches: thousands of results per request).
// Strings are escaped exactly as nlohmann::json::dump(-1, ' ', false, replace) does,
// so both writers give the same bytes for the same value.
#ifndef ROBOTSTXT_TOOLS_JSON_TEXT_H_
#define ROBOTSTXT_TOOLS_JSON_TEXT_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace robotstxt::cli {

/// Appends `text` as a JSON string: quotes, backslashes and control bytes escaped,
/// well-formed UTF-8 kept as it is, invalid UTF-8 replaced by U+FFFD as the nlohmann
/// writer does (README "JSON output").
void append_json_string(std::string& out, std::string_view text);

/// Appends a JSON number.
void append_json_number(std::string& out, std::int64_t number);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_JSON_TEXT_H_
