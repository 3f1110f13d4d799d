// The fetch benchmark (docs/performance.md): the robots.txt of 2,000 distinct origins,
// served on loopback, fetched through RobotsClient::allowed_all with 200 transfers in
// flight. Reports wall time, fetches/s, peak memory and the threads the process used.
//
// Usage: fetch_bench [ORIGINS] [CONCURRENCY] [DATA_DIR]
//
// The origins are host names h-0.bench ... h-1999.bench that libcurl's CONNECT_TO sends
// to one server on 127.0.0.1, so each is a distinct origin with its own connection, as
// on the real web. The server runs in a child process (forked before any thread
// exists), so the figures are the client's alone; it serves the corpus's real robots.txt
// files, host i getting file i modulo the corpus size.
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/robots_client.h"

namespace {

using SteadyClock = std::chrono::steady_clock;

struct Connection {
  std::string request;
  std::string response;
  std::size_t sent = 0;
};

// "Host: h-123.bench" -> 123; -1 when absent.
long host_number(const std::string& request) {
  const std::size_t host = request.find("Host: h-");
  if (host == std::string::npos) return -1;
  return std::strtol(request.c_str() + host + 8, nullptr, 10);
}

// A single-threaded epoll HTTP/1.1 server: one response per connection, then close.
[[noreturn]] void serve(int listener, const std::vector<std::string>& bodies) {
  const int epoll = epoll_create1(0);
  epoll_event event{};
  event.events = EPOLLIN;
  event.data.fd = listener;
  epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
  std::unordered_map<int, Connection> connections;
  std::vector<epoll_event> ready(512);
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
      if (connection.response.empty()) {
        char buffer[4096];
        const ssize_t n = read(fd, buffer, sizeof(buffer));
        if (n <= 0) {
          close_connection(fd);
          continue;
        }
        connection.request.append(buffer, static_cast<std::size_t>(n));
        if (connection.request.find("\r\n\r\n") == std::string::npos) continue;
        const long number = host_number(connection.request);
        const std::string& body =
            bodies[static_cast<std::size_t>(number < 0 ? 0 : number) % bodies.size()];
        connection.response = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: " +
                              std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
        epoll_event out{};
        out.events = EPOLLOUT;
        out.data.fd = fd;
        epoll_ctl(epoll, EPOLL_CTL_MOD, fd, &out);
      }
      const ssize_t n = write(fd, connection.response.data() + connection.sent,
                              connection.response.size() - connection.sent);
      if (n < 0 && errno == EAGAIN) continue;
      if (n <= 0) {
        close_connection(fd);
        continue;
      }
      connection.sent += static_cast<std::size_t>(n);
      if (connection.sent == connection.response.size()) close_connection(fd);
    }
  }
}

int current_threads() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("Threads:", 0) == 0) return std::atoi(line.c_str() + 8);
  }
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  const int origins = argc > 1 ? std::max(1, std::atoi(argv[1])) : 2000;
  const int concurrency = argc > 2 ? std::max(1, std::atoi(argv[2])) : 200;
  const std::string data_dir = argc > 3 ? argv[3] : ROBOTSTXT_TEST_DATA_DIR;

  const int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof(address);
  if (bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
      listen(listener, 4096) != 0 ||
      getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    std::perror("fetch_bench: listen");
    return 2;
  }
  const pid_t server = fork();
  if (server == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    std::vector<std::string> bodies;
    for (auto& host : robotstxt::bench::load_corpus(data_dir)) {
      bodies.push_back(std::move(host.robots_body));
    }
    if (bodies.empty()) bodies.emplace_back("User-agent: *\nDisallow: /private\n");
    serve(listener, bodies);
  }
  close(listener);

  robotstxt::RobotsClientOptions options;
  options.fetch.max_concurrent_transfers = static_cast<std::size_t>(concurrency);
  options.fetch.connect_to.push_back("::127.0.0.1:" + std::to_string(ntohs(address.sin_port)));
  robotstxt::RobotsClient client(options);
  std::vector<std::string> urls;
  for (int i = 0; i < origins; ++i) {
    urls.push_back("http://h-" + std::to_string(i) + ".bench/some/page.html");
  }
  const std::string_view agents[] = {"Googlebot"};

  std::atomic<bool> sampling{true};
  std::atomic<int> peak_threads{0};
  std::thread sampler([&] {
    while (sampling) {
      peak_threads = std::max(peak_threads.load(), current_threads());
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  });

  // Give the child time to load the corpus before the clock starts.
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const auto start = SteadyClock::now();
  const std::vector<robotstxt::Decision> decisions = client.decide_all(urls, agents);
  const double fetch_seconds = std::chrono::duration<double>(SteadyClock::now() - start).count();
  const auto cached_start = SteadyClock::now();
  const std::vector<robotstxt::Decision> cached = client.decide_all(urls, agents);
  const double cached_seconds =
      std::chrono::duration<double>(SteadyClock::now() - cached_start).count();
  sampling = false;
  sampler.join();
  kill(server, SIGKILL);
  waitpid(server, nullptr, 0);

  int rules = 0, failed = 0, truncated = 0;
  for (const robotstxt::Decision& decision : decisions) {
    if (decision.state.access == robotstxt::Access::kRules) ++rules;
    if (decision.entry->last_fetch.kind != robotstxt::FetchKind::kResponse) ++failed;
    if (decision.entry->last_fetch.truncated) ++truncated;
  }
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("origins            %d (concurrency %d)\n", origins, concurrency);
  std::printf("wall time          %.3f s\n", fetch_seconds);
  std::printf("fetches/s          %.0f\n", origins / fetch_seconds);
  std::printf("outcomes           %d rules, %d failed, %d truncated at 512,000 bytes\n", rules,
              failed, truncated);
  std::printf("cached answers     %.0f URLs/s (second pass, all from the cache)\n",
              origins / cached_seconds);
  std::printf("cache              %zu entries, %.1f MiB\n", client.cache().size(),
              static_cast<double>(client.cache().bytes()) / (1 << 20));
  std::printf("peak RSS           %.1f MiB\n", static_cast<double>(usage.ru_maxrss) / 1024.0);
  std::printf("threads            %d at peak (main + this sampler; fetching uses the main one)\n",
              peak_threads.load());
  return failed == 0 ? 0 : 1;
}
