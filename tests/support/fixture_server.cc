#include "support/fixture_server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>
#include <utility>

#include "support/child_process.h"

namespace robotstxt::testing {
namespace {}  // namespace

FixtureServer::FixtureServer(const std::string& script, const std::vector<std::string>& args) {
  const std::string script_path = std::string(ROBOTSTXT_SOURCE_DIR) + "/tests/support/" + script;
  std::vector<std::string> argv{ROBOTSTXT_PYTHON, script_path};
  argv.insert(argv.end(), args.begin(), args.end());
  const ChildWithOutput child = spawn_with_output(std::move(argv));
  pid_ = child.pid;
  output_ = child.output;
  if (pid_ < 0) return;
  const std::string line = read_first_line(output_, std::chrono::seconds(20));
  const int port = std::atoi(line.c_str());
  if (port > 0 && port < 65536) port_ = static_cast<std::uint16_t>(port);
}

FixtureServer::~FixtureServer() {
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    int status = 0;
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, &status, 0);
    }
  }
  if (output_ >= 0) close(output_);
}

std::string FixtureServer::connect_to_all() const { return "::127.0.0.1:" + std::to_string(port_); }

int FixtureServer::request_count(const std::string& label) const {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(port_);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  std::string response;
  if (connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address)) == 0) {
    const std::string request =
        "GET /__count/" + label + " HTTP/1.1\r\nHost: counter\r\nConnection: close\r\n\r\n";
    if (write(fd, request.data(), request.size()) == static_cast<ssize_t>(request.size())) {
      char buffer[4096];
      ssize_t n = 0;
      while ((n = read(fd, buffer, sizeof(buffer))) > 0) {
        response.append(buffer, static_cast<std::size_t>(n));
      }
    }
  }
  close(fd);
  const std::size_t body = response.find("\r\n\r\n");
  if (body == std::string::npos) return -1;
  return std::atoi(response.c_str() + body + 4);
}

std::uint16_t unused_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof(address));
  getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
  close(fd);
  return ntohs(address.sin_port);
}

TempDir::TempDir() {
  std::string pattern = "/tmp/robotstxt-fetch-XXXXXX";
  if (mkdtemp(pattern.data()) != nullptr) path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  if (!path_.empty()) std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(const std::string& name, const std::string& contents) const {
  const std::string file = path_ + "/" + name;
  std::ofstream(file, std::ios::binary) << contents;
  return file;
}

}  // namespace robotstxt::testing
