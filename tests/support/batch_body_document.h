// What a batch body says when read as a whole nlohmann document, member by member: the
// reading the service's streaming readers (tools/service/batch_body.h) must equal. Shared
// by the test that lists hand-picked bodies and the fuzzer that invents them.
#ifndef ROBOTSTXT_TESTS_SUPPORT_BATCH_BODY_DOCUMENT_H_
#define ROBOTSTXT_TESTS_SUPPORT_BATCH_BODY_DOCUMENT_H_

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "service/batch_body.h"

namespace robotstxt::testing {

/// The body as the document reads it; nullopt when it is not one JSON object. Its
/// `urls` stay empty: `url_bytes` holds every string URL followed by '\n'.
inline std::optional<service::BatchBody> read_batch_body_as_document(std::string_view text) {
  const nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) return std::nullopt;
  service::BatchBody body;
  for (const char* name : {"agent", "crawler", "user_agent"}) {
    const auto found = parsed.find(name);
    if (found == parsed.end() || !found->is_string()) continue;
    (std::string_view(name) == "agent"     ? body.agent
     : std::string_view(name) == "crawler" ? body.crawler
                                           : body.user_agent) = found->get<std::string>();
  }
  const auto urls = parsed.find("urls");
  body.urls_is_array = urls != parsed.end() && urls->is_array();
  if (!body.urls_is_array) return body;
  body.url_count = urls->size();
  for (const nlohmann::json& url : *urls) {
    if (url.is_string()) {
      body.url_bytes += url.get<std::string>() + '\n';
    } else {
      body.urls_all_strings = false;
    }
  }
  return body;
}

/// A streaming reader's URLs in the document's form: each followed by '\n'.
inline std::string joined_urls(const service::BatchBody& body) {
  std::string joined;
  for (const std::string_view url : body.urls) joined.append(url).append(1, '\n');
  return joined;
}

/// Whether a streaming reading says what the document says.
inline bool same_reading(const service::BatchBody& streamed, const service::BatchBody& document) {
  if (streamed.agent != document.agent || streamed.crawler != document.crawler ||
      streamed.user_agent != document.user_agent ||
      streamed.urls_is_array != document.urls_is_array) {
    return false;
  }
  if (!document.urls_is_array) return true;
  return streamed.urls_all_strings == document.urls_all_strings &&
         streamed.url_count == document.url_count && joined_urls(streamed) == document.url_bytes;
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_BATCH_BODY_DOCUMENT_H_
