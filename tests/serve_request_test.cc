// What a request to `robotstxt serve` must say, and what it gets back exactly: query
// parameters are all understood or the request is refused, a token is matched as an HTTP
// client can send it, and a robots.txt that is not UTF-8 crosses the API byte for byte.
// Every server is started on loopback by the test and stopped after it.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/fixture_server.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::FixtureServer;
using testing::HttpClient;
using testing::HttpResult;
using testing::ServiceProcess;
using testing::TempDir;
using testing::url_encode;

json body_of(const HttpResult& result) { return json::parse(result.body, nullptr, false); }

std::string error_of(const HttpResult& result) {
  const json body = body_of(result);
  return body.is_object() && body.contains("error") && body["error"].is_string()
             ? body["error"].get<std::string>()
             : "";
}

// --- Query parameters: a parameter the endpoint does not take is a question it would
// not answer, so it is refused by name instead of being dropped.

class QueryParameterTest : public ::testing::Test {
 protected:
  FixtureServer origin_{"robots_server.py"};
  ServiceProcess service_{{"--connect-to", origin_.connect_to_all(), "--allow-private"}};
};

TEST_F(QueryParameterTest, AUrlWithAnUnencodedAmpersandIsRefusedNamingTheStrayParameter) {
  ASSERT_NE(service_.port(), 0);
  // The client meant the URL ".../x?id=1&private=1"; taken as it is, "private" would be
  // dropped and the answer would be about ".../x?id=1".
  const HttpResult result = service_.get("/v1/check?url=http://a.test/x?id=1&private=1&agent=a");
  EXPECT_EQ(result.status, 400) << result.body;
  const std::string error = error_of(result);
  EXPECT_NE(error.find("unknown query parameter 'private'"), std::string::npos) << error;
  EXPECT_NE(error.find("percent-encoded"), std::string::npos) << error;
  EXPECT_NE(error.find("%26"), std::string::npos) << error;
}

TEST_F(QueryParameterTest, TheSameUrlPercentEncodedIsCheckedWhole) {
  ASSERT_NE(service_.port(), 0);
  const std::string url = "http://a.test/x?id=1&private=1";
  const HttpResult result = service_.get("/v1/check?url=" + url_encode(url) + "&agent=a");
  ASSERT_EQ(result.status, 200) << result.body;
  EXPECT_EQ(body_of(result)["url"], url);
}

TEST_F(QueryParameterTest, ARepeatedParameterIsRefusedByName) {
  ASSERT_NE(service_.port(), 0);
  const HttpResult check = service_.get("/v1/check?url=http%3A%2F%2Fa.test%2F&agent=a&agent=b");
  EXPECT_EQ(check.status, 400) << check.body;
  EXPECT_NE(error_of(check).find("more than once: 'agent'"), std::string::npos) << check.body;
  const HttpResult robots =
      service_.get("/v1/robots?url=http%3A%2F%2Fa.test%2F&url=http%3A%2F%2Fb.test%2F");
  EXPECT_EQ(robots.status, 400) << robots.body;
  EXPECT_NE(error_of(robots).find("more than once: 'url'"), std::string::npos) << robots.body;
}

TEST_F(QueryParameterTest, EveryEndpointThatTakesParametersRefusesUnknownOnes) {
  ASSERT_NE(service_.port(), 0);
  const std::string origin = "url=http%3A%2F%2Fa.test%2F";
  HttpClient client;
  const std::vector<std::pair<std::string, std::string>> requests = {
      {"GET", "/v1/robots?" + origin + "&fresh=1"},
      {"GET", "/v1/robots.txt?" + origin + "&fresh=1"},
      {"POST", "/v1/refresh?" + origin + "&fresh=1"},
      {"GET", "/v1/check?" + origin + "&agent=a&fresh=1"},
  };
  for (const auto& [method, path] : requests) {
    const HttpResult result = client.request(method, service_.url(path));
    EXPECT_EQ(result.status, 400) << method << " " << path << ": " << result.body;
    EXPECT_NE(error_of(result).find("'fresh'"), std::string::npos) << result.body;
  }
  // The batch endpoints take their questions in the body: any parameter but as_written is
  // a mistake.
  const std::string batch = R"({"agent": "a", "urls": ["http://a.test/"]})";
  const HttpResult check = client.request("POST", service_.url("/v1/check?agent=b"), batch);
  EXPECT_EQ(check.status, 400) << check.body;
  EXPECT_NE(error_of(check).find("unknown query parameter 'agent'; this endpoint takes "
                                 "as_written, once"),
            std::string::npos)
      << check.body;
  const std::string evaluation =
      R"({"robots_txt": "User-agent: *\nDisallow: /\n", "agent": "a", "urls": ["http://a.test/"]})";
  const HttpResult evaluate =
      client.request("POST", service_.url("/v1/evaluate?agent=b"), evaluation);
  EXPECT_EQ(evaluate.status, 400) << evaluate.body;
  EXPECT_EQ(client.request("POST", service_.url("/v1/evaluate"), evaluation).status, 200);
}

TEST_F(QueryParameterTest, TheMessageStaysShortWhateverTheTargetHolds) {
  ASSERT_NE(service_.port(), 0);
  std::string path = "/v1/check?url=http%3A%2F%2Fa.test%2F&agent=a";
  for (int i = 0; i < 500; ++i) path += "&p%1B" + std::to_string(i) + "=1";
  const HttpResult result = service_.get(path);
  EXPECT_EQ(result.status, 400);
  EXPECT_LT(error_of(result).size(), 600u) << result.body;
  EXPECT_NE(error_of(result).find("and 495 more"), std::string::npos) << result.body;
  // A name is shown escaped: a control byte in it reaches no log raw.
  EXPECT_NE(error_of(result).find("'p\\x1B0'"), std::string::npos) << result.body;
}

