// The HTTP response a WARC `response` record holds, read as a crawler would have read it
// off the wire: the status, the body with its chunked transfer coding and content
// codings undone, and only the first kMaxBodyBytes of it kept (docs/semantics.md 1.1).
#ifndef ROBOTSTXT_TOOLS_CENSUS_RECORDED_RESPONSE_H_
#define ROBOTSTXT_TOOLS_CENSUS_RECORDED_RESPONSE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace robotstxt::census {

struct RecordedResponse {
  /// False when the block is no HTTP response: no status line, or a head without end.
  bool is_http = false;
  /// The status code (any three digits; a status line without a reason phrase is fine).
  int status = 0;
  /// False when the body is not what its framing says (broken chunks, corrupt or cut
  /// gzip): to a crawler a failed transfer, not a shorter robots.txt.
  bool body_intact = true;
  /// The Location field as written (the first one), "" when there is none.
  std::string location;
  /// The decoded body, at most kMaxBodyBytes of it.
  std::string body;
  /// The decoded body's size: exact for a body without content coding, else counted up
  /// to kMaxBodyBytes + 1 (enough to know it was longer).
  std::uint64_t body_bytes = 0;
};

/// Reads `block`, the kept part of a record's content block of `block_bytes` bytes in all
/// (more when the reader cut it). Never fails: what cannot be read says so in the result.
[[nodiscard]] RecordedResponse read_recorded_response(std::string_view block,
                                                      std::uint64_t block_bytes);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_RECORDED_RESPONSE_H_
