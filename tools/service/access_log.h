// `serve --access-log`: one line per answered request, written whole as it is made, so
// nothing is buffered beyond one line and a line never mixes with another.
#ifndef ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_
#define ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

namespace robotstxt::service {

/// One answered request, as the server saw it.
struct AccessRecord {
  std::chrono::system_clock::time_point answered_at;
  std::string_view client;  ///< "ADDRESS:PORT", or "-" when the socket no longer says
  std::string_view method;  ///< "-" when no request head was read
  std::string_view target;  ///< as sent: any bytes, any length
  unsigned status = 0;
  std::size_t bytes = 0;  ///< written on the connection, head included
  std::chrono::microseconds duration{0};
};

/// The bytes of a target kept in a line; the rest is cut and marked "...".
inline constexpr std::size_t kAccessLogTargetBytes = 256;

/// "2026-01-02T03:04:05.678Z 127.0.0.1:5000 GET /v1/check?url=... 200 312 1.250\n":
/// time (UTC), client, method, target (non-printable bytes escaped, at most
/// kAccessLogTargetBytes), status, bytes, duration in milliseconds.
std::string access_log_line(const AccessRecord& record);

class AccessLog {
 public:
  /// Writes to `file` (not owned; stderr, or a file the caller keeps open).
  explicit AccessLog(std::FILE* file) : file_(file) {}
  /// Writes one line and flushes it. A failed write is dropped: the answer is sent anyway.
  void write(const AccessRecord& record);

 private:
  std::mutex mutex_;
  std::FILE* file_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ACCESS_LOG_H_
