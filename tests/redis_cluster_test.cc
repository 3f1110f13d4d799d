// The Redis Cluster client under RedisStore (src/fetch/redis_cluster.h, redis_key_slot.h):
// Redis Cluster's slot function, checked against CLUSTER KEYSLOT; commands routed to the
// master of their key's slot, every master used; MOVED and ASK followed while a slot
// moves; a master that goes away and comes back; and everything read from the cluster
// bounded. Each cluster is three local redis-server masters, started here and stopped
// whatever happens.
#include <arpa/inet.h>
#include <hiredis/hiredis.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "fetch/redis_cluster.h"
#include "fetch/redis_key_slot.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"
#include "support/redis_cluster.h"

namespace robotstxt {
namespace {

using internal::read_redis_redirect;
using internal::read_redis_slot_map;
using internal::redis_key_slot;
using testing::FixtureServer;
using testing::LocalRedisCluster;
using testing::reply_text;

std::shared_ptr<RedisStore> cluster_store(const LocalRedisCluster& cluster) {
  RedisStoreOptions options;
  options.cluster_seeds = parse_redis_cluster_seeds(cluster.seeds()).seeds;
  return std::make_shared<RedisStore>(options);
}

std::string dbsize(LocalRedisCluster& cluster, std::size_t node) {
  return reply_text(cluster.node(node).command({"DBSIZE"}));
}

// The specification's check value of CRC16/XMODEM, and the hash tag rule: the bytes
// between the first '{' and the next '}', when there are any.
TEST(RedisKeySlotTest, HashesAsTheClusterSpecificationSays) {
  EXPECT_EQ(redis_key_slot("123456789"), 0x31C3 % 16384);
  EXPECT_EQ(redis_key_slot("robotstxt:v1:origin:{https://a.test}"),
            redis_key_slot("https://a.test"));
  EXPECT_EQ(redis_key_slot("robotstxt:v1:lock:{https://a.test}"),
            redis_key_slot("robotstxt:v1:backoff:{https://a.test}"));
  EXPECT_EQ(redis_key_slot("{}tail"), redis_key_slot("{}tail")) << "an empty tag hashes all";
  EXPECT_NE(redis_key_slot("{}a"), redis_key_slot("{}b"));
  EXPECT_EQ(redis_key_slot("x{a}{b}"), redis_key_slot("a"));
  EXPECT_EQ(redis_key_slot("x{{a}}"), redis_key_slot("{a"));
}

TEST(RedisKeySlotTest, AgreesWithClusterKeyslot) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok()) << "the cluster did not come up";
  std::vector<std::string> keys = {"",
                                   "{",
                                   "}",
                                   "{}",
                                   "{}{a}",
                                   "a{b}c",
                                   "{a}{b}",
                                   "x{{a}}",
                                   "{a",
                                   "a}",
                                   std::string("\0\xff{\x80}", 6)};
  for (int i = 0; i < 300; ++i) {
    keys.push_back("robotstxt:v1:origin:{https://site-" + std::to_string(i) + ".test}");
    keys.push_back("plain-key-" + std::to_string(i * 7919));
  }
  for (const std::string& key : keys) {
    EXPECT_EQ(reply_text(cluster.node(0).command({"CLUSTER", "KEYSLOT", key})),
              std::to_string(redis_key_slot(key)))
        << key;
  }
}

