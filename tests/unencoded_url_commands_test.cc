// URLs as a crawler requests them in audit, diff --urls and fetch, as in check and
// explain: a URL pasted with raw non-ASCII bytes or spaces is matched percent-encoded and
// shown so; --as-written matches it as written and stderr says once how a crawler would
// request it.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/fixture_server.h"
#include "support/occurrences.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::count_of;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

constexpr const char* kRobots = "user-agent: *\ndisallow: /caf%C3%A9\n";
constexpr const char* kPasted = "http://a.test/caf\xC3\xA9 menu";
constexpr const char* kEncoded = "http://a.test/caf%C3%A9%20menu";
constexpr const char* kNote = "a crawler would request 'http://a.test/caf%C3%A9%20menu'";

TEST(UnencodedUrlCommands, AuditEncodesOrNotesOnceAsWritten) {
  const TempFile robots(kRobots);
  const auto encoded =
      run_command(kCli, {"audit", robots.path(), kPasted, "--crawlers", "Googlebot", "--json"});
  EXPECT_EQ(encoded.err, "");
  auto json = nlohmann::json::parse(encoded.out);
  EXPECT_EQ(json["urls"][0], kEncoded);
  EXPECT_EQ(json["crawlers"][0]["results"][0]["allowed"], false);

  const auto as_written = run_command(kCli, {"audit", robots.path(), kPasted, kPasted, "--crawlers",
                                             "Googlebot", "--json", "--as-written"});
  EXPECT_EQ(as_written.exit_code, 0) << as_written.err;
  EXPECT_EQ(count_of(as_written.err, kNote), 1u) << as_written.err;
  json = nlohmann::json::parse(as_written.out);
  EXPECT_EQ(json["crawlers"][0]["results"][0]["allowed"], true);
}

TEST(UnencodedUrlCommands, DiffUrlsEncodesOrNotesOnceAsWritten) {
  const TempFile before("user-agent: *\n");
  const TempFile after(kRobots);
  const TempFile urls(std::string(kPasted) + "\n" + kPasted + "\n");
  const auto encoded =
      run_command(kCli, {"diff", before.path(), after.path(), "--urls", urls.path(), "-a", "bot"});
  EXPECT_EQ(encoded.exit_code, 1);
  EXPECT_EQ(encoded.err, "");
  EXPECT_EQ(count_of(encoded.out, std::string(kEncoded) + "  allowed -> disallowed"), 2u)
      << encoded.out;

  const auto as_written = run_command(kCli, {"diff", before.path(), after.path(), "--urls",
                                             urls.path(), "-a", "bot", "--as-written"});
  EXPECT_EQ(as_written.exit_code, 0) << as_written.out;
  EXPECT_EQ(count_of(as_written.err, kNote), 1u) << as_written.err;
}

TEST(UnencodedUrlCommands, DiffAsWrittenWithoutUrlsIsAUsageError) {
  const TempFile robots(kRobots);
  const auto result = run_command(kCli, {"diff", robots.path(), robots.path(), "--as-written"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--as-written needs --urls"), std::string::npos) << result.err;
}

TEST(UnencodedUrlCommands, FetchEncodesTheUrlGivenOrNotesAsWritten) {
  const TempFile body(kRobots);
  const testing::FixtureServer server("robots_server.py", {"--body", body.path()});
  ASSERT_NE(server.port(), 0);
  const std::vector<std::string> args = {"fetch",  kPasted,        "bot",
                                         "--json", "--connect-to", server.connect_to_all()};
  const auto encoded = run_command(kCli, args);
  EXPECT_EQ(encoded.exit_code, 1) << encoded.err;
  EXPECT_EQ(encoded.err, "");
  const auto json = nlohmann::json::parse(encoded.out);
  EXPECT_EQ(json["url"], kEncoded);
  EXPECT_EQ(json["rule"], "/caf%C3%A9");

  std::vector<std::string> as_written = args;
  as_written.emplace_back("--as-written");
  const auto raw = run_command(kCli, as_written);
  EXPECT_EQ(count_of(raw.err, kNote), 1u) << raw.err;
  EXPECT_EQ(nlohmann::json::parse(raw.out)["allowed"], true) << raw.out;

  const auto text =
      run_command(kCli, {"fetch", kPasted, "bot", "--connect-to", server.connect_to_all()});
  EXPECT_NE(text.out.find(std::string("url         ") + kEncoded + " (as a crawler requests it)\n"),
            std::string::npos)
      << text.out;
}

TEST(UnencodedUrlCommands, FetchStreamEncodesEachLineOrNotesOnceAsWritten) {
  const TempFile body(kRobots);
  const testing::FixtureServer server("robots_server.py", {"--body", body.path()});
  ASSERT_NE(server.port(), 0);
  const std::string lines = std::string(kPasted) + "\n" + kPasted + "\n";
  const auto encoded =
      run_command(kCli, {"fetch", "-", "bot", "--connect-to", server.connect_to_all()}, lines);
  EXPECT_EQ(count_of(encoded.out, std::string("disallowed\t") + kEncoded + "\n"), 2u)
      << encoded.out << encoded.err;
  const auto as_written = run_command(
      kCli, {"fetch", "-", "bot", "--as-written", "--connect-to", server.connect_to_all()}, lines);
  EXPECT_EQ(count_of(as_written.err, kNote), 1u) << as_written.err;
  EXPECT_EQ(count_of(as_written.out, "disallowed"), 0u) << as_written.out;
}

}  // namespace
}  // namespace robotstxt
