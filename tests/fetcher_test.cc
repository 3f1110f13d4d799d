// Real transfers against servers started on 127.0.0.1 (docs/semantics.md 7: request, 2xx, 3xx,
// 4xx, 5xx, network failures, 500 KiB). Each test fetches through RobotsClient and
// checks both the access state the policy derives and the verdict for a URL.
#include "robotstxt/fetcher.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "robotstxt/robots_client.h"
#include "support/fixture_server.h"

namespace robotstxt {
namespace {

using testing::FixtureServer;
using testing::TempDir;

constexpr std::string_view kAgent = "FooBot";

RobotsClientOptions with_fetch(FetchOptions fetch) {
  RobotsClientOptions options;
  options.fetch = std::move(fetch);
  return options;
}

class FetcherTest : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_NE(server_.port(), 0) << "robots_server.py did not start"; }

  // A fresh client (empty cache) whose every host name leads to the test server.
  RobotsClient client(FetchOptions fetch = {}) {
    fetch.connect_to.push_back(server_.connect_to_all());
    fetch.connect_timeout = std::chrono::seconds(5);
    if (fetch.total_timeout == FetchOptions{}.total_timeout) {
      fetch.total_timeout = std::chrono::seconds(20);
    }
    return RobotsClient(with_fetch(fetch));
  }

  Decision ask(const std::string& url, FetchOptions fetch = {}) {
    return client(std::move(fetch)).decide(url, {kAgent});
  }

  FixtureServer server_{"robots_server.py"};
};

TEST_F(FetcherTest, Status2xxParsesTheBody) {
  for (const char* host : {"status-200", "status-203", "status-206"}) {
    SCOPED_TRACE(host);
    const Decision private_page = ask(std::string("http://") + host + ".test/private/a");
    EXPECT_EQ(private_page.state.access, Access::kRules);
    EXPECT_EQ(private_page.state.reason, AccessReason::kParsed);
    EXPECT_FALSE(private_page.allowed);
    EXPECT_EQ(private_page.verdict.line, 2u);
    EXPECT_TRUE(ask(std::string("http://") + host + ".test/public").allowed);
  }
}

TEST_F(FetcherTest, Status4xxExcept429IsFullAllowEven401And403) {
  for (int status : {400, 401, 403, 404, 405, 410, 418, 451}) {
    SCOPED_TRACE(status);
    const Decision decision = ask("http://status-" + std::to_string(status) + ".test/private/a");
    EXPECT_EQ(decision.state.access, Access::kFullAllow);
    EXPECT_EQ(decision.state.reason, AccessReason::kNoRobotsTxt);
    EXPECT_TRUE(decision.allowed);
    EXPECT_EQ(decision.entry->last_fetch.status, status);
  }
}

TEST_F(FetcherTest, Status429And5xxAreServerErrorsFullDisallow) {
  for (int status : {429, 500, 502, 503, 504}) {
    SCOPED_TRACE(status);
    const Decision decision = ask("http://status-" + std::to_string(status) + ".test/public");
    EXPECT_EQ(decision.state.access, Access::kFullDisallow);
    EXPECT_EQ(decision.state.reason, AccessReason::kRecentServerError);
    EXPECT_FALSE(decision.allowed);
    EXPECT_TRUE(decision.entry->server_answered_error);
  }
}

TEST_F(FetcherTest, RedirectWithoutLocationIsTreatedAs404) {
  const Decision decision = ask("http://status-301.test/private/a");
  EXPECT_EQ(decision.state.access, Access::kFullAllow);
  EXPECT_EQ(decision.state.reason, AccessReason::kRedirectsFailed);
  EXPECT_TRUE(decision.allowed);
}