TEST(RedisClusterSeedsTest, TakesSeedsWithOneUserAndPasswordForAll) {
  const RedisSeedsResult seeds =
      parse_redis_cluster_seeds("redis://fleet:s3cret@h1:7000,h2,[::1]:7002");
  ASSERT_EQ(seeds.seeds.size(), 3u) << seeds.error;
  EXPECT_EQ(seeds.seeds[0].host, "h1");
  EXPECT_EQ(seeds.seeds[0].port, 7000);
  EXPECT_EQ(seeds.seeds[1].port, 6379);
  EXPECT_EQ(seeds.seeds[2].host, "::1");
  for (const RedisAddress& seed : seeds.seeds) {
    EXPECT_EQ(seed.username, "fleet");
    EXPECT_EQ(seed.password, "s3cret");
  }
  EXPECT_EQ(parse_redis_cluster_seeds("10.0.0.5:7000").seeds.size(), 1u);
  for (const char* bad : {"", "h1:7000,", "h1:7000/1", "redis://u:s3cret@h1:0", "h1:x,h2:1",
                          "redis://s3cret@h1:7000"}) {
    const RedisSeedsResult refused = parse_redis_cluster_seeds(bad);
    EXPECT_TRUE(refused.seeds.empty()) << bad;
    EXPECT_FALSE(refused.error.empty()) << bad;
    EXPECT_EQ(refused.error.find("s3cret"), std::string::npos) << refused.error;
  }
  std::string many;
  for (int i = 0; i < 65; ++i) many += (i == 0 ? "" : ",") + std::string("h:1");
  EXPECT_TRUE(parse_redis_cluster_seeds(many).seeds.empty()) << "at most 64 seeds";
}

// A password from a file goes to every seed; the seeds may then name a user alone, and
// may not hold a password of their own.
TEST(RedisClusterSeedsTest, TakesThePasswordFromAFileForEverySeed) {
  const std::optional<std::string> password = "from-file";
  const RedisSeedsResult with_user =
      parse_redis_cluster_seeds("redis://fleet@h1:7000,h2", password);
  ASSERT_EQ(with_user.seeds.size(), 2u) << with_user.error;
  for (const RedisAddress& seed : with_user.seeds) {
    EXPECT_EQ(seed.username, "fleet");
    EXPECT_EQ(seed.password, "from-file");
  }
  const RedisSeedsResult bare = parse_redis_cluster_seeds("h1:7000", password);
  ASSERT_EQ(bare.seeds.size(), 1u) << bare.error;
  EXPECT_EQ(bare.seeds[0].username, "");
  EXPECT_EQ(bare.seeds[0].password, "from-file");
  const RedisSeedsResult twice = parse_redis_cluster_seeds("redis://u:s3cret@h1:7000", password);
  EXPECT_TRUE(twice.seeds.empty());
  EXPECT_NE(twice.error.find("give it in one place"), std::string::npos) << twice.error;
  EXPECT_EQ(twice.error.find("s3cret"), std::string::npos) << twice.error;
}

// Each origin's keys share one slot, and 300 origins spread over all three masters.
TEST(RedisClusterTest, RoutesEachKeyToItsMasterAndUsesEveryMaster) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok());
  auto store = cluster_store(cluster);
  for (int i = 0; i < 300; ++i) {
    const std::string key = "robotstxt:v1:origin:{https://site-" + std::to_string(i) + ".test}";
    ASSERT_EQ(store->put(key, "value-" + std::to_string(i), std::chrono::minutes(5)),
              StoreStatus::kOk)
        << store->last_error();
  }
  int total = 0;
  for (std::size_t node = 0; node < LocalRedisCluster::kMasters; ++node) {
    const int keys = std::stoi(dbsize(cluster, node));
    EXPECT_GT(keys, 50) << "node " << node;
    total += keys;
  }
  EXPECT_EQ(total, 300);
  for (int i = 0; i < 300; ++i) {
    const std::string key = "robotstxt:v1:origin:{https://site-" + std::to_string(i) + ".test}";
    const StoreRead read = store->get(key, 100);
    ASSERT_EQ(read.status, StoreStatus::kOk) << key;
    EXPECT_EQ(read.value, "value-" + std::to_string(i));
  }
  // A lock is a script: it runs on the master of its key's slot.
  EXPECT_EQ(
      store->acquire("robotstxt:v1:lock:{https://site-1.test}", "me", std::chrono::seconds(5)),
      StoreStatus::kOk);
  EXPECT_EQ(
      store->acquire("robotstxt:v1:lock:{https://site-1.test}", "you", std::chrono::seconds(5)),
      StoreStatus::kMissing);
  EXPECT_EQ(store->release("robotstxt:v1:lock:{https://site-1.test}", "me"), StoreStatus::kOk);
}

