// The access log's queue and writer thread (service/access_log.h): a log nobody reads
// never makes write() wait; past the queue's bound lines are dropped and counted, the log
// says how many once writing resumes, and the stop gives up on a file that takes nothing.
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "service/access_log.h"
#include "support/occurrences.h"

namespace robotstxt::service {
namespace {

using robotstxt::testing::count_of;

using std::chrono::milliseconds;
using std::chrono::seconds;

// A pipe whose write end is a FILE, as stderr is for `serve --access-log -`.
class Pipe {
 public:
  Pipe() {
    int fds[2] = {-1, -1};
    if (::pipe(fds) != 0) return;
    read_end_ = fds[0];
    write_file_ = ::fdopen(fds[1], "w");
  }
  ~Pipe() {
    if (write_file_ != nullptr) std::fclose(write_file_);
    if (read_end_ >= 0) ::close(read_end_);
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;

  std::FILE* file() const { return write_file_; }

  // Reads what has arrived until `done` says enough or `within` passes.
  template <typename Done>
  std::string read_until(Done done, milliseconds within) {
    const auto deadline = std::chrono::steady_clock::now() + within;
    while (!done(received_) && std::chrono::steady_clock::now() < deadline) {
      pollfd ready{.fd = read_end_, .events = POLLIN, .revents = 0};
      if (::poll(&ready, 1, 50) <= 0) continue;
      char chunk[65536];
      const ssize_t got = ::read(read_end_, chunk, sizeof chunk);
      if (got <= 0) break;
      received_.append(chunk, static_cast<std::size_t>(got));
    }
    return received_;
  }

 private:
  int read_end_ = -1;
  std::FILE* write_file_ = nullptr;
  std::string received_;
};

AccessRecord record_for(const std::string& target) {
  return {.answered_at = std::chrono::system_clock::now(),
          .client = "127.0.0.1:1",
          .method = "GET",
          .target = target,
          .status = 200,
          .bytes = 10};
}

// The lines the notices say were dropped, added up.
std::uint64_t notices_total(const std::string& text) {
  static const std::string kNotice = " access-log: ";
  std::uint64_t total = 0;
  for (std::size_t at = text.find(kNotice); at != std::string::npos;
       at = text.find(kNotice, at + 1)) {
    total += std::stoull(text.substr(at + kNotice.size(), 20));
  }
  return total;
}

constexpr int kLines = 5000;
constexpr std::size_t kQueue = 64;

TEST(AccessLogQueue, APipeNobodyReadsNeverBlocksWriteAndLinesAreCountedWhenDropped) {
  Pipe pipe;
  ASSERT_NE(pipe.file(), nullptr);
  // A long target: a few hundred lines fill the pipe, the rest meets a full queue.
  const std::string target = "/healthz?pad=" + std::string(240, 'a');
  AccessLog log(pipe.file(), kQueue);
  std::atomic<int> written{0};
  std::thread writer([&] {
    for (int i = 0; i < kLines; ++i) {
      log.write(record_for(target));
      ++written;
    }
  });
  for (int wait = 0; wait < 500 && written < kLines; ++wait)
    std::this_thread::sleep_for(milliseconds(20));
  const int written_while_unread = written;
  // Unblocks a writer that does wait on the pipe, so that a failure ends instead of hanging.
  std::string received =
      pipe.read_until([](const std::string&) { return false; }, milliseconds(200));
  writer.join();
  EXPECT_EQ(written_while_unread, kLines) << "write() waited for a pipe nobody reads";

  // At most the queue and the batch the writer holds got through: the rest was dropped.
  const std::uint64_t dropped = log.dropped();
  EXPECT_GE(dropped, static_cast<std::uint64_t>(kLines) - 2 * kQueue - 400);
  // Each time the writer gets to write again, it says how many were dropped since it last
  // could: the notices add up to the count.
  received = pipe.read_until(
      [dropped](const std::string& text) { return notices_total(text) == dropped; }, seconds(10));
  EXPECT_EQ(notices_total(received), dropped);
  // Every line that was not dropped was written, whole.
  EXPECT_EQ(count_of(received, " GET " + target + " 200 10 ") + dropped,
            static_cast<std::uint64_t>(kLines));
}

TEST(AccessLogQueue, TheStopGivesUpOnAFileThatTakesNothing) {
  Pipe pipe;
  ASSERT_NE(pipe.file(), nullptr);
  std::atomic<bool> stopped{false};
  std::thread owner([&] {
    {
      AccessLog log(pipe.file(), kQueue);
      for (int i = 0; i < kLines; ++i) log.write(record_for("/" + std::string(240, 'b')));
    }
    stopped = true;
  });
  // kStopWait is one second; five times that is a stop that waits for the reader.
  for (int wait = 0; wait < 250 && !stopped; ++wait) std::this_thread::sleep_for(milliseconds(20));
  const bool stopped_unread = stopped;
  pipe.read_until([&](const std::string&) { return stopped.load(); }, seconds(30));
  owner.join();
  EXPECT_TRUE(stopped_unread) << "the stop waited for a pipe nobody reads";
}

TEST(AccessLogQueue, ALogThatKeepsUpDropsNothing) {
  Pipe pipe;
  ASSERT_NE(pipe.file(), nullptr);
  std::string received;
  {
    AccessLog log(pipe.file(), kQueue);
    for (int i = 0; i < 20; ++i) log.write(record_for("/x" + std::to_string(i)));
    received = pipe.read_until([](const std::string& text) { return count_of(text, "\n") >= 20; },
                               seconds(10));
    EXPECT_EQ(log.dropped(), 0U);
  }
  EXPECT_EQ(count_of(received, "\n"), 20U);
  EXPECT_EQ(count_of(received, "dropped"), 0U);
}

}  // namespace
}  // namespace robotstxt::service
