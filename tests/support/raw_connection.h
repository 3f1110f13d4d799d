// A TCP client on 127.0.0.1 that sends exactly the bytes a test gives it, for tests of
// what a server does with clients that are slow, silent, or send more than they should;
// and a listener that takes connections and never answers, an origin that hangs.
#ifndef ROBOTSTXT_TESTS_SUPPORT_RAW_CONNECTION_H_
#define ROBOTSTXT_TESTS_SUPPORT_RAW_CONNECTION_H_

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace robotstxt::testing {

class RawConnection {
 public:
  /// Connects to 127.0.0.1:port; connected() says whether it did.
  explicit RawConnection(std::uint16_t port);
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return fd_ >= 0; }
  /// Sends all of `bytes`; false once the peer has closed or reset the connection, or
  /// when nothing could be sent for 10 s.
  bool send(std::string_view bytes);
  /// What arrives until `marker` has been read, the peer closes, or `timeout` passes.
  std::string read_until(std::string_view marker, std::chrono::milliseconds timeout);
  /// Everything until the peer closes; false if it has not closed within `timeout`.
  bool read_to_close(std::chrono::milliseconds timeout, std::string* received = nullptr);
  /// Closes at once (an RST when unread bytes remain, else a FIN).
  void close();

 private:
  int fd_ = -1;
};

/// The status code of the first response in `bytes` ("HTTP/1.1 421 ..."), 0 if none.
int status_of(std::string_view bytes);

/// A port on 127.0.0.1 whose connections complete (the kernel queues them) and then
/// hear nothing: a robots.txt origin that hangs.
class SilentListener {
 public:
  SilentListener();
  ~SilentListener();
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;

  std::uint16_t port() const { return port_; }
  /// Whether a connection is waiting within `timeout`: someone started a fetch.
  bool connection_waiting(std::chrono::milliseconds timeout) const;

 private:
  int fd_ = -1;
  std::uint16_t port_ = 0;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_RAW_CONNECTION_H_
