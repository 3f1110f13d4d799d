// RedisStore with Sentinel (redis_store.h): the master is asked of the sentinels, each in
// turn; a node is used only once it answers ROLE as master; a lost master or a READONLY
// reply makes the store ask again, and after a failover it writes to the new master.
// Real redis-server processes on loopback (tests/support/redis_sentinel_group.h).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "robotstxt/redis_settings.h"
#include "robotstxt/redis_store.h"
#include "support/fixture_server.h"
#include "support/redis_sentinel_group.h"

namespace robotstxt {
namespace {

using testing::redis_cli;
using testing::RedisSentinelGroup;
using testing::RedisServer;
using testing::TempDir;
using Steady = std::chrono::steady_clock;

constexpr std::chrono::milliseconds kTtl = std::chrono::minutes(5);

std::shared_ptr<RedisStore> store_for(const std::string& sentinels) {
  const RedisSettingsResult found =
      redis_address_from({.sentinels = sentinels, .master_name = RedisSentinelGroup::kMasterName});
  if (!found.address) return nullptr;
  return std::make_shared<RedisStore>(RedisStoreOptions{.address = *found.address});
}

std::string value_at(std::uint16_t port, const std::string& key) {
  std::string value = redis_cli(port, {"GET", key});
  while (!value.empty() && value.back() == '\n') value.pop_back();
  return value;
}

TEST(RedisSentinelTest, TheStoreWritesToTheMasterTheSentinelsName) {
  RedisSentinelGroup group;
  ASSERT_TRUE(group.ready()) << "the sentinels did not come up";
  const auto store = store_for(group.sentinel_list());
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->put("k", "written", kTtl), StoreStatus::kOk) << store->last_error();
  EXPECT_EQ(value_at(group.master().port(), "k"), "written");
  const StoreRead read = store->get("k", 100);
  EXPECT_EQ(read.status, StoreStatus::kOk);
  EXPECT_EQ(read.value, "written");
}

// Sentinels that are down or unknown cost a connection attempt each; the next one answers.
TEST(RedisSentinelTest, ASentinelThatDoesNotAnswerIsPassedOver) {
  RedisSentinelGroup group;
  ASSERT_TRUE(group.ready());
  const std::uint16_t nobody = testing::unused_port();
  const auto store = store_for("127.0.0.1:" + std::to_string(nobody) + "," + group.sentinel_list());
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->put("k", "v", kTtl), StoreStatus::kOk) << store->last_error();
  EXPECT_EQ(value_at(group.master().port(), "k"), "v");
}

TEST(RedisSentinelTest, NoSentinelAnsweringIsNoMasterSaidOnce) {
  const std::uint16_t first = testing::unused_port();
  const std::uint16_t second = testing::unused_port();
  const auto store =
      store_for("127.0.0.1:" + std::to_string(first) + ",127.0.0.1:" + std::to_string(second));
  ASSERT_NE(store, nullptr);
  const auto started = Steady::now();
  EXPECT_EQ(store->put("k", "v", kTtl), StoreStatus::kUnavailable);
  EXPECT_LT(Steady::now() - started, std::chrono::seconds(2)) << "two refused connections";
  EXPECT_EQ(store->last_failure(), RedisFailure::kNoMaster);
  EXPECT_EQ(to_word(store->last_failure()), "no-master");
  EXPECT_NE(store->last_error().find("no sentinel names master fleet"), std::string::npos)
      << store->last_error();
}

// Frozen sentinels accept connections (the kernel does) and never answer: each costs a
// command timeout, and the search as a whole stops after a second, however many there are.
TEST(RedisSentinelTest, FrozenSentinelsHoldACallForASecondAtMost) {
  std::vector<std::unique_ptr<RedisServer>> frozen;
  std::string list;
  for (int i = 0; i < 10; ++i) {
    frozen.push_back(std::make_unique<RedisServer>());
    ASSERT_NE(frozen.back()->port(), 0);
    frozen.back()->pause();
    list += (i == 0 ? "127.0.0.1:" : ",127.0.0.1:") + std::to_string(frozen.back()->port());
  }
  const auto store = store_for(list);
  ASSERT_NE(store, nullptr);
  const auto started = Steady::now();
  EXPECT_EQ(store->put("k", "v", kTtl), StoreStatus::kUnavailable);
  // Ten sentinels at 250 ms each would be 2.5 s; the search stops after 1 s, the
  // sentinel under way then finishing its timeout.
  EXPECT_LT(Steady::now() - started, std::chrono::seconds(2));
  EXPECT_EQ(store->last_failure(), RedisFailure::kNoMaster);
  EXPECT_NE(store->last_error().find("out of time"), std::string::npos) << store->last_error();
  for (const auto& server : frozen) server->resume();
}

