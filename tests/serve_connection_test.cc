// `robotstxt serve` against clients that send what they like, on raw loopback sockets:
// what one connection may make the service hold (bytes, a place, time), which Host names
// it answers, Expect and HEAD, and how a stop (SIGTERM, SIGHUP) ends the requests in
// flight. Every server here is started by its test and stopped whatever happens.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "support/raw_connection.h"
#include "support/service_process.h"

namespace robotstxt::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;
using Clock = std::chrono::steady_clock;

// The service's resident memory in KiB (0 if it cannot be read).
long resident_kib(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.starts_with("VmRSS:")) return std::atol(line.c_str() + 6);
  }
  return 0;
}

std::string host_line(const ServiceProcess& service) {
  return "Host: 127.0.0.1:" + std::to_string(service.port()) + "\r\n";
}

// One request on a new connection with exactly these header lines; the whole answer.
std::string raw_request(const ServiceProcess& service, const std::string& head) {
  RawConnection connection(service.port());
  if (!connection.send(head)) return {};
  std::string answer;
  connection.read_to_close(seconds(10), &answer);
  return answer;
}

std::string get_with_host(const ServiceProcess& service, const std::string& host) {
  return raw_request(service,
                     "GET /healthz HTTP/1.1\r\nHost: " + host + "\r\nConnection: close\r\n\r\n");
}

// Trailers are header fields that arrive after a chunked body: held to the same limit
// (16 KiB), or one request could make the service keep gigabytes.
TEST(ServeConnection, TrailersBeyondTheHeaderLimitAreRefusedWithoutBeingKept) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const long before = resident_kib(service.pid());
  RawConnection connection(service.port());
  ASSERT_TRUE(connection.send("GET /healthz HTTP/1.1\r\n" + host_line(service) +
                              "Transfer-Encoding: chunked\r\n\r\n0\r\n"));
  const std::string trailer = "X-Padding: " + std::string(1000, 'a') + "\r\n";
  std::string block;
  while (block.size() < 64 * 1024) block += trailer;
  // Up to 64 MiB of trailers that never end, until the service stops reading.
  for (int i = 0; i < 1024 && connection.send(block); ++i) {
  }
  std::string answer;
  EXPECT_TRUE(connection.read_to_close(seconds(10), &answer));
  EXPECT_EQ(status_of(answer), 431) << answer;
  EXPECT_NE(answer.find("{\"error\":"), std::string::npos);
  const long grown = resident_kib(service.pid()) - before;
  EXPECT_LT(grown, 8 * 1024) << "KiB";
}

// A chunk line is kept whole until its end: one longer than the header limit is refused.
TEST(ServeConnection, AChunkLineBeyondTheHeaderLimitIsRefused) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  RawConnection connection(service.port());
  ASSERT_TRUE(connection.send("POST /v1/check HTTP/1.1\r\n" + host_line(service) +
                              "Transfer-Encoding: chunked\r\n\r\n1;x="));
  const std::string extension(64 * 1024, 'e');
  for (int i = 0; i < 64 && connection.send(extension); ++i) {
  }
  std::string answer;
  EXPECT_TRUE(connection.read_to_close(seconds(10), &answer));
  EXPECT_EQ(status_of(answer), 431) << answer;
}

// Chunk extensions are read and dropped; all of them together count against the body
// limit (1 MiB), or a body of a few bytes could carry any amount.
TEST(ServeConnection, ChunkExtensionsCountAgainstTheBodyLimit) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  RawConnection connection(service.port());
  ASSERT_TRUE(connection.send("POST /v1/check HTTP/1.1\r\n" + host_line(service) +
                              "Transfer-Encoding: chunked\r\n\r\n"));
  const std::string chunk = "1;name=" + std::string(1000, 'v') + "\r\n{\r\n";
  bool sent = true;
  for (int i = 0; i < 1200 && sent; ++i) sent = connection.send(chunk);
  if (sent) connection.send("0\r\n\r\n");
  std::string answer;
  EXPECT_TRUE(connection.read_to_close(seconds(10), &answer));
  EXPECT_EQ(status_of(answer), 413) << answer;
}

