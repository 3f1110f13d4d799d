#include "transfer_options.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <string_view>

#include "cli_support.h"

namespace robotstxt::cli {

bool timeout_is_usable(std::string_view command, double timeout_seconds) {
  if (timeout_seconds > 0 && timeout_seconds <= 86400) return true;
  report_error(command, "--timeout must be a number of seconds above 0 (at most 86400)");
  return false;
}

bool proxy_is_usable(std::string_view command, std::string_view proxy) {
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
  if (known_scheme && printable_host) return true;
  report_error(command,
               "--proxy must be SCHEME://HOST:PORT with SCHEME http, https, socks4, "
               "socks4a, socks5 or socks5h, e.g. http://127.0.0.1:3128");
  return false;
}

FetchOptions transfer_options(double timeout_seconds, const std::string& user_agent_header,
                              const std::vector<std::string>& connect_to, std::size_t concurrency,
                              const std::string& proxy) {
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
