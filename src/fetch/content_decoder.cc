// Content-Encoding with zlib and libbrotlidec (see content_decoder.h).
#include "fetch/content_decoder.h"

#include <brotli/decode.h>

#include <array>

#include "base/ascii.h"

namespace robotstxt::internal {
namespace {

enum class Coding : std::uint8_t { kGzip, kDeflate, kBrotli };

// What one call of a decoder left behind.
enum class Step : std::uint8_t {
  kNeedsInput,  // every byte given was used and every byte it holds was written out
  kMoreOutput,  // the output buffer filled up: call again, even without new input
  kEnded,       // the compressed stream is complete
  kBadData,     // not what the coding says
};

}  // namespace

struct ContentDecoder::Stage {
  Coding coding = Coding::kGzip;
  z_stream stream{};
  BrotliDecoderState* brotli = nullptr;
  bool started = false;  // the decoder state exists
  bool raw_deflate = false;
  bool ended = false;
  bool fed = false;  // some input reached this stage

  // zlib's window bits: 16 + 15 reads the gzip wrapper, 15 the zlib wrapper HTTP's
  // "deflate" means, -15 the raw deflate data some servers send under that name.
  bool start() {
    if (coding == Coding::kBrotli) {
      brotli = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
      started = brotli != nullptr;
      return started;
    }
    const int window_bits = coding == Coding::kGzip ? 16 + MAX_WBITS
                            : raw_deflate           ? -MAX_WBITS
                                                    : MAX_WBITS;
    started = inflateInit2(&stream, window_bits) == Z_OK;
    return started;
  }
  void stop() {
    if (started && coding == Coding::kBrotli) BrotliDecoderDestroyInstance(brotli);
    if (started && coding != Coding::kBrotli) inflateEnd(&stream);
    started = false;
    brotli = nullptr;
    stream = z_stream{};
  }

  // Decodes from `input` (advancing it) into `buffer`; `written` says how many bytes.
  Step step(std::string_view& input, std::span<char> buffer, std::size_t& written) {
    if (coding == Coding::kBrotli) {
      std::size_t available_in = input.size();
      const auto* next_in = reinterpret_cast<const std::uint8_t*>(input.data());
      std::size_t available_out = buffer.size();
      auto* next_out = reinterpret_cast<std::uint8_t*>(buffer.data());
      const BrotliDecoderResult result = BrotliDecoderDecompressStream(
          brotli, &available_in, &next_in, &available_out, &next_out, nullptr);
      input.remove_prefix(input.size() - available_in);
      written = buffer.size() - available_out;
      switch (result) {
        case BROTLI_DECODER_RESULT_SUCCESS:
          return Step::kEnded;
        case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
          return Step::kNeedsInput;
        case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
          return Step::kMoreOutput;
        case BROTLI_DECODER_RESULT_ERROR:
          break;
      }
      return Step::kBadData;
    }
    // zlib's interface is not const-correct; it never writes through next_in.
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(input.data()));
    stream.avail_in = static_cast<uInt>(input.size());
    stream.next_out = reinterpret_cast<Bytef*>(buffer.data());
    stream.avail_out = static_cast<uInt>(buffer.size());
    const int result = inflate(&stream, Z_NO_FLUSH);
    input.remove_prefix(input.size() - stream.avail_in);
    written = buffer.size() - stream.avail_out;
    if (result == Z_STREAM_END) return Step::kEnded;
    if (result != Z_OK && result != Z_BUF_ERROR) return Step::kBadData;
    // A full buffer may hide more output, even with every input byte used.
    return stream.avail_out == 0 ? Step::kMoreOutput : Step::kNeedsInput;
  }
};

void ContentDecoder::StageDeleter::operator()(Stage* stage) const {
  stage->stop();
  delete stage;
}

void ContentDecoder::reset(std::string_view content_encoding) {
  stages_.clear();
  received_bytes_ = false;
  while (!content_encoding.empty()) {
    const std::size_t comma = content_encoding.find(',');
    const std::string_view token = trim_ascii_space(content_encoding.substr(0, comma));
    content_encoding =
        comma == std::string_view::npos ? std::string_view{} : content_encoding.substr(comma + 1);
    Coding coding = Coding::kGzip;
    if (equals_ignoring_case(token, "gzip") || equals_ignoring_case(token, "x-gzip")) {
      coding = Coding::kGzip;
    } else if (equals_ignoring_case(token, "deflate")) {
      coding = Coding::kDeflate;
    } else if (equals_ignoring_case(token, "br")) {
      coding = Coding::kBrotli;
    } else {
      continue;
    }
    StagePtr stage(new Stage);
    stage->coding = coding;
    // Applied last, undone first.
    stages_.insert(stages_.begin(), std::move(stage));
  }
}

bool ContentDecoder::decode(std::string_view chunk, std::string& out, std::size_t limit) {
  if (!chunk.empty()) received_bytes_ = true;
  std::string input(chunk);
  std::string output;
  for (std::size_t i = 0; i < stages_.size(); ++i) {
    Stage& stage = *stages_[i];
    const bool last = i + 1 == stages_.size();
    std::string& target = last ? out : output;
    // An inner stage may run a little past the limit: its output is still compressed.
    const std::size_t target_limit = last ? limit : limit + (std::size_t{1} << 20);
    output.clear();
    if (stage.ended || input.empty()) {
      input.clear();  // bytes after the end of a compressed stream are not content
      continue;
    }
    if (!stage.started && !stage.start()) return false;
    const bool first_input = !stage.fed;
    stage.fed = true;
    std::string_view pending(input);
    std::array<char, 16384> buffer{};
    // Until the stage wants more input, ends, or the limit is reached (a small body may
    // expand without end: the limit is what stops a decompression bomb).
    while (target.size() < target_limit) {
      std::size_t written = 0;
      const Step step = stage.step(pending, buffer, written);
      if (step == Step::kBadData && stage.coding == Coding::kDeflate && !stage.raw_deflate &&
          first_input && stage.stream.total_out == 0) {
        // Not a zlib wrapper: try raw deflate data, as browsers do.
        stage.stop();
        stage.raw_deflate = true;
        if (!stage.start()) return false;
        pending = input;
        continue;
      }
      // A full buffer is progress; a decoder that claims more output and writes none
      // would spin here for ever.
      if (step == Step::kBadData || (step == Step::kMoreOutput && written == 0)) return false;
      target.append(buffer.data(), written);
      if (step == Step::kEnded) {
        stage.ended = true;
        break;
      }
      if (step == Step::kNeedsInput) break;
    }
    if (target.size() > limit && last) target.resize(limit);
    input.swap(output);
  }
  if (stages_.empty()) out.append(chunk.substr(0, limit - std::min(limit, out.size())));
  return true;
}

bool ContentDecoder::complete() const {
  if (!received_bytes_) return true;
  for (const StagePtr& stage : stages_) {
    if (stage->fed && !stage->ended) return false;
  }
  return true;
}

}  // namespace robotstxt::internal