TEST_F(FetcherTest, RedirectChainsOfUpToFiveHopsAreFollowedAndRecorded) {
  for (int hops = 1; hops <= 5; ++hops) {
    SCOPED_TRACE(hops);
    const std::string host = "redirect-" + std::to_string(hops) + ".test";
    const Decision decision = ask("http://" + host + "/private/a");
    EXPECT_EQ(decision.state.access, Access::kRules);
    EXPECT_FALSE(decision.allowed);
    const FetchSummary& fetch = decision.entry->last_fetch;
    ASSERT_EQ(fetch.hops.size(), static_cast<std::size_t>(hops));
    EXPECT_EQ(fetch.hops[0].from, "http://" + host + "/robots.txt");
    EXPECT_EQ(fetch.hops[0].status, 301);
    EXPECT_EQ(fetch.hops.back().to, "http://" + host + "/hop/" + std::to_string(hops));
    EXPECT_EQ(fetch.status, 200);
    EXPECT_EQ(fetch.http_version, 11);
    EXPECT_EQ(server_.request_count("redirect-" + std::to_string(hops)), hops + 1);
  }
}

TEST_F(FetcherTest, SixthAndSeventhRedirectAreTreatedAs404) {
  for (int hops : {6, 7}) {
    SCOPED_TRACE(hops);
    const Decision decision = ask("http://redirect-" + std::to_string(hops) + ".test/private/a");
    EXPECT_EQ(decision.state.access, Access::kFullAllow);
    EXPECT_EQ(decision.state.reason, AccessReason::kRedirectsFailed);
    EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kTooManyRedirects);
    EXPECT_EQ(decision.entry->last_fetch.hops.size(), 6u);
    EXPECT_TRUE(decision.allowed);
    // Nothing past the sixth redirect is requested.
    EXPECT_EQ(server_.request_count("redirect-" + std::to_string(hops)), 6);
  }
}

TEST_F(FetcherTest, RedirectLoopIsTreatedAs404) {
  const Decision decision = ask("http://loop.test/private/a");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kRedirectLoop);
  EXPECT_EQ(decision.entry->last_fetch.hops.size(), 2u);
  EXPECT_EQ(decision.state.access, Access::kFullAllow);
  EXPECT_TRUE(decision.allowed);
}

TEST_F(FetcherTest, CrossHostRedirectGivesTheOriginalOriginTheTargetsBody) {
  const Decision decision = ask("http://cross.test/from-target/a");
  EXPECT_EQ(decision.robots_url, "http://cross.test/robots.txt");
  ASSERT_EQ(decision.entry->last_fetch.hops.size(), 1u);
  EXPECT_EQ(decision.entry->last_fetch.hops[0].to, "http://target.test/robots.txt");
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
  EXPECT_TRUE(ask("http://cross.test/private/a").allowed);
}

TEST_F(FetcherTest, CrossPortRedirectToAnotherServerIsFollowed) {
  FixtureServer target("robots_server.py");
  ASSERT_NE(target.port(), 0);
  const std::string target_url =
      "http://127.0.0.1:" + std::to_string(target.port()) + "/robots.txt";
  FixtureServer redirecting("robots_server.py", {"--redirect-to", target_url});
  ASSERT_NE(redirecting.port(), 0);
  RobotsClient plain;  // no CONNECT_TO: real addresses only
  const std::string page = "http://127.0.0.1:" + std::to_string(redirecting.port()) + "/private";
  const Decision decision = plain.decide(page, {kAgent});
  ASSERT_EQ(decision.entry->last_fetch.hops.size(), 1u);
  EXPECT_EQ(decision.entry->last_fetch.hops[0].to, target_url);
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
  EXPECT_EQ(target.request_count("127"), 1);
}

TEST_F(FetcherTest, BodyIsCutAt512000BytesAndTheRestIgnored) {
  const Decision early = ask("http://big.test/early");
  EXPECT_TRUE(early.entry->last_fetch.truncated);
  EXPECT_EQ(early.entry->last_fetch.body_bytes, 512000u);
  EXPECT_EQ(early.state.access, Access::kRules);
  EXPECT_FALSE(early.allowed);
  // "Disallow: /late" sits at byte 590,000: beyond the limit, so it does not count.
  EXPECT_TRUE(ask("http://big.test/late").allowed);
}

