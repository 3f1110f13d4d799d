// Starts a fixture server script from tests/support/ with Debian's /usr/bin/python3,
// learns its port from the first line it prints, and stops it when the object dies,
// so a failing test can never leave a server behind.
#ifndef ROBOTSTXT_TESTS_SUPPORT_FIXTURE_SERVER_H_
#define ROBOTSTXT_TESTS_SUPPORT_FIXTURE_SERVER_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace robotstxt::testing {

class FixtureServer {
 public:
  /// Runs tests/support/SCRIPT with ARGS. port() is 0 if the server did not start.
  explicit FixtureServer(const std::string& script, const std::vector<std::string>& args = {});
  ~FixtureServer();
  FixtureServer(const FixtureServer&) = delete;
  FixtureServer& operator=(const FixtureServer&) = delete;

  std::uint16_t port() const { return port_; }
  /// "::127.0.0.1:PORT": a FetchOptions::connect_to entry sending every name here.
  std::string connect_to_all() const;
  /// Requests robots_server.py has received for host label LABEL (-1 on failure).
  int request_count(const std::string& label) const;

 private:
  pid_t pid_ = -1;
  int output_ = -1;
  std::uint16_t port_ = 0;
};

/// A port on 127.0.0.1 that nothing listens on (bound, then released).
std::uint16_t unused_port();

/// A fresh temporary directory, removed with its contents when the object dies.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  /// Writes `contents` to path()/name and returns the full path.
  std::string write(const std::string& name, const std::string& contents) const;

 private:
  std::string path_;
};

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_FIXTURE_SERVER_H_