// --- The token: an HTTP client cannot send the whitespace around a header value, and the
// scheme's name is case-insensitive (RFC 9110 section 11.1).

TEST(ServeTokenTest, TheTokenFileIsReadWithoutItsSurroundingWhitespace) {
  TempDir dir;
  ServiceProcess service({"--token-file", dir.write("token", "  s3cret \t\r\n")});
  ASSERT_NE(service.port(), 0);
  HttpClient client;
  const std::string crawlers = service.url("/v1/crawlers");
  for (const std::string header :
       {"Authorization: Bearer s3cret", "Authorization: bearer s3cret",
        "Authorization: BEARER   s3cret", "Authorization: bEaReR\ts3cret"}) {
    EXPECT_EQ(client.request("GET", crawlers, "", {header}).status, 200) << header;
  }
  for (const std::string header : {"Authorization: Bearer s3cret ", "Authorization: Bearer s3cre",
                                   "Authorization: Bearers3cret", "Authorization: Basic s3cret"}) {
    // A trailing space never arrives (curl and the server trim it): still the token.
    const long expected = header.ends_with(' ') ? 200 : 401;
    EXPECT_EQ(client.request("GET", crawlers, "", {header}).status, expected) << header;
  }
  EXPECT_EQ(client.request("GET", crawlers).status, 401);
}

TEST(ServeTokenTest, ATokenFileOfOnlyWhitespaceIsRefusedAtStart) {
  TempDir dir;
  for (const std::string contents : {"   \n", "\t\r\nsecond-line\n", "s3c\x01ret\n"}) {
    const std::string path = dir.write("token", contents);
    // Bounded: were the file accepted, the service would run until `timeout` stops it.
    const testing::CommandResult result = testing::run_command(
        "/usr/bin/timeout",
        {"10", ROBOTSTXT_CLI, "serve", "--listen", "127.0.0.1:0", "--token-file", path});
    EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
    EXPECT_NE(result.err.find("--token-file"), std::string::npos) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_EQ(result.out, "");
  }
}

// --- Exact bytes: a Latin-1 robots.txt whose rule names "/caf\xE9" decides for
// "/caf%E9" only on its own bytes; as JSON text the byte becomes U+FFFD and the rule
// names another path.

class ExactBytesTest : public ::testing::Test {
 protected:
  static constexpr char kLatin1Body[] = "User-agent: *\nDisallow: /caf\xE9\n";
  // base64 of kLatin1Body, computed outside this code base (Python's base64 module).
  static constexpr char kLatin1Base64[] = "VXNlci1hZ2VudDogKgpEaXNhbGxvdzogL2NhZukK";

  TempDir dir_;
  FixtureServer origin_{"robots_server.py", {"--body", dir_.write("robots.txt", kLatin1Body)}};
  ServiceProcess service_{{"--connect-to", origin_.connect_to_all(), "--allow-private"}};

  HttpResult evaluate(const json& file) const {
    json body = file;
    body["agent"] = "bot";
    body["urls"] = {"http://latin.test/caf%E9"};
    return HttpClient().request("POST", service_.url("/v1/evaluate"), body.dump());
  }
};

TEST_F(ExactBytesTest, TheLiveFileCarriesItsExactBytesBesideItsText) {
  ASSERT_NE(service_.port(), 0);
  const HttpResult live = service_.get("/v1/robots.txt?url=" + url_encode("http://latin.test/"));
  ASSERT_EQ(live.status, 200) << live.body;
  const json answer = body_of(live);
  EXPECT_EQ(answer["body_base64"], kLatin1Base64) << live.body;
  EXPECT_EQ(answer["body"], "User-agent: *\nDisallow: /caf\xEF\xBF\xBD\n") << live.body;
}

TEST_F(ExactBytesTest, EvaluatingTheExactBytesDecidesAsTheLiveFileDoes) {
  ASSERT_NE(service_.port(), 0);
  const HttpResult live =
      service_.get("/v1/check?url=" + url_encode("http://latin.test/caf%E9") + "&agent=bot");
  ASSERT_EQ(live.status, 200) << live.body;
  EXPECT_EQ(body_of(live)["allowed"], false) << live.body;

  const HttpResult exact = evaluate({{"robots_txt_base64", kLatin1Base64}});
  ASSERT_EQ(exact.status, 200) << exact.body;
  const json result = body_of(exact)["results"][0];
  EXPECT_EQ(result["allowed"], false) << exact.body;
  EXPECT_EQ(result["line"], 2) << exact.body;
  // The same file as JSON text has lost its byte: the reason the bytes are carried.
  const HttpResult text = evaluate({{"robots_txt", "User-agent: *\nDisallow: /caf\xEF\xBF\xBD\n"}});
  ASSERT_EQ(text.status, 200) << text.body;
  EXPECT_EQ(body_of(text)["results"][0]["allowed"], true) << text.body;
}

TEST_F(ExactBytesTest, BadOrDoubleBodiesAreRefused) {
  ASSERT_NE(service_.port(), 0);
  for (const json& file : {json{{"robots_txt_base64", "VXNlci*hZ2VudA=="}},
                           json{{"robots_txt_base64", "VXNlc"}}, json{{"robots_txt_base64", 12}},
                           json{{"robots_txt_base64", kLatin1Base64}, {"robots_txt", "x"}}}) {
    const HttpResult result = evaluate(file);
    EXPECT_EQ(result.status, 400) << file.dump() << ": " << result.body;
    EXPECT_NE(error_of(result).find("robots_txt_base64"), std::string::npos) << result.body;
  }
}

}  // namespace
}  // namespace robotstxt