// What a well-behaved client sends still works: small trailers and extensions.
TEST(ServeConnection, SmallTrailersAndExtensionsAreAccepted) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const std::string body = R"({"robots_txt": "User-agent: *\nDisallow: /a\n", "agent": "x",)"
                           R"( "urls": ["https://example.com/a"]})";
  char size[16];
  std::snprintf(size, sizeof(size), "%zx", body.size());
  const std::string answer =
      raw_request(service, "POST /v1/evaluate HTTP/1.1\r\n" + host_line(service) +
                               "Connection: close\r\nTransfer-Encoding: chunked\r\n\r\n" + size +
                               ";note=small\r\n" + body + "\r\n0\r\nX-Checksum: none\r\n\r\n");
  EXPECT_EQ(status_of(answer), 200) << answer;
  EXPECT_NE(answer.find("\"allowed\":false"), std::string::npos) << answer;
}

// A connection that has sent nothing is closed after --header-timeout, not held open.
TEST(ServeConnection, ASilentConnectionIsClosedAfterTheHeaderTimeout) {
  ServiceProcess service({"--header-timeout", "1"});
  ASSERT_NE(service.port(), 0);
  RawConnection silent(service.port());
  ASSERT_TRUE(silent.connected());
  EXPECT_TRUE(silent.read_to_close(seconds(2)));
}

// Sending a head a line at a time does not stretch the header timeout.
TEST(ServeConnection, AHeadSentSlowlyIsCutOffAtTheHeaderTimeout) {
  ServiceProcess service({"--header-timeout", "1"});
  ASSERT_NE(service.port(), 0);
  RawConnection slow(service.port());
  ASSERT_TRUE(slow.send("GET /healthz HTTP/1.1\r\n"));
  const Clock::time_point start = Clock::now();
  bool open = true;
  // One line every 200 ms for at most 4 s: with a 1 s timeout it is closed long before.
  for (int i = 0; i < 20 && open; ++i) {
    open = slow.send("X-Slow: " + std::to_string(i) + "\r\n") &&
           !slow.read_to_close(milliseconds(200));
  }
  EXPECT_FALSE(open);
  EXPECT_LT(Clock::now() - start, seconds(3));
}

// Between requests, a keep-alive connection waits --idle-timeout, then is closed.
TEST(ServeConnection, AnIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout) {
  ServiceProcess service({"--idle-timeout", "1", "--header-timeout", "30"});
  ASSERT_NE(service.port(), 0);
  RawConnection connection(service.port());
  ASSERT_TRUE(connection.send("GET /healthz HTTP/1.1\r\n" + host_line(service) + "\r\n"));
  const std::string answer = connection.read_until("}", seconds(5));
  EXPECT_EQ(status_of(answer), 200) << answer;
  EXPECT_TRUE(connection.read_to_close(seconds(2)));
}

// Connections that send nothing cannot lock everyone out: at the limit the oldest of
// them is closed to make room, and a new client is answered at once (within the header
// timeout plus a second, the bound the service promises).
TEST(ServeConnection, SilentConnectionsAtTheLimitDoNotLockOutANewClient) {
  ServiceProcess service({"--max-connections", "8", "--header-timeout", "5"});
  ASSERT_NE(service.port(), 0);
  std::vector<std::unique_ptr<RawConnection>> silent;
  for (int i = 0; i < 8; ++i) {
    silent.push_back(std::make_unique<RawConnection>(service.port()));
    ASSERT_TRUE(silent.back()->connected());
  }
  // The service takes connections in order, so these eight hold every place before the
  // client below is taken.
  const Clock::time_point start = Clock::now();
  const HttpResult result = service.get("/healthz");
  EXPECT_EQ(result.status, 200) << result.body;
  EXPECT_LT(Clock::now() - start, seconds(6));
  // The oldest one made room.
  EXPECT_TRUE(silent.front()->read_to_close(seconds(2)));
}

