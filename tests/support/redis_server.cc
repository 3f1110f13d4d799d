#include "support/redis_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <utility>
#include <vector>

#include "support/fixture_server.h"

namespace robotstxt::testing {
namespace {

// True once something accepts connections on 127.0.0.1:port and answers PING.
bool answers_ping(std::uint16_t port) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  bool pong = false;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0) {
    const char ping[] = "PING\r\n";
    char reply[16] = {};
    pong = write(fd, ping, sizeof(ping) - 1) == sizeof(ping) - 1 &&
           read(fd, reply, sizeof(reply) - 1) > 0 && std::string(reply).starts_with("+PONG");
  }
  close(fd);
  return pong;
}

}  // namespace

RedisServer::RedisServer() : RedisServer(std::vector<std::string>{}) {}

RedisServer::RedisServer(std::vector<std::string> arguments, std::string config_file)
    : arguments_(std::move(arguments)), config_file_(std::move(config_file)), port_(unused_port()) {
  if (!start()) port_ = 0;
}

RedisServer::~RedisServer() { kill_now(); }

bool RedisServer::start() {
  const std::string port = std::to_string(port_);
  std::vector<std::string> argv_strings{ROBOTSTXT_REDIS_SERVER};
  if (!config_file_.empty()) argv_strings.push_back(config_file_);
  argv_strings.insert(argv_strings.end(), {"--port", port, "--bind", "127.0.0.1", "--save", "",
                                           "--appendonly", "no", "--daemonize", "no"});
  argv_strings.insert(argv_strings.end(), arguments_.begin(), arguments_.end());
  std::vector<char*> argv;
  for (std::string& arg : argv_strings) argv.push_back(arg.data());
  argv.push_back(nullptr);
  pid_ = fork();
  if (pid_ == 0) {
    // If the test process dies without its destructors, the server dies with it.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid_ < 0) return false;
  for (int i = 0; i < 200; ++i) {
    if (answers_ping(port_)) return true;
    int status = 0;
    if (waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

void RedisServer::kill_now() {
  if (pid_ <= 0) return;
  kill(pid_, SIGKILL);  // ends a paused (stopped) server too
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

bool RedisServer::restart() {
  kill_now();
  return start();
}

void RedisServer::pause() {
  if (pid_ > 0) kill(pid_, SIGSTOP);
}

void RedisServer::resume() {
  if (pid_ > 0) kill(pid_, SIGCONT);
}

std::string RedisServer::command(const std::vector<std::string>& arguments) const {
  std::string request = "*" + std::to_string(arguments.size()) + "\r\n";
  for (const std::string& argument : arguments) {
    request += "$" + std::to_string(argument.size()) + "\r\n" + argument + "\r\n";
  }
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return {};
  // A paused server must not hang the test: every read gives up after 5 s.
  const timeval limit{5, 0};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof(limit));
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port_);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string reply;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0) {
    std::size_t sent = 0;
    while (sent < request.size()) {
      const ssize_t n = send(fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<std::size_t>(n);
    }
    // Complete once the first line is, and for a bulk string ($N) once its N bytes are.
    char buffer[65536];
    while (true) {
      const std::size_t line_end = reply.find("\r\n");
      if (line_end != std::string::npos) {
        if (reply[0] != '$') break;
        const long long length = std::atoll(reply.c_str() + 1);
        if (length < 0 || reply.size() >= line_end + 2 + static_cast<std::size_t>(length) + 2) {
          break;
        }
      }
      const ssize_t n = read(fd, buffer, sizeof(buffer));
      if (n <= 0) break;
      reply.append(buffer, static_cast<std::size_t>(n));
    }
  }
  close(fd);
  return reply;
}

}  // namespace robotstxt::testing
