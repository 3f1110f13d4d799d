// The HTTP/1.1 server of `robotstxt serve` (see http_server.h).
#include "service/http_server.h"

#include <sys/socket.h>

#include <atomic>
#include <cerrno>
#include <csignal>
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

#include "service/allowed_hosts.h"

namespace robotstxt::service {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

// Answers still being written when the drain's deadline passes get this long; then the
// server stops whatever is left.
constexpr std::chrono::seconds kAbandonedAnswerTime{1};
constexpr std::chrono::seconds kWriteTimeout{30};

// What a request's fields take once stored, as the header limit counts them on the wire
// ("name: value\r\n").
std::size_t stored_field_bytes(const http::fields& fields) {
  std::size_t total = 0;
  for (const auto& field : fields) total += field.name_string().size() + field.value().size() + 4;
  return total;
}

}  // namespace

class Session;

struct HttpServer::Impl : std::enable_shared_from_this<HttpServer::Impl> {
  Impl(ServerOptions server_options, Handler request_handler, QuickHandler quick)
      : options(std::move(server_options)),
        handler(std::move(request_handler)),
        quick_handler(std::move(quick)),
        acceptor(asio::make_strand(io)),
        signals(io),
        drain_timer(acceptor.get_executor()),
        workers(options.workers == 0 ? 1 : options.workers) {}

  void accept();
  void on_accept(beast::error_code error, tcp::socket socket);
  // At the connection limit: closes the connection that has waited longest for a request
  // head; false when every connection is busy with a request.
  bool make_room();
  void drain();
  void on_drain_deadline();
  void on_last_session_gone();

  ServerOptions options;
  Handler handler;
  QuickHandler quick_handler;
  std::optional<AllowedHosts> allowed_hosts;  // set by listen(), which knows the port
  asio::io_context io;
  tcp::acceptor acceptor;
  asio::signal_set signals;
  asio::steady_timer drain_timer;  // on the acceptor's strand
  asio::thread_pool workers;
  std::atomic<bool> draining{false};
  bool deadline_passed = false;  // on the acceptor's strand
  std::mutex sessions_mutex;
  // Open connections, oldest first: for the drain and to make room at the limit.
  std::list<std::weak_ptr<Session>> sessions;
  std::size_t sessions_closing = 0;  // closed to make room, not yet gone
};