// Connections busy with a request are not closed to make room: a new one is told to
// come back (503) instead, and is served again once the busy one has closed.
TEST(ServeConnection, ConnectionsBusyWithARequestAreNotClosedToMakeRoom) {
  SilentListener origin;
  ASSERT_NE(origin.port(), 0);
  ServiceProcess service({"--max-connections", "1", "--allow-private", "--timeout", "3"});
  ASSERT_NE(service.port(), 0);
  RawConnection busy(service.port());
  ASSERT_TRUE(busy.send("GET /v1/robots.txt?url=" +
                        url_encode("http://127.0.0.1:" + std::to_string(origin.port()) + "/") +
                        " HTTP/1.1\r\n" + host_line(service) + "\r\n"));
  ASSERT_TRUE(origin.connection_waiting(seconds(5)));
  const HttpResult refused = service.get("/healthz");
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.body, R"({"error":"too many connections"})");
  EXPECT_EQ(status_of(busy.read_until("}", seconds(10))), 200);
  busy.close();
  long status = 0;
  for (int i = 0; i < 200 && status != 200; ++i) {
    status = service.get("/healthz").status;
    if (status != 200) std::this_thread::sleep_for(milliseconds(10));
  }
  EXPECT_EQ(status, 200);
}

// DNS rebinding: a page whose name now points at 127.0.0.1 makes the browser send its
// own name as Host. Only the listening address's names are answered, and those added
// with --allowed-host; others get 421 with a JSON error.
TEST(ServeConnection, OnlyTheServicesOwnHostNamesAreAnswered) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const std::string port = std::to_string(service.port());
  for (const std::string& host :
       {"127.0.0.1:" + port, "localhost:" + port, "LOCALHOST:" + port, "[::1]:" + port}) {
    EXPECT_EQ(status_of(get_with_host(service, host)), 200) << host;
  }
  for (const std::string& host :
       {std::string("attacker.example:") + port, std::string("attacker.example"),
        "127.0.0.1:1" + port, std::string("localhost"), "localhost:" + port + "x"}) {
    const std::string answer = get_with_host(service, host);
    EXPECT_EQ(status_of(answer), 421) << host;
    EXPECT_NE(answer.find("{\"error\":\""), std::string::npos) << answer;
    EXPECT_NE(answer.find("--allowed-host"), std::string::npos) << answer;
  }
  EXPECT_EQ(status_of(raw_request(service, "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n")),
            400);
  EXPECT_EQ(status_of(raw_request(service, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:" + port +
                                               "\r\nHost: 127.0.0.1:" + port +
                                               "\r\nConnection: close\r\n\r\n")),
            400);
}

TEST(ServeConnection, AllowedHostAddsNames) {
  ServiceProcess service(
      {"--allowed-host", "robots.internal", "--allowed-host", "lb.internal:443"});
  ASSERT_NE(service.port(), 0);
  EXPECT_EQ(status_of(get_with_host(service, "robots.internal")), 200);
  EXPECT_EQ(status_of(get_with_host(service, "Robots.Internal:8443")), 200);
  EXPECT_EQ(status_of(get_with_host(service, "lb.internal:443")), 200);
  EXPECT_EQ(status_of(get_with_host(service, "lb.internal:80")), 421);
  EXPECT_EQ(status_of(get_with_host(service, "other.internal")), 421);
  EXPECT_EQ(status_of(get_with_host(service, "127.0.0.1:" + std::to_string(service.port()))), 200);
}

