// The service's HTTP/1.1 server (Boost.Beast over Asio): keep-alive connections, bounded
// headers, trailers, bodies, connections and the time each may take; only the Host
// names it was given; a request is answered on the I/O thread when that cannot block (a
// cached check), else on a pool of worker threads (a handler may block on a fetch); and
// a drain on SIGTERM or SIGHUP: stop accepting, finish every request in flight until a
// deadline, close idle connections, return.
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

#include "service/access_log.h"

namespace robotstxt::service {

/// A request as handlers see it: Beast stays inside http_server.cc.
struct HttpRequest {
  std::string method;  ///< "GET", "POST", ...
  std::string target;  ///< path and query, as sent
  std::string authorization;
  std::string body;
  /// Set by the server once nobody waits for the answer any more: the client closed its
  /// connection, or the drain's deadline passed. A handler that fetches stops starting
  /// new work when it is set, and what it answers then is never sent. Null for the
  /// quick handler, which never waits.
  std::shared_ptr<const std::atomic<bool>> cancelled;
  /// Left by the quick handler for the handler when it hands the request on, so that a
  /// request is routed once: which of the application's routes it took.
  std::size_t route = kNotRouted;
  static constexpr std::size_t kNotRouted = static_cast<std::size_t>(-1);
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
  /// At the limit, the connection that has waited longest for a request head is closed
  /// to make room; only when every connection is busy is a new one answered 503.
  std::size_t max_connections = 4096;
  /// A connection sends its whole request head within this time, counted from its
  /// connection or from the first byte of a later request.
  std::chrono::seconds header_timeout{10};
  /// A keep-alive connection waits this long for the next request; a request body
  /// arrives within it too.
  std::chrono::seconds idle_timeout{60};
  /// How long the drain waits for requests in flight; then each is answered 503
  /// ("stopped before deciding"), its `cancelled` set, and run() returns.
  std::chrono::seconds drain_timeout{20};
  /// Host values answered besides the listening address (see AllowedHosts).
  std::vector<std::string> allowed_hosts;
  /// SIGTERM, SIGINT and SIGHUP start the drain.
  bool handle_signals = true;
  /// One line per answered request when set (not owned; outlives the server).
  AccessLog* access_log = nullptr;
};

/// How run() ended.
enum class DrainEnd {
  kAllAnswered,     ///< every request was answered; no handler is running
  kDeadlinePassed,  ///< some were answered 503; a handler may still be running, and
                    ///< destroying the server waits for it (the service exits instead)
};

class HttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;
  /// Answers on the I/O thread when it can do so without blocking; nullopt hands the
  /// request (with what the quick handler noted in it, HttpRequest::route) to `handler`
  /// on a worker. Saves two thread hops per cached check.
  using QuickHandler = std::function<std::optional<HttpResponse>(HttpRequest&)>;

  HttpServer(ServerOptions options, Handler handler, QuickHandler quick_handler = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  /// Binds and listens; "" on success, else why not.
  [[nodiscard]] std::string listen();
  /// The port bound (useful with port 0).
  [[nodiscard]] std::uint16_t port() const;
  /// Serves until the drain is over. Call once, after listen().
  DrainEnd run();
  /// Starts the drain, from any thread.
  void stop();

 private:
  friend class Session;
  struct Impl;
  std::shared_ptr<Impl> impl_;
};

}  // namespace robotstxt::service

#endif  // ROBOTSTXT_TOOLS_SERVICE_HTTP_SERVER_H_
