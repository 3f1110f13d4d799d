// RobotsClient::fetch_outcome(): a fetch with the client's own fetcher and options (what
// serve's live /v1/robots.txt shows), outside both cache tiers. Against a fixture server
// on 127.0.0.1.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;

class ClientFetchOutcome : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0) << "robots_server.py did not start"; }

  RobotsClientOptions options() const {
    RobotsClientOptions client;
    client.fetch.connect_to.push_back(server_.connect_to_all());
    client.fetch.connect_timeout = std::chrono::seconds(5);
    client.fetch.total_timeout = std::chrono::seconds(20);
    return client;
  }

  FixtureServer server_{"robots_server.py"};
};

TEST_F(ClientFetchOutcome, GivesTheBodyAndLeavesTheCacheAlone) {
  RobotsClient client(options());
  const OriginResult origin = origin_of("http://status-200.test/a");
  ASSERT_TRUE(origin);
  const FetchOutcome outcome = client.fetch_outcome(*origin.origin);
  EXPECT_EQ(outcome.kind, FetchKind::kResponse);
  EXPECT_EQ(outcome.status, 200);
  EXPECT_NE(outcome.body.find("isallow"), std::string::npos) << outcome.body;
  EXPECT_EQ(client.cache().size(), 0u);
  // Each call fetches: it answers with the file as it is now, never from a cache.
  (void)client.fetch_outcome(*origin.origin);
  EXPECT_EQ(server_.request_count("status-200"), 2);
  // decide() still loads the origin itself, once.
  EXPECT_FALSE(client.decide("http://status-200.test/private/a", "FooBot").allowed);
  EXPECT_EQ(server_.request_count("status-200"), 3);
  EXPECT_EQ(client.cache().size(), 1u);
}

}  // namespace
}  // namespace robotstxt
