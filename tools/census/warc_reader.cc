#include "census/warc_reader.h"

#include <libdeflate.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <optional>

#include "base/ascii.h"

namespace robotstxt::census {
namespace {

using internal::equals_ignoring_case;
using internal::trim_ascii_space;

constexpr std::size_t kReadBytes = std::size_t{64} * 1024;
// A gzip member starts with these bytes (RFC 1952: ID1, ID2, CM = deflate).
constexpr std::string_view kGzipMagic = "\x1f\x8b\x08";
// The bytes of a broken member are kept so that the search for the next member can start
// right after its beginning: a member cut short runs into the next one, whose first bytes
// inflate then reads as its own. Beyond this a member is not kept (one gzip for a whole
// file), and the search starts where inflate stopped.
constexpr std::size_t kMaxKeptMemberBytes = std::size_t{4} * 1024 * 1024;

}  // namespace

// The file's bytes, inflated when it is gzip: member after member, each checked to its
// end. A member that is cut or corrupt is a break: what it gave so far cannot be trusted,
// and reading resumes at the next member.
class WarcReader::Source {
 public:
  enum class Result { kData, kEnd, kBreak };

  explicit Source(int fd) : fd_(fd) {}
  ~Source() {
    if (stream_started_) inflateEnd(&stream_);
    libdeflate_free_decompressor(whole_inflater_);
  }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  // Appends some bytes to `out`.
  Result read(std::string& out) {
    if (!decided_) {
      while (in_.size() < kGzipMagic.size() && refill()) {
      }
      decided_ = true;
      gzip_ = std::string_view(in_).starts_with("\x1f\x8b");
    }
    if (!gzip_) {
      if (in_pos_ == in_.size() && !refill()) return Result::kEnd;
      out.append(in_, in_pos_);
      in_pos_ = in_.size();
      return Result::kData;
    }
    while (true) {
      if (!in_member_) {
        if (!start_member()) return Result::kEnd;
        if (inflate_whole_member(out)) {
          in_member_ = false;
          return Result::kData;
        }
        if (!start_streaming()) return Result::kEnd;
      }
      stream_.next_in = reinterpret_cast<Bytef*>(in_.data() + in_pos_);
      stream_.avail_in = static_cast<uInt>(in_.size() - in_pos_);
      stream_.next_out = reinterpret_cast<Bytef*>(scratch_.get());
      stream_.avail_out = static_cast<uInt>(kReadBytes);
      const int status = inflate(&stream_, Z_NO_FLUSH);
      in_pos_ = in_.size() - stream_.avail_in;
      const std::size_t produced = kReadBytes - stream_.avail_out;
      out.append(scratch_.get(), produced);
      produced_ += produced;
      if (status == Z_STREAM_END) {
        in_member_ = false;
        if (produced > 0) return Result::kData;
        continue;
      }
      if (status == Z_OK || status == Z_BUF_ERROR) {
        if (produced > 0) return Result::kData;
        if (stream_.avail_in == 0 && !refill()) {
          // The file ends inside the member. A member cut short may have run into the
          // next ones (stored blocks take any bytes as data): they are looked for again
          // from just after this one's start.
          in_member_ = false;
          if (member_kept_) in_pos_ = member_start_ + 1;
          return Result::kBreak;
        }
        continue;
      }
      // Corrupt data: look for the next member from just after this one's start.
      in_member_ = false;
      if (member_kept_) in_pos_ = member_start_ + 1;
      return Result::kBreak;
    }
  }

  [[nodiscard]] int error() const { return error_; }
  [[nodiscard]] std::uint64_t garbage_bytes() const { return garbage_bytes_; }
  // Inside a gzip member whose end (and checksum) has not been read yet.
  [[nodiscard]] bool in_member() const { return in_member_; }
  // Where the current member's bytes start in the inflated stream.
  [[nodiscard]] std::uint64_t member_start_out() const { return member_start_out_; }

