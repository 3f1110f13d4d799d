// The text format of one origin's record in the shared tier (shared_cache.h), version 1.
// Lines "name=value" in a fixed order, then the last good body as raw bytes:
//
//   robotstxt-record 1
//   fetched_at=<ms since the Unix epoch>
//   fresh_until=<ms>
//   last_answer=<ms, or empty: never answered>
//   errors_since=<ms, or empty: not in an error run>
//   server_answered_error=<0|1>
//   kind=<FetchKind as to_string() names it>
//   status=<HTTP status>  http_version=<10|11|20|30|0>  body_bytes=<n>  truncated=<0|1>
//   robots_url=...  cache_control=...  error=...     (one line each)
//   hops=<n>, then n lines "<status> <from> <to>"
//   good_body=<byte count, or empty: no good copy>
//   <the body's bytes>
//
// Text, so that `redis-cli GET` shows an operator what the fleet knows. Values never
// hold a line break (one is written as a space). Reading never trusts the bytes (Redis
// is shared, and anyone who can write to it can write there): every field must be what
// the writer can produce (numbers spelled as std::to_string spells them and within
// their range, no local failure, an HTTP status of 100 to 999 or none, a redirect hop
// with a 3xx and a `from` without spaces, the rules of a 2xx). Anything else is "no
// record", never a crash; so what decodes encodes back to the same bytes.
#ifndef ROBOTSTXT_SRC_FETCH_SHARED_RECORD_H_
#define ROBOTSTXT_SRC_FETCH_SHARED_RECORD_H_

#include <optional>
#include <string>
#include <string_view>

#include "robotstxt/shared_cache.h"

namespace robotstxt::internal {

[[nodiscard]] std::string encode_shared_record(const RobotsEntry& entry,
                                               std::string_view good_body);
/// The record, with entry.good_copy parsed from the body; nullopt if `text` is not one.
[[nodiscard]] std::optional<SharedRecord> decode_shared_record(std::string_view text);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_SHARED_RECORD_H_
