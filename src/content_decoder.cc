// Content-Encoding with zlib (see content_decoder.h).
#include "content_decoder.h"

#include "ascii.h"

namespace robotstxt::internal {

struct ContentDecoder::Stage {
  z_stream stream{};
  bool gzip = false;
  bool started = false;  // inflateInit2 succeeded
  bool raw_deflate = false;
  bool ended = false;
  bool fed = false;  // some input reached this stage

  // zlib's window bits: 16 + 15 reads the gzip wrapper, 15 the zlib wrapper HTTP's
  // "deflate" means, -15 the raw deflate data some servers send under that name.
  bool start() {
    const int window_bits = gzip ? 16 + MAX_WBITS : raw_deflate ? -MAX_WBITS : MAX_WBITS;
    started = inflateInit2(&stream, window_bits) == Z_OK;
    return started;
  }
  void stop() {
    if (started) inflateEnd(&stream);
    started = false;
    stream = z_stream{};
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
    const bool gzip = equals_ignoring_case(token, "gzip") || equals_ignoring_case(token, "x-gzip");
    if (!gzip && !equals_ignoring_case(token, "deflate")) continue;
    StagePtr stage(new Stage);
    stage->gzip = gzip;
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
    const std::size_t target_limit = last ? limit : limit + (std::size_t{1} << 20);
    output.clear();
    if (stage.ended || input.empty()) {
      input.clear();  // bytes after the end of a compressed stream are not content
      continue;
    }
    if (!stage.started && !stage.start()) return false;
    const bool first_input = !stage.fed;
    stage.fed = true;
    stage.stream.next_in = reinterpret_cast<Bytef*>(input.data());
    stage.stream.avail_in = static_cast<uInt>(input.size());
    char buffer[16384];
    while (stage.stream.avail_in > 0 && target.size() < target_limit) {
      stage.stream.next_out = reinterpret_cast<Bytef*>(buffer);
      stage.stream.avail_out = sizeof(buffer);
      const int result = inflate(&stage.stream, Z_NO_FLUSH);
      if (result == Z_DATA_ERROR && !stage.gzip && !stage.raw_deflate && first_input &&
          stage.stream.total_out == 0) {
        // Not a zlib wrapper: try raw deflate data, as browsers do.
        stage.stop();
        stage.raw_deflate = true;
        if (!stage.start()) return false;
        stage.stream.next_in = reinterpret_cast<Bytef*>(input.data());
        stage.stream.avail_in = static_cast<uInt>(input.size());
        continue;
      }
      if (result != Z_OK && result != Z_STREAM_END && result != Z_BUF_ERROR) return false;
      target.append(buffer, sizeof(buffer) - stage.stream.avail_out);
      if (result == Z_STREAM_END) {
        stage.ended = true;
        break;
      }
      if (result == Z_BUF_ERROR) break;  // no progress possible: more input needed
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