// A slot moved to another master after the client read the map: its first command there
// meets MOVED, follows it and reads the map again.
TEST(RedisClusterTest, FollowsMovedWhenASlotHasMoved) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok());
  auto store = cluster_store(cluster);
  const std::string key = "{moving}record";
  ASSERT_EQ(store->put(key, "before", std::chrono::minutes(5)), StoreStatus::kOk);
  const int slot = redis_key_slot(key);
  const std::size_t to = (cluster.holder_of(slot) + 1) % LocalRedisCluster::kMasters;
  ASSERT_TRUE(cluster.move_slot(slot, to));
  const StoreRead read = store->get(key, 100);
  ASSERT_EQ(read.status, StoreStatus::kOk) << store->last_error();
  EXPECT_EQ(read.value, "before");
  ASSERT_EQ(store->put(key, "after", std::chrono::minutes(5)), StoreStatus::kOk);
  EXPECT_EQ(reply_text(cluster.node(to).command({"GET", key})), "after");
}

// Half way through a migration, a key already moved is answered with ASK: the client asks
// the importing master (ASKING first); a key not moved yet stays where it was, and a new
// key of the slot goes to the importing master too.
TEST(RedisClusterTest, FollowsAskWhileASlotMigrates) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok());
  auto store = cluster_store(cluster);
  ASSERT_EQ(store->put("{half}moved", "moved", std::chrono::minutes(5)), StoreStatus::kOk);
  ASSERT_EQ(store->put("{half}stays", "stays", std::chrono::minutes(5)), StoreStatus::kOk);
  const int slot = redis_key_slot("{half}");
  const std::size_t from = cluster.holder_of(slot);
  const std::size_t to = (from + 1) % LocalRedisCluster::kMasters;
  ASSERT_TRUE(cluster.begin_move(slot, to));
  ASSERT_TRUE(cluster.migrate("{half}moved", slot, to));
  EXPECT_EQ(cluster.node(from).command({"GET", "{half}moved"}).substr(0, 4), "-ASK");

  EXPECT_EQ(store->get("{half}moved", 100).value, "moved") << store->last_error();
  EXPECT_EQ(store->get("{half}stays", 100).value, "stays") << store->last_error();
  ASSERT_EQ(store->put("{half}new", "new", std::chrono::minutes(5)), StoreStatus::kOk)
      << store->last_error();
  // Not on the migrating master (which sends a key it lacks on with ASK), so the put went
  // to the importing one.
  EXPECT_EQ(cluster.node(from).command({"EXISTS", "{half}new"}).substr(0, 4), "-ASK");
  // Only ASKING lets the importing master answer for the slot; the key is there.
  ASSERT_TRUE(cluster.migrate("{half}stays", slot, to));
  ASSERT_TRUE(cluster.finish_move(slot, to));
  EXPECT_EQ(reply_text(cluster.node(to).command({"GET", "{half}new"})), "new");
  EXPECT_EQ(store->get("{half}stays", 100).value, "stays");
}

