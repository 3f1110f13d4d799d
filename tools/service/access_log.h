// `serve --access-log`: one line per answered request, and per connection refused at the
// connection limit. The I/O threads only queue a line; one writer thread writes them, so a
// log nobody reads (a full stderr pipe) never stalls an answer: past a bound, lines are
// dropped and counted, and the log says how many once writing resumes.
#ifndef ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_
#define ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace robotstxt::service {

/// "2026-01-02T03:04:05.678Z": how every line of the service's logs starts.
void append_utc_time(std::chrono::system_clock::time_point when, std::string& out);

/// One answered request (or refused connection), as the server saw it.
struct AccessRecord {
  std::chrono::system_clock::time_point answered_at;
  std::string_view client;  ///< "ADDRESS:PORT", or "-" when the socket no longer says
  std::string_view method;  ///< "-" when no request head was read
  std::string_view target;  ///< as sent: any bytes, any length
  unsigned status = 0;
  std::size_t bytes = 0;                  ///< written on the connection, head included
  std::chrono::microseconds duration{0};  ///< from the request's first byte to its answer
};

/// The bytes of a target kept in a line; the rest is cut and marked "...".
inline constexpr std::size_t kAccessLogTargetBytes = 256;

/// "2026-01-02T03:04:05.678Z 127.0.0.1:5000 GET /v1/check?url=... 200 312 1.250\n":
/// time (UTC), client, method, target (non-printable bytes escaped, at most
/// kAccessLogTargetBytes), status, bytes, duration in milliseconds.
std::string access_log_line(const AccessRecord& record);

/// Lines waiting for the writer at most; more are dropped. A line is at most about
/// 1.2 KB (the target's 256 bytes escaped as \xHH), so the queue holds about 1.2 MB.
inline constexpr std::size_t kAccessLogQueueLines = 1024;

/// "2026-01-02T03:04:05.678Z access-log: 12 lines dropped, the log could not keep up\n".
std::string dropped_lines_notice(std::chrono::system_clock::time_point when, std::uint64_t lines);

class AccessLog {
 public:
  /// Writes to `file` (not owned; stderr, or a file the caller keeps open) from a thread of
  /// its own, with at most `max_queued` lines waiting.
  explicit AccessLog(std::FILE* file, std::size_t max_queued = kAccessLogQueueLines);
  /// Writes what is queued if the file takes it within `kStopWait`, then stops the writer.
  ~AccessLog();
  AccessLog(const AccessLog&) = delete;
  AccessLog& operator=(const AccessLog&) = delete;

  /// Queues one line; never waits for the file. With the queue full the line is dropped
  /// and counted. A failed write is dropped too: the answer is sent anyway.
  void write(const AccessRecord& record);

  /// Lines dropped since the start, because the queue was full.
  [[nodiscard]] std::uint64_t dropped() const { return dropped_total_.load(); }

  /// robotstxt_access_log_dropped_lines_total, for /metrics.
  [[nodiscard]] std::string prometheus() const;

  /// How long the stop waits for a file that takes nothing (a pipe nobody reads).
  static constexpr std::chrono::seconds kStopWait{1};

 private:
  void run();
  // Writes `bytes` whole lines at a time; false when the file took nothing until the stop's
  // deadline, or failed.
  bool write_out(std::string_view bytes);

  std::FILE* file_;
  std::size_t max_queued_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::string> queue_;         // under mutex_
  std::uint64_t dropped_unreported_ = 0;  // under mutex_: not yet said in the log
  bool stopping_ = false;                 // under mutex_
  // When the stop gives up on a file that takes nothing, in steady_clock ticks; the
  // writer reads it while it waits outside the lock.
  std::atomic<std::chrono::steady_clock::rep> stop_deadline_{
      std::chrono::steady_clock::time_point::max().time_since_epoch().count()};
  std::atomic<std::uint64_t> dropped_total_{0};
  std::thread writer_;  // last: started once everything above exists
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_