// A sentinel that names a replica (here one configured so) is not followed: the store
// neither reads from it nor writes to it.
TEST(RedisSentinelTest, ANodeThatIsNotAMasterIsNeverUsed) {
  const TempDir dir;
  // Replication may write an RDB file: into the test's folder.
  RedisServer master({"--dir", dir.path()});
  ASSERT_NE(master.port(), 0);
  RedisServer replica(
      {"--replicaof", "127.0.0.1", std::to_string(master.port()), "--dir", dir.path()});
  ASSERT_NE(replica.port(), 0);
  ASSERT_EQ(redis_cli(master.port(), {"SET", "planted", "on-the-master"}), "OK\n");
  for (int i = 0; i < 100 && value_at(replica.port(), "planted") != "on-the-master"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(value_at(replica.port(), "planted"), "on-the-master");
  const std::string config =
      dir.write("sentinel.conf",
                "sentinel monitor fleet 127.0.0.1 " + std::to_string(replica.port()) + " 1\n");
  RedisServer sentinel({"--sentinel", "--dir", dir.path()}, config);
  ASSERT_NE(sentinel.port(), 0);
  const auto store = store_for("127.0.0.1:" + std::to_string(sentinel.port()));
  ASSERT_NE(store, nullptr);
  EXPECT_EQ(store->get("planted", 100).status, StoreStatus::kUnavailable);
  EXPECT_EQ(store->last_failure(), RedisFailure::kReplica) << store->last_error();
  EXPECT_EQ(store->put("new", "v", kTtl), StoreStatus::kUnavailable);
  EXPECT_EQ(value_at(master.port(), "new"), "");
}

// The master turned replica under a pooled connection: its READONLY reply is not taken as
// an answer; the store asks the sentinels again and checks the node they name.
TEST(RedisSentinelTest, AReadonlyReplyMakesTheStoreAskAgain) {
  RedisSentinelGroup group;
  ASSERT_TRUE(group.ready());
  const auto store = store_for(group.sentinel_list());
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->put("k", "v", kTtl), StoreStatus::kOk) << store->last_error();
  // The two swap roles behind the sentinels' back (no CLIENT KILL, as a failover sends).
  ASSERT_EQ(redis_cli(group.replica().port(), {"REPLICAOF", "NO", "ONE"}), "OK\n");
  ASSERT_EQ(redis_cli(group.master().port(),
                      {"REPLICAOF", "127.0.0.1", std::to_string(group.replica().port())}),
            "OK\n");
  EXPECT_EQ(store->put("after", "v", kTtl), StoreStatus::kUnavailable);
  EXPECT_EQ(store->last_failure(), RedisFailure::kReplica) << store->last_error();
  EXPECT_EQ(value_at(group.master().port(), "after"), "");
  EXPECT_EQ(value_at(group.replica().port(), "after"), "");
}

// The master killed: once the sentinels have promoted the replica, the store writes there
// and reads what was written before the failover.
TEST(RedisSentinelTest, AfterAFailoverTheStoreUsesTheNewMaster) {
  RedisSentinelGroup group;
  ASSERT_TRUE(group.ready());
  const auto store = store_for(group.sentinel_list());
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->put("before", "kept", kTtl), StoreStatus::kOk) << store->last_error();
  for (int i = 0; i < 100 && value_at(group.replica().port(), "before") != "kept"; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(value_at(group.replica().port(), "before"), "kept");
  const std::uint16_t old_master = group.master().port();
  group.master().kill_now();
  EXPECT_EQ(store->put("during", "v", kTtl), StoreStatus::kUnavailable);
  ASSERT_TRUE(group.moved_from(old_master, std::chrono::seconds(20))) << "no failover";
  ASSERT_EQ(group.master_port_now(), group.replica().port());
  EXPECT_EQ(store->put("after", "written", kTtl), StoreStatus::kOk) << store->last_error();
  EXPECT_EQ(value_at(group.replica().port(), "after"), "written");
  const StoreRead read = store->get("before", 100);
  EXPECT_EQ(read.status, StoreStatus::kOk) << store->last_error();
  EXPECT_EQ(read.value, "kept");
}

}  // namespace
}  // namespace robotstxt