 private:
  // Finds the next gzip member; bytes skipped on the way are garbage.
  bool start_member() {
    while (true) {
      const std::string_view rest = std::string_view(in_).substr(in_pos_);
      const std::size_t found = rest.find(kGzipMagic);
      if (found != std::string_view::npos) {
        garbage_bytes_ += found;
        in_pos_ += found;
        break;
      }
      // Keep what could be the start of a magic cut by the read.
      const std::size_t keep = std::min(rest.size(), kGzipMagic.size() - 1);
      garbage_bytes_ += rest.size() - keep;
      in_pos_ = in_.size() - keep;
      if (!refill()) {
        garbage_bytes_ += in_.size() - in_pos_;
        in_pos_ = in_.size();
        return false;
      }
    }
    in_member_ = true;
    member_start_out_ = produced_;
    member_start_ = in_pos_;
    member_kept_ = true;
    return true;
  }

  // Inflates the member at in_pos_ in one call when it is whole within the window and
  // within kMaxWholeMemberBytes; false, with nothing consumed, when zlib must stream it.
  bool inflate_whole_member(std::string& out) {
    while (in_.size() - in_pos_ < kWholeMemberWindow && !at_end_ && refill()) {
    }
    if (whole_inflater_ == nullptr) {
      whole_inflater_ = libdeflate_alloc_decompressor();
      if (whole_inflater_ == nullptr) return false;
      whole_ = std::make_unique_for_overwrite<char[]>(kMaxWholeMemberBytes);
    }
    std::size_t used = 0;
    std::size_t produced = 0;
    const libdeflate_result result =
        libdeflate_gzip_decompress_ex(whole_inflater_, in_.data() + in_pos_, in_.size() - in_pos_,
                                      whole_.get(), kMaxWholeMemberBytes, &used, &produced);
    if (result != LIBDEFLATE_SUCCESS) return false;
    in_pos_ += used;
    out.append(whole_.get(), produced);
    produced_ += produced;
    return true;
  }

  // Starts zlib on the member at in_pos_.
  bool start_streaming() {
    if (!stream_started_) {
      stream_ = {};
      if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) return false;
      stream_started_ = true;
    } else {
      inflateReset(&stream_);
    }
    return true;
  }

  // Reads more of the file into in_, dropping what was used (but the current member's
  // start while it may be needed). False at the end or on a read error.
  bool refill() {
    std::size_t drop = in_pos_;
    if (in_member_ && member_kept_) {
      if (in_.size() - member_start_ <= kMaxKeptMemberBytes) {
        drop = member_start_;
      } else {
        member_kept_ = false;
      }
    }
    in_.erase(0, drop);
    in_pos_ -= drop;
    if (member_kept_) member_start_ -= std::min(member_start_, drop);
    ssize_t got = 0;
    do {
      got = ::read(fd_, scratch_.get(), kReadBytes);
    } while (got < 0 && errno == EINTR);
    if (got < 0) error_ = errno;
    if (got > 0) in_.append(scratch_.get(), static_cast<std::size_t>(got));
    at_end_ = got <= 0;
    return got > 0;
  }

  int fd_;
  // Where inflate and read(2) write before the bytes are appended: growing a string by
  // 64 KiB for each call zeroed that much, most of it never used with small members.
  std::unique_ptr<char[]> scratch_ = std::make_unique_for_overwrite<char[]>(kReadBytes);
  int error_ = 0;
  bool at_end_ = false;  // read(2) said the file ends (or failed)
  bool decided_ = false;
  bool gzip_ = false;
  std::string in_;
  std::size_t in_pos_ = 0;
  libdeflate_decompressor* whole_inflater_ = nullptr;  // made with the first member
  std::unique_ptr<char[]> whole_;                      // kMaxWholeMemberBytes, for it
  z_stream stream_{};
  bool stream_started_ = false;
  bool in_member_ = false;
  std::size_t member_start_ = 0;  // in in_, while member_kept_
  bool member_kept_ = false;
  std::uint64_t garbage_bytes_ = 0;
  std::uint64_t produced_ = 0;  // bytes inflated so far
  std::uint64_t member_start_out_ = 0;
};

WarcReader::WarcReader(int fd) : source_(std::make_unique<Source>(fd)) {}

WarcReader::~WarcReader() = default;

bool WarcReader::read_more() {
  // After a break, what the broken member gave is all there is until next() moves on: the
  // next member's bytes never continue its record.
  if (broken_) return false;
  if (pos_ > kReadBytes && pos_ * 2 > buffer_.size()) drop_consumed();
  switch (source_->read(buffer_)) {
    case Source::Result::kData:
      return true;
    case Source::Result::kEnd:
      read_error_ = source_->error();
      return false;
    case Source::Result::kBreak:
      broken_ = true;
      return false;
  }
  return false;
}