TEST_F(FetcherTest, SmallBodyIsNotMarkedTruncated) {
  const Decision decision = ask("http://status-200.test/a");
  EXPECT_FALSE(decision.entry->last_fetch.truncated);
  EXPECT_EQ(decision.entry->last_fetch.body_bytes, 33u);
}

TEST_F(FetcherTest, GzipAndDeflateBodiesAreDecoded) {
  for (const char* host : {"gzip", "deflate"}) {
    SCOPED_TRACE(host);
    const Decision decision = ask(std::string("http://") + host + ".test/private/a");
    EXPECT_EQ(decision.state.access, Access::kRules);
    EXPECT_EQ(decision.entry->last_fetch.body_bytes, 33u);
    EXPECT_FALSE(decision.allowed);
  }
}

TEST_F(FetcherTest, ChunkedBodyIsReassembled) {
  const Decision decision = ask("http://chunked.test/private/a");
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_EQ(decision.entry->last_fetch.body_bytes, 33u);
  EXPECT_FALSE(decision.allowed);
}

TEST_F(FetcherTest, BrokenChunkedBodyIsANetworkFailure) {
  const Decision decision = ask("http://brokenchunk.test/public");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_FALSE(decision.allowed);
}

// A transfer that does not complete is a network failure (docs/semantics.md 7: server error),
// not a shorter robots.txt: here the full file disallows /private, its first third not.
TEST_F(FetcherTest, GzipBodyCutShortIsANetworkFailure) {
  const Decision decision = ask("http://gzipcut.test/private/a");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError)
      << decision.entry->last_fetch.error;
  EXPECT_NE(decision.entry->last_fetch.error.find("compressed"), std::string::npos)
      << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_FALSE(decision.allowed);
}

TEST_F(FetcherTest, BodyShorterThanContentLengthIsANetworkFailure) {
  const Decision decision = ask("http://shortbody.test/public");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
}

TEST_F(FetcherTest, ConflictingContentLengthsAreANetworkFailure) {
  const Decision decision = ask("http://twolengths.test/public");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_NE(decision.entry->last_fetch.error.find("Content-Length"), std::string::npos)
      << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
}

// docs/semantics.md 7 is silent on a Content-Encoding that names no coding ("utf-8" is a common
// misconfiguration): browsers ignore unknown codings and read the body as it is; so do we.
TEST_F(FetcherTest, UnknownContentEncodingIsReadAsThePlainBody) {
  const Decision decision = ask("http://utf8encoding.test/private/a");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kResponse)
      << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
}

// We never send a conditional request, so a 304 is a bad response: a server error.
TEST_F(FetcherTest, NotModifiedToAnUnconditionalRequestIsAServerError) {
  const Decision decision = ask("http://notmodified.test/public");
  EXPECT_EQ(decision.entry->last_fetch.status, 304);
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_EQ(decision.state.reason, AccessReason::kRecentServerError);
}

// A redirect to mailto: cannot be followed to any robots.txt: treated as 404.
TEST_F(FetcherTest, RedirectToAnUnsupportedSchemeIsTreatedAs404) {
  const Decision decision = ask("http://mailto.test/private/a");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kUnfollowableRedirect);
  EXPECT_NE(decision.entry->last_fetch.error.find("mailto"), std::string::npos)
      << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.state.access, Access::kFullAllow);
  EXPECT_EQ(decision.state.reason, AccessReason::kRedirectsFailed);
}

// A Location with a space is encoded as browsers and curl do, relative or absolute.
TEST_F(FetcherTest, LocationWithASpaceIsPercentEncodedAndFollowed) {
  for (const char* host : {"spaced", "spacedabsolute"}) {
    SCOPED_TRACE(host);
    const Decision decision = ask(std::string("http://") + host + ".test/private/a");
    ASSERT_EQ(decision.entry->last_fetch.hops.size(), 1u) << decision.entry->last_fetch.error;
    EXPECT_TRUE(decision.entry->last_fetch.hops[0].to.ends_with("/robots%202.txt"))
        << decision.entry->last_fetch.hops[0].to;
    EXPECT_EQ(decision.state.access, Access::kRules) << decision.entry->last_fetch.error;
    EXPECT_FALSE(decision.allowed);
  }
}

