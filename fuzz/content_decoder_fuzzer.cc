// Fuzz target for Content-Encoding (src/fetch/content_decoder.h): gzip, deflate, br and a
// stacked pair, fed in chunks of a fuzzer-chosen size, under a fuzzer-chosen limit. It
// checks consistency, not only survival:
//   - a body compressed here decodes to the same bytes (the first `limit` of them when
//     the limit is not above its size), and the stream is complete;
//   - the same stream cut short is never reported as complete and valid;
//   - any bytes at all never yield more than the limit, and whole or in chunks decode to
//     the same text when both are accepted.
//
// Input: byte 0 picks the coding (bits 0-1), the mode (bit 2: compress the rest here, or
// take it as already compressed) and the chunk size (bits 3-7); byte 1 picks the limit
// and the cut point; the rest is the body.
#include <brotli/encode.h>
#include <zlib.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "consistency.h"
#include "fetch/content_decoder.h"

namespace {

using robotstxt::internal::ContentDecoder;

constexpr const char* kCodings[] = {"br", "gzip", "deflate", "deflate, br"};

std::string brotli(std::string_view plain) {
  std::string compressed(BrotliEncoderMaxCompressedSize(plain.size()) + 16, '\0');
  std::size_t size = compressed.size();
  // Quality 2: fast enough for thousands of inputs a second; the format is the same.
  const bool done =
      BrotliEncoderCompress(2, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, plain.size(),
                            reinterpret_cast<const std::uint8_t*>(plain.data()), &size,
                            reinterpret_cast<std::uint8_t*>(compressed.data()));
  require(done, "libbrotlienc compresses");
  compressed.resize(size);
  return compressed;
}

std::string zlib_compress(std::string_view plain, bool gzip) {
  z_stream stream{};
  require(deflateInit2(&stream, 6, Z_DEFLATED, gzip ? 16 + MAX_WBITS : MAX_WBITS, 8,
                       Z_DEFAULT_STRATEGY) == Z_OK,
          "zlib starts");
  std::string compressed(deflateBound(&stream, static_cast<uLong>(plain.size())) + 16, '\0');
  // zlib's interface is not const-correct; it never writes through next_in.
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(plain.data()));
  stream.avail_in = static_cast<uInt>(plain.size());
  stream.next_out = reinterpret_cast<Bytef*>(compressed.data());
  stream.avail_out = static_cast<uInt>(compressed.size());
  require(deflate(&stream, Z_FINISH) == Z_STREAM_END, "zlib compresses");
  compressed.resize(stream.total_out);
  deflateEnd(&stream);
  return compressed;
}

std::string compress(std::string_view plain, unsigned coding) {
  switch (coding) {
    case 0:
      return brotli(plain);
    case 1:
      return zlib_compress(plain, true);
    case 2:
      return zlib_compress(plain, false);
    default:
      return brotli(zlib_compress(plain, false));  // "deflate, br": deflate first
  }
}

struct Decoded {
  bool valid = true;
  bool complete = false;
  std::string text;
};

Decoded decode(const char* coding, std::string_view bytes, std::size_t limit, std::size_t chunk) {
  ContentDecoder decoder;
  decoder.reset(coding);
  Decoded result;
  for (std::size_t at = 0; at < bytes.size() && result.valid; at += chunk) {
    result.valid = decoder.decode(bytes.substr(at, chunk), result.text, limit);
    require(result.text.size() <= limit, "the output never exceeds the limit");
  }
  result.complete = decoder.complete();
  return result;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned coding = data[0] & 3u;
  const bool already_compressed = (data[0] & 4u) != 0;
  const unsigned chunk_choice = data[0] >> 3;
  const std::size_t chunk = chunk_choice == 31 ? std::size_t{1} << 20 : 1 + chunk_choice * 37;
  const std::size_t limit = data[1] == 255 ? std::size_t{1} << 20 : std::size_t{data[1]} * 16;
  const std::string_view body(reinterpret_cast<const char*>(data) + 2, size - 2);
  const char* name = kCodings[coding];

  if (already_compressed) {
    const Decoded chunked = decode(name, body, limit, chunk);
    const Decoded whole = decode(name, body, limit, body.size() + 1);
    // deflate's fallback to raw data is decided on the first bytes seen, so only the
    // codings without one must agree chunk for chunk.
    if (coding != 2 && coding != 3 && chunked.valid && whole.valid) {
      require(chunked.text == whole.text, "chunked and whole decode to the same text");
    }
    return 0;
  }

  const std::string compressed = compress(body, coding);
  const Decoded round_trip = decode(name, compressed, limit, chunk);
  require(round_trip.valid, "a body compressed here is valid");
  if (body.size() < limit) {
    require(round_trip.complete, "a whole stream is complete");
    require(round_trip.text == body, "the body decodes to the same bytes");
  } else {
    // At the limit decoding stops, possibly before the stream's end is read (which is
    // why the fetcher asks for one byte more than it keeps).
    require(round_trip.text == body.substr(0, limit), "a long body stops at the limit");
  }
  if (compressed.size() >= 2) {
    const std::size_t cut = 1 + (std::size_t{data[1]} * (compressed.size() - 1)) / 256;
    const Decoded cut_short =
        decode(name, std::string_view(compressed).substr(0, cut), std::size_t{1} << 20, chunk);
    require(!(cut_short.valid && cut_short.complete), "a stream cut short is not complete");
  }
  return 0;
}
