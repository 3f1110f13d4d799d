// The HTTP response inside a WARC response record (tools/census/recorded_response.h),
// read as a crawler reads it off the wire: status lines with or without a reason
// phrase, chunked and gzip bodies undone, bodies cut at 500 KiB (docs/semantics.md 1.1),
// and broken framing reported as a failed transfer rather than a shorter file.
#include "census/recorded_response.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include <string>

#include "robotstxt/body_limit.h"
#include "support/zlib_compress.h"

namespace robotstxt::census {
namespace {

std::string gzipped(std::string_view data) {
  return testing::zlib_compress(data, /*gzip=*/true, 6);
}

RecordedResponse read(const std::string& block) {
  return read_recorded_response(block, block.size());
}

TEST(RecordedResponseTest, ReadsStatusLinesWithAndWithoutAReasonPhrase) {
  for (const auto& [line, status] : {std::pair{"HTTP/1.1 200 OK", 200},
                                     {"HTTP/1.1 404", 404},
                                     {"HTTP/1.0 503 Service Unavailable", 503},
                                     {"HTTP/2 301", 301}}) {
    const RecordedResponse response = read(std::string(line) + "\r\nX: y\r\n\r\nbody");
    EXPECT_TRUE(response.is_http) << line;
    EXPECT_EQ(response.status, status) << line;
    EXPECT_EQ(response.body, "body") << line;
  }
}

TEST(RecordedResponseTest, RefusesBlocksThatAreNoHttpResponse) {
  for (const char* block : {"", "GET / HTTP/1.1\r\n\r\n", "HTTP/1.1 20 OK\r\n\r\n",
                            "HTTP/1.1 2000\r\n\r\n", "HTTP/1.1\r\n\r\n", "garbage"}) {
    EXPECT_FALSE(read(block).is_http) << block;
  }
}

TEST(RecordedResponseTest, UndoesChunkedTransferCoding) {
  const RecordedResponse response = read(
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      "b\r\nUser-agent:\r\n5;ext=1\r\n *\nDi\r\n0\r\nX-Trailer: t\r\n\r\n");
  EXPECT_TRUE(response.body_intact);
  EXPECT_EQ(response.body, "User-agent: *\nDi");
  EXPECT_EQ(response.body_bytes, 16u);
}

TEST(RecordedResponseTest, ReportsBrokenChunksAsAFailedTransfer) {
  for (const char* chunks :
       {"zz\r\nabc\r\n0\r\n\r\n", "10\r\nshort", "3\r\nabcX0\r\n\r\n", "3\r\nabc\r\n"}) {
    EXPECT_FALSE(read(std::string("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") + chunks)
                     .body_intact)
        << chunks;
  }
}

TEST(RecordedResponseTest, UndoesGzipContentCoding) {
  const std::string body = "User-agent: *\nDisallow: /private/\n";
  const RecordedResponse response =
      read("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped(body));
  EXPECT_TRUE(response.body_intact);
  EXPECT_EQ(response.body, body);
  EXPECT_EQ(response.body_bytes, body.size());
}

TEST(RecordedResponseTest, UndoesChunkedThenGzip) {
  const std::string compressed = gzipped("User-agent: *\nAllow: /\n");
  char size[16];
  std::snprintf(size, sizeof size, "%zx", compressed.size());
  const RecordedResponse response =
      read("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n" +
           std::string(size) + "\r\n" + compressed + "\r\n0\r\n\r\n");
  EXPECT_TRUE(response.body_intact);
  EXPECT_EQ(response.body, "User-agent: *\nAllow: /\n");
}

TEST(RecordedResponseTest, ReportsCorruptOrCutGzipAsAFailedTransfer) {
  const std::string compressed = gzipped("User-agent: *\nDisallow: /\n");
  EXPECT_FALSE(read("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" +
                    compressed.substr(0, compressed.size() / 2))
                   .body_intact);
  EXPECT_FALSE(
      read("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\nnot gzip at all").body_intact);
}

TEST(RecordedResponseTest, CutsBodiesAt500KiBAsACrawlerDoes) {
  const std::string big(kMaxBodyBytes + 1000, 'a');
  const RecordedResponse plain = read("HTTP/1.1 200 OK\r\n\r\n" + big);
  EXPECT_TRUE(plain.body_intact);
  EXPECT_EQ(plain.body.size(), kMaxBodyBytes);
  EXPECT_EQ(plain.body_bytes, big.size());
  // Compressed, the body is decoded no further than one byte past the limit.
  const RecordedResponse compressed =
      read("HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n" + gzipped(big + big));
  EXPECT_TRUE(compressed.body_intact);
  EXPECT_EQ(compressed.body.size(), kMaxBodyBytes);
  EXPECT_EQ(compressed.body_bytes, kMaxBodyBytes + 1);
}

TEST(RecordedResponseTest, CountsTheBodyOfABlockTheReaderCut) {
  const std::string head = "HTTP/1.1 200 OK\r\n\r\n";
  const std::string kept = head + std::string(1000, 'a');
  const RecordedResponse response = read_recorded_response(kept, head.size() + 5'000'000);
  EXPECT_TRUE(response.body_intact);
  EXPECT_EQ(response.body_bytes, 5'000'000u);
}

TEST(RecordedResponseTest, ReadsAnyBytesWithinItsLimits) {
  // Every block is hostile: changed bytes and cuts anywhere in chunked gzip give a result
  // within the body limit, never a crash.
  const std::string compressed = gzipped(std::string(3000, 'x') + "User-agent: *\nDisallow: /\n");
  char size[16];
  std::snprintf(size, sizeof size, "%zx", compressed.size());
  const std::string block =
      "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n" +
      std::string(size) + "\r\n" + compressed + "\r\n0\r\n\r\n";
  std::uint32_t seed = 777;
  const auto next_random = [&seed] {
    seed = seed * 1'103'515'245 + 12'345;
    return seed >> 8;
  };
  for (int round = 0; round < 500; ++round) {
    std::string changed = block;
    changed[next_random() % changed.size()] = static_cast<char>(next_random());
    EXPECT_LE(read(changed).body.size(), kMaxBodyBytes);
    EXPECT_LE(read(block.substr(0, next_random() % block.size())).body.size(), kMaxBodyBytes);
  }
}

TEST(RecordedResponseTest, ReadsAResponseWithoutBody) {
  const RecordedResponse response = read("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
  EXPECT_TRUE(response.is_http);
  EXPECT_EQ(response.status, 404);
  EXPECT_TRUE(response.body.empty());
}

}  // namespace
}  // namespace robotstxt::census
