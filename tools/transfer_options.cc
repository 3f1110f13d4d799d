#include "transfer_options.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "cli_support.h"

namespace robotstxt::cli {

bool timeout_is_usable(std::string_view command, double timeout_seconds) {
  if (timeout_seconds > 0 && timeout_seconds <= 86400) return true;
  report_error(command, "--timeout must be a number of seconds above 0 (at most 86400)");
  return false;
}

FetchOptions transfer_options(double timeout_seconds, const std::string& user_agent_header,
                              const std::vector<std::string>& connect_to, std::size_t concurrency) {
  FetchOptions fetch;
  const auto timeout =
      std::chrono::milliseconds(static_cast<long long>(std::llround(timeout_seconds * 1000.0)));
  fetch.total_timeout = timeout;
  fetch.connect_timeout = std::min(fetch.connect_timeout, timeout);
  if (!user_agent_header.empty()) fetch.user_agent = user_agent_header;
  fetch.connect_to = connect_to;
  fetch.max_concurrent_transfers = concurrency;
  return fetch;
}

}  // namespace robotstxt::cli
