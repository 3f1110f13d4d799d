#include "cli/transfer_options.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string_view>

#include "answer/cli_support.h"

namespace robotstxt::cli {
namespace {

bool proxy_is_usable(std::string_view proxy) {
  if (proxy.empty()) return true;
  const std::size_t separator = proxy.find("://");
  const std::string_view scheme = proxy.substr(0, separator);
  const bool known_scheme = scheme == "http" || scheme == "https" || scheme == "socks4" ||
                            scheme == "socks4a" || scheme == "socks5" || scheme == "socks5h";
  std::string_view authority =
      separator == std::string_view::npos ? std::string_view{} : proxy.substr(separator + 3);
  if (authority.ends_with('/')) authority.remove_suffix(1);
  const bool printable_host =
      !authority.empty() && authority.front() != ':' &&
      std::ranges::all_of(authority, [](char c) { return c > ' ' && c < 0x7f && c != '/'; });
  return known_scheme && printable_host;
}

}  // namespace

void TransferFlags::add_options(CLI::App& command, std::string_view proxy_note) {
  command.add_option("--timeout", timeout_seconds,
                     "seconds allowed per robots.txt fetch, redirects included (default 30)");
  command.add_option(
      "--user-agent-header", user_agent_header,
      "User-Agent header to send when fetching (default '" + FetchOptions{}.user_agent + "')");
  command
      .add_option("--connect-to", connect_to,
                  "HOST:PORT:CONNECT_HOST:CONNECT_PORT, as curl's --connect-to (repeatable)")
      ->allow_extra_args(false);
  std::string proxy_help = "fetch through this proxy, e.g. http://127.0.0.1:3128";
  if (!proxy_note.empty()) proxy_help.append(";\n").append(proxy_note);
  proxy_help +=
      "\n(default: none; http_proxy, https_proxy and ALL_PROXY in the environment are "
      "ignored)";
  command.add_option("--proxy", proxy, proxy_help);
}

bool TransferFlags::usable(std::string_view command) const {
  if (!(timeout_seconds > 0 && timeout_seconds <= 86400)) {
    report_error(command, "--timeout must be a number of seconds above 0 (at most 86400)");
    return false;
  }
  if (!proxy_is_usable(proxy)) {
    report_error(command,
                 "--proxy must be SCHEME://HOST:PORT with SCHEME http, https, socks4, "
                 "socks4a, socks5 or socks5h, e.g. http://127.0.0.1:3128");
    return false;
  }
  return true;
}

FetchOptions TransferFlags::fetch_options(std::size_t concurrency) const {
  FetchOptions fetch;
  const auto timeout =
      std::chrono::milliseconds(static_cast<long long>(std::llround(timeout_seconds * 1000.0)));
  fetch.total_timeout = timeout;
  fetch.connect_timeout = std::min(fetch.connect_timeout, timeout);
  if (!user_agent_header.empty()) fetch.user_agent = user_agent_header;
  fetch.connect_to = connect_to;
  fetch.max_concurrent_transfers = concurrency;
  fetch.proxy = proxy;
  return fetch;
}

}  // namespace robotstxt::cli