bool WarcReader::ensure(std::size_t bytes) {
  while (buffer_.size() - pos_ < bytes) {
    if (!read_more()) return false;
  }
  return true;
}

WarcCounts WarcReader::counts() const {
  WarcCounts counts = counts_;
  counts.garbage_bytes += source_->garbage_bytes();
  return counts;
}

void WarcReader::drop_consumed() {
  buffer_at_ += pos_;
  buffer_.erase(0, pos_);
  pos_ = 0;
}

bool WarcReader::find_record_start() {
  while (true) {
    // A record starts at the beginning of a line.
    const std::string_view rest = std::string_view(buffer_).substr(pos_);
    std::size_t at = 0;
    while (at < rest.size()) {
      if (rest.substr(at).starts_with("WARC/1.") || rest.size() - at < 7) break;
      const std::size_t line_end = rest.find('\n', at);
      const std::size_t next = line_end == std::string_view::npos ? rest.size() : line_end + 1;
      for (std::size_t i = at; i < next; ++i) {
        if (rest[i] != '\r' && rest[i] != '\n') ++counts_.garbage_bytes;
      }
      at = next;
    }
    pos_ += at;
    if (buffer_.size() - pos_ >= 7 &&
        std::string_view(buffer_).substr(pos_).starts_with("WARC/1.")) {
      return true;
    }
    if (!ensure(buffer_.size() - pos_ + 1)) {
      if (broken_) {
        // A member that broke between records held a record, or the start of one. When
        // what it gave starts a record, that record is read as far as it goes (and
        // handed out cut); else it is counted, and the next member starts afresh.
        const std::string_view given = std::string_view(buffer_).substr(pos_);
        if (given.starts_with("WARC/1.")) return true;
        const std::size_t start = given.find("\nWARC/1.");
        if (start != std::string_view::npos) {
          pos_ += start + 1;
          return true;
        }
        ++counts_.truncated;
        broken_ = false;
        pos_ = buffer_.size();
        continue;
      }
      for (const char c : std::string_view(buffer_).substr(pos_)) {
        if (c != '\r' && c != '\n') ++counts_.garbage_bytes;
      }
      pos_ = buffer_.size();
      return false;
    }
  }
}

