// The body of a batch check, POST /v1/check: {"agent"|"crawler"|"user_agent": "...",
// "urls": [...]}.
// Read in one pass over the JSON text without building a document: a batch holds
// thousands of URLs, and a document of them cost more than deciding them.
#ifndef ROBOTSTXT_TOOLS_SERVICE_BATCH_BODY_H_
#define ROBOTSTXT_TOOLS_SERVICE_BATCH_BODY_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::service {

/// What a batch body says. Members of the top-level object other than these four are
/// ignored; when a member appears twice, the last one counts (as in a parsed document).
struct BatchBody {
  std::optional<std::string> agent;    ///< set only when "agent" is a string
  std::optional<std::string> crawler;  ///< set only when "crawler" is a string
  /// Set only when "user_agent" (a whole User-Agent header) is a string.
  std::optional<std::string> user_agent;
  bool urls_is_array = false;    ///< "urls" is present and an array
  bool urls_all_strings = true;  ///< ... and every element is a string
  std::size_t url_count = 0;     ///< elements of "urls", of any type
  /// Its strings, in order: views into `url_bytes`, valid as long as it is unchanged.
  std::vector<std::string_view> urls;
  /// Every URL's bytes, one after the other: one buffer instead of one string per URL.
  std::string url_bytes;
};

/// Reads `text` into `body`; false when it is not one JSON object (bad JSON included).
[[nodiscard]] bool read_batch_body(std::string_view text, BatchBody& body);

/// The two readers read_batch_body() chooses between, apart so that the tests and the
/// fuzzer can hold them to one answer. simdjson's is fast and refuses a few bodies that
/// JSON allows (false then); the event reader reads every body JSON allows.
[[nodiscard]] bool read_batch_body_with_simdjson(std::string_view text, BatchBody& body);
[[nodiscard]] bool read_batch_body_with_events(std::string_view text, BatchBody& body);

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_BATCH_BODY_H_
