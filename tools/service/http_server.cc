// The HTTP/1.1 server of `robotstxt serve` (see http_server.h).
#include "service/http_server.h"

#include <atomic>
#include <list>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <utility>  // before Asio: Boost 1.74's Asio uses std::exchange without it
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace robotstxt::service {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

class Session;

struct HttpServer::Impl : std::enable_shared_from_this<HttpServer::Impl> {
  Impl(ServerOptions server_options, Handler request_handler, QuickHandler quick)
      : options(std::move(server_options)),
        handler(std::move(request_handler)),
        quick_handler(std::move(quick)),
        acceptor(asio::make_strand(io)),
        signals(io),
        workers(options.workers == 0 ? 1 : options.workers) {}

  void accept();
  void on_accept(beast::error_code error, tcp::socket socket);
  void drain();

  ServerOptions options;
  Handler handler;
  QuickHandler quick_handler;
  asio::io_context io;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  asio::thread_pool workers;
  std::atomic<bool> draining{false};
  std::mutex sessions_mutex;
  std::list<std::weak_ptr<Session>> sessions;  // open connections, for the drain
};

// One connection: read a request, hand it to a worker, write the answer, and again
// while the client keeps the connection alive. Runs on its own strand.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, std::shared_ptr<HttpServer::Impl> server)
      : stream_(std::move(socket)), server_(std::move(server)) {}

  ~Session() {
    const std::lock_guard lock(server_->sessions_mutex);
    server_->sessions.erase(registration_);
  }

  void start() {
    {
      const std::lock_guard lock(server_->sessions_mutex);
      registration_ = server_->sessions.insert(server_->sessions.end(), weak_from_this());
    }
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

  // The drain: an idle connection is closed now, a busy one after its answer.
  void close_if_idle() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      if (!self->busy_) self->close();
    });
  }

 private:
  void read() {
    if (server_->draining) return close();
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_->options.max_header_bytes));
    parser_->body_limit(server_->options.max_body_bytes);
    stream_.expires_after(server_->options.idle_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_read, shared_from_this()));
  }

  void on_read(beast::error_code error, std::size_t) {
    if (error == http::error::header_limit) {
      return answer_and_close(431, "the request headers are larger than the limit");
    }
    if (error == http::error::body_limit) {
      return answer_and_close(413, "the request body is larger than the limit");
    }
    if (error == http::error::end_of_stream || error == asio::error::operation_aborted ||
        error == beast::error::timeout || error == asio::error::connection_reset ||
        error == asio::error::eof) {
      return close();
    }
    if (error) return answer_and_close(400, "not an HTTP/1.1 request");
    busy_ = true;
    http::request<http::string_body> request = parser_->release();
    keep_alive_ = request.keep_alive();
    HttpRequest ours;
    ours.method = std::string(request.method_string());
    ours.target = std::string(request.target());
    ours.authorization = std::string(request[http::field::authorization]);
    ours.body = std::move(request.body());
    if (server_->quick_handler) {
      if (std::optional<HttpResponse> response = server_->quick_handler(ours)) {
        return write(std::move(*response));
      }
    }
    // The handler may block on a fetch: it runs on a worker, never on the I/O threads.
    // The work guard keeps io.run() going while no socket operation is pending.
    asio::post(server_->workers, [self = shared_from_this(), ours = std::move(ours),
                                  work = asio::make_work_guard(server_->io)]() mutable {
      HttpResponse response = self->server_->handler(ours);
      asio::post(self->stream_.get_executor(), [self, response = std::move(response)]() mutable {
        self->write(std::move(response));
      });
    });
  }

  void answer_and_close(unsigned status, const std::string& message) {
    busy_ = true;
    keep_alive_ = false;
    HttpResponse response;
    response.status = status;
    response.body = "{\"error\":\"" + message + "\"}";
    write(std::move(response));
  }

  // Takes the answer: its body (a batch answer runs to megabytes) is moved, not copied.
  void write(HttpResponse answer) {
    response_ = {};
    response_.version(11);
    response_.result(answer.status);
    response_.set(http::field::server, "robotstxt");
    response_.set(http::field::content_type, answer.content_type);
    for (const auto& [name, value] : answer.headers) response_.set(name, value);
    response_.body() = std::move(answer.body);
    response_.keep_alive(keep_alive_ && !server_->draining);
    response_.prepare_payload();
    stream_.expires_after(std::chrono::seconds(30));
    http::async_write(stream_, response_,
                      beast::bind_front_handler(&Session::on_write, shared_from_this()));
  }

  void on_write(beast::error_code error, std::size_t) {
    busy_ = false;
    if (error || !response_.keep_alive()) return close();
    read();
  }

  void close() {
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.socket().close(ignored);
  }

  beast::tcp_stream stream_;
  std::shared_ptr<HttpServer::Impl> server_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  http::response<http::string_body> response_;
  bool busy_ = false;
  bool keep_alive_ = true;
  std::list<std::weak_ptr<Session>>::iterator registration_;
};