// curl sends Expect: 100-continue before a large body and waits for the interim answer.
TEST(ServeConnection, ExpectContinueIsAnsweredBeforeTheBody) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const std::string body =
      R"({"robots_txt": "User-agent: *\nDisallow: /a\n", "agent": "x", "urls": ["https://e.com/a"]})";
  RawConnection connection(service.port());
  ASSERT_TRUE(connection.send(
      "POST /v1/evaluate HTTP/1.1\r\n" + host_line(service) +
      "Expect: 100-continue\r\nContent-Length: " + std::to_string(body.size()) + "\r\n\r\n"));
  const std::string interim = connection.read_until("\r\n\r\n", seconds(5));
  EXPECT_EQ(status_of(interim), 100) << interim;
  ASSERT_TRUE(connection.send(body));
  const std::string answer = connection.read_until("}]", seconds(10));
  EXPECT_EQ(status_of(answer), 200) << answer;
}

// HEAD of a GET endpoint: the same status and headers, Content-Length included, and no
// body; the next answer on the connection follows the headers directly.
TEST(ServeConnection, HeadAnswersWithHeadersOnly) {
  ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  const HttpResult get = service.get("/healthz");
  ASSERT_EQ(get.status, 200);
  const std::string answer = raw_request(
      service, "HEAD /healthz HTTP/1.1\r\n" + host_line(service) + "\r\nGET /healthz HTTP/1.1\r\n" +
                   host_line(service) + "Connection: close\r\n\r\n");
  EXPECT_EQ(status_of(answer), 200) << answer;
  const std::size_t head_end = answer.find("\r\n\r\n");
  ASSERT_NE(head_end, std::string::npos) << answer;
  EXPECT_NE(answer.substr(0, head_end).find("Content-Length: " + std::to_string(get.body.size())),
            std::string::npos)
      << answer;
  const std::string after = answer.substr(head_end + 4);
  EXPECT_EQ(status_of(after), 200) << answer;
  EXPECT_TRUE(after.ends_with(get.body)) << answer;
}

// SIGHUP (a closed terminal, a reload) drains like SIGTERM: the request in flight is
// answered and the process exits 0, instead of dying with every request lost.
TEST(ServeConnection, SighupDrainsLikeSigterm) {
  SilentListener origin;
  ASSERT_NE(origin.port(), 0);
  ServiceProcess service({"--allow-private", "--timeout", "2"});
  ASSERT_NE(service.port(), 0);
  RawConnection client(service.port());
  ASSERT_TRUE(client.send("GET /v1/robots.txt?url=" +
                          url_encode("http://127.0.0.1:" + std::to_string(origin.port()) + "/") +
                          " HTTP/1.1\r\n" + host_line(service) + "\r\n"));
  ASSERT_TRUE(origin.connection_waiting(seconds(5)));
  EXPECT_EQ(service.terminate(SIGHUP), 0);
  std::string answer;
  client.read_to_close(seconds(5), &answer);
  EXPECT_EQ(status_of(answer), 200) << answer;
}

// The drain waits --drain-timeout for requests in flight, then answers them undecided
// (503) and exits 0: a fetch that hangs cannot outlast the stop timeout.
TEST(ServeConnection, TheDrainAnswersWhatIsLeftAtItsDeadline) {
  SilentListener origin;
  ASSERT_NE(origin.port(), 0);
  ServiceProcess service({"--allow-private", "--timeout", "60", "--drain-timeout", "1"});
  ASSERT_NE(service.port(), 0);
  RawConnection client(service.port());
  ASSERT_TRUE(client.send("GET /v1/robots.txt?url=" +
                          url_encode("http://127.0.0.1:" + std::to_string(origin.port()) + "/") +
                          " HTTP/1.1\r\n" + host_line(service) + "\r\n"));
  ASSERT_TRUE(origin.connection_waiting(seconds(5)));
  const Clock::time_point start = Clock::now();
  EXPECT_EQ(service.terminate(), 0);
  EXPECT_LT(Clock::now() - start, seconds(10));
  std::string answer;
  client.read_to_close(seconds(5), &answer);
  EXPECT_EQ(status_of(answer), 503) << answer;
  EXPECT_NE(answer.find("stopped before deciding"), std::string::npos) << answer;
}

}  // namespace
}  // namespace robotstxt::testing
