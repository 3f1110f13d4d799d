// Fuzz target for the service's batch body readers (tools/service/batch_body.h).
// Consistency, not only survival: simdjson's reader, the event reader and a whole
// nlohmann document read every input the same way, or all refuse it, so no answer
// depends on which parser the service happened to use.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "consistency.h"
#include "service/batch_body.h"
#include "support/batch_body_document.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::optional<robotstxt::service::BatchBody> document =
      robotstxt::testing::read_batch_body_as_document(text);
  robotstxt::service::BatchBody by_events;
  const bool events_read = robotstxt::service::read_batch_body_with_events(text, by_events);
  require(events_read == document.has_value(), "the event reader refuses what JSON refuses");
  if (events_read) {
    require(robotstxt::testing::same_reading(by_events, *document),
            "the event reader reads as the document does");
  }
  robotstxt::service::BatchBody by_simdjson;
  if (robotstxt::service::read_batch_body_with_simdjson(text, by_simdjson)) {
    require(document.has_value(), "simdjson reads only what JSON allows");
    require(robotstxt::testing::same_reading(by_simdjson, *document),
            "simdjson's reader reads as the document does");
  }
  robotstxt::service::BatchBody chosen;
  require(robotstxt::service::read_batch_body(text, chosen) == document.has_value(),
          "the service reads what JSON allows");
  return 0;
}
