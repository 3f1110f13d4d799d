// The access log's lines (see access_log.h).
#include "service/access_log.h"

#include <array>
#include <ctime>

#include "answer/cli_support.h"

namespace robotstxt::service {

namespace {

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

}  // namespace

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

void AccessLog::write(const AccessRecord& record) {
  const std::string line = access_log_line(record);
  const std::lock_guard lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fflush(file_);
}

}  // namespace robotstxt::service