void HttpServer::Impl::accept() {
  acceptor.async_accept(asio::make_strand(io),
                        [self = shared_from_this()](beast::error_code error, tcp::socket socket) {
                          self->on_accept(error, std::move(socket));
                        });
}

void HttpServer::Impl::on_accept(beast::error_code error, tcp::socket socket) {
  if (error == asio::error::operation_aborted || !acceptor.is_open()) return;
  if (!error) {
    std::size_t open = 0;
    {
      const std::lock_guard lock(sessions_mutex);
      open = sessions.size();
    }
    if (open < options.max_connections) {
      std::make_shared<Session>(std::move(socket), shared_from_this())->start();
    } else {
      // Over the limit: one short answer and the connection is closed, so no memory is
      // spent on it and the client knows to retry. The write goes to a fresh socket's
      // empty buffer, so it does not block.
      static constexpr std::string_view kBusy =
          "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
          "Content-Length: 32\r\nConnection: close\r\nRetry-After: 1\r\n\r\n"
          "{\"error\":\"too many connections\"}";
      beast::error_code ignored;
      asio::write(socket, asio::buffer(kBusy.data(), kBusy.size()), ignored);
      socket.shutdown(tcp::socket::shutdown_both, ignored);
      socket.close(ignored);
    }
  }
  accept();
}

void HttpServer::Impl::drain() {
  asio::dispatch(acceptor.get_executor(), [self = shared_from_this()] {
    if (self->draining.exchange(true)) return;
    beast::error_code ignored;
    self->acceptor.close(ignored);
    self->signals.cancel(ignored);
    std::vector<std::shared_ptr<Session>> open;
    {
      const std::lock_guard lock(self->sessions_mutex);
      for (const std::weak_ptr<Session>& session : self->sessions) {
        if (auto alive = session.lock()) open.push_back(std::move(alive));
      }
    }
    for (const std::shared_ptr<Session>& session : open) session->close_if_idle();
  });
}

HttpServer::HttpServer(ServerOptions options, Handler handler, QuickHandler quick_handler)
    : impl_(std::make_shared<Impl>(std::move(options), std::move(handler),
                                   std::move(quick_handler))) {}

HttpServer::~HttpServer() { impl_->workers.join(); }

std::string HttpServer::listen() {
  beast::error_code error;
  const asio::ip::address address = asio::ip::make_address(impl_->options.host, error);
  if (error) return "'" + impl_->options.host + "' is not an IP address";
  const tcp::endpoint endpoint(address, impl_->options.port);
  impl_->acceptor.open(endpoint.protocol(), error);
  if (!error) impl_->acceptor.set_option(asio::socket_base::reuse_address(true), error);
  if (!error) impl_->acceptor.bind(endpoint, error);
  if (!error) impl_->acceptor.listen(asio::socket_base::max_listen_connections, error);
  if (error) {
    return "cannot listen on " + impl_->options.host + ":" + std::to_string(impl_->options.port) +
           ": " + error.message();
  }
  return {};
}

std::uint16_t HttpServer::port() const {
  beast::error_code error;
  const tcp::endpoint endpoint = impl_->acceptor.local_endpoint(error);
  return error ? 0 : endpoint.port();
}

void HttpServer::run() {
  if (impl_->options.handle_signals) {
    impl_->signals.add(SIGTERM);
    impl_->signals.add(SIGINT);
    impl_->signals.async_wait([impl = impl_](beast::error_code error, int) {
      if (!error) impl->drain();
    });
  }
  impl_->accept();
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < impl_->options.io_threads; ++i) {
    threads.emplace_back([this] { impl_->io.run(); });
  }
  impl_->io.run();
  for (std::thread& thread : threads) thread.join();
  impl_->workers.join();
}

void HttpServer::stop() { impl_->drain(); }

}  // namespace robotstxt::service
