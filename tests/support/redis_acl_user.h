// The ACL user the tests of an authenticated shared tier give a fresh redis-server (which
// has none), and the password they look for in every output to show it never leaks.
#ifndef ROBOTSTXT_TESTS_SUPPORT_REDIS_ACL_USER_H_
#define ROBOTSTXT_TESTS_SUPPORT_REDIS_ACL_USER_H_

#include <gtest/gtest.h>

#include <string>

#include "support/redis_server.h"

namespace robotstxt::testing {

inline constexpr char kAclUser[] = "fleet";
// Made of bytes every output shows as they are, so that a leak could not hide escaped.
inline constexpr char kAclPassword[] = "s3cret-Word42";

/// Adds kAclUser with `password` and every right to `redis`.
inline ::testing::AssertionResult add_acl_user(const RedisServer& redis,
                                               const std::string& password) {
  const std::string reply =
      redis.command({"ACL", "SETUSER", kAclUser, "on", ">" + password, "~*", "+@all"});
  if (reply == "+OK\r\n") return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "ACL SETUSER answered '" << reply << "'";
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_REDIS_ACL_USER_H_
