// The service's HTTP/1.1 server (Boost.Beast over Asio): keep-alive connections, bounded
// headers, bodies and connections; a request is answered on the I/O thread when that
// cannot block (a cached check), else on a pool of worker threads (a handler may block
// on a fetch); and a drain on SIGTERM: stop accepting, finish every request in flight,
// close idle connections, return.
#ifndef ROBOTSTXT_TOOLS_SERVICE_HTTP_SERVER_H_
#define ROBOTSTXT_TOOLS_SERVICE_HTTP_SERVER_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace robotstxt::service {

/// A request as handlers see it: Beast stays inside http_server.cc.
struct HttpRequest {
  std::string method;  ///< "GET", "POST", ...
  std::string target;  ///< path and query, as sent
  std::string authorization;
  std::string body;
  /// Set by the server once nobody waits for the answer any more: the client closed its
  /// connection, or the drain's deadline passed. A handler that fetches stops starting
  /// new work when it is set, and what it answers then is never sent.
  std::shared_ptr<const std::atomic<bool>> cancelled;
};

struct HttpResponse {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  ///< more header fields
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;  ///< 0: any free port (see HttpServer::port())
  std::size_t io_threads = 1;
  std::size_t workers = 64;  ///< requests handled at once
  std::size_t max_header_bytes = std::size_t{16} * 1024;
  std::size_t max_body_bytes = std::size_t{1024} * 1024;
  std::size_t max_connections = 4096;
  std::chrono::seconds idle_timeout{60};
  /// SIGTERM and SIGINT start the drain.
  bool handle_signals = true;
};

class HttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;
  /// Answers on the I/O thread when it can do so without blocking; nullopt hands the
  /// request to `handler` on a worker. Saves two thread hops per cached check.
  using QuickHandler = std::function<std::optional<HttpResponse>(const HttpRequest&)>;

  HttpServer(ServerOptions options, Handler handler, QuickHandler quick_handler = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds and listens; "" on success, else why not.
  [[nodiscard]] std::string listen();
  /// The port bound (useful with port 0).
  [[nodiscard]] std::uint16_t port() const;
  /// Serves until the drain is over. Call once, after listen().
  void run();
  /// Starts the drain, from any thread.
  void stop();

 private:
  friend class Session;
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_HTTP_SERVER_H_
