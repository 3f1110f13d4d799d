#include "support/redis_sentinel_group.h"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>

namespace robotstxt::testing {
namespace {

// Single-quoted for sh; the arguments here are the tests' own words and numbers.
std::string quoted(const std::string& argument) {
  std::string out = "'";
  for (const char c : argument) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

// The value after `key` in redis-cli's output of a field list (one item a line).
std::string field(const std::string& output, const std::string& key) {
  const std::size_t at = output.find("\n" + key + "\n");
  if (at == std::string::npos) return {};
  const std::size_t start = at + key.size() + 2;
  return output.substr(start, output.find('\n', start) - start);
}

bool waited_for(const std::function<bool()>& condition, std::chrono::milliseconds within) {
  const auto deadline = std::chrono::steady_clock::now() + within;
  while (std::chrono::steady_clock::now() < deadline) {
    if (condition()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return condition();
}

}  // namespace

std::string redis_cli(std::uint16_t port, const std::vector<std::string>& arguments) {
  // Under timeout(1): a paused node makes the call give up rather than hang the test.
  std::string command = "timeout 3 " ROBOTSTXT_REDIS_CLI " -h 127.0.0.1 -p " + std::to_string(port);
  for (const std::string& argument : arguments) command += " " + quoted(argument);
  command += " 2>/dev/null";
  std::string output;
  if (FILE* pipe = popen(command.c_str(), "r"); pipe != nullptr) {
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof(buffer), pipe)) > 0;) {
      output.append(buffer, n);
    }
    pclose(pipe);
  }
  return output;
}

RedisSentinelGroup::RedisSentinelGroup() {
  // Replication may write an RDB file: into the group's folder, not the test's.
  master_ = std::make_unique<RedisServer>(std::vector<std::string>{"--dir", dir_.path()});
  if (master_->port() == 0) return;
  const std::string master_port = std::to_string(master_->port());
  replica_ = std::make_unique<RedisServer>(
      std::vector<std::string>{"--replicaof", "127.0.0.1", master_port, "--dir", dir_.path()});
  if (replica_->port() == 0) return;
  // Started once the replica has synchronised: the sentinels then see it at their first
  // look at the master, rather than at their next one ten seconds later.
  if (!waited_for(
          [&] {
            return redis_cli(replica_->port(), {"INFO", "replication"})
                       .find("master_link_status:up") != std::string::npos;
          },
          std::chrono::seconds(10))) {
    return;
  }
  for (int i = 0; i < 3; ++i) {
    const std::string config =
        dir_.write("sentinel-" + std::to_string(i) + ".conf",
                   "sentinel monitor " + std::string(kMasterName) + " 127.0.0.1 " + master_port +
                       " 2\n"
                       "sentinel down-after-milliseconds " +
                       kMasterName +
                       " 1000\n"
                       "sentinel failover-timeout " +
                       kMasterName +
                       " 2000\n"
                       "sentinel parallel-syncs " +
                       kMasterName + " 1\n");
    sentinels_.push_back(std::make_unique<RedisServer>(
        std::vector<std::string>{"--sentinel", "--dir", dir_.path()}, config));
    if (sentinels_.back()->port() == 0) return;
  }
  ready_ = waited_for(
      [&] {
        for (const auto& sentinel : sentinels_) {
          const std::string master =
              "\n" + redis_cli(sentinel->port(), {"SENTINEL", "MASTER", kMasterName});
          if (field(master, "num-slaves") != "1" || field(master, "num-other-sentinels") != "2") {
            return false;
          }
        }
        return true;
      },
      std::chrono::seconds(20));
}

std::string RedisSentinelGroup::sentinel_list() const {
  std::string list;
  for (const auto& sentinel : sentinels_) {
    if (!list.empty()) list += ",";
    list += "127.0.0.1:" + std::to_string(sentinel->port());
  }
  return list;
}

std::uint16_t RedisSentinelGroup::master_port_now() const {
  for (const auto& sentinel : sentinels_) {
    const std::string reply =
        redis_cli(sentinel->port(), {"SENTINEL", "GET-MASTER-ADDR-BY-NAME", kMasterName});
    const std::size_t newline = reply.find('\n');
    if (newline == std::string::npos) continue;
    const int port = std::atoi(reply.c_str() + newline + 1);
    if (port > 0) return static_cast<std::uint16_t>(port);
  }
  return 0;
}

bool RedisSentinelGroup::moved_from(std::uint16_t old_port,
                                    std::chrono::milliseconds within) const {
  return waited_for(
      [&] {
        const std::uint16_t now = master_port_now();
        return now != 0 && now != old_port && redis_cli(now, {"ROLE"}).starts_with("master");
      },
      within);
}

}  // namespace robotstxt::testing
