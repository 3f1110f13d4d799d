// The shared tier's lines in the service's log (see shared_tier_log.h).
#include "service/shared_tier_log.h"

#include <utility>

#include "answer/cli_support.h"
#include "robotstxt/redis_store.h"
#include "service/access_log.h"

namespace robotstxt::service {

std::string shared_tier_line(std::chrono::system_clock::time_point when, SharedTierEvent event,
                             std::string_view redis_url, std::string_view why) {
  std::string line;
  append_utc_time(when, line);
  line += " shared-tier: Redis at ";
  // Escaped as every byte from outside is in text output; the URL was checked, but its
  // host may still hold anything a terminal would act on.
  cli::append_printable(redact_redis_url(redis_url), 512, line);
  switch (event) {
    case SharedTierEvent::kUnreachableAtStart:
    case SharedTierEvent::kLost:
      line += event == SharedTierEvent::kLost ? " is unreachable" : " is unreachable at start";
      if (!why.empty()) {
        line += " (";
        cli::append_printable(why, 256, line);
        line += ')';
      }
      // The words of /readyz: what an operator reads there is what the log said.
      line +=
          ": degraded, answering from this instance's own cache, fetches and fetch schedule; "
          "asked again every second\n";
      break;
    case SharedTierEvent::kBack:
      line += " is reachable again: ready, the cache and fetch schedule are shared again\n";
      break;
  }
  return line;
}

SharedTierLog::SharedTierLog(std::FILE* file, std::string redis_url,
                             std::function<std::string()> why)
    : file_(file), redis_url_(std::move(redis_url)), why_(std::move(why)) {}

void SharedTierLog::changed(bool available) {
  SharedTierEvent event = SharedTierEvent::kBack;
  if (available) {
    reached_.store(true);
  } else {
    event = reached_.load() ? SharedTierEvent::kLost : SharedTierEvent::kUnreachableAtStart;
  }
  const std::string line = shared_tier_line(std::chrono::system_clock::now(), event, redis_url_,
                                            available || !why_ ? std::string() : why_());
  // One write per line: lines of the access log on the same stderr stay whole.
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fflush(file_);
}

}  // namespace robotstxt::service