// One connection: read a request, hand it to a worker, write the answer, and again
// while the client keeps the connection alive. Runs on its own strand.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket socket, std::shared_ptr<HttpServer::Impl> server)
      : stream_(std::move(socket)),
        server_(std::move(server)),
        // Bytes not yet parsed are never more than a request head: a chunk line or a
        // trailer section that does not fit is refused instead of buffered.
        buffer_(server_->options.max_header_bytes) {}

  ~Session() {
    const std::lock_guard lock(server_->sessions_mutex);
    server_->sessions.erase(registration_);
    if (closing_to_make_room_) --server_->sessions_closing;
    if (server_->draining && server_->sessions.empty()) {
      asio::post(server_->acceptor.get_executor(),
                 [server = server_] { server->on_last_session_gone(); });
    }
  }

  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start() {
    {
      const std::lock_guard lock(server_->sessions_mutex);
      registration_ = server_->sessions.insert(server_->sessions.end(), weak_from_this());
    }
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] { self->read(); });
  }

  // Whether this connection may be closed to make room: it has not sent a whole request
  // head since it connected or since its last answer. Called under sessions_mutex.
  bool take_for_closing() {
    if (!waiting_for_head_.load(std::memory_order_relaxed) || closing_to_make_room_) return false;
    closing_to_make_room_ = true;
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      // A head may have completed since: that request goes on.
      if (self->stage_ == Stage::kWaiting) self->close();
    });
    return true;
  }

  // The drain: a connection without a request is closed now, one with a request after
  // its answer.
  void close_if_idle() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      if (self->stage_ == Stage::kWaiting) self->close();
    });
  }

  // The drain's deadline: a request still on a worker is answered undecided now;
  // anything else is closed.
  void abandon() {
    asio::dispatch(stream_.get_executor(), [self = shared_from_this()] {
      if (self->stage_ != Stage::kHandling) return self->close();
      self->cancelled_->store(true);
      self->answer_and_close(503, "the service stopped before deciding", kAbandonedAnswerTime);
    });
  }

 private:
  enum class Stage { kWaiting, kReadingBody, kHandling, kWriting };

  void read() {
    if (server_->draining) return close();
    stage_ = Stage::kWaiting;
    waiting_for_head_.store(true, std::memory_order_relaxed);
    head_only_ = false;
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_->options.max_header_bytes));
    parser_->body_limit(server_->options.max_body_bytes);
    parser_->on_chunk_header(count_chunk_header_);
    chunk_extension_bytes_ = 0;
    logged_method_.clear();
    logged_target_.clear();
    if (buffer_.size() == 0) {
      // Nothing of the next request yet. Its head is timed from its first byte after a
      // keep-alive wait, and from the connection's start for a first request (a client
      // that connects and sends nothing holds a place no longer than --header-timeout);
      // the logged duration always starts at the first byte, never counting the wait.
      stream_.expires_after(answered_ ? server_->options.idle_timeout
                                      : server_->options.header_timeout);
      stream_.async_read_some(
          buffer_.prepare(buffer_.max_size()),
          beast::bind_front_handler(&Session::on_first_bytes, shared_from_this()));
      return;
    }
    // Pipelined: the request was already sent, with the one before.
    request_started_ = std::chrono::steady_clock::now();
    stream_.expires_after(server_->options.header_timeout);
    read_head();
  }

  void on_first_bytes(beast::error_code error, std::size_t bytes) {
    if (error) return close();
    request_started_ = std::chrono::steady_clock::now();
    buffer_.commit(bytes);
    if (answered_) stream_.expires_after(server_->options.header_timeout);
    read_head();
  }

  void read_head() {
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&Session::on_head, shared_from_this()));
  }

  void on_head(beast::error_code error, std::size_t) {
    if (error) return refuse_or_close(error);
    waiting_for_head_.store(false, std::memory_order_relaxed);
    stage_ = Stage::kReadingBody;
    const http::request<http::string_body>& head = parser_->get();
    if (server_->options.access_log != nullptr) {
      logged_method_ = std::string(head.method_string());
      logged_target_ = std::string(head.target());
    }
    const auto hosts = head.equal_range(http::field::host);
    const std::size_t host_count =
        static_cast<std::size_t>(std::distance(hosts.first, hosts.second));
    if (host_count > 1) return answer_and_close(400, "more than one Host header");
    if (host_count == 0 && head.version() >= 11) {
      return answer_and_close(400, "an HTTP/1.1 request without a Host header");
    }
    if (host_count == 1 && !server_->allowed_hosts->accepts(std::string_view(
                               hosts.first->value().data(), hosts.first->value().size()))) {
      return answer_and_close(421,
                              "this service does not answer for that Host name (a web page "
                              "could rebind its own name to this address); its operator can "
                              "add the name with --allowed-host");
    }
    if (parser_->is_done()) return on_request();
    stream_.expires_after(server_->options.idle_timeout);
    if (head.version() >= 11 && beast::iequals(head[http::field::expect], "100-continue")) {
      // The client waits for this before it sends the body (curl: up to a second).
      static constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";
      asio::async_write(stream_, asio::buffer(kContinue.data(), kContinue.size()),
                        [self = shared_from_this()](beast::error_code write_error, std::size_t) {
                          if (write_error) return self->close();
                          self->read_body();
                        });
      return;
    }
    read_body();
  }

  void read_body() {
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&Session::on_body, shared_from_this()));
  }

  void on_body(beast::error_code error, std::size_t) {
    if (error) return refuse_or_close(error);
    // The head and the trailers together are held to the header limit.
    if (parser_->chunked() &&
        stored_field_bytes(parser_->get().base()) > server_->options.max_header_bytes) {
      return answer_and_close(431, "the request headers and trailers are larger than the limit");
    }
    on_request();
  }

  void refuse_or_close(beast::error_code error) {
    if (error == http::error::header_limit) {
      return answer_and_close(431, "the request headers are larger than the limit");
    }
    // Only a head, a chunk line or the trailers are kept whole in the buffer.
    if (error == http::error::buffer_overflow) {
      return answer_and_close(431, "a chunk line or the trailers are larger than the header limit");
    }
    if (error == http::error::body_limit) {
      return answer_and_close(413,
                              "the request body (chunk extensions included) is larger than the "
                              "limit");
    }
    if (error == http::error::end_of_stream || error == asio::error::operation_aborted ||
        error == beast::error::timeout || error == asio::error::connection_reset ||
        error == asio::error::eof) {
      return close();
    }
    answer_and_close(400, "not an HTTP/1.1 request");
  }

  void on_request() {
    stage_ = Stage::kHandling;
    http::request<http::string_body> request = parser_->release();
    keep_alive_ = request.keep_alive();
    // HEAD is GET without the body: the handlers see a GET, the body is not written.
    head_only_ = request.method() == http::verb::head;
    HttpRequest ours;
    ours.method = head_only_ ? std::string("GET") : std::string(request.method_string());
    ours.target = std::string(request.target());
    ours.authorization = std::string(request[http::field::authorization]);
    ours.body = std::move(request.body());
    if (server_->quick_handler) {
      if (std::optional<HttpResponse> response = server_->quick_handler(ours)) {
        return write(std::move(*response));
      }
    }
    auto cancelled = std::make_shared<std::atomic<bool>>(false);
    ours.cancelled = cancelled;
    cancelled_ = std::move(cancelled);
    watch_for_hangup();
    // The handler may block on a fetch: it runs on a worker, never on the I/O threads.
    // The work guard keeps io.run() going while no socket operation is pending.
    asio::post(server_->workers, [self = shared_from_this(), ours = std::move(ours),
                                  work = asio::make_work_guard(server_->io)]() mutable {
      HttpResponse response = self->server_->handler(ours);
      asio::post(self->stream_.get_executor(), [self, response = std::move(response)]() mutable {
        // Answered already (the drain's deadline passed): this answer is never sent.
        if (self->stage_ != Stage::kHandling) return;
        beast::error_code ignored;
        self->stream_.socket().cancel(ignored);  // the hang-up watch
        self->write(std::move(response));
      });
    });
  }

  // While a worker handles the request, a client that closes or resets its connection
  // no longer wants the answer. Bytes it sends meanwhile (the next pipelined request)
  // are kept for the next read while there is room.
  void watch_for_hangup() {
    stream_.socket().async_wait(
        tcp::socket::wait_read,
        [self = shared_from_this(), cancelled = cancelled_](beast::error_code error) {
          if (error || self->stage_ != Stage::kHandling || self->cancelled_ != cancelled) return;
          char byte = 0;
          const ssize_t peeked =
              ::recv(self->stream_.socket().native_handle(), &byte, 1, MSG_PEEK | MSG_DONTWAIT);
          if (peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            return self->watch_for_hangup();
          }
          if (peeked <= 0) {
            cancelled->store(true);
            return;
          }
          const std::size_t room = self->buffer_.max_size() - self->buffer_.size();
          if (room == 0) return;
          beast::error_code read_error;
          // Does not block: a byte is waiting.
          const std::size_t bytes =
              self->stream_.socket().read_some(self->buffer_.prepare(room), read_error);
          self->buffer_.commit(bytes);
          if (read_error) {
            cancelled->store(true);
            return;
          }
          self->watch_for_hangup();
        });
  }

  void answer_and_close(unsigned status, const std::string& message,
                        std::chrono::seconds time_to_write = kWriteTimeout) {
    keep_alive_ = false;
    HttpResponse response;
    response.status = status;
    response.body = "{\"error\":\"" + message + "\"}";
    write(std::move(response), time_to_write);
  }

  // Takes the answer: its body (a batch answer runs to megabytes) is moved, not copied.
  void write(HttpResponse answer, std::chrono::seconds time_to_write = kWriteTimeout) {
    stage_ = Stage::kWriting;
    waiting_for_head_.store(false, std::memory_order_relaxed);
    logged_status_ = answer.status;
    response_ = {};
    response_.version(11);
    response_.result(answer.status);
    response_.set(http::field::server, "robotstxt");
    response_.set(http::field::content_type, answer.content_type);
    for (const auto& [name, value] : answer.headers) response_.set(name, value);
    response_.body() = std::move(answer.body);
    response_.keep_alive(keep_alive_ && !server_->draining);
    response_.prepare_payload();
    stream_.expires_after(time_to_write);
    serializer_.reset();
    if (head_only_) {
      serializer_.emplace(response_);
      http::async_write_header(stream_, *serializer_,
                               beast::bind_front_handler(&Session::on_write, shared_from_this()));
      return;
    }
    http::async_write(stream_, response_,
                      beast::bind_front_handler(&Session::on_write, shared_from_this()));
  }

  void on_write(beast::error_code error, std::size_t bytes) {
    answered_ = true;
    if (server_->options.access_log != nullptr) log_access(bytes);
    if (error || !response_.keep_alive()) return close();
    read();
  }

  void log_access(std::size_t bytes) {
    beast::error_code error;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(error);
    std::string client = "-";
    if (!error) client = peer.address().to_string() + ":" + std::to_string(peer.port());
    server_->options.access_log->write(
        {.answered_at = std::chrono::system_clock::now(),
         .client = client,
         .method = logged_method_,
         .target = logged_target_,
         .status = logged_status_,
         .bytes = bytes,
         .duration = std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now() - request_started_)});
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
  // Chunk extensions are not kept, but they are read: they count against the body limit,
  // or a client could send them without end.
  std::size_t chunk_extension_bytes_ = 0;
  std::function<void(std::uint64_t, beast::string_view, beast::error_code&)> count_chunk_header_ =
      [this](std::uint64_t size, beast::string_view extensions, beast::error_code& error) {
        chunk_extension_bytes_ += extensions.size();
        const std::uint64_t total =
            std::uint64_t{parser_->get().body().size()} + size + chunk_extension_bytes_;
        if (total > server_->options.max_body_bytes) error = http::error::body_limit;
      };
  http::response<http::string_body> response_;
  std::optional<http::response_serializer<http::string_body>> serializer_;
  std::shared_ptr<std::atomic<bool>> cancelled_;  // of the request on a worker
  Stage stage_ = Stage::kWaiting;
  std::atomic<bool> waiting_for_head_{true};  // read by the acceptor to make room
  bool closing_to_make_room_ = false;         // under sessions_mutex
  bool answered_ = false;
  bool head_only_ = false;
  bool keep_alive_ = true;
  // What the access log says of the request being answered.
  std::string logged_method_;
  std::string logged_target_;
  unsigned logged_status_ = 0;
  std::chrono::steady_clock::time_point request_started_ = std::chrono::steady_clock::now();
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
    if (make_room()) {
      std::make_shared<Session>(std::move(socket), shared_from_this())->start();
    } else {
      // Every connection is busy: one short answer and the connection is closed, so no
      // memory is spent on it and the client knows to retry. The write goes to a fresh
      // socket's empty buffer, so it does not block.
      static constexpr std::string_view kBusy =
          "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\n"
          "Content-Length: 32\r\nConnection: close\r\nRetry-After: 1\r\n\r\n"
          "{\"error\":\"too many connections\"}";
      beast::error_code ignored;
      beast::error_code no_peer;
      const tcp::endpoint peer = socket.remote_endpoint(no_peer);
      const std::size_t sent =
          asio::write(socket, asio::buffer(kBusy.data(), kBusy.size()), ignored);
      if (options.access_log != nullptr) {
        // Nothing was read from it: no method, no target, no time spent on a request.
        const std::string client =
            no_peer ? std::string("-")
                    : peer.address().to_string() + ":" + std::to_string(peer.port());
        options.access_log->write({.answered_at = std::chrono::system_clock::now(),
                                   .client = client,
                                   .method = "-",
                                   .target = "-",
                                   .status = 503,
                                   .bytes = sent});
      }
      socket.shutdown(tcp::socket::shutdown_both, ignored);
      socket.close(ignored);
    }
  }
  accept();
}

