// URLs with raw non-ASCII bytes or spaces, as pasted from a browser bar. A crawler requests
// them percent-encoded, so `check` and `explain` match that form and show it; with
// --as-written they match the URL as written, as the conformance cases require (no
// percent-encoded rule matches it), and stderr says once how a crawler would request it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "support/occurrences.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::count_of;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

constexpr const char* kRobots = "user-agent: *\ndisallow: /caf%C3%A9\n";
constexpr const char* kPasted = "http://a.com/caf\xC3\xA9 menu";

TEST(UnencodedUrl, IsMatchedAsACrawlerRequestsItAndTheOutputShowsThatForm) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", kPasted});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "DISALLOWED by line 2: disallow: /caf%C3%A9 (the * group: no group names bot) "
            "(matched as http://a.com/caf%C3%A9%20menu)\n");
  EXPECT_EQ(result.err, "");
  const auto json = nlohmann::json::parse(
      run_command(kCli, {"check", robots.path(), "bot", kPasted, "--json"}).out);
  EXPECT_EQ(json["url"], "http://a.com/caf%C3%A9%20menu");
  EXPECT_EQ(json["rule"], "/caf%C3%A9");
  const auto explain = run_command(kCli, {"explain", robots.path(), "bot", kPasted});
  EXPECT_EQ(explain.exit_code, 1) << explain.out;
  EXPECT_NE(explain.out.find("url       http://a.com/caf%C3%A9%20menu\n"
                             "          given as http://a.com/caf\xC3\xA9 menu, which a crawler "
                             "requests as above\n"),
            std::string::npos)
      << explain.out;
}

TEST(UnencodedUrl, AsWrittenIsMatchedAsGivenAndStderrSaysHowACrawlerWouldAsk) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", "--as-written", robots.path(), "bot", kPasted});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_EQ(count_of(result.err, "a crawler would request 'http://a.com/caf%C3%A9%20menu'"), 1u)
      << result.err;
  const auto explain =
      run_command(kCli, {"explain", "--as-written", robots.path(), "bot", kPasted});
  EXPECT_EQ(explain.exit_code, 0) << explain.out;
}

TEST(UnencodedUrl, EncodeIsStillAcceptedAndChangesNothing) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", kPasted, "--encode"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "");
  const auto both =
      run_command(kCli, {"check", robots.path(), "bot", kPasted, "--encode", "--as-written"});
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_NE(both.err.find("--encode and --as-written: "), std::string::npos) << both.err;
  EXPECT_EQ(run_command(kCli, {"check", "--help"}).out.find("--encode"), std::string::npos);
}

TEST(UnencodedUrl, StreamShowsEachUrlAsMatched) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", "-"},
                                  "http://a.com/caf\xC3\xA9\nhttp://a.com/a b\n");
  EXPECT_EQ(result.out, "disallowed\thttp://a.com/caf%C3%A9\nallowed\thttp://a.com/a%20b\n");
  EXPECT_EQ(result.err, "");
}

TEST(UnencodedUrl, AsWrittenStreamSaysItOnceNotPerLine) {
  const TempFile robots(kRobots);
  const auto result =
      run_command(kCli, {"check", "--as-written", robots.path(), "bot", "-"},
                  "http://a.com/caf\xC3\xA9\nhttp://a.com/a b\nhttp://a.com/caf\xC3\xA9/x\n");
  EXPECT_EQ(count_of(result.out, "allowed\t"), 3u) << result.out;
  EXPECT_EQ(count_of(result.out, "disallowed\t"), 0u) << result.out;
  EXPECT_EQ(count_of(result.err, "a crawler would request"), 1u) << result.err;
}

TEST(UnencodedUrl, EncodedUrlIsMatchedAsItIs) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", "http://a.com/caf%C3%A9"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out.find("matched as"), std::string::npos) << result.out;
  EXPECT_EQ(result.err, "");
}

}  // namespace
}  // namespace robotstxt
