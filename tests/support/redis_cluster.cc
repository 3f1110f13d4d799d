#include "support/redis_cluster.h"

#include <chrono>
#include <cstdlib>
#include <thread>

namespace robotstxt::testing {

std::string reply_text(const std::string& reply) {
  if (reply.size() < 3) return {};
  const std::size_t line_end = reply.find("\r\n");
  if (line_end == std::string::npos) return {};
  if (reply[0] == '+' || reply[0] == ':') return reply.substr(1, line_end - 1);
  if (reply[0] == '$') {
    const long long length = std::atoll(reply.c_str() + 1);
    if (length < 0 || reply.size() < line_end + 2 + static_cast<std::size_t>(length)) return {};
    return reply.substr(line_end + 2, static_cast<std::size_t>(length));
  }
  return {};
}

LocalRedisCluster::LocalRedisCluster() {
  if (dir_.path().empty()) return;
  std::string first_bus_port;
  for (std::size_t i = 0; i < kMasters; ++i) {
    // The cluster bus needs a port of its own; its default (port + 10000) may not exist.
    const std::string bus_port = std::to_string(unused_port());
    if (i == 0) first_bus_port = bus_port;
    nodes_.push_back(std::make_unique<RedisServer>(std::vector<std::string>{
        "--cluster-enabled", "yes", "--cluster-config-file",
        dir_.path() + "/nodes-" + std::to_string(i) + ".conf", "--cluster-port", bus_port,
        "--cluster-node-timeout", "2000", "--dir", dir_.path()}));
    if (nodes_.back()->port() == 0) return;
  }
  for (std::size_t i = 0; i < kMasters; ++i) {
    const int first = static_cast<int>(i * 16384 / kMasters);
    const int last = static_cast<int>((i + 1) * 16384 / kMasters) - 1;
    if (nodes_[i]->command({"CLUSTER", "ADDSLOTSRANGE", std::to_string(first),
                            std::to_string(last)}) != "+OK\r\n") {
      return;
    }
    if (i > 0 &&
        nodes_[i]->command({"CLUSTER", "MEET", "127.0.0.1", std::to_string(nodes_[0]->port()),
                            first_bus_port}) != "+OK\r\n") {
      return;
    }
  }
  ok_ = becomes_ok();
}

bool LocalRedisCluster::becomes_ok() const {
  for (int attempt = 0; attempt < 400; ++attempt) {
    bool all_ok = true;
    for (const auto& node : nodes_) {
      const std::string info = node->command({"CLUSTER", "INFO"});
      if (info.find("cluster_state:ok") == std::string::npos ||
          info.find("cluster_known_nodes:" + std::to_string(kMasters)) == std::string::npos) {
        all_ok = false;
      }
    }
    if (all_ok) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

std::string LocalRedisCluster::seeds() const {
  std::string seeds;
  for (const auto& node : nodes_) {
    if (!seeds.empty()) seeds += ",";
    seeds += "127.0.0.1:" + std::to_string(node->port());
  }
  return seeds;
}

std::string LocalRedisCluster::id(std::size_t i) const {
  return reply_text(nodes_[i]->command({"CLUSTER", "MYID"}));
}

std::size_t LocalRedisCluster::holder_of(int slot) const {
  const auto moved = moved_.find(slot);
  if (moved != moved_.end()) return moved->second;
  return static_cast<std::size_t>(slot) * kMasters / 16384;
}

bool LocalRedisCluster::begin_move(int slot, std::size_t to) {
  const std::string slot_text = std::to_string(slot);
  const std::size_t from = holder_of(slot);
  return nodes_[to]->command({"CLUSTER", "SETSLOT", slot_text, "IMPORTING", id(from)}) ==
             "+OK\r\n" &&
         nodes_[from]->command({"CLUSTER", "SETSLOT", slot_text, "MIGRATING", id(to)}) == "+OK\r\n";
}

bool LocalRedisCluster::migrate(const std::string& key, int slot, std::size_t to) {
  return nodes_[holder_of(slot)]->command(
             {"MIGRATE", "127.0.0.1", std::to_string(nodes_[to]->port()), key, "0", "5000"}) ==
         "+OK\r\n";
}

bool LocalRedisCluster::finish_move(int slot, std::size_t to) {
  const std::string to_id = id(to);
  for (std::size_t i = 0; i < kMasters; ++i) {
    if (nodes_[i]->command({"CLUSTER", "SETSLOT", std::to_string(slot), "NODE", to_id}) !=
        "+OK\r\n") {
      return false;
    }
  }
  moved_[slot] = to;
  return true;
}

bool LocalRedisCluster::move_slot(int slot, std::size_t to) {
  if (holder_of(slot) == to) return true;
  if (!begin_move(slot, to)) return false;
  const std::string slot_text = std::to_string(slot);
  // A few keys in a test: one MIGRATE each, as CLUSTER GETKEYSINSLOT lists them.
  for (int round = 0; round < 100; ++round) {
    const std::string keys =
        nodes_[holder_of(slot)]->command({"CLUSTER", "GETKEYSINSLOT", slot_text, "100"});
    if (keys.starts_with("*0")) return finish_move(slot, to);
    std::size_t at = keys.find("\r\n");
    while (at != std::string::npos && at + 3 < keys.size() && keys[at + 2] == '$') {
      const std::size_t line_end = keys.find("\r\n", at + 2);
      if (line_end == std::string::npos) return false;
      const auto length = static_cast<std::size_t>(std::atoll(keys.c_str() + at + 3));
      if (!migrate(keys.substr(line_end + 2, length), slot, to)) return false;
      at = line_end + 2 + length;
    }
  }
  return false;
}

}  // namespace robotstxt::testing
