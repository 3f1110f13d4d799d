// Bytes compressed with zlib, for tests of what reads them: HTTP bodies with
// Content-Encoding gzip or deflate, and WARC records each in a gzip member.
#ifndef ROBOTSTXT_TESTS_SUPPORT_ZLIB_COMPRESS_H_
#define ROBOTSTXT_TESTS_SUPPORT_ZLIB_COMPRESS_H_

#include <zlib.h>

#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace robotstxt::testing {

/// `plain` in one gzip member (`gzip`: window bits 16 + 15) or in a zlib stream (15), at
/// compression `level`.
inline std::string zlib_compress(std::string_view plain, bool gzip, int level) {
  z_stream stream{};
  EXPECT_EQ(deflateInit2(&stream, level, Z_DEFLATED, gzip ? 16 + MAX_WBITS : MAX_WBITS, 8,
                         Z_DEFAULT_STRATEGY),
            Z_OK);
  std::string compressed(deflateBound(&stream, static_cast<uLong>(plain.size())) + 64, '\0');
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(plain.data()));
  stream.avail_in = static_cast<uInt>(plain.size());
  stream.next_out = reinterpret_cast<Bytef*>(compressed.data());
  stream.avail_out = static_cast<uInt>(compressed.size());
  EXPECT_EQ(deflate(&stream, Z_FINISH), Z_STREAM_END);
  compressed.resize(stream.total_out);
  deflateEnd(&stream);
  return compressed;
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_ZLIB_COMPRESS_H_