bool HttpServer::Impl::make_room() {
  // Released after the lock: the last reference to a session ends it, and its
  // destructor takes the lock.
  std::vector<std::shared_ptr<Session>> looked_at;
  const std::lock_guard lock(sessions_mutex);
  if (sessions.size() - sessions_closing < options.max_connections) return true;
  // Connections that send nothing would otherwise hold every place until they time out.
  for (const std::weak_ptr<Session>& session : sessions) {
    std::shared_ptr<Session> alive = session.lock();
    if (!alive) continue;
    const bool taken = alive->take_for_closing();
    looked_at.push_back(std::move(alive));
    if (taken) {
      ++sessions_closing;
      return true;
    }
  }
  return false;
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
    if (open.empty()) return;
    for (const std::shared_ptr<Session>& session : open) session->close_if_idle();
    self->drain_timer.expires_after(self->options.drain_timeout);
    self->drain_timer.async_wait([self](beast::error_code error) {
      if (!error) self->on_drain_deadline();
    });
  });
}

void HttpServer::Impl::on_drain_deadline() {
  deadline_passed = true;
  std::vector<std::shared_ptr<Session>> open;
  {
    const std::lock_guard lock(sessions_mutex);
    for (const std::weak_ptr<Session>& session : sessions) {
      if (auto alive = session.lock()) open.push_back(std::move(alive));
    }
  }
  for (const std::shared_ptr<Session>& session : open) session->abandon();
  // A handler that does not return keeps the pool's work guard, and with it io.run():
  // after the undecided answers have had their time, the server stops anyway.
  drain_timer.expires_after(kAbandonedAnswerTime);
  drain_timer.async_wait([self = shared_from_this()](beast::error_code error) {
    if (!error) self->io.stop();
  });
}

void HttpServer::Impl::on_last_session_gone() {
  if (!draining) return;
  {
    const std::lock_guard lock(sessions_mutex);
    if (!sessions.empty()) return;
  }
  if (deadline_passed) {
    io.stop();
  } else {
    drain_timer.cancel();
  }
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
  impl_->allowed_hosts.emplace(impl_->options.host, port(), impl_->options.allowed_hosts);
  return {};
}

std::uint16_t HttpServer::port() const {
  beast::error_code error;
  const tcp::endpoint endpoint = impl_->acceptor.local_endpoint(error);
  return error ? 0 : endpoint.port();
}

DrainEnd HttpServer::run() {
  if (impl_->options.handle_signals) {
    impl_->signals.add(SIGTERM);
    impl_->signals.add(SIGINT);
    // A closed terminal or a reload request must not lose the requests in flight.
    impl_->signals.add(SIGHUP);
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
  // Read after io.run(): the strand that wrote it has stopped.
  if (impl_->deadline_passed) return DrainEnd::kDeadlinePassed;
  impl_->workers.join();
  return DrainEnd::kAllAnswered;
}

void HttpServer::stop() { impl_->drain(); }

}  // namespace robotstxt::service
