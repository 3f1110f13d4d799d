#include "support/redis_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>
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

RedisServer::RedisServer() : port_(unused_port()) {
  if (!start()) port_ = 0;
}

RedisServer::~RedisServer() { kill_now(); }

bool RedisServer::start() {
  const std::string port = std::to_string(port_);
  std::vector<std::string> argv_strings{
      ROBOTSTXT_REDIS_SERVER, "--port", port,          "--bind", "127.0.0.1", "--save", "",
      "--appendonly",         "no",     "--daemonize", "no"};
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
  kill(pid_, SIGKILL);
  int status = 0;
  waitpid(pid_, &status, 0);
  pid_ = -1;
}

bool RedisServer::restart() {
  kill_now();
  return start();
}

}  // namespace robotstxt::testing
