// Runs `robotstxt serve` on a free 127.0.0.1 port for a test (it is started with
// --listen 127.0.0.1:0 and says which port it got), speaks HTTP to it with libcurl, and
// stops it when the object dies, whatever the test did.
#ifndef ROBOTSTXT_TESTS_SUPPORT_SERVICE_PROCESS_H_
#define ROBOTSTXT_TESTS_SUPPORT_SERVICE_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <string>
#include <vector>

namespace robotstxt::testing {

struct HttpResult {
  long status = 0;  ///< 0 when no answer arrived
  std::string body;
  long new_connections = 0;  ///< connections opened for this request (0: one was reused)
};

/// One HTTP client connection, reused between requests as keep-alive allows.
class HttpClient {
 public:
  HttpClient();
  ~HttpClient();
  HttpClient(const HttpClient&) = delete;
  HttpClient& operator=(const HttpClient&) = delete;
  HttpResult request(const std::string& method, const std::string& url,
                     const std::string& body = "", const std::vector<std::string>& headers = {});

 private:
  void* handle_ = nullptr;
};

class ServiceProcess {
 public:
  /// Starts `robotstxt serve --listen 127.0.0.1:0 ARGS...`; port() is 0 if it did not.
  /// With `log_file`, the service's standard error (its log) is appended there.
  explicit ServiceProcess(const std::vector<std::string>& args, const std::string& log_file = "");
  ~ServiceProcess();
  ServiceProcess(const ServiceProcess&) = delete;
  ServiceProcess& operator=(const ServiceProcess&) = delete;

  std::uint16_t port() const { return port_; }
  /// "http://127.0.0.1:PORT" + path.
  std::string url(const std::string& path) const;
  /// One request on a new connection.
  HttpResult get(const std::string& path) const;
  HttpResult post(const std::string& path, const std::string& body) const;
  pid_t pid() const { return pid_; }
  /// Sends `signal` (SIGTERM unless told) and waits; the exit code (-1 if it did not
  /// exit normally).
  int terminate(int signal = SIGTERM);

 private:
  pid_t pid_ = -1;
  int output_ = -1;
  std::uint16_t port_ = 0;
};

/// Asks GET /readyz every 20 ms until it says "ready" (true) or `within` has passed
/// (false): a shared tier that comes back is found by the service's own probe.
bool becomes_ready(const ServiceProcess& service,
                   std::chrono::milliseconds within = std::chrono::seconds(5));

/// "%2F"-style encoding of a query parameter value.
std::string url_encode(const std::string& value);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_SERVICE_PROCESS_H_
