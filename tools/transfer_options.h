// The fetching flags `fetch` and `serve` share (--timeout, --user-agent-header,
// --connect-to, --concurrency, --proxy): one check of --timeout and one translation into the
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

/// False, after a one-line usage error for `command`, when --proxy is given and is not
/// SCHEME://HOST[:PORT][/] with a scheme libcurl speaks to proxies (http, https, socks4,
/// socks4a, socks5, socks5h) and only printable ASCII.
bool proxy_is_usable(std::string_view command, std::string_view proxy);

/// The defaults with those flags applied: the whole fetch bounded by the timeout (the
/// connection too), the User-Agent header when given, the connect-to mappings, the
/// transfers in flight at once, and the proxy ("" for none: the environment's proxy
/// variables are never used).
FetchOptions transfer_options(double timeout_seconds, const std::string& user_agent_header,
                              const std::vector<std::string>& connect_to, std::size_t concurrency,
                              const std::string& proxy);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_TRANSFER_OPTIONS_H_