// Credentials in a Location are the redirecting server's to give away, not ours to use:
// they are never sent to the next hop, and never recorded (so never printed).
TEST_F(FetcherTest, UserInfoInALocationIsNeitherSentNorRecorded) {
  RobotsClient fetching = client();
  const Decision decision = fetching.decide("http://userinfo.test/auth/none", {kAgent});
  ASSERT_EQ(decision.entry->last_fetch.hops.size(), 1u) << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.entry->last_fetch.hops[0].to,
            "http://auth.test:" + std::to_string(server_.port()) + "/robots.txt");
  EXPECT_EQ(decision.entry->last_fetch.error.find("s3cret"), std::string::npos);
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed) << "the next hop received an Authorization header";
}

// A 1 MB Location or a 200 KB status line passes libcurl's header limit: a bad
// response from the origin (a server error), named as such, not "Out of memory".
TEST_F(FetcherTest, OversizedHeaderIsABadResponseNamedAsSuch) {
  for (const char* host : {"hugelocation", "hugestatus"}) {
    SCOPED_TRACE(host);
    const Decision decision = ask(std::string("http://") + host + ".test/public");
    const FetchSummary& fetch = decision.entry->last_fetch;
    EXPECT_EQ(fetch.kind, FetchKind::kNetworkError);
    EXPECT_NE(fetch.error.find("header"), std::string::npos) << fetch.error;
    EXPECT_EQ(fetch.error.find("memory"), std::string::npos) << fetch.error;
    EXPECT_LT(fetch.error.size(), 300u);
    EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  }
}

// Running out of file descriptors is this machine's failure, not the origin's: the
// outcome says so, no access state comes of it, and nothing is cached.
TEST_F(FetcherTest, RunningOutOfFileDescriptorsIsALocalFailure) {
  rlimit original{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &original), 0);
  std::size_t open_now = 0;
  for ([[maybe_unused]] const auto& fd : std::filesystem::directory_iterator("/proc/self/fd")) {
    ++open_now;
  }
  RobotsClient starved = client();
  std::vector<std::string> urls;
  for (int i = 0; i < 40; ++i) {
    urls.push_back("http://status-200.test:" + std::to_string(2000 + i) + "/private/a");
  }
  rlimit low = original;
  low.rlim_cur = open_now + 6;  // room for libcurl's own pipes and a few sockets
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);
  const std::vector<Decision> decisions = starved.decide_all(urls, {kAgent});
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &original), 0);

  std::size_t local_failures = 0;
  for (const Decision& decision : decisions) {
    const FetchSummary& fetch = decision.entry->last_fetch;
    if (fetch.kind == FetchKind::kLocalError) {
      ++local_failures;
      EXPECT_NE(fetch.error.find("file descriptors"), std::string::npos) << fetch.error;
      EXPECT_EQ(decision.state.access, Access::kUndecided);
      EXPECT_EQ(decision.state.reason, AccessReason::kLocalFailure);
      EXPECT_FALSE(decision.allowed);
    } else {
      EXPECT_EQ(fetch.status, 200) << fetch.error;
      EXPECT_EQ(decision.state.access, Access::kRules);
    }
  }
  EXPECT_GT(local_failures, 0u);
  EXPECT_EQ(starved.cache().size(), urls.size() - local_failures);
  // With descriptors back, the same client fetches what it could not before.
  for (const Decision& decision : starved.decide_all(urls, {kAgent})) {
    EXPECT_EQ(decision.state.access, Access::kRules) << decision.entry->last_fetch.error;
  }
}

TEST_F(FetcherTest, StallingServerTimesOutAsANetworkFailure) {
  FetchOptions fetch;
  fetch.total_timeout = std::chrono::milliseconds(800);
  const Decision decision = ask("http://stall.test/public", fetch);
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_NE(decision.entry->last_fetch.error.find("timed out"), std::string::npos)
      << decision.entry->last_fetch.error;
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_FALSE(decision.allowed);
}

