#include "cli/input.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <iostream>

#include "answer/cli_support.h"
#include "cli/site_input.h"
#include "robotstxt/body_limit.h"

namespace robotstxt::cli {
namespace {

constexpr std::size_t kChunkBytes = std::size_t{1} << 16;

// How far lint counts past the head: far enough for any real file, and a bound for
// /dev/zero or a huge sparse file, whose tail is then reported as "at least".
constexpr std::uint64_t kMaxCountedTailBytes = std::uint64_t{256} << 20;

// read(2), retried when a signal interrupts it: >= 0 bytes, or -1 with errno set.
ssize_t read_some(int fd, char* into, std::size_t size) {
  ssize_t got = 0;
  do {
    got = ::read(fd, into, size);
  } while (got < 0 && errno == EINTR);
  return got;
}

// Reads until `into` holds `size` bytes or the input ends; false (errno set) on error.
bool read_up_to(int fd, std::string& into, std::size_t size) {
  std::size_t filled = into.size();
  into.resize(size);
  while (filled < size) {
    const ssize_t got = read_some(fd, into.data() + filled, size - filled);
    if (got < 0) return false;
    if (got == 0) break;
    filled += static_cast<std::size_t>(got);
  }
  into.resize(filled);
  return true;
}

// 64-bit FNV-1a, continued over `bytes`: a digest to tell two tails apart, not a defence
// against someone crafting two tails that collide.
std::uint64_t continue_digest(std::uint64_t digest, std::string_view bytes) {
  constexpr std::uint64_t kPrime = 0x100000001b3;
  for (const char c : bytes) {
    digest ^= static_cast<unsigned char>(c);
    digest *= kPrime;
  }
  return digest;
}

constexpr std::uint64_t kDigestStart = 0xcbf29ce484222325;

bool count_tail(int fd, IgnoredTail& tail, std::uint64_t& digest) {
  std::string chunk;
  while (tail.bytes < kMaxCountedTailBytes) {
    chunk.clear();
    if (!read_up_to(fd, chunk, kChunkBytes)) return false;
    if (chunk.empty()) return true;
    tail.add(chunk);
    digest = continue_digest(digest, chunk);
  }
  // There may be more: one byte decides whether the count is the whole tail.
  chunk.clear();
  if (!read_up_to(fd, chunk, 1)) return false;
  tail.counted_to_end = chunk.empty();
  return true;
}

int open_for_reading(const std::string& path) {
  if (path == "-") return STDIN_FILENO;
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

}  // namespace

void report_unreadable(std::string_view command, const std::string& path, int error) {
  const std::string what = path == "-" ? "standard input" : "'" + printable(path) + "'";
  report_io_error(command, "cannot read " + what + ": " + std::strerror(error));
}

std::optional<RobotsInput> read_robots_or_report(std::string_view command, const std::string& path,
                                                 RestOfFile rest) {
  if (names_site(path)) return fetch_site_or_report(command, path);
  const int fd = open_for_reading(path);
  RobotsInput input;
  // One byte past the head says whether anything followed it.
  bool read_ok = fd >= 0 && read_up_to(fd, input.head, kMaxBodyBytes + 1);
  if (read_ok && input.head.size() > kMaxBodyBytes) {
    const std::string_view past = std::string_view(input.head).substr(kMaxBodyBytes);
    input.tail.add(past);
    input.tail_digest = continue_digest(kDigestStart, past);
    input.head.resize(kMaxBodyBytes);
    struct stat status {};
    if (rest == RestOfFile::kCount) {
      read_ok = count_tail(fd, input.tail, input.tail_digest);
    } else if (rest == RestOfFile::kSize && ::fstat(fd, &status) == 0 && S_ISREG(status.st_mode) &&
               static_cast<std::uint64_t>(status.st_size) > kMaxBodyBytes) {
      // A regular file says its size: no need to read what crawlers ignore to count it.
      input.tail.bytes = static_cast<std::uint64_t>(status.st_size) - kMaxBodyBytes;
    } else {
      input.tail.counted_to_end = false;
    }
  }
  const int error = errno;
  if (fd > STDIN_FILENO) ::close(fd);
  if (!read_ok) {
    report_unreadable(command, path, error);
    return std::nullopt;
  }
  return input;
}

void note_past_limit(std::string_view command, const std::string& path, const RobotsInput& input) {
  if (input.tail.bytes == 0) return;
  const std::string what = path == "-" ? "standard input" : "'" + printable(path) + "'";
  std::cerr << "robotstxt " << command << ": note: " << what;
  if (input.tail.counted_to_end) {
    std::cerr << " has " << with_thousands(input.tail.bytes)
              << (input.tail.bytes == 1 ? " byte" : " bytes") << " past the first "
              << with_thousands(kMaxBodyBytes) << ", which crawlers ignore\n";
  } else {
    std::cerr << " is longer than " << with_thousands(kMaxBodyBytes)
              << " bytes; crawlers ignore all that follows them\n";
  }
}

void add_past_limit_json(nlohmann::json& json, const RobotsInput& input) {
  if (input.tail.bytes > 0) json["bytes_past_limit"] = input.tail.bytes;
}

std::optional<int> open_or_report(std::string_view command, const std::string& path) {
  const int fd = open_for_reading(path);
  if (fd < 0) {
    report_unreadable(command, path, errno);
    return std::nullopt;
  }
  return fd;
}

bool InputLines::fill() {
  if (start_ > 0) {
    buffer_.erase(0, start_);
    start_ = 0;
  }
  const std::size_t filled = buffer_.size();
  buffer_.resize(filled + kChunkBytes);
  const ssize_t got = read_some(fd_, buffer_.data() + filled, kChunkBytes);
  buffer_.resize(filled + (got > 0 ? static_cast<std::size_t>(got) : 0));
  if (got < 0) error_ = errno;
  if (got <= 0) at_end_ = true;
  return got > 0;
}

bool InputLines::next(std::string& line) {
  std::size_t searched = start_;
  std::size_t newline = std::string::npos;
  while ((newline = buffer_.find('\n', searched)) == std::string::npos) {
    const std::size_t scanned = buffer_.size() - start_;
    if (at_end_ || !fill()) {
      if (error_ != 0 || start_ == buffer_.size()) return false;
      newline = buffer_.size();  // the last line, without a line end
      break;
    }
    searched = start_ + scanned;  // fill() moved the unread bytes to the front
  }
  line.assign(buffer_, start_, newline - start_);
  start_ = std::min(newline + 1, buffer_.size());
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return true;
}

}  // namespace robotstxt::cli
