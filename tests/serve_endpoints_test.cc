// `serve --help` lists every endpoint the service answers, and the service answers every
// endpoint the help lists: both read one list (tools/service/endpoints.h).
#include <string>

#include <gtest/gtest.h>

#include "service/endpoints.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

TEST(ServeEndpointsTest, HelpListsEveryEndpointWithItsMethod) {
  const testing::CommandResult help = testing::run_command(ROBOTSTXT_CLI, {"serve", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    const std::string method_and_path =
        "  " + std::string(endpoint.method) + ' ' + std::string(endpoint.path) + "  ";
    EXPECT_NE(help.out.find(method_and_path), std::string::npos)
        << method_and_path << " is missing from serve --help:\n"
        << help.out;
  }
}

// An endpoint the help lists but the router does not know answers 404 (or 405 when it
// knows the path under another method).
TEST(ServeEndpointsTest, EveryListedEndpointIsRouted) {
  testing::ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  testing::HttpClient client;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    // No query and an empty body: a 400 shows the endpoint was reached. Nothing is fetched.
    const testing::HttpResult result =
        client.request(std::string(endpoint.method), service.url(std::string(endpoint.path)), "{}");
    EXPECT_NE(result.status, 0) << endpoint.method << ' ' << endpoint.path;
    EXPECT_NE(result.status, 404) << endpoint.method << ' ' << endpoint.path;
    EXPECT_NE(result.status, 405) << endpoint.method << ' ' << endpoint.path;
  }
  // The check above can fail: a path nobody routes is 404.
  EXPECT_EQ(client.request("GET", service.url("/v1/nothing-here")).status, 404);
}

}  // namespace
}  // namespace robotstxt
