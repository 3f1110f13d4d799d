// Fuzz target for `census` input (tools/census/warc_reader.h, recorded_response.h): any
// bytes as a WARC file, plain or gzip. Besides surviving: every whole record keeps at most
// kMaxWarcBlockBytes of a block no shorter than what it keeps, every response body stays
// within kMaxBodyBytes, and a file read twice gives the same records and counts.
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "census/recorded_response.h"
#include "census/warc_reader.h"
#include "consistency.h"
#include "robotstxt/body_limit.h"

namespace {

struct Reading {
  std::vector<std::string> blocks;  // the whole records'
  std::uint64_t truncated_handed_out = 0;
  robotstxt::census::WarcCounts counts;
};

Reading read_file(int fd) {
  lseek(fd, 0, SEEK_SET);
  Reading reading;
  robotstxt::census::WarcReader reader(fd);
  robotstxt::census::WarcRecord record;
  while (reader.next(record)) {
    require(record.block.size() <= robotstxt::census::kMaxWarcBlockBytes,
            "a block within its limit");
    require(record.block_bytes >= record.block.size(), "a block no shorter than what is kept");
    const robotstxt::census::RecordedResponse response =
        robotstxt::census::read_recorded_response(record.block, record.block_bytes);
    require(response.body.size() <= robotstxt::kMaxBodyBytes, "a body within its limit");
    if (record.truncated.empty()) {
      reading.blocks.push_back(record.block);
    } else {
      ++reading.truncated_handed_out;
    }
  }
  reading.counts = reader.counts();
  require(reading.counts.records == reading.blocks.size(), "every whole record counted");
  require(reading.counts.truncated >= reading.truncated_handed_out,
          "every truncated record handed out counted");
  return reading;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const int fd = memfd_create("warc", MFD_CLOEXEC);
  if (fd < 0) return 0;
  if (write(fd, data, size) == static_cast<ssize_t>(size)) {
    const Reading first = read_file(fd);
    const Reading second = read_file(fd);
    require(first.blocks == second.blocks, "the same records twice");
    require(first.counts.truncated == second.counts.truncated &&
                first.counts.garbage_bytes == second.counts.garbage_bytes &&
                first.counts.errors == second.counts.errors,
            "the same counts twice");
  }
  close(fd);
  return 0;
}
