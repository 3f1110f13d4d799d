// Undoing Content-Encoding ourselves rather than in libcurl, because only the decoder
// knows whether a compressed stream reached its end: a gzip body cut short by a closed
// connection must be a failed transfer (docs/semantics.md 7), not a shorter robots.txt. gzip and
// deflate go through zlib, br (Brotli, RFC 7932) through libbrotlidec: Google's crawlers
// accept all three.
#ifndef ROBOTSTXT_SRC_FETCH_CONTENT_DECODER_H_
#define ROBOTSTXT_SRC_FETCH_CONTENT_DECODER_H_

#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::internal {

/// What the fetcher offers in Accept-Encoding: the codings ContentDecoder undoes.
inline constexpr const char* kAcceptedEncodings = "gzip, deflate, br";

class ContentDecoder {
 public:
  /// Starts over for a response whose Content-Encoding field values were
  /// `content_encoding` (comma-separated, in the order the server applied them). gzip,
  /// x-gzip, deflate and br are undone; identity and codings nobody defined (a `utf-8` seen
  /// in the wild) are ignored, as browsers ignore them, and the body is read as it is.
  void reset(std::string_view content_encoding);

  /// Appends the decoded bytes of `chunk` to `out`, stopping once `out` holds `limit`
  /// bytes: the rest of the chunk is not decoded, so a small body that expands without
  /// end costs no more than `limit`. False when the data is not what its coding says
  /// (the response is bad).
  [[nodiscard]] bool decode(std::string_view chunk, std::string& out, std::size_t limit);

  /// True when every compressed stream reached its end (always without a coding, and
  /// for a body with no bytes at all). False means the transfer stopped mid-stream.
  [[nodiscard]] bool complete() const;

 private:
  struct Stage;
  struct StageDeleter {
    void operator()(Stage* stage) const;
  };
  using StagePtr = std::unique_ptr<Stage, StageDeleter>;
  // Each stage undoes one coding; the last coding applied is undone first.
  std::vector<StagePtr> stages_;
  bool received_bytes_ = false;
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_CONTENT_DECODER_H_