TEST_F(FetcherTest, TotalTimeoutCoversAllRedirectHops) {
  // Six answers 0.5 s apart: each is quick, all together take 2.5 s at the very least,
  // so a one-second budget cannot cover them however fast the machine, and a 60 s one
  // covers them however loaded it is.
  FetchOptions fetch;
  fetch.total_timeout = std::chrono::seconds(1);
  const Decision late = ask("http://slow-5.test/private/a", fetch);
  EXPECT_EQ(late.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_EQ(late.state.access, Access::kFullDisallow);
  EXPECT_LT(late.entry->last_fetch.hops.size(), 5u);
  fetch.total_timeout = std::chrono::seconds(60);
  const Decision in_time = ask("http://slow-5.test/private/a", fetch);
  EXPECT_EQ(in_time.entry->last_fetch.hops.size(), 5u);
  EXPECT_EQ(in_time.state.access, Access::kRules);
  EXPECT_FALSE(in_time.allowed);
}

TEST_F(FetcherTest, ConnectionResetIsANetworkFailure) {
  const Decision decision = ask("http://reset.test/public");
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_FALSE(decision.entry->server_answered_error);
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_FALSE(decision.allowed);
}

TEST_F(FetcherTest, ConnectionRefusedIsANetworkFailure) {
  RobotsClient plain;
  const Decision decision = plain.decide(
      "http://127.0.0.1:" + std::to_string(testing::unused_port()) + "/public", {kAgent});
  EXPECT_EQ(decision.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_EQ(decision.state.access, Access::kFullDisallow);
  EXPECT_FALSE(decision.allowed);
}

TEST_F(FetcherTest, UserAgentHeaderIsSent) {
  FetchOptions fetch;
  fetch.user_agent = "TestCrawler/1.0";
  RobotsClient with_agent = client(fetch);
  EXPECT_FALSE(with_agent.decide("http://ua.test/ua/TestCrawler%2F1.0", {kAgent}).allowed);
  EXPECT_TRUE(with_agent.decide("http://ua.test/ua/Other", {kAgent}).allowed);
}

TEST_F(FetcherTest, CacheControlMaxAgeSetsFreshness) {
  const Decision decision = ask("http://maxage-3600.test/a");
  EXPECT_EQ(decision.entry->fresh_until - decision.entry->fetched_at, std::chrono::hours(1));
  EXPECT_EQ(decision.entry->last_fetch.cache_control, "max-age=3600");
}

TEST_F(FetcherTest, FetchAllFetchesManyOriginsInOneCall) {
  FetchOptions options;
  options.connect_to.push_back(server_.connect_to_all());
  options.max_concurrent_transfers = 3;
  const Fetcher fetcher(options);
  std::vector<Origin> origins;
  for (const char* url : {"http://status-200.test/", "http://status-404.test/",
                          "http://redirect-2.test/", "http://gzip.test/", "http://loop.test/"}) {
    origins.push_back(*origin_of(url));
  }
  const std::vector<FetchOutcome> outcomes = fetcher.fetch_all(origins);
  ASSERT_EQ(outcomes.size(), 5u);
  EXPECT_EQ(outcomes[0].status, 200);
  EXPECT_EQ(outcomes[1].status, 404);
  EXPECT_EQ(outcomes[2].hops.size(), 2u);
  EXPECT_EQ(outcomes[3].body, "User-agent: *\nDisallow: /private\n");
  EXPECT_EQ(outcomes[4].kind, FetchKind::kRedirectLoop);
  for (std::size_t i = 0; i < origins.size(); ++i) {
    EXPECT_EQ(outcomes[i].robots_url, origins[i].robots_url());
  }
}

TEST_F(FetcherTest, FetchAllRunsMoreOriginsThanTransferSlotsAndKeepsTheirOrder) {
  FetchOptions options;
  options.connect_to.push_back(server_.connect_to_all());
  options.max_concurrent_transfers = 16;
  const Fetcher fetcher(options);
  // 300 distinct origins: the same three behaviours on different ports of the URL
  // (CONNECT_TO sends every one of them to the test server).
  const char* const hosts[] = {"status-200.test", "status-404.test", "redirect-2.test"};
  std::vector<Origin> origins;
  for (int i = 0; i < 300; ++i) {
    origins.push_back(
        *origin_of("http://" + std::string(hosts[i % 3]) + ":" + std::to_string(1000 + i) + "/"));
  }
  const std::vector<FetchOutcome> outcomes = fetcher.fetch_all(origins);
  ASSERT_EQ(outcomes.size(), origins.size());
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    SCOPED_TRACE(outcomes[i].robots_url);
    EXPECT_EQ(outcomes[i].robots_url, origins[i].robots_url());
    EXPECT_EQ(outcomes[i].kind, FetchKind::kResponse);
    EXPECT_EQ(outcomes[i].status, i % 3 == 1 ? 404 : 200);
    EXPECT_EQ(outcomes[i].hops.size(), i % 3 == 2 ? 2u : 0u);
  }
  EXPECT_EQ(server_.request_count("status-200"), 100);
  EXPECT_EQ(server_.request_count("redirect-2"), 300);
}

// HTTPS with a certificate made for this test run: trusted through ca_file it works;
// without it, verification fails and that is a network failure like any other.
TEST(FetcherTlsTest, HttpsWithTestCertificate) {
  const TempDir dir;
  const std::string cert = dir.path() + "/cert.pem";
  const std::string key = dir.path() + "/key.pem";
  const std::string command =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=secure.test"
      " -addext subjectAltName=DNS:secure.test -keyout " +
      key + " -out " + cert + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << "openssl failed";
  FixtureServer server("robots_server.py", {"--tls", cert, key});
  ASSERT_NE(server.port(), 0);

  FetchOptions trusted;
  trusted.ca_file = cert;
  trusted.connect_to.push_back("secure.test:443:127.0.0.1:" + std::to_string(server.port()));
  RobotsClient client(with_fetch(trusted));
  const Decision decision = client.decide("https://secure.test/private/a", {kAgent});
  EXPECT_EQ(decision.robots_url, "https://secure.test/robots.txt");
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
  EXPECT_TRUE(client.decide("https://secure.test/public", {kAgent}).allowed);

  // A certificate the trusted CAs did not sign is the origin's failure.
  FetchOptions untrusted = trusted;
  untrusted.ca_file = dir.path() + "/other-ca.pem";
  std::filesystem::copy_file("/etc/ssl/certs/ca-certificates.crt", untrusted.ca_file);
  RobotsClient refusing(with_fetch(untrusted));
  const Decision refused = refusing.decide("https://secure.test/public", {kAgent});
  EXPECT_EQ(refused.entry->last_fetch.kind, FetchKind::kNetworkError);
  EXPECT_EQ(refused.state.access, Access::kFullDisallow);

  // A CA file that cannot be read is this machine's failure: nothing is decided or cached.
  FetchOptions unreadable = trusted;
  unreadable.ca_file = dir.path() + "/missing-ca.pem";
  RobotsClient misconfigured(with_fetch(unreadable));
  const Decision undecided = misconfigured.decide("https://secure.test/public", {kAgent});
  EXPECT_EQ(undecided.entry->last_fetch.kind, FetchKind::kLocalError)
      << undecided.entry->last_fetch.error;
  EXPECT_EQ(undecided.state.access, Access::kUndecided);
  EXPECT_FALSE(undecided.allowed);
  EXPECT_EQ(misconfigured.cache().size(), 0u);
}

// HTTP/2 over TLS (ALPN) against Debian's nghttpd; the same body and verdict as 1.1.
TEST(FetcherTlsTest, Http2OverTls) {
  const TempDir dir;
  const std::string cert = dir.path() + "/cert.pem";
  const std::string key = dir.path() + "/key.pem";
  const std::string command =
      "openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=h2.test"
      " -addext subjectAltName=DNS:h2.test -keyout " +
      key + " -out " + cert + " >/dev/null 2>&1";
  ASSERT_EQ(std::system(command.c_str()), 0) << "openssl failed";
  const TempDir docroot;
  (void)docroot.write("robots.txt", "User-agent: *\nDisallow: /private\n");
  FixtureServer server("h2_server.py", {docroot.path(), key, cert});
  ASSERT_NE(server.port(), 0) << "h2_server.py did not start (nghttp2-server installed?)";

  FetchOptions options;
  options.ca_file = cert;
  options.connect_to.push_back("h2.test:443:127.0.0.1:" + std::to_string(server.port()));
  RobotsClient client(with_fetch(options));
  const Decision decision = client.decide("https://h2.test/private/a", {kAgent});
  EXPECT_EQ(decision.entry->last_fetch.error, "");
  EXPECT_EQ(decision.entry->last_fetch.http_version, 20);
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
  EXPECT_TRUE(client.decide("https://h2.test/public", {kAgent}).allowed);
}

TEST(FetcherFtpTest, AnonymousFtpRetrievesRobotsTxtAndMissingFileIs404) {
  const TempDir root;
  const std::string robots = root.write("robots.txt", "User-agent: *\nDisallow: /private\n");
  FixtureServer server("ftp_server.py", {root.path()});
  ASSERT_NE(server.port(), 0) << "ftp_server.py did not start (python3-pyftpdlib installed?)";
  const std::string origin = "ftp://127.0.0.1:" + std::to_string(server.port());

  RobotsClient client;
  const Decision decision = client.decide(origin + "/private/file.zip", {kAgent});
  EXPECT_EQ(decision.entry->last_fetch.error, "");
  EXPECT_EQ(decision.robots_url, origin + "/robots.txt");
  EXPECT_EQ(decision.state.access, Access::kRules);
  EXPECT_FALSE(decision.allowed);
  EXPECT_TRUE(client.decide(origin + "/pub/file.zip", {kAgent}).allowed);

  std::filesystem::remove(robots);
  RobotsClient after_removal;
  const Decision missing = after_removal.decide(origin + "/private/file.zip", {kAgent});
  EXPECT_EQ(missing.entry->last_fetch.status, 404);
  EXPECT_EQ(missing.state.access, Access::kFullAllow);
  EXPECT_TRUE(missing.allowed);
}

// docs/semantics.md 8 through the client: a crawler follows its own precedence over a fetched
// file, and one that robots.txt does not bind is allowed even where the fetch says
// "full disallow" (a 503 in its first 12 hours).
TEST_F(FetcherTest, CrawlerPrecedenceAppliesToFetchedFiles) {
  RobotsClient fetching = client();
  const Crawler& adsbot = *find_crawler("AdsBot-Google");
  const Decision ignored = fetching.decide("http://rules.test/private/a", adsbot);
  EXPECT_TRUE(ignored.allowed);  // RULES has only a `*` group, which AdsBot ignores
  EXPECT_EQ(ignored.verdict.crawler_rule, CrawlerRule::kGlobalIgnored);
  const Decision global = fetching.decide("http://rules.test/private/a", *find_crawler("GPTBot"));
  EXPECT_FALSE(global.allowed);
  EXPECT_EQ(global.verdict.crawler_rule, CrawlerRule::kGlobal);
  EXPECT_EQ(global.verdict.line, 2u);
  EXPECT_FALSE(fetching.allowed("http://rules.test/private/a", "AdsBot-Google"));  // agent list

  const Crawler& user_fetcher = *find_crawler("ChatGPT-User");
  const Decision unavailable = fetching.decide("http://status-503.test/a", user_fetcher);
  EXPECT_EQ(unavailable.state.access, Access::kFullDisallow);
  EXPECT_TRUE(unavailable.allowed);
  EXPECT_EQ(unavailable.verdict.crawler_rule, CrawlerRule::kNotSubject);
  EXPECT_FALSE(fetching.decide("http://status-503.test/a", *find_crawler("GPTBot")).allowed);
}

// A service refuses internal addresses (peer_address.h) on the address actually
// connected: a name sent to 127.0.0.1 (as DNS rebinding would) is refused, nothing is
// requested, and nothing is cached: it is this machine's rule, not the origin's state.
TEST_F(FetcherTest, RefusedAddressIsNeitherRequestedNorCached) {
  FetchOptions fetch;
  fetch.refuse_address = refuse_non_public_addresses;
  RobotsClient guarded = client(fetch);
  const Decision refused = guarded.decide("http://rebound.test/a", {kAgent});
  EXPECT_EQ(refused.entry->last_fetch.kind, FetchKind::kRefused);
  // The rule, not the address the name resolved to (that would make this a DNS oracle).
  EXPECT_EQ(refused.entry->last_fetch.error.find("127.0.0.1"), std::string::npos);
  EXPECT_NE(refused.entry->last_fetch.error.find("loopback"), std::string::npos);
  EXPECT_EQ(refused.state.access, Access::kUndecided);
  EXPECT_FALSE(refused.allowed);
  EXPECT_EQ(guarded.cache().size(), 0u);
  EXPECT_EQ(server_.request_count("rebound"), 0);
}

// Every hop is checked: an allowed origin that redirects to a refused address gets no
// further than that hop.
TEST_F(FetcherTest, RedirectToARefusedAddressIsRefusedOnThatHop) {
  FixtureServer internal("robots_server.py");
  ASSERT_NE(internal.port(), 0);
  FixtureServer start("robots_server.py", {"--redirect-to", "http://internal.test/robots.txt"});
  ASSERT_NE(start.port(), 0);
  FetchOptions fetch;
  fetch.connect_to = {"start.test:80:127.0.0.1:" + std::to_string(start.port()),
                      "internal.test:80:127.0.0.1:" + std::to_string(internal.port())};
  // On loopback both are 127.0.0.1: here the port stands for "an internal address".
  const std::uint16_t internal_port = internal.port();
  fetch.refuse_address = [internal_port](const PeerAddress& address) {
    return address.port == internal_port ? std::string("refused: internal") : std::string();
  };
  const FetchOutcome outcome = Fetcher(fetch).fetch(*origin_of("http://start.test/"));
  EXPECT_EQ(outcome.kind, FetchKind::kRefused);
  EXPECT_EQ(outcome.error, "refused: internal");
  ASSERT_EQ(outcome.hops.size(), 1u);
  EXPECT_EQ(outcome.hops[0].to, "http://internal.test/robots.txt");
  EXPECT_EQ(start.request_count("start"), 1);
  EXPECT_EQ(internal.request_count("internal"), 0);
}

// A shared gate bounds transfers across calls: while its only slot is taken, a fetch
// waits at most the fetch timeout, then ends as this machine's failure (decides
// nothing, is not cached) without reaching the origin; a free slot fetches normally.
TEST_F(FetcherTest, GateWithoutAFreeSlotWaitsTheTimeoutThenFailsLocally) {
  FetchOptions fetch;
  fetch.gate = std::make_shared<FetchGate>(1);
  fetch.total_timeout = std::chrono::milliseconds(300);
  ASSERT_TRUE(fetch.gate->try_enter());
  const Decision blocked = ask("http://gated.test/private/a", fetch);
  EXPECT_EQ(blocked.entry->last_fetch.kind, FetchKind::kLocalError);
  EXPECT_EQ(blocked.state.access, Access::kUndecided);
  EXPECT_EQ(server_.request_count("gated"), 0);
  fetch.gate->leave();
  const Decision fetched = ask("http://gated.test/private/a", fetch);
  EXPECT_EQ(fetched.entry->last_fetch.kind, FetchKind::kResponse);
  EXPECT_EQ(fetch.gate->in_flight(), 0u) << "every slot is given back";
  EXPECT_EQ(server_.request_count("gated"), 1);
}

}  // namespace
}  // namespace robotstxt
