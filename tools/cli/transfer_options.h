// The fetching flags `fetch` and `serve` share (--timeout, --user-agent-header,
// --connect-to, --proxy): registered, checked and translated into the library's
// FetchOptions in one place, so the two commands cannot drift apart.
#ifndef ROBOTSTXT_TOOLS_CLI_TRANSFER_OPTIONS_H_
#define ROBOTSTXT_TOOLS_CLI_TRANSFER_OPTIONS_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "robotstxt/fetcher.h"

namespace robotstxt::cli {

/// The shared flags as given on the command line.
struct TransferFlags {
  double timeout_seconds = 30;
  std::string user_agent_header;
  std::vector<std::string> connect_to;
  std::string proxy;

  /// Registers --timeout, --user-agent-header, --connect-to and --proxy on `command`.
  /// `proxy_note`, when not empty, is a line of --proxy's help that only `command` needs.
  void add_options(CLI::App& command, std::string_view proxy_note = {});

  /// False, after a one-line usage error for `command`, when --timeout is not a number
  /// of seconds above 0 and at most a day, or when --proxy is given and is not
  /// SCHEME://HOST[:PORT][/] with a scheme libcurl speaks to proxies (http, https,
  /// socks4, socks4a, socks5, socks5h) and only printable ASCII.
  [[nodiscard]] bool usable(std::string_view command) const;

  /// The defaults with these flags applied: the whole fetch bounded by the timeout (the
  /// connection too), the User-Agent header when given, the connect-to mappings, the
  /// proxy ("" for none: the environment's proxy variables are never used), and
  /// `concurrency` transfers in flight at once (each command has its own --concurrency).
  [[nodiscard]] FetchOptions fetch_options(std::size_t concurrency) const;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_TRANSFER_OPTIONS_H_
