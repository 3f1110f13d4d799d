// WARC files (ISO 28500, WARC/1.0 and 1.1) read record by record, as `robotstxt census`
// reads a crawl's robots.txt responses: plain, or gzipped with one member per record as
// Common Crawl writes them (a single member for the whole file works too). Streamed in
// bounded memory: at most one record, cut at kMaxWarcBlockBytes, is held at a time.
// Anything that is not a whole, well-framed record (a cut gzip member, a record shorter
// or longer than its Content-Length, WARC-Truncated) is counted as truncated, never
// handed out as a whole record; one whose header block was read (WARC-Truncated, or a
// file or gzip member that ends inside the block) is handed out marked truncated, with
// the part of its block that was read.
#ifndef ROBOTSTXT_TOOLS_CENSUS_WARC_READER_H_
#define ROBOTSTXT_TOOLS_CENSUS_WARC_READER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "robotstxt/body_limit.h"

namespace robotstxt::census {

/// A record's header block (the WARC/ line and its fields) longer than this is not a
/// record: real ones take a few hundred bytes.
inline constexpr std::size_t kMaxWarcHeaderBytes = std::size_t{64} * 1024;
/// A record's content block is kept up to this many bytes (the rest is read and counted,
/// not kept): the HTTP head plus more than the kMaxBodyBytes of a body that count.
inline constexpr std::size_t kMaxWarcBlockBytes = 2 * kMaxBodyBytes;
/// A gzip member is inflated in one call (libdeflate: several times zlib's speed on the
/// small members a crawl writes, one per record) when it lies whole within this many
/// bytes of the file and inflates to at most kMaxWholeMemberBytes. Any other member (a
/// larger one, a cut or corrupt one, one member for the whole file) is streamed through
/// zlib in bounded memory, and zlib's reading of a broken member decides what it gave.
inline constexpr std::size_t kWholeMemberWindow = std::size_t{256} * 1024;
/// A record's header block and its kept block with room to spare: a member that inflates
/// past this is no single robots.txt record, and never gets a buffer of its size.
inline constexpr std::size_t kMaxWholeMemberBytes = std::size_t{2} * 1024 * 1024;

struct WarcRecord {
  std::string type;        ///< WARC-Type as written, e.g. "response"
  std::string target_uri;  ///< WARC-Target-URI, "" when absent
  /// The content block, at most kMaxWarcBlockBytes of it.
  std::string block;
  std::uint64_t block_bytes = 0;  ///< Content-Length: the whole block's size
  /// Why the record is not whole, "" when it is: the value of WARC-Truncated ("length",
  /// "time", "disconnect"; any other value "unspecified"), or "cut" when the file or its
  /// gzip member ends before the record does. `block` then holds what was read.
  std::string_view truncated;
  [[nodiscard]] bool block_cut() const { return block_bytes > block.size(); }
};

/// What reading a file met besides whole records.
struct WarcCounts {
  std::uint64_t records = 0;  ///< whole records handed out
  /// Records cut short, over-long, or marked WARC-Truncated (those handed out marked
  /// truncated included).
  std::uint64_t truncated = 0;
  /// Bytes skipped to find the next record: what is neither a record nor the blank lines
  /// between records, in the file as stored (compressed bytes between gzip members).
  std::uint64_t garbage_bytes = 0;
  /// Header blocks that are no record: over kMaxWarcHeaderBytes, or no Content-Length.
  std::uint64_t errors = 0;
};

/// Reads the records of one open file descriptor (not closed here). Not copyable.
class WarcReader {
 public:
  explicit WarcReader(int fd);
  ~WarcReader();
  WarcReader(const WarcReader&) = delete;
  WarcReader& operator=(const WarcReader&) = delete;

  /// The next whole record, or false at the end of the file (or a read error: see
  /// read_error()). Never throws on any bytes.
  bool next(WarcRecord& record);

  [[nodiscard]] WarcCounts counts() const;
  /// errno of a failed read, or 0.
  [[nodiscard]] int read_error() const { return read_error_; }

 private:
  class Source;
  // kCutBlock: the header block was read, the block was cut (the record is handed out);
  // kCut: cut before that, or not closed where its Content-Length says.
  enum class Framing { kWhole, kMarkedTruncated, kCutBlock, kCut, kNotARecord };
  // Makes buffer_ hold at least `bytes` from pos_; false when the stream ends (or breaks,
  // see Source) first.
  bool ensure(std::size_t bytes);
  // Appends what the source gives next; false at the end or at a break.
  bool read_more();
  // Skips to the next line that starts with "WARC/1."; false at the end.
  bool find_record_start();
  Framing read_record(WarcRecord& record);
  void drop_consumed();

  std::unique_ptr<Source> source_;
  std::string buffer_;
  std::size_t pos_ = 0;          // next unread byte of buffer_
  std::uint64_t buffer_at_ = 0;  // stream offset of buffer_[0]
  WarcCounts counts_;
  int read_error_ = 0;
  bool broken_ = false;  // the source met a cut or corrupt gzip member
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_WARC_READER_H_
