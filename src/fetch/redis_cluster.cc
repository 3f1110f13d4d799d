// The Redis Cluster client under RedisStore (see redis_cluster.h).
#include "fetch/redis_cluster.h"

#include <hiredis/hiredis.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <utility>

#include "fetch/redis_connection.h"

namespace robotstxt::internal {
namespace {

constexpr std::size_t kMaxHostBytes = 255;
// A slot map read this recently is not read again for a MOVED: it was read after it.
constexpr std::chrono::milliseconds kMinRefreshInterval{20};
// Nodes asked for the slot map in one refresh: each may cost a connect timeout.
constexpr std::size_t kMaxNodesAskedPerRefresh = 4;

using Reply = RedisReply;

std::optional<int> read_int(std::string_view text, int low, int high) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

// "HOST:PORT" with the host before the last colon (an IPv6 address has colons of its own).
std::optional<RedisNodeAddress> read_address(std::string_view text) {
  const std::size_t colon = text.rfind(':');
  if (colon == std::string_view::npos || colon == 0 || colon > kMaxHostBytes) return std::nullopt;
  const std::optional<int> port = read_int(text.substr(colon + 1), 1, 65535);
  if (!port) return std::nullopt;
  return RedisNodeAddress{std::string(text.substr(0, colon)), *port};
}

std::string describe(const RedisNodeAddress& address) {
  return address.host + ":" + std::to_string(address.port);
}

}  // namespace

std::optional<RedisRedirect> read_redis_redirect(std::string_view error) {
  RedisRedirect redirect;
  if (error.starts_with("MOVED ")) {
    error.remove_prefix(6);
  } else if (error.starts_with("ASK ")) {
    redirect.ask = true;
    error.remove_prefix(4);
  } else {
    return std::nullopt;
  }
  const std::size_t space = error.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::optional<int> slot = read_int(error.substr(0, space), 0, kRedisClusterSlots - 1);
  std::optional<RedisNodeAddress> to = read_address(error.substr(space + 1));
  if (!slot || !to) return std::nullopt;
  redirect.slot = *slot;
  redirect.to = std::move(*to);
  return redirect;
}

std::optional<RedisSlotMap> read_redis_slot_map(const redisReply& reply,
                                                const RedisNodeAddress& asked) {
  if (reply.type != REDIS_REPLY_ARRAY || reply.elements > kRedisClusterSlots) return std::nullopt;
  RedisSlotMap map;
  map.master_of_slot.fill(RedisSlotMap::kNoMaster);
  for (std::size_t r = 0; r < reply.elements; ++r) {
    const redisReply& range = *reply.element[r];
    if (range.type != REDIS_REPLY_ARRAY || range.elements < 3) return std::nullopt;
    const redisReply& first = *range.element[0];
    const redisReply& last = *range.element[1];
    const redisReply& master = *range.element[2];
    if (first.type != REDIS_REPLY_INTEGER || last.type != REDIS_REPLY_INTEGER ||
        first.integer < 0 || last.integer < first.integer || last.integer >= kRedisClusterSlots ||
        master.type != REDIS_REPLY_ARRAY || master.elements < 2 ||
        master.element[0]->type != REDIS_REPLY_STRING ||
        master.element[1]->type != REDIS_REPLY_INTEGER || master.element[1]->integer < 1 ||
        master.element[1]->integer > 65535 || master.element[0]->len > kMaxHostBytes) {
      return std::nullopt;
    }
    RedisNodeAddress address{std::string(master.element[0]->str, master.element[0]->len),
                             static_cast<int>(master.element[1]->integer)};
    // Redis 7 says "" or "?" for a master whose address it does not know but that is
    // the one answering.
    if (address.host.empty() || address.host == "?") address.host = asked.host;
    auto found = std::find(map.masters.begin(), map.masters.end(), address);
    if (found == map.masters.end()) {
      if (map.masters.size() == kMaxRedisMasters) return std::nullopt;
      map.masters.push_back(std::move(address));
      found = map.masters.end() - 1;
    }
    const auto index = static_cast<std::uint16_t>(found - map.masters.begin());
    std::fill(map.master_of_slot.begin() + first.integer,
              map.master_of_slot.begin() + last.integer + 1, index);
  }
  return map;
}

RedisCluster::RedisCluster(const RedisStoreOptions& options) : options_(options) {
  for (const RedisAddress& seed : options.cluster_seeds) {
    seeds_.push_back({seed.host, seed.port});
  }
  options_.cluster_seeds.clear();
  // A cluster has database 0 only; the credentials are the seeds'.
  options_.address.database = 0;
  if (!options.cluster_seeds.empty()) {
    options_.address.username = options.cluster_seeds.front().username;
    options_.address.password = options.cluster_seeds.front().password;
  }
}

RedisCluster::~RedisCluster() = default;

RedisStore* RedisCluster::node(const RedisNodeAddress& address) {
  const std::lock_guard lock(mutex_);
  const auto found = std::find(addresses_.begin(), addresses_.end(), address);
  if (found != addresses_.end()) return nodes_[found - addresses_.begin()].get();
  if (nodes_.size() >= kMaxRedisMasters + seeds_.size()) return nullptr;
  RedisStoreOptions node_options = options_;
  node_options.address.host = address.host;
  node_options.address.port = address.port;
  addresses_.push_back(address);
  nodes_.push_back(std::make_unique<RedisStore>(std::move(node_options)));
  return nodes_.back().get();
}

std::size_t RedisCluster::masters() const {
  const std::lock_guard lock(mutex_);
  return map_ ? map_->masters.size() : 0;
}

bool RedisCluster::refresh(std::string& error) {
  const std::lock_guard one_at_a_time(refresh_mutex_);
  std::vector<RedisNodeAddress> candidates;
  {
    const std::lock_guard lock(mutex_);
    // Read just now (by another caller that met the same MOVED or failure): current.
    if (map_ && std::chrono::steady_clock::now() - refreshed_at_ < kMinRefreshInterval) {
      return true;
    }
    if (map_) candidates = map_->masters;
  }
  // The seeds after the known masters: a cluster whose masters all changed address is
  // still found through them.
  for (const RedisNodeAddress& seed : seeds_) {
    if (std::find(candidates.begin(), candidates.end(), seed) == candidates.end()) {
      candidates.push_back(seed);
    }
  }
  // Start at a different node each time, so that one that is down does not cost every
  // refresh a connect timeout.
  static std::atomic<std::size_t> rotation{0};
  const std::size_t start = candidates.empty() ? 0 : rotation++ % candidates.size();
  std::rotate(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(start),
              candidates.end());
  if (candidates.size() > kMaxNodesAskedPerRefresh) candidates.resize(kMaxNodesAskedPerRefresh);
  error = "no Redis Cluster node to ask for the slot map";
  const auto started = std::chrono::steady_clock::now();
  for (const RedisNodeAddress& candidate : candidates) {
    // One more node only while the first ones failed fast (refused, not timed out): a
    // command waits for at most about one more timeout because of the map.
    if (candidate != candidates.front() &&
        std::chrono::steady_clock::now() - started >= options_.connect_timeout) {
      break;
    }
    RedisStore* store = node(candidate);
    if (store == nullptr) continue;
    constexpr std::array<std::string_view, 2> kClusterSlots = {"CLUSTER", "SLOTS"};
    const Reply reply(store->run_here(kClusterSlots, false));
    if (!reply) {
      error = store->last_error();
      continue;
    }
    if (reply->type == REDIS_REPLY_ERROR) {
      error = std::string(reply->str, reply->len);
      continue;
    }
    std::optional<RedisSlotMap> map = read_redis_slot_map(*reply, candidate);
    if (!map) {
      error = "a CLUSTER SLOTS reply from " + describe(candidate) + " out of bounds";
      continue;
    }
    // Make every master's pool now (bounded by the map's check), then swap the map in.
    std::vector<std::size_t> node_of_master;
    for (const RedisNodeAddress& master : map->masters) {
      RedisStore* pool = node(master);
      if (pool == nullptr) {
        error = "more Redis Cluster nodes than " + std::to_string(kMaxRedisMasters);
        return false;
      }
      const std::lock_guard lock(mutex_);
      node_of_master.push_back(static_cast<std::size_t>(
          std::find(addresses_.begin(), addresses_.end(), master) - addresses_.begin()));
    }
    const std::lock_guard lock(mutex_);
    map_ = std::make_unique<RedisSlotMap>(std::move(*map));
    node_of_master_ = std::move(node_of_master);
    stale_ = false;
    refreshed_at_ = std::chrono::steady_clock::now();
    return true;
  }
  return false;
}

RedisStore* RedisCluster::master_of(std::uint16_t slot) {
  const std::lock_guard lock(mutex_);
  if (!map_) return nullptr;
  const std::uint16_t master = map_->master_of_slot[slot];
  if (master == RedisSlotMap::kNoMaster) return nullptr;
  return nodes_[node_of_master_[master]].get();
}

redisReply* RedisCluster::run(std::string_view key, std::span<const std::string_view> arguments,
                              std::string& error) {
  const std::uint16_t slot = redis_key_slot(key);
  bool stale = false;
  {
    const std::lock_guard lock(mutex_);
    stale = stale_ || !map_;
  }
  if (stale && !refresh(error)) return nullptr;
  RedisStore* target = master_of(slot);
  bool asking = false;
  for (int redirects = 0;; ++redirects) {
    if (target == nullptr) {
      error = "no Redis Cluster master serves slot " + std::to_string(slot);
      return nullptr;
    }
    Reply reply(target->run_here(arguments, asking));
    if (!reply) {
      // The master may have failed over to another address: read the map before the
      // next command.
      error = target->last_error();
      const std::lock_guard lock(mutex_);
      stale_ = true;
      return nullptr;
    }
    if (reply->type != REDIS_REPLY_ERROR) return reply.release();
    const std::optional<RedisRedirect> redirect =
        read_redis_redirect(std::string_view(reply->str, reply->len));
    if (!redirect) return reply.release();  // an error of the command's own
    if (redirect->slot != slot) {
      error = "a Redis Cluster redirection for slot " + std::to_string(redirect->slot) +
              " to a command about slot " + std::to_string(slot);
      return nullptr;
    }
    if (redirects == kMaxRedisRedirects) {
      error = "more than " + std::to_string(kMaxRedisRedirects) +
              " Redis Cluster redirections for one command";
      return nullptr;
    }
    target = node(redirect->to);
    asking = redirect->ask;
    if (!redirect->ask) {
      // The slot has a new master: later commands go there at once. This one goes on to
      // the address MOVED names, whatever the map says.
      std::string ignored;
      (void)refresh(ignored);
    }
  }
}

}  // namespace robotstxt::internal
