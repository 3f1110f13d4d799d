// HttpRequest::cancelled, the flag that tells a handler on a worker that nobody waits for
// its answer any more: set when the client closes or resets its connection and when the
// drain's deadline passes; not set by a live client that pipelines its next request.
// The server runs in this process, on a loopback port, with handlers that wait for the
// flag for a bounded time and say what they saw.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <future>
#include <optional>
#include <string>
#include <thread>

#include "service/http_server.h"
#include "support/raw_connection.h"

namespace robotstxt::service {
namespace {

using robotstxt::testing::RawConnection;
using robotstxt::testing::status_of;
using std::chrono::milliseconds;
using std::chrono::seconds;

// What the handler of /wait saw: whether the flag was set within its wait.
struct Observed {
  std::promise<void> started;
  std::promise<bool> cancelled;
};

// Waits at most `limit` for the flag; whether it was set.
bool wait_for_flag(const HttpRequest& request, milliseconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    if (request.cancelled && request.cancelled->load()) return true;
    std::this_thread::sleep_for(milliseconds(10));
  }
  return false;
}

// An HttpServer on 127.0.0.1, run on its own thread and stopped whatever the test did.
class RunningServer {
 public:
  RunningServer(ServerOptions options, HttpServer::Handler handler)
      : server_(with_loopback(std::move(options)), std::move(handler)) {
    if (server_.listen().empty()) {
      thread_ = std::thread([this] { end_.set_value(server_.run()); });
    }
  }
  ~RunningServer() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  RunningServer(const RunningServer&) = delete;
  RunningServer& operator=(const RunningServer&) = delete;

  std::uint16_t port() const { return server_.port(); }
  void stop() { server_.stop(); }
  /// How run() ended, once it has (nullopt if not within `limit`).
  std::optional<DrainEnd> end(milliseconds limit) {
    auto future = end_.get_future();
    if (future.wait_for(limit) != std::future_status::ready) return std::nullopt;
    return future.get();
  }
  std::string request(const std::string& path) const {
    return "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port()) + "\r\n\r\n";
  }

 private:
  static ServerOptions with_loopback(ServerOptions options) {
    options.host = "127.0.0.1";
    options.port = 0;
    options.io_threads = 1;
    options.workers = 4;
    options.handle_signals = false;
    return options;
  }

  HttpServer server_;
  std::promise<DrainEnd> end_;
  std::thread thread_;
};

// /wait reports to `observed` and waits up to `limit` for the flag; anything else is
// answered at once.
HttpServer::Handler waiting_handler(Observed& observed, milliseconds limit) {
  return [&observed, limit](const HttpRequest& request) {
    HttpResponse response;
    if (request.target == "/wait") {
      observed.started.set_value();
      observed.cancelled.set_value(wait_for_flag(request, limit));
    }
    response.body = "{\"target\":\"" + request.target + "\"}";
    return response;
  };
}

TEST(RequestCancellation, AClientThatClosesCancelsItsRequest) {
  Observed observed;
  RunningServer server({}, waiting_handler(observed, seconds(10)));
  ASSERT_NE(server.port(), 0);
  auto started = observed.started.get_future();
  auto cancelled = observed.cancelled.get_future();
  {
    RawConnection client(server.port());
    ASSERT_TRUE(client.send(server.request("/wait")));
    ASSERT_EQ(started.wait_for(seconds(10)), std::future_status::ready);
  }  // closed here, while the handler runs
  ASSERT_EQ(cancelled.wait_for(seconds(15)), std::future_status::ready);
  EXPECT_TRUE(cancelled.get());
}

// The next request, sent before the answer to this one, is a client still waiting.
TEST(RequestCancellation, APipelinedRequestIsNotAHangUp) {
  Observed observed;
  RunningServer server({}, waiting_handler(observed, milliseconds(1500)));
  ASSERT_NE(server.port(), 0);
  auto started = observed.started.get_future();
  auto cancelled = observed.cancelled.get_future();
  RawConnection client(server.port());
  ASSERT_TRUE(client.send(server.request("/wait")));
  ASSERT_EQ(started.wait_for(seconds(10)), std::future_status::ready);
  ASSERT_TRUE(client.send(server.request("/next")));
  ASSERT_EQ(cancelled.wait_for(seconds(15)), std::future_status::ready);
  EXPECT_FALSE(cancelled.get());
  // Both answered, in order: the pipelined bytes were kept for the next read.
  const std::string answers = client.read_until("/next\"}", seconds(10));
  EXPECT_EQ(status_of(answers), 200) << answers;
  EXPECT_LT(answers.find("/wait"), answers.find("/next")) << answers;
}

// At the drain's deadline the request still on a worker is answered undecided, its
// flag set, and run() ends saying so.
TEST(RequestCancellation, TheDrainDeadlineCancelsRequestsInFlight) {
  Observed observed;
  ServerOptions options;
  options.drain_timeout = seconds(1);
  RunningServer server(options, waiting_handler(observed, seconds(10)));
  ASSERT_NE(server.port(), 0);
  auto started = observed.started.get_future();
  auto cancelled = observed.cancelled.get_future();
  RawConnection client(server.port());
  ASSERT_TRUE(client.send(server.request("/wait")));
  ASSERT_EQ(started.wait_for(seconds(10)), std::future_status::ready);
  server.stop();
  std::string answer;
  EXPECT_TRUE(client.read_to_close(seconds(10), &answer));
  EXPECT_EQ(status_of(answer), 503) << answer;
  EXPECT_NE(answer.find("stopped before deciding"), std::string::npos) << answer;
  ASSERT_EQ(cancelled.wait_for(seconds(15)), std::future_status::ready);
  EXPECT_TRUE(cancelled.get());
  EXPECT_EQ(server.end(seconds(10)), DrainEnd::kDeadlinePassed);
}

// A request answered before the deadline is not cancelled, and the drain ends with
// everything answered.
TEST(RequestCancellation, ARequestAnsweredWithinTheDrainIsNotCancelled) {
  Observed observed;
  RunningServer server({}, waiting_handler(observed, milliseconds(500)));
  ASSERT_NE(server.port(), 0);
  auto started = observed.started.get_future();
  auto cancelled = observed.cancelled.get_future();
  RawConnection client(server.port());
  ASSERT_TRUE(client.send(server.request("/wait")));
  ASSERT_EQ(started.wait_for(seconds(10)), std::future_status::ready);
  server.stop();
  std::string answer;
  EXPECT_TRUE(client.read_to_close(seconds(10), &answer));
  EXPECT_EQ(status_of(answer), 200) << answer;
  ASSERT_EQ(cancelled.wait_for(seconds(15)), std::future_status::ready);
  EXPECT_FALSE(cancelled.get());
  EXPECT_EQ(server.end(seconds(10)), DrainEnd::kAllAnswered);
}

}  // namespace
}  // namespace robotstxt::service
