// How a program names its Redis (robotstxt/redis_settings.h): a URL, or sentinels and a
// master name, with the password in the URL or in a file. Every refusal names the
// setting and never holds the password, nor any byte of the password file.
#include "robotstxt/redis_settings.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "support/fixture_server.h"

namespace robotstxt {
namespace {

using testing::TempDir;

constexpr char kPassword[] = "s3cret-Word42";

TEST(RedisSettingsTest, NothingNamedIsNoRedisAndNoError) {
  const RedisSettingsResult none = redis_address_from({});
  EXPECT_FALSE(none.address.has_value());
  EXPECT_TRUE(none.error.empty());
}

TEST(RedisSettingsTest, AUrlIsReadAsParseRedisUrlReadsIt) {
  const RedisSettingsResult found = redis_address_from({.url = "redis://u:pw@10.0.0.5:6380/3"});
  ASSERT_TRUE(found.address.has_value()) << found.error;
  EXPECT_EQ(found.address->host, "10.0.0.5");
  EXPECT_EQ(found.address->port, 6380);
  EXPECT_EQ(found.address->database, 3);
  EXPECT_EQ(found.address->username, "u");
  EXPECT_EQ(found.address->password, "pw");
  EXPECT_TRUE(found.address->sentinels.empty());
}

TEST(RedisSettingsTest, SentinelsAreHostPortListsWithTheMastersUserPasswordAndDatabase) {
  const RedisSettingsResult found = redis_address_from(
      {.sentinels = "fleet:" + std::string(kPassword) + "@10.0.0.1:26379,[::1]:26380,s3:1/2",
       .master_name = "cache"});
  ASSERT_TRUE(found.address.has_value()) << found.error;
  const RedisAddress& address = *found.address;
  ASSERT_EQ(address.sentinels.size(), 3u);
  EXPECT_EQ(address.sentinels[0].host, "10.0.0.1");
  EXPECT_EQ(address.sentinels[0].port, 26379);
  EXPECT_EQ(address.sentinels[1].host, "::1");
  EXPECT_EQ(address.sentinels[1].port, 26380);
  EXPECT_EQ(address.sentinels[2].host, "s3");
  EXPECT_EQ(address.sentinels[2].port, 1);
  EXPECT_EQ(address.master_name, "cache");
  EXPECT_EQ(address.username, "fleet");
  EXPECT_EQ(address.password, kPassword);
  EXPECT_EQ(address.database, 2);
  EXPECT_EQ(describe_redis({.sentinels = "fleet:" + std::string(kPassword) + "@h:1,g:2",
                            .master_name = "cache"}),
            "sentinels h:1,g:2 master cache");
}

TEST(RedisSettingsTest, SentinelMistakesAreRefusedNamingTheSetting) {
  struct Case {
    RedisSettings settings;
    const char* option;
  };
  const Case cases[] = {
      {{.sentinels = "h:1"}, "redis-master"},
      {{.master_name = "cache"}, "redis-master"},
      {{.url = "redis://h", .sentinels = "h:1", .master_name = "m"}, "redis-sentinel"},
      {{.sentinels = "h", .master_name = "m"}, "redis-sentinel"},
      {{.sentinels = "h:1,", .master_name = "m"}, "redis-sentinel"},
      {{.sentinels = "h:1,,g:2", .master_name = "m"}, "redis-sentinel"},
      {{.sentinels = "h:x", .master_name = "m"}, "redis-sentinel"},
      {{.sentinels = "h:1", .master_name = "two words"}, "redis-master"},
      {{.sentinels = "u:" + std::string(kPassword) + "@h:1/x", .master_name = "m"},
       "redis-sentinel"},
      {{.sentinels = std::string(kPassword) + "@h:1", .master_name = "m"}, "redis-sentinel"},
  };
  for (const Case& bad : cases) {
    const RedisSettingsResult refused = redis_address_from(bad.settings, "--");
    EXPECT_FALSE(refused.address.has_value()) << bad.settings.sentinels;
    EXPECT_EQ(refused.option, std::string("--") + bad.option) << refused.error;
    EXPECT_FALSE(refused.error.empty());
    EXPECT_EQ(refused.error.find(kPassword), std::string::npos) << refused.error;
  }
  std::string seventeen;
  for (int i = 1; i <= 17; ++i) seventeen += (i > 1 ? ",h:" : "h:") + std::to_string(i);
  EXPECT_EQ(redis_address_from({.sentinels = seventeen, .master_name = "m"}).option,
            "redis-sentinel");
}

TEST(RedisSettingsTest, ThePasswordFileLosesOneTrailingNewlineAndMayGoWithAUserAlone) {
  const TempDir dir;
  for (const std::string ending : {"", "\n", "\r\n"}) {
    const std::string file = dir.write("password", kPassword + ending);
    const RedisSettingsResult found =
        redis_address_from({.url = "redis://fleet@127.0.0.1:7000/1", .password_file = file});
    ASSERT_TRUE(found.address.has_value()) << found.error;
    EXPECT_EQ(found.address->password, kPassword);
    EXPECT_EQ(found.address->username, "fleet");
    EXPECT_EQ(found.address->database, 1);
    const RedisSettingsResult plain =
        redis_address_from({.url = "redis://127.0.0.1", .password_file = file});
    ASSERT_TRUE(plain.address.has_value()) << plain.error;
    EXPECT_EQ(plain.address->password, kPassword);
    EXPECT_EQ(plain.address->username, "");
    const RedisSettingsResult sentinel =
        redis_address_from({.sentinels = "fleet@h:1/4", .master_name = "m", .password_file = file});
    ASSERT_TRUE(sentinel.address.has_value()) << sentinel.error;
    EXPECT_EQ(sentinel.address->password, kPassword);
    EXPECT_EQ(sentinel.address->username, "fleet");
    EXPECT_EQ(sentinel.address->database, 4);
  }
}

TEST(RedisSettingsTest, APasswordFileThatCannotServeIsRefusedWithoutItsContent) {
  const TempDir dir;
  const std::string readable = dir.write("password", std::string(kPassword) + "\n");
  const std::string unreadable = dir.write("locked", std::string(kPassword) + "\n");
  chmod(unreadable.c_str(), 0);
  const bool root = geteuid() == 0;  // root reads a file whatever its mode
  struct Case {
    RedisSettings settings;
    const char* option;
  };
  std::vector<Case> cases = {
      {{.url = "redis://h", .password_file = dir.path() + "/missing"}, "redis-password-file"},
      {{.url = "redis://h", .password_file = dir.write("empty", "")}, "redis-password-file"},
      {{.url = "redis://h", .password_file = dir.write("newline", "\n")}, "redis-password-file"},
      {{.url = "redis://h", .password_file = dir.write("two", std::string(kPassword) + "\nx\n")},
       "redis-password-file"},
      {{.url = "redis://h", .password_file = dir.write("big", std::string(5000, 'x'))},
       "redis-password-file"},
      {{.url = "redis://u:" + std::string(kPassword) + "@h", .password_file = readable}, "redis"},
      {{.password_file = readable}, "redis-password-file"},
  };
  if (!root)
    cases.push_back({{.url = "redis://h", .password_file = unreadable}, "redis-password-file"});
  for (const Case& bad : cases) {
    const RedisSettingsResult refused = redis_address_from(bad.settings);
    EXPECT_FALSE(refused.address.has_value()) << bad.settings.password_file;
    EXPECT_EQ(refused.option, bad.option) << refused.error;
    EXPECT_FALSE(refused.error.empty());
    EXPECT_EQ(refused.error.find(kPassword), std::string::npos) << refused.error;
  }
}

}  // namespace
}  // namespace robotstxt
