#include "support/raw_connection.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

namespace robotstxt::testing {
namespace {

using Clock = std::chrono::steady_clock;

sockaddr_in loopback(std::uint16_t port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

// Whether `fd` has `events` within `timeout`.
bool ready(int fd, short events, std::chrono::milliseconds timeout) {
  pollfd entry{.fd = fd, .events = events, .revents = 0};
  return poll(&entry, 1, static_cast<int>(timeout.count())) > 0;
}

int remaining_ms(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  return left.count() > 0 ? static_cast<int>(left.count()) : 0;
}

}  // namespace

RawConnection::RawConnection(std::uint16_t port) {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) return;
  const sockaddr_in address = loopback(port);
  if (connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0) close();
}

RawConnection::~RawConnection() { close(); }

bool RawConnection::send(std::string_view bytes) {
  while (!bytes.empty()) {
    if (fd_ < 0 || !ready(fd_, POLLOUT, std::chrono::seconds(10))) return false;
    const ssize_t sent = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (sent <= 0) return false;
    bytes.remove_prefix(static_cast<std::size_t>(sent));
  }
  return true;
}

std::string RawConnection::read_until(std::string_view marker, std::chrono::milliseconds timeout) {
  std::string received;
  const Clock::time_point deadline = Clock::now() + timeout;
  char chunk[4096];
  while (fd_ >= 0 && received.find(marker) == std::string::npos) {
    if (!ready(fd_, POLLIN, std::chrono::milliseconds(remaining_ms(deadline)))) break;
    const ssize_t got = recv(fd_, chunk, sizeof(chunk), 0);
    if (got <= 0) break;
    received.append(chunk, static_cast<std::size_t>(got));
  }
  return received;
}

bool RawConnection::read_to_close(std::chrono::milliseconds timeout, std::string* received) {
  const Clock::time_point deadline = Clock::now() + timeout;
  char chunk[4096];
  while (fd_ >= 0) {
    if (!ready(fd_, POLLIN, std::chrono::milliseconds(remaining_ms(deadline)))) return false;
    const ssize_t got = recv(fd_, chunk, sizeof(chunk), 0);
    if (got <= 0) return true;  // closed, or reset
    if (received != nullptr) received->append(chunk, static_cast<std::size_t>(got));
  }
  return false;
}

void RawConnection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

int status_of(std::string_view bytes) {
  if (!bytes.starts_with("HTTP/1.") || bytes.size() < 12) return 0;
  return std::atoi(std::string(bytes.substr(9, 3)).c_str());
}

SilentListener::SilentListener() {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  if (fd_ < 0) return;
  sockaddr_in address = loopback(0);
  socklen_t length = sizeof(address);
  if (bind(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof(address)) == 0 &&
      listen(fd_, 64) == 0 &&
      getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
    port_ = ntohs(address.sin_port);
  }
}

SilentListener::~SilentListener() {
  if (fd_ >= 0) close(fd_);
}

bool SilentListener::connection_waiting(std::chrono::milliseconds timeout) const {
  return fd_ >= 0 && ready(fd_, POLLIN, timeout);
}

}  // namespace robotstxt::testing
