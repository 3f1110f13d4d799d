// Content-Encoding (src/fetch/content_decoder.h): gzip, deflate and br decoded, every coding
// bounded by the same limit (a decompression bomb costs no more than the limit) and a
// stream cut short reported as incomplete; and over the network, a fetch that offers br
// and reads a Brotli body, whole or cut.
#include "fetch/content_decoder.h"

#include <brotli/encode.h>
#include <gtest/gtest.h>
#include <zlib.h>

#include <array>
#include <string>
#include <vector>

#include "robotstxt/fetcher.h"
#include "support/fixture_server.h"
#include "support/zlib_compress.h"

namespace robotstxt {
namespace {

using internal::ContentDecoder;
using testing::FixtureServer;
using testing::TempDir;

std::string brotli(const std::string& plain, int quality = BROTLI_DEFAULT_QUALITY) {
  std::string compressed(BrotliEncoderMaxCompressedSize(plain.size()), '\0');
  std::size_t size = compressed.size();
  const bool done =
      BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, plain.size(),
                            reinterpret_cast<const std::uint8_t*>(plain.data()), &size,
                            reinterpret_cast<std::uint8_t*>(compressed.data()));
  EXPECT_TRUE(done);
  compressed.resize(size);
  return compressed;
}

// zlib's gzip (window bits 16 + 15) or zlib (15) wrapper.
std::string zlib_compress(const std::string& plain, bool gzip) {
  return testing::zlib_compress(plain, gzip, Z_BEST_COMPRESSION);
}

struct Encoded {
  const char* coding;
  std::string bytes;
};

std::vector<Encoded> every_coding(const std::string& plain,
                                  int brotli_quality = BROTLI_DEFAULT_QUALITY) {
  return {{"br", brotli(plain, brotli_quality)},
          {"gzip", zlib_compress(plain, true)},
          {"deflate", zlib_compress(plain, false)}};
}

// Fed in chunks of `chunk` bytes, as the network delivers a body.
struct Decoded {
  bool valid = true;
  bool complete = false;
  std::string text;
};
Decoded decode(const std::string& coding, std::string_view bytes, std::size_t limit,
               std::size_t chunk) {
  ContentDecoder decoder;
  decoder.reset(coding);
  Decoded result;
  for (std::size_t at = 0; at < bytes.size() && result.valid; at += chunk) {
    result.valid = decoder.decode(bytes.substr(at, chunk), result.text, limit);
  }
  result.complete = decoder.complete();
  return result;
}

std::string rules_of_size(std::size_t bytes) {
  std::string text = "User-agent: *\n";
  for (int i = 0; text.size() < bytes; ++i)
    text += "Disallow: /private/" + std::to_string(i) + "\n";
  return text;
}

TEST(ContentDecoderTest, FetcherOffersBrotliBesideGzipAndDeflate) {
  EXPECT_STREQ(internal::kAcceptedEncodings, "gzip, deflate, br");
}

// Every coding gives back the exact bytes, whole or in chunks of any size.
TEST(ContentDecoderTest, EveryCodingRoundTrips) {
  const std::string plain = rules_of_size(40000);
  for (const Encoded& encoded : every_coding(plain)) {
    for (std::size_t chunk :
         {std::size_t{1}, std::size_t{7}, std::size_t{4096}, encoded.bytes.size()}) {
      SCOPED_TRACE(std::string(encoded.coding) + " in chunks of " + std::to_string(chunk));
      const Decoded decoded = decode(encoded.coding, encoded.bytes, 1 << 20, chunk);
      EXPECT_TRUE(decoded.valid);
      EXPECT_TRUE(decoded.complete);
      EXPECT_EQ(decoded.text, plain);
    }
  }
}

// A body that expands far past the limit (16 MiB of one letter, some kilobytes
// compressed) yields exactly the limit and stops there: the same bomb bound for br as for
// gzip and deflate.
TEST(ContentDecoderTest, DecompressionBombStopsAtTheLimit) {
  const std::string bomb_plain(std::size_t{16} << 20, 'a');
  constexpr std::size_t kLimit = 512000;
  for (const Encoded& encoded : every_coding(bomb_plain, 5)) {
    SCOPED_TRACE(encoded.coding);
    EXPECT_LT(encoded.bytes.size(), std::size_t{20000});
    const Decoded decoded = decode(encoded.coding, encoded.bytes, kLimit, 65536);
    EXPECT_TRUE(decoded.valid);
    EXPECT_EQ(decoded.text.size(), kLimit);
    // The memory bound itself: the output never held much more than the limit, even for
    // a moment (decoding stops there, not after the chunk is done).
    EXPECT_LT(decoded.text.capacity(), 4 * kLimit);
  }
}

// A stream that stops before its end (a connection closed mid-body) is reported as
// incomplete at every cut point, whatever the coding.
TEST(ContentDecoderTest, StreamCutShortIsIncomplete) {
  const std::string plain = rules_of_size(20000);
  for (const Encoded& encoded : every_coding(plain)) {
    for (std::size_t cut : {std::size_t{1}, encoded.bytes.size() / 2, encoded.bytes.size() - 1}) {
      SCOPED_TRACE(std::string(encoded.coding) + " cut at " + std::to_string(cut));
      const Decoded decoded = decode(encoded.coding, encoded.bytes.substr(0, cut), 1 << 20, 512);
      EXPECT_FALSE(decoded.valid && decoded.complete);
    }
  }
}

TEST(ContentDecoderTest, BytesThatAreNotBrotliAreABadBody) {
  const Decoded decoded = decode("br", "User-agent: *\nDisallow: /\n", 1 << 20, 4096);
  EXPECT_FALSE(decoded.valid);
}

// gzip applied first, br on top ("Content-Encoding: gzip, br"): undone in reverse order.
TEST(ContentDecoderTest, StackedCodingsAreUndoneLastFirst) {
  const std::string plain = rules_of_size(5000);
  const Decoded decoded = decode("gzip, br", brotli(zlib_compress(plain, true)), 1 << 20, 100);
  EXPECT_TRUE(decoded.valid);
  EXPECT_TRUE(decoded.complete);
  EXPECT_EQ(decoded.text, plain);
}

// Over the network: the fetcher offers br, decodes the body a server sent because of it,
// and treats a Brotli body cut short as a failed transfer (docs/semantics.md 7), as for gzip.
TEST(ContentDecoderTest, FetchReadsABrotliBodyAndRefusesACutOne) {
  const std::string plain = rules_of_size(30000) + "Disallow: /last\n";
  TempDir files;
  FixtureServer origin("encoded_body_server.py",
                       {"--body", files.write("body.br", brotli(plain)), "--encoding", "br"});
  ASSERT_NE(origin.port(), 0);
  FetchOptions options;
  options.connect_to = {origin.connect_to_all()};
  options.total_timeout = std::chrono::seconds(20);
  const Fetcher fetcher(options);

  const FetchOutcome whole = fetcher.fetch(*origin_of("http://whole.test/"));
  EXPECT_EQ(whole.kind, FetchKind::kResponse) << whole.error;
  EXPECT_EQ(whole.status, 200);
  EXPECT_EQ(whole.body, plain);
  EXPECT_FALSE(whole.truncated);

  const FetchOutcome cut = fetcher.fetch(*origin_of("http://cut.test/"));
  EXPECT_EQ(cut.kind, FetchKind::kNetworkError);
  EXPECT_NE(cut.error.find("cut short"), std::string::npos) << cut.error;
  EXPECT_EQ(origin.request_count("whole"), 1);
  EXPECT_EQ(origin.request_count("cut"), 1);
}

}  // namespace
}  // namespace robotstxt