// A master that goes away: the origins it holds are answered from this process's memory
// and fetched here (the tier is marked down, never an error); once it is back, sharing
// resumes and another instance reads what this one publishes.
TEST(RedisClusterTest, AMasterThatGoesAwayAndComesBack) {
  LocalRedisCluster cluster;
  ASSERT_TRUE(cluster.ok());
  FixtureServer origin("robots_server.py");
  ASSERT_NE(origin.port(), 0);
  auto store = cluster_store(cluster);
  const auto instance = [&] {
    RobotsClientOptions options;
    options.fetch.connect_to.push_back(origin.connect_to_all());
    options.shared_store = store;
    options.shared_cache.retry_after = std::chrono::milliseconds(10);
    return std::make_unique<RobotsClient>(options);
  };
  auto first = instance();
  ASSERT_EQ(first->decide("http://kept.test/private", "bot").cache, CacheTier::kFetched);
  const std::size_t gone = cluster.holder_of(redis_key_slot("http://kept.test"));
  cluster.node(gone).kill_now();

  EXPECT_EQ(first->decide("http://kept.test/private", "bot").cache, CacheTier::kMemory);
  // Another origin of the same master: fetched here; answered all the same.
  std::string same_master;
  for (int i = 0; same_master.empty(); ++i) {
    const std::string candidate = "http://o" + std::to_string(i) + ".test";
    if (cluster.holder_of(redis_key_slot(candidate)) == gone) same_master = candidate;
  }
  const Decision during = first->decide(same_master + "/private", "bot");
  EXPECT_EQ(during.cache, CacheTier::kFetched);
  EXPECT_FALSE(during.allowed);
  EXPECT_GE(first->shared_cache()->stats().errors, 1u);

  ASSERT_TRUE(cluster.node(gone).restart());
  ASSERT_TRUE(cluster.becomes_ok());
  for (int i = 0; i < 2000 && !first->shared_cache()->reachable(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(first->shared_cache()->available()) << store->last_error();
  const std::string later = same_master.substr(0, same_master.size() - 5) + "-later.test";
  EXPECT_EQ(first->decide(later + "/private", "bot").cache, CacheTier::kFetched);
  EXPECT_EQ(instance()->decide(later + "/private", "bot").cache, CacheTier::kShared);
  EXPECT_EQ(origin.request_count(later.substr(7, later.find('.') - 7)), 1);
}

// A "cluster node" on loopback that answers CLUSTER SLOTS with `slots` (RESP) and every
// other command with MOVED to itself: what a cluster that contradicts itself, or a
// hostile one, would send. Counts the commands it was sent; stopped when it dies.
class FakeClusterNode {
 public:
  explicit FakeClusterNode(std::function<std::string(int port)> slots) : slots_(std::move(slots)) {
    listener_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof(address);
    if (bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof(address)) != 0 ||
        listen(listener_, 16) != 0 ||
        getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      return;
    }
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
  }
  ~FakeClusterNode() {
    stopping_ = true;
    shutdown(listener_, SHUT_RDWR);
    close(listener_);
    if (thread_.joinable()) thread_.join();
  }
  FakeClusterNode(const FakeClusterNode&) = delete;
  FakeClusterNode& operator=(const FakeClusterNode&) = delete;

  int port() const { return port_; }
  int commands() const { return commands_; }

 private:
  void serve() {
    while (!stopping_) {
      pollfd waiting{listener_, POLLIN, 0};
      if (poll(&waiting, 1, 50) <= 0) continue;
      const int connection = accept(listener_, nullptr, nullptr);
      if (connection < 0) continue;
      answer(connection);
      close(connection);
    }
  }
  // One connection, one command at a time, until the client closes it or goes quiet.
  void answer(int connection) {
    std::string buffer;
    char chunk[4096];
    while (!stopping_) {
      std::vector<std::string> arguments;
      while (!read_command(buffer, arguments)) {
        pollfd waiting{connection, POLLIN, 0};
        if (poll(&waiting, 1, 50) <= 0) {
          if (stopping_) return;
          continue;
        }
        const ssize_t n = read(connection, chunk, sizeof(chunk));
        if (n <= 0) return;
        buffer.append(chunk, static_cast<std::size_t>(n));
      }
      ++commands_;
      std::string reply;
      if (arguments.size() == 2 && arguments[0] == "CLUSTER" && arguments[1] == "SLOTS") {
        reply = slots_(port_);
      } else {
        const int slot = arguments.size() > 1 ? redis_key_slot(arguments[1]) : 0;
        reply = "-MOVED " + std::to_string(slot) + " 127.0.0.1:" + std::to_string(port_) + "\r\n";
      }
      if (send(connection, reply.data(), reply.size(), MSG_NOSIGNAL) < 0) return;
    }
  }
  // Takes one "*N\r\n$L\r\nBYTES\r\n..." command off the front of `buffer`, if whole.
  static bool read_command(std::string& buffer, std::vector<std::string>& arguments) {
    arguments.clear();
    if (buffer.empty() || buffer[0] != '*') return false;
    std::size_t at = buffer.find("\r\n");
    if (at == std::string::npos) return false;
    const long count = std::atol(buffer.c_str() + 1);
    at += 2;
    for (long i = 0; i < count; ++i) {
      const std::size_t line_end = buffer.find("\r\n", at);
      if (line_end == std::string::npos || buffer[at] != '$') return false;
      const auto length = static_cast<std::size_t>(std::atol(buffer.c_str() + at + 1));
      if (buffer.size() < line_end + 2 + length + 2) return false;
      arguments.push_back(buffer.substr(line_end + 2, length));
      at = line_end + 2 + length + 2;
    }
    buffer.erase(0, at);
    return true;
  }

  std::function<std::string(int)> slots_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> commands_{0};
  std::thread thread_;
};

std::string all_slots_at(int port) {
  return "*1\r\n*3\r\n:0\r\n:16383\r\n*2\r\n$9\r\n127.0.0.1\r\n:" + std::to_string(port) + "\r\n";
}

// A node that always redirects to itself: the command gives up after 5 redirections,
// as a failure (the tier is then marked down), never looping.
TEST(RedisClusterBoundsTest, FollowsAtMostFiveRedirectionsPerCommand) {
  FakeClusterNode node(all_slots_at);
  ASSERT_NE(node.port(), 0);
  RedisStoreOptions options;
  options.cluster_seeds =
      parse_redis_cluster_seeds("127.0.0.1:" + std::to_string(node.port())).seeds;
  RedisStore store(options);
  EXPECT_EQ(store.get("{a}key", 100).status, StoreStatus::kUnavailable);
  EXPECT_NE(store.last_error().find("more than 5 Redis Cluster redirections"), std::string::npos)
      << store.last_error();
  // CLUSTER SLOTS (once or twice: a MOVED reads it again at most every 20 ms) and the
  // command six times: once, then after each of the five redirections followed.
  EXPECT_GE(node.commands(), 7);
  EXPECT_LE(node.commands(), 12);
}

// A slot map out of bounds is not used: no command is sent on its word.
TEST(RedisClusterBoundsTest, RefusesASlotMapOutOfBounds) {
  FakeClusterNode node([](int) {
    return std::string("*1\r\n*3\r\n:0\r\n:16384\r\n*2\r\n$9\r\n127.0.0.1\r\n:6379\r\n");
  });
  ASSERT_NE(node.port(), 0);
  RedisStoreOptions options;
  options.cluster_seeds =
      parse_redis_cluster_seeds("127.0.0.1:" + std::to_string(node.port())).seeds;
  RedisStore store(options);
  EXPECT_EQ(store.put("{a}key", "v", std::chrono::seconds(1)), StoreStatus::kUnavailable);
  EXPECT_NE(store.last_error().find("out of bounds"), std::string::npos) << store.last_error();
  EXPECT_EQ(node.commands(), 1) << "only CLUSTER SLOTS";
}

// Redirections that Redis cannot have sent are refused, whatever their target.
TEST(RedisClusterBoundsTest, ReadsOnlyRedirectionsRedisCanSend) {
  const auto moved = read_redis_redirect("MOVED 3999 127.0.0.1:6381");
  ASSERT_TRUE(moved.has_value());
  EXPECT_FALSE(moved->ask);
  EXPECT_EQ(moved->slot, 3999);
  EXPECT_EQ(moved->to.host, "127.0.0.1");
  EXPECT_EQ(moved->to.port, 6381);
  const auto ask = read_redis_redirect("ASK 0 ::1:7000");
  ASSERT_TRUE(ask.has_value());
  EXPECT_TRUE(ask->ask);
  EXPECT_EQ(ask->to.host, "::1");
  for (const std::string& bad : std::vector<std::string>{
           "MOVED", "MOVED 16384 h:1", "MOVED -1 h:1", "MOVED 1 h:0", "MOVED 1 h:65536",
           "MOVED 1 :1", "MOVED 1 h", "ASK x h:1", "MOVEDX 1 h:1",
           "MOVED 1 " + std::string(300, 'h') + ":1", "ERR something"}) {
    EXPECT_FALSE(read_redis_redirect(bad).has_value()) << bad;
  }
}

// A CLUSTER SLOTS reply, built by hand as hiredis would hand it over.
class SlotReply {
 public:
  redisReply* range(long long first, long long last, std::string host, long long port) {
    redisReply* master = array({text(std::move(host)), number(port)});
    return array({number(first), number(last), master});
  }
  redisReply* array(std::vector<redisReply*> elements) {
    redisReply* reply = add();
    reply->type = REDIS_REPLY_ARRAY;
    pointers_.emplace_back(std::move(elements));
    reply->elements = pointers_.back().size();
    reply->element = pointers_.back().data();
    return reply;
  }

 private:
  redisReply* add() {
    replies_.push_back(std::make_unique<redisReply>());
    *replies_.back() = redisReply{};
    return replies_.back().get();
  }
  redisReply* number(long long value) {
    redisReply* reply = add();
    reply->type = REDIS_REPLY_INTEGER;
    reply->integer = value;
    return reply;
  }
  redisReply* text(std::string value) {
    texts_.push_back(std::make_unique<std::string>(std::move(value)));
    redisReply* reply = add();
    reply->type = REDIS_REPLY_STRING;
    reply->str = texts_.back()->data();
    reply->len = texts_.back()->size();
    return reply;
  }
  std::vector<std::unique_ptr<redisReply>> replies_;
  std::vector<std::unique_ptr<std::string>> texts_;
  std::vector<std::vector<redisReply*>> pointers_;
};

TEST(RedisClusterBoundsTest, ReadsOnlySlotMapsWithinBounds) {
  const internal::RedisNodeAddress asked{"10.0.0.9", 7000};
  SlotReply good;
  const redisReply* map_reply =
      good.array({good.range(0, 8191, "10.0.0.1", 7000), good.range(8192, 16383, "", 7001)});
  const auto map = read_redis_slot_map(*map_reply, asked);
  ASSERT_TRUE(map.has_value());
  ASSERT_EQ(map->masters.size(), 2u);
  EXPECT_EQ(map->masters[1].host, "10.0.0.9") << "an empty host is the node asked";
  EXPECT_EQ(map->master_of_slot[8191], 0);
  EXPECT_EQ(map->master_of_slot[8192], 1);

  const auto refused = [&](long long first, long long last, std::string host, long long port) {
    SlotReply bad;
    return !read_redis_slot_map(*bad.array({bad.range(first, last, std::move(host), port)}), asked)
                .has_value();
  };
  EXPECT_TRUE(refused(0, 16384, "h", 1));
  EXPECT_TRUE(refused(-1, 5, "h", 1));
  EXPECT_TRUE(refused(9, 5, "h", 1));
  EXPECT_TRUE(refused(0, 5, "h", 0));
  EXPECT_TRUE(refused(0, 5, "h", 65536));
  EXPECT_TRUE(refused(0, 5, std::string(256, 'h'), 1));
  EXPECT_FALSE(refused(0, 5, std::string(255, 'h'), 1));

  SlotReply crowded;  // one master per slot, past the bound on masters
  std::vector<redisReply*> ranges;
  for (int slot = 0; slot <= static_cast<int>(internal::kMaxRedisMasters); ++slot) {
    ranges.push_back(crowded.range(slot, slot, "h" + std::to_string(slot), 1));
  }
  EXPECT_FALSE(read_redis_slot_map(*crowded.array(ranges), asked).has_value());
  ranges.pop_back();
  EXPECT_TRUE(read_redis_slot_map(*crowded.array(ranges), asked).has_value());
}

}  // namespace
}  // namespace robotstxt
