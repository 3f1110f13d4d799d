// `serve --access-log` under a log that does not keep up, at the connection limit, and on
// kept-alive connections: answers never wait for the log, refused connections get a line,
// and a request's duration starts at its first byte, not at the wait before it.
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "support/raw_connection.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt::testing {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

std::vector<std::vector<std::string>> records_of(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::vector<std::string>> records;
  for (std::string line; std::getline(file, line);) {
    std::istringstream stream(line);
    std::vector<std::string> fields;
    for (std::string field; stream >> field;) fields.push_back(field);
    records.push_back(std::move(fields));
  }
  return records;
}

// The log's record whose target is `target` (fields split by spaces), waiting for it to be
// written: lines are written by the log's own thread, moments after the answer.
std::vector<std::string> record_for(const std::string& path, const std::string& target,
                                    const std::string& status = "") {
  for (int attempt = 0; attempt < 250; ++attempt) {
    for (const std::vector<std::string>& record : records_of(path)) {
      if (record.size() == 7 && record[3] == target && (status.empty() || record[4] == status))
        return record;
    }
    std::this_thread::sleep_for(milliseconds(20));
  }
  ADD_FAILURE() << "no line for " << target;
  return std::vector<std::string>(7);
}

std::string get_request(const ServiceProcess& service, const std::string& target) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(service.port()) +
         "\r\n\r\n";
}

// The service's standard output is a pipe the test reads only for its first line (the
// port): as a log, it is a pipe nobody reads, which fills after some 64 KB.
TEST(ServeAccessLog, APipeNobodyReadsDoesNotStallAnswersAndDropsAreCounted) {
  ServiceProcess service({"--access-log", "/dev/stdout"});
  ASSERT_NE(service.port(), 0);
  RawConnection connection(service.port());
  // Long targets: a few hundred lines fill the pipe, a thousand more the queue.
  const std::string request = get_request(service, "/healthz?pad=" + std::string(240, 'a'));
  constexpr int kRequests = 3000;
  int answered = 0;
  for (int i = 0; i < kRequests; ++i) {
    if (!connection.send(request)) break;
    // A stalled service answers nothing: each answer is waited for at most 10 s.
    if (status_of(connection.read_until("}", seconds(10))) != 200) break;
    ++answered;
  }
  EXPECT_EQ(answered, kRequests);
  const HttpResult metrics = service.get("/metrics");
  ASSERT_EQ(metrics.status, 200);
  const std::string name = "\nrobotstxt_access_log_dropped_lines_total ";
  const std::size_t at = metrics.body.find(name);
  ASSERT_NE(at, std::string::npos) << metrics.body;
  // At most the queue (1,024 lines), the writer's batch and the pipe's lines got through.
  EXPECT_GE(std::stoull(metrics.body.substr(at + name.size())), 500U);
}

// A connection refused at the connection limit is one line, status 503, with no method
// and no target (nothing was read from it).
TEST(ServeAccessLog, AConnectionRefusedAtTheLimitIsLogged) {
  const TempFile log("");
  SilentListener origin;
  ASSERT_NE(origin.port(), 0);
  ServiceProcess service(
      {"--max-connections", "1", "--allow-private", "--timeout", "3", "--access-log", log.path()});
  ASSERT_NE(service.port(), 0);
  RawConnection busy(service.port());
  ASSERT_TRUE(busy.send(get_request(
      service, "/v1/robots.txt?url=" +
                   url_encode("http://127.0.0.1:" + std::to_string(origin.port()) + "/"))));
  ASSERT_TRUE(origin.connection_waiting(seconds(5)));
  EXPECT_EQ(service.get("/healthz").status, 503);
  const std::vector<std::string> refused = record_for(log.path(), "-", "503");
  EXPECT_TRUE(refused[1].starts_with("127.0.0.1:")) << refused[1];
  EXPECT_EQ(refused[2], "-");
  EXPECT_GT(std::stoul(refused[5]), 0U);
  EXPECT_EQ(status_of(busy.read_until("}", seconds(10))), 200);
}

// A request sent after a wait, on a fresh connection or a kept-alive one, is logged with
// the time it took, not the wait: well under the wait, whatever the machine's load.
TEST(ServeAccessLog, DurationStartsAtTheRequestsFirstByte) {
  const TempFile log("");
  ServiceProcess service({"--access-log", log.path()});
  ASSERT_NE(service.port(), 0);
  constexpr auto kWait = milliseconds(1000);
  RawConnection connection(service.port());
  std::this_thread::sleep_for(kWait);
  ASSERT_TRUE(connection.send(get_request(service, "/healthz?first")));
  ASSERT_EQ(status_of(connection.read_until("}", seconds(10))), 200);
  std::this_thread::sleep_for(kWait);
  ASSERT_TRUE(connection.send(get_request(service, "/healthz?kept-alive")));
  ASSERT_EQ(status_of(connection.read_until("}", seconds(10))), 200);
  for (const std::string target : {"/healthz?first", "/healthz?kept-alive"}) {
    const double milliseconds_logged = std::stod(record_for(log.path(), target)[6]);
    EXPECT_LT(milliseconds_logged, kWait.count() / 2.0) << target;
  }
}

}  // namespace
}  // namespace robotstxt::testing
