// A robots.txt origin on loopback for the benchmarks: one single-threaded epoll server
// that plays every origin (libcurl's CONNECT_TO, or serve's --connect-to, sends each host
// name to it), fast enough that the client, not the origin, sets the pace.
#ifndef ROBOTSTXT_BENCH_LOOPBACK_ORIGIN_H_
#define ROBOTSTXT_BENCH_LOOPBACK_ORIGIN_H_

#include <cstdint>
#include <string>
#include <vector>

namespace robotstxt::bench {

/// A listening socket on 127.0.0.1 at an ephemeral port, written to `port`; -1 (and a
/// line on stderr) when it cannot be had.
int listen_on_loopback(std::uint16_t& port);

/// Answers every request on `listener` with one of `bodies` (not empty) as a 200, then
/// closes the connection: body i modulo the count for a Host header `h-<i>...`, else the
/// first. `GET /__requests` answers how many requests got a body so far. Never returns.
[[noreturn]] void serve_bodies(int listener, const std::vector<std::string>& bodies);

}  // namespace robotstxt::bench

#endif  // ROBOTSTXT_BENCH_LOOPBACK_ORIGIN_H_
