// Which Host header values the service answers (see allowed_hosts.h).
#include "service/allowed_hosts.h"

#include <algorithm>

#include "base/ascii.h"

namespace robotstxt::service {
namespace {

using internal::equals_ignoring_case;
using internal::is_ascii_digit;

// "name" of "name:port" or "[v6]" of "[v6]:port"; empty when what follows the name is
// not ":" and one to five digits.
std::string_view name_of(std::string_view host) {
  std::size_t end = 0;
  if (host.starts_with('[')) {
    end = host.find(']');
    if (end == std::string_view::npos) return {};
    ++end;
  } else {
    end = std::min(host.find(':'), host.size());
  }
  const std::string_view port = host.substr(end);
  if (!port.empty()) {
    const std::string_view digits = port.substr(1);
    if (port.front() != ':' || digits.empty() || digits.size() > 5 ||
        !std::all_of(digits.begin(), digits.end(), is_ascii_digit)) {
      return {};
    }
  }
  return host.substr(0, end);
}

bool contains(const std::vector<std::string>& list, std::string_view value) {
  return std::any_of(list.begin(), list.end(), [value](const std::string& entry) {
    return equals_ignoring_case(entry, value);
  });
}

}  // namespace

AllowedHosts::AllowedHosts(std::string_view listen_host, std::uint16_t port,
                           const std::vector<std::string>& extra) {
  const std::string listening = listen_host.find(':') == std::string_view::npos
                                    ? std::string(listen_host)
                                    : "[" + std::string(listen_host) + "]";
  for (const std::string& name :
       {std::string("127.0.0.1"), std::string("localhost"), std::string("[::1]"), listening}) {
    exact_.push_back(name + ":" + std::to_string(port));
    // Without a port, a Host names port 80.
    if (port == 80) exact_.push_back(name);
  }
  for (const std::string& entry : extra) {
    if (entry == "*") {
      any_ = true;
    } else if (name_of(entry) == entry) {
      names_.push_back(entry);
    } else {
      exact_.push_back(entry);
    }
  }
}

bool AllowedHosts::accepts(std::string_view host) const {
  if (any_ || contains(exact_, host)) return true;
  const std::string_view name = name_of(host);
  return !name.empty() && contains(names_, name);
}

}  // namespace robotstxt::service
