// A robots.txt origin on loopback for the service benchmarks (bench/cluster_bench.sh):
// every host name sent to it gets the same robots.txt, as fast as one thread can answer,
// so that loading a million origins measures the service and Redis, not the origin.
// Prints its port on the first line, then serves until it is killed.
// Usage: robots_origin [BODY_FILE]   (default: "User-agent: *\nDisallow: /private\n")
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "loopback_origin.h"

int main(int argc, char** argv) {
  std::string body = "User-agent: *\nDisallow: /private\n";
  if (argc > 1) {
    std::ifstream file(argv[1], std::ios::binary);
    if (!file) {
      std::fprintf(stderr, "robots_origin: cannot read %s\n", argv[1]);
      return 2;
    }
    body.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  }
  std::uint16_t port = 0;
  const int listener = robotstxt::bench::listen_on_loopback(port);
  if (listener < 0) return 2;
  std::printf("%u\n", static_cast<unsigned>(port));
  std::fflush(stdout);
  robotstxt::bench::serve_bodies(listener, {body});
}
