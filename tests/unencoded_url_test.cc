// URLs with raw non-ASCII bytes or spaces, as pasted from a browser bar. Conformance
// takes URLs as written, so they do not match a percent-encoded rule; the commands say
// once how a crawler would request them, and --encode checks that form.
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

TEST(UnencodedUrl, IsCheckedAsWrittenAndStderrSaysHowACrawlerWouldAsk) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", kPasted});
  EXPECT_EQ(result.exit_code, 0) << result.out;
  EXPECT_EQ(count_of(result.err, "a crawler would request 'http://a.com/caf%C3%A9%20menu'"), 1u)
      << result.err;
}

TEST(UnencodedUrl, EncodeChecksThePercentEncodedForm) {
  const TempFile robots(kRobots);
  const auto result =
      run_command(kCli, {"check", robots.path(), "bot", kPasted, "--encode", "--json"});
  EXPECT_EQ(result.exit_code, 1);
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["url"], "http://a.com/caf%C3%A9%20menu");
  EXPECT_EQ(json["rule"], "/caf%C3%A9");
  EXPECT_EQ(result.err, "");
  const auto explain = run_command(kCli, {"explain", robots.path(), "bot", kPasted, "--encode"});
  EXPECT_EQ(explain.exit_code, 1) << explain.out;
}

TEST(UnencodedUrl, StreamSaysItOnceNotPerLine) {
  const TempFile robots(kRobots);
  const auto result =
      run_command(kCli, {"check", robots.path(), "bot", "-"},
                  "http://a.com/caf\xC3\xA9\nhttp://a.com/a b\nhttp://a.com/caf\xC3\xA9/x\n");
  EXPECT_EQ(count_of(result.out, "allowed\t"), 3u) << result.out;
  EXPECT_EQ(count_of(result.err, "a crawler would request"), 1u) << result.err;
  const auto encoded = run_command(kCli, {"check", robots.path(), "bot", "-", "--encode"},
                                   "http://a.com/caf\xC3\xA9\nhttp://a.com/a b\n");
  EXPECT_EQ(encoded.out, "disallowed\thttp://a.com/caf%C3%A9\nallowed\thttp://a.com/a%20b\n");
}

TEST(UnencodedUrl, EncodedUrlGetsNoNote) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"check", robots.path(), "bot", "http://a.com/caf%C3%A9"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "");
}

}  // namespace
}  // namespace robotstxt
