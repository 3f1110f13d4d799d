// The access log's lines (see access_log.h).
#include "service/access_log.h"

#include <poll.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <climits>
#include <ctime>
#include <utility>

#include "answer/cli_support.h"

namespace robotstxt::service {

void append_utc_time(std::chrono::system_clock::time_point when, std::string& out) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  const auto millis = std::chrono::duration_cast<std::chrono::milliseconds>(
                          when.time_since_epoch() % std::chrono::seconds(1))
                          .count();
  std::tm parts{};
  gmtime_r(&seconds, &parts);
  std::array<char, 40> text{};
  const std::size_t written = std::strftime(text.data(), text.size(), "%Y-%m-%dT%H:%M:%S", &parts);
  out.append(text.data(), written);
  std::array<char, 8> fraction{};
  const int fraction_bytes =
      std::snprintf(fraction.data(), fraction.size(), ".%03dZ", static_cast<int>(millis));
  if (fraction_bytes > 0) out.append(fraction.data(), static_cast<std::size_t>(fraction_bytes));
}

std::string access_log_line(const AccessRecord& record) {
  std::string line;
  line.reserve(kAccessLogTargetBytes * 4 + 128);
  append_utc_time(record.answered_at, line);
  line += ' ';
  cli::append_printable(record.client.empty() ? "-" : record.client, 64, line);
  line += ' ';
  cli::append_printable(record.method.empty() ? "-" : record.method, 16, line);
  line += ' ';
  // Cut before escaping, and mark the cut without spaces: the fields stay split by spaces.
  const bool cut = record.target.size() > kAccessLogTargetBytes;
  cli::append_printable(
      record.target.empty() ? "-" : record.target.substr(0, kAccessLogTargetBytes), cli::kShowWhole,
      line);
  if (cut) line += "...";
  line += ' ';
  line += std::to_string(record.status);
  line += ' ';
  line += std::to_string(record.bytes);
  std::array<char, 32> millis{};
  const int millis_bytes = std::snprintf(millis.data(), millis.size(), " %.3f\n",
                                         static_cast<double>(record.duration.count()) / 1000.0);
  if (millis_bytes > 0) line.append(millis.data(), static_cast<std::size_t>(millis_bytes));
  return line;
}

std::string dropped_lines_notice(std::chrono::system_clock::time_point when, std::uint64_t lines) {
  std::string notice;
  append_utc_time(when, notice);
  notice += " access-log: " + std::to_string(lines) + (lines == 1 ? " line" : " lines") +
            " dropped, the log could not keep up\n";
  return notice;
}

AccessLog::AccessLog(std::FILE* file, std::size_t max_queued)
    : file_(file), max_queued_(max_queued), writer_([this] { run(); }) {}

AccessLog::~AccessLog() {
  {
    const std::lock_guard lock(mutex_);
    stop_deadline_.store((std::chrono::steady_clock::now() + kStopWait).time_since_epoch().count());
    stopping_ = true;
  }
  wake_.notify_one();
  writer_.join();
}

void AccessLog::write(const AccessRecord& record) {
  std::string line = access_log_line(record);
  {
    const std::lock_guard lock(mutex_);
    if (queue_.size() >= max_queued_) {
      ++dropped_unreported_;
      dropped_total_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    queue_.push_back(std::move(line));
  }
  wake_.notify_one();
}

std::string AccessLog::prometheus() const {
  return "# HELP robotstxt_access_log_dropped_lines_total Access log lines dropped because the "
         "log did not take them fast enough.\n"
         "# TYPE robotstxt_access_log_dropped_lines_total counter\n"
         "robotstxt_access_log_dropped_lines_total " +
         std::to_string(dropped()) + "\n";
}

void AccessLog::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty() || dropped_unreported_ != 0; });
    if (stopping_ && queue_.empty() && dropped_unreported_ == 0) return;
    std::deque<std::string> batch;
    batch.swap(queue_);
    const std::uint64_t dropped = std::exchange(dropped_unreported_, 0);
    lock.unlock();
    std::string bytes;
    for (const std::string& line : batch) bytes += line;
    // The queued lines are older than the ones dropped: the queue was full when they were.
    if (dropped != 0) bytes += dropped_lines_notice(std::chrono::system_clock::now(), dropped);
    const bool written = write_out(bytes);
    lock.lock();
    if (!written && stopping_) return;
  }
}

bool AccessLog::write_out(std::string_view bytes) {
  const int fd = fileno(file_);
  std::size_t at = 0;
  while (at < bytes.size()) {
    // Whole lines, at most PIPE_BUF bytes at once: a pipe takes such a write whole, so a
    // line never mixes with what another writer puts on the same stderr.
    std::size_t end = at;
    while (end < bytes.size()) {
      const std::size_t newline = bytes.find('\n', end);
      const std::size_t next = newline == std::string_view::npos ? bytes.size() : newline + 1;
      if (end > at && next - at > PIPE_BUF) break;
      end = next;
    }
    // Waiting in steps, so that a stop ends the wait for a file that takes nothing.
    pollfd ready{.fd = fd, .events = POLLOUT, .revents = 0};
    const int polled = ::poll(&ready, 1, 100);
    if (polled < 0 && errno != EINTR) return false;
    if (polled > 0 && (ready.revents & (POLLERR | POLLNVAL)) != 0) return false;
    if (polled <= 0) {
      if (std::chrono::steady_clock::now().time_since_epoch().count() > stop_deadline_.load())
        return false;
      continue;
    }
    const ssize_t taken = ::write(fd, bytes.data() + at, end - at);
    if (taken < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      return false;
    }
    at += static_cast<std::size_t>(taken);
  }
  return true;
}

}  // namespace robotstxt::service
