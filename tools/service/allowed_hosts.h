// Which `Host` header values the service answers: the names of the address it listens
// on, and the names its operator adds with --allowed-host. Anything else is refused
// (421), because a web page can point its own name at 127.0.0.1 (DNS rebinding) and
// drive a local service from a browser: the browser then still sends the page's name.
#ifndef ROBOTSTXT_TOOLS_SERVICE_ALLOWED_HOSTS_H_
#define ROBOTSTXT_TOOLS_SERVICE_ALLOWED_HOSTS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::service {

class AllowedHosts {
 public:
  /// Accepts `127.0.0.1:PORT`, `localhost:PORT`, `[::1]:PORT` and `LISTEN_HOST:PORT`
  /// (each also without the port when PORT is 80), and each of `extra`: `NAME` accepts
  /// that name with any port, `NAME:PORT` that port only, `*` any Host at all. Names
  /// compare without regard to ASCII case.
  AllowedHosts(std::string_view listen_host, std::uint16_t port,
               const std::vector<std::string>& extra);

  /// Whether a request whose Host header is `host` is answered.
  [[nodiscard]] bool accepts(std::string_view host) const;

 private:
  std::vector<std::string> exact_;  // "name:port", as sent
  std::vector<std::string> names_;  // a name with any port (or none)
  bool any_ = false;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_ALLOWED_HOSTS_H_
