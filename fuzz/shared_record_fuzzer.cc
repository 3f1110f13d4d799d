// Fuzz target for the shared tier's record decoder (shared_record.h): whatever sits
// under a Redis key. It checks consistency, not only survival: a record that decodes
// was one the writer could have written, so encoding what was decoded gives the input
// back byte for byte, and the good copy is the body's rules.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "consistency.h"
#include "fetch/shared_record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::optional<robotstxt::SharedRecord> record =
      robotstxt::internal::decode_shared_record(input);
  if (!record) return 0;
  const robotstxt::RobotsEntry& entry = record->entry;
  require(!entry.is_local_failure(), "a local failure is never shared");
  require(entry.fresh_until >= entry.fetched_at, "fresh from its fetch on");
  require(
      entry.good_copy != nullptr ? input.ends_with(record->good_body) : record->good_body.empty(),
      "a good copy comes with its body, and only then");
  const std::string again = robotstxt::internal::encode_shared_record(entry, record->good_body);
  require(again == input, "a decoded record encodes back to the same bytes");
  if (entry.good_copy != nullptr) {
    require(entry.good_copy->line_count() ==
                robotstxt::RobotsTxt::parse(record->good_body).line_count(),
            "the good copy is the body's rules");
  }
  return 0;
}