WarcReader::Framing WarcReader::read_record(WarcRecord& record) {
  // The header block: lines up to an empty one.
  std::size_t header_end = std::string_view::npos;
  std::size_t searched = 0;
  while (true) {
    const std::string_view rest = std::string_view(buffer_).substr(pos_);
    const std::size_t crlf = rest.find("\r\n\r\n", searched > 3 ? searched - 3 : 0);
    const std::size_t lf = rest.find("\n\n", searched > 1 ? searched - 1 : 0);
    if (crlf != std::string_view::npos && (lf == std::string_view::npos || crlf + 2 <= lf)) {
      header_end = crlf + 4;
      break;
    }
    if (lf != std::string_view::npos) {
      header_end = lf + 2;
      break;
    }
    searched = rest.size();
    if (searched > kMaxWarcHeaderBytes) return Framing::kNotARecord;
    if (!ensure(searched + 1)) return searched == 0 ? Framing::kNotARecord : Framing::kCut;
  }
  if (header_end > kMaxWarcHeaderBytes) return Framing::kNotARecord;

  record.type.clear();
  record.target_uri.clear();
  record.block.clear();
  record.truncated = {};
  std::optional<std::uint64_t> content_length;
  bool marked_truncated = false;
  std::string_view headers = std::string_view(buffer_).substr(pos_, header_end);
  headers.remove_prefix(std::min(headers.size(), headers.find('\n') + 1));  // the WARC/ line
  while (!headers.empty()) {
    const std::size_t line_end = headers.find('\n');
    const std::string_view line = headers.substr(0, line_end);
    headers.remove_prefix(line_end == std::string_view::npos ? headers.size() : line_end + 1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view name = trim_ascii_space(line.substr(0, colon));
    const std::string_view value = trim_ascii_space(line.substr(colon + 1));
    if (equals_ignoring_case(name, "WARC-Type")) {
      record.type = value;
    } else if (equals_ignoring_case(name, "WARC-Target-URI")) {
      // WARC/1.0 wrote the URI in angle brackets.
      std::string_view uri = value;
      if (uri.size() >= 2 && uri.front() == '<' && uri.back() == '>') {
        uri = uri.substr(1, uri.size() - 2);
      }
      record.target_uri = uri;
    } else if (equals_ignoring_case(name, "WARC-Truncated")) {
      marked_truncated = true;
      record.truncated = "unspecified";
      for (const std::string_view reason : {"length", "time", "disconnect"}) {
        if (equals_ignoring_case(value, reason)) record.truncated = reason;
      }
    } else if (equals_ignoring_case(name, "Content-Length")) {
      std::uint64_t length = 0;
      const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
      if (error == std::errc() && end == value.data() + value.size()) content_length = length;
    }
  }
  if (!content_length) return Framing::kNotARecord;
  pos_ += header_end;
  record.block_bytes = *content_length;

  // The block, kept up to kMaxWarcBlockBytes, then the two line ends that close a record.
  const std::uint64_t kept = std::min<std::uint64_t>(*content_length, kMaxWarcBlockBytes);
  if (!ensure(kept)) {
    // The file or its member ends inside the block: what was read of it is handed out,
    // unless a record starts inside it (a Content-Length that says too much: the search
    // goes on from this record's start instead).
    const std::string_view read = std::string_view(buffer_).substr(pos_, kept);
    if (!broken_ && read.find("\nWARC/1.") != std::string_view::npos) return Framing::kCut;
    record.block.assign(read);
    pos_ = buffer_.size();
    return Framing::kCutBlock;
  }
  record.block.assign(buffer_, pos_, kept);
  pos_ += kept;
  for (std::uint64_t left = *content_length - kept; left > 0;) {
    if (pos_ == buffer_.size()) drop_consumed();
    if (!ensure(1)) return Framing::kCutBlock;
    const std::size_t step = std::min<std::uint64_t>(left, buffer_.size() - pos_);
    pos_ += step;
    left -= step;
  }
  // Two CRLFs close a record; a block longer than its Content-Length leaves other bytes
  // here, and a shorter one has eaten into the next record.
  const bool closed = ensure(4) && std::string_view(buffer_).substr(pos_).starts_with("\r\n\r\n");
  const bool closed_by_lf =
      !closed && ensure(2) && std::string_view(buffer_).substr(pos_).starts_with("\n\n");
  if (!closed && !closed_by_lf) return Framing::kCut;
  pos_ += closed ? 4 : 2;
  // A record is whole only once the gzip member it ends in has ended with a good
  // checksum. With a member per record, that is the next few bytes; a member that runs
  // on much longer (one member for the whole file) is waited for up to a record's size
  // ahead, beyond which memory would grow, and the deflate framing is all there is.
  const std::uint64_t record_end = buffer_at_ + pos_;
  while (source_->in_member() && source_->member_start_out() < record_end &&
         buffer_.size() - pos_ < kMaxWarcBlockBytes) {
    if (!read_more()) {
      // The record's bytes came whole from a member whose end is cut or corrupt.
      if (broken_) return Framing::kCutBlock;
      break;
    }
  }
  return marked_truncated ? Framing::kMarkedTruncated : Framing::kWhole;
}

bool WarcReader::next(WarcRecord& record) {
  while (true) {
    if (pos_ > kReadBytes) drop_consumed();
    if (!find_record_start()) return false;
    const std::uint64_t record_start = buffer_at_ + pos_;
    switch (read_record(record)) {
      case Framing::kWhole:
        ++counts_.records;
        return true;
      case Framing::kMarkedTruncated:
        ++counts_.truncated;
        return true;  // framed well: the next record follows
      case Framing::kCutBlock:
        ++counts_.truncated;
        record.truncated = "cut";
        if (broken_) {
          // Nothing after the record in the broken member is trusted.
          broken_ = false;
          pos_ = buffer_.size();
        }
        return true;
      case Framing::kCut:
        ++counts_.truncated;
        break;
      case Framing::kNotARecord:
        ++counts_.errors;
        break;
    }
    if (broken_) {
      // Nothing of the broken member is trusted: resume with the next member.
      broken_ = false;
      pos_ = buffer_.size();
    } else if (record_start + 1 >= buffer_at_) {
      // A record that did not close may hold the next one (a Content-Length that says
      // too much): look again just after this one's start.
      pos_ = std::min<std::size_t>(buffer_.size(), record_start + 1 - buffer_at_);
    }
  }
}

}  // namespace robotstxt::census
