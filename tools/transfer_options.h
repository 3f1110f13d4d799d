// The fetching flags `fetch` and `serve` share (--timeout, --user-agent-header,
// --connect-to, --concurrency): one check of --timeout and one translation into the
// library's FetchOptions, so the two commands cannot drift apart.
#ifndef ROBOTSTXT_TOOLS_TRANSFER_OPTIONS_H_
#define ROBOTSTXT_TOOLS_TRANSFER_OPTIONS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/fetcher.h"

namespace robotstxt::cli {

/// False, after a one-line usage error for `command`, when --timeout is not a number of
/// seconds above 0 and at most a day.
bool timeout_is_usable(std::string_view command, double timeout_seconds);

/// The defaults with those flags applied: the whole fetch bounded by the timeout (the
/// connection too), the User-Agent header when given, the connect-to mappings and the
/// transfers in flight at once.
FetchOptions transfer_options(double timeout_seconds, const std::string& user_agent_header,
                              const std::vector<std::string>& connect_to, std::size_t concurrency);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_TRANSFER_OPTIONS_H_
