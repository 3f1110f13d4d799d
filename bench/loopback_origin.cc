#include "loopback_origin.h"

#include <netinet/in.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <unordered_map>

namespace robotstxt::bench {

namespace {

// A request head larger than this is no client of ours: its connection is closed.
constexpr std::size_t kMaxRequestBytes = 64 * 1024;

struct Connection {
  std::string request;
  const std::string* response = nullptr;  // set once the request's head is read
  std::string own_response;               // a response made for this request alone
  std::size_t sent = 0;
};

// "Host: h-123.bench" -> 123; -1 when absent.
long host_number(const std::string& request) {
  const std::size_t host = request.find("Host: h-");
  if (host == std::string::npos) return -1;
  return std::strtol(request.c_str() + host + 8, nullptr, 10);
}

}  // namespace

int listen_on_loopback(std::uint16_t& port) {
  const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  if (listener < 0 || bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      listen(listener, 4096) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::perror("listen on 127.0.0.1");
    if (listener >= 0) close(listener);
    return -1;
  }
  port = ntohs(address.sin_port);
  return listener;
}

void serve_bodies(int listener, const std::vector<std::string>& bodies) {
  // Whole responses, built once: the origin's own cost per request stays a read and a write.
  std::vector<std::string> responses;
  responses.reserve(bodies.size());
  for (const std::string& body : bodies) {
    responses.push_back("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " +
                        std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body);
  }
  const int epoll = epoll_create1(0);
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.fd = listener;
  epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
  std::unordered_map<int, Connection> connections;
  std::vector<epoll_event> ready(512);
  std::uint64_t answered = 0;
  const auto close_connection = [&](int fd) {
    epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nullptr);
    close(fd);
    connections.erase(fd);
  };
  for (;;) {
    const int count = epoll_wait(epoll, ready.data(), static_cast<int>(ready.size()), -1);
    for (int i = 0; i < count; ++i) {
      const int fd = ready[i].data.fd;
      if (fd == listener) {
        int client = 0;
        while ((client = accept4(listener, nullptr, nullptr, SOCK_NONBLOCK)) >= 0) {
          epoll_event client_event{};
          client_event.events = EPOLLIN;
          client_event.data.fd = client;
          epoll_ctl(epoll, EPOLL_CTL_ADD, client, &client_event);
          connections[client];
        }
        continue;
      }
      Connection& connection = connections[fd];
      if (connection.response == nullptr) {
        char buffer[4096];
        const ssize_t n = read(fd, buffer, sizeof(buffer));
        if (n <= 0) {
          close_connection(fd);
          continue;
        }
        connection.request.append(buffer, static_cast<std::size_t>(n));
        if (connection.request.find("\r\n\r\n") == std::string::npos) {
          if (connection.request.size() > kMaxRequestBytes) close_connection(fd);
          continue;
        }
        if (connection.request.starts_with("GET /__requests ")) {
          // How many robots.txt requests were answered: a benchmark's check that each
          // origin was fetched once. Not counted itself.
          const std::string number = std::to_string(answered);
          connection.own_response =
              "HTTP/1.1 200 OK\r\nContent-Length: " + std::to_string(number.size()) +
              "\r\nConnection: close\r\n\r\n" + number;
          connection.response = &connection.own_response;
        } else {
          ++answered;
          const long number = host_number(connection.request);
          connection.response =
              &responses[static_cast<std::size_t>(number < 0 ? 0 : number) % responses.size()];
        }
        epoll_event out{};
        out.events = EPOLLOUT;
        out.data.fd = fd;
        epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &out);
      }
      const std::string& response = *connection.response;
      const ssize_t n =
          write(fd, response.data() + connection.sent, response.size() - connection.sent);
      if (n < 0 && errno == EAGAIN) continue;
      if (n <= 0) {
        close_connection(fd);
        continue;
      }
      connection.sent += static_cast<std::size_t>(n);
      if (connection.sent == response.size()) close_connection(fd);
    }
  }
}

}  // namespace robotstxt::bench
