// Bytes past the first 512,000 of a robots.txt, which crawlers ignore (docs/semantics.md
// 1.1): check, explain, audit and diff say in one line that a file has them (stderr for
// text, "bytes_past_limit" in JSON), and diff says when a change lies only there. The
// file is Oracle's of the corpus, 853,036 bytes, with a GPTBot block appended.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "support/occurrences.h"
#include "support/read_file.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::count_of;
using testing::read_file;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;
const std::string kOracle = ROBOTSTXT_TEST_DATA_DIR "/corpus/robots/docs.oracle.com";
const std::string kAmazon = ROBOTSTXT_TEST_DATA_DIR "/corpus/robots/www.amazon.com";
constexpr const char* kBlock = "\nUser-agent: GPTBot\nDisallow: /\n";  // 32 bytes
constexpr const char* kUrl = "https://docs.oracle.com/en/";

class PastLimit : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(oracle_.size(), 853036u); }

  const std::string oracle_ = read_file(kOracle);
  const TempFile appended_{oracle_ + kBlock};
};

TEST_F(PastLimit, CheckExplainAndAuditSayItInOneLine) {
  const std::string note = "note: '" + appended_.path() +
                           "' has 341,068 bytes past the first 512,000, which crawlers ignore\n";
  const auto check = run_command(kCli, {"check", appended_.path(), "GPTBot", kUrl});
  EXPECT_EQ(check.exit_code, 0);  // the GPTBot block is never read
  EXPECT_EQ(check.err, "robotstxt check: " + note);
  const auto explain = run_command(kCli, {"explain", appended_.path(), "GPTBot", kUrl});
  EXPECT_EQ(explain.err, "robotstxt explain: " + note);
  const auto audit = run_command(kCli, {"audit", appended_.path(), kUrl, "--crawlers", "GPTBot"});
  EXPECT_EQ(audit.err, "robotstxt audit: " + note);
  EXPECT_NE(audit.out.find("GPTBot   uses *  allowed"), std::string::npos) << audit.out;
  // A file within the limit gets no note.
  EXPECT_EQ(run_command(kCli, {"check", kAmazon, "GPTBot", kUrl}).err, "");
}

TEST_F(PastLimit, JsonSaysItInAFieldAndStderrStaysQuiet) {
  const auto check = run_command(kCli, {"check", "--json", appended_.path(), "GPTBot", kUrl});
  EXPECT_EQ(check.err, "");
  EXPECT_EQ(json::parse(check.out)["bytes_past_limit"], 341068);
  const auto explain = run_command(kCli, {"explain", "--json", appended_.path(), "GPTBot", kUrl});
  EXPECT_EQ(json::parse(explain.out)["bytes_past_limit"], 341068);
  const auto audit =
      run_command(kCli, {"audit", "--json", appended_.path(), kUrl, "--crawlers", "GPTBot"});
  EXPECT_EQ(json::parse(audit.out)["bytes_past_limit"], 341068);
  const auto within = run_command(kCli, {"check", "--json", kAmazon, "GPTBot", kUrl});
  EXPECT_FALSE(json::parse(within.out).contains("bytes_past_limit")) << within.out;
}

TEST_F(PastLimit, DiffSaysAChangeLiesOnlyThere) {
  const auto diff = run_command(kCli, {"diff", kOracle, appended_.path()});
  EXPECT_EQ(diff.exit_code, 0);
  EXPECT_EQ(diff.out,
            "no change in effect: OLD and NEW differ only past the first 512,000 bytes, which "
            "crawlers ignore\n");
  EXPECT_EQ(count_of(diff.err, "past the first 512,000, which crawlers ignore\n"), 2u) << diff.err;

  const auto json_diff = run_command(kCli, {"diff", "--json", kOracle, appended_.path()});
  const json answer = json::parse(json_diff.out);
  EXPECT_EQ(answer["bytes_past_limit"], json({{"old", 341036}, {"new", 341068}}));
  EXPECT_EQ(answer["changed_only_past_limit"], true);

  const TempFile urls(std::string(kUrl) + "\n");
  const auto by_url =
      run_command(kCli, {"diff", kOracle, appended_.path(), "--urls", urls.path(), "-a", "GPTBot"});
  EXPECT_EQ(by_url.out,
            "0 of 1 URLs change for GPTBot\nOLD and NEW differ only past the first 512,000 "
            "bytes, which crawlers ignore\n");

  // A change of the same length is found by the bytes, not only by the count.
  std::string edited = oracle_;
  edited[edited.size() - 2] = edited[edited.size() - 2] == 'x' ? 'y' : 'x';
  const TempFile same_length(edited);
  const auto same_size = run_command(kCli, {"diff", "--json", kOracle, same_length.path()});
  EXPECT_EQ(json::parse(same_size.out)["changed_only_past_limit"], true) << same_size.out;

  // From standard input too: diff reads a file to its end to compare what follows.
  const auto piped = run_command(kCli, {"diff", kOracle, "-"}, oracle_ + kBlock);
  EXPECT_NE(piped.out.find("differ only past the first 512,000 bytes"), std::string::npos)
      << piped.out;
}

TEST_F(PastLimit, DiffDoesNotSayItWhenTheFilesDifferBeforeTheLimitOrNotAtAll) {
  // The same tail and a different head: a change where crawlers read.
  const TempFile both(std::string(kBlock) + oracle_ + kBlock);
  const auto changed = run_command(kCli, {"diff", "--json", appended_.path(), both.path()});
  const json answer = json::parse(changed.out);
  EXPECT_EQ(answer["changed_only_past_limit"], false);
  EXPECT_EQ(changed.out.find("differ only"), std::string::npos);
  const auto same = run_command(kCli, {"diff", kOracle, kOracle});
  EXPECT_EQ(same.out, "no change in effect\n");
  // Files within the limit: no field at all.
  const auto small = run_command(kCli, {"diff", "--json", kAmazon, kAmazon});
  EXPECT_FALSE(json::parse(small.out).contains("bytes_past_limit")) << small.out;
}

// A file's size says how many bytes follow, unread; a pipe's does not, and check does
// not read what crawlers ignore just to count it.
TEST_F(PastLimit, StandardInputIsCountedFromAFileAndSaidLongerFromAPipe) {
  const auto from_file = run_command(kCli, {"check", "-", "GPTBot", kUrl}, oracle_ + kBlock);
  EXPECT_EQ(from_file.err,
            "robotstxt check: note: standard input has 341,068 bytes past the first 512,000, "
            "which crawlers ignore\n");
  const auto from_pipe = run_command(
      "/bin/sh",
      {"-c", "cat \"$0\" | \"$1\" check - GPTBot " + std::string(kUrl), appended_.path(), kCli});
  EXPECT_EQ(from_pipe.err,
            "robotstxt check: note: standard input is longer than 512,000 bytes; crawlers "
            "ignore all that follows them\n");
}

}  // namespace
}  // namespace robotstxt
