// Every bad input to the CLI gets an answer: unreadable inputs and failed writes are one
// line on stderr and exit 2, conflicting arguments are usage errors, echoed input is
// capped and escaped, and no input is read whole into memory.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::Redirects;
using testing::run_command;
using testing::run_redirected;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// A directory to read from, made by the test.
class TempDirectory {
 public:
  TempDirectory() {
    std::string pattern = "/tmp/robotstxt-dir-XXXXXX";
    path_ = mkdtemp(pattern.data()) != nullptr ? pattern : "/tmp";
  }
  ~TempDirectory() { rmdir(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

TEST(CliErrors, DirectoryAsRobotsFileIsOneLineNamingItAndExit2) {
  const TempDirectory dir;
  const TempFile robots("user-agent: *\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", dir.path(), "Googlebot", "https://a.com/"},
      {"explain", dir.path(), "Googlebot", "https://a.com/"},
      {"info", dir.path()},
      {"lint", dir.path()},
      {"diff", dir.path(), robots.path()},
      {"diff", robots.path(), dir.path()}};
  for (const auto& args : commands) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 2) << args[0] << ": " << result.err;
    EXPECT_EQ(result.err, "robotstxt " + args[0] + ": error: cannot read '" + dir.path() +
                              "': Is a directory\n");
    EXPECT_EQ(result.out, "");
  }
}

TEST(CliErrors, ReadFailureOnStandardInputIsAnErrorNotAnAnswer) {
  const TempDirectory dir;
  const TempFile robots("user-agent: *\ndisallow: /\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", "-", "Googlebot", "https://a.com/"},
      {"check", robots.path(), "Googlebot", "-"},
      {"check", robots.path(), "Googlebot", "-", "--json"},
      {"lint", "-"},
      {"info", "-"},
      {"diff", "-", robots.path()}};
  for (const auto& args : commands) {
    const auto result = run_redirected(kCli, args, Redirects{dir.path(), "", false});
    EXPECT_EQ(result.exit_code, 2) << args[0] << " " << args[1];
    EXPECT_EQ(result.err,
              "robotstxt " + args[0] + ": error: cannot read standard input: Is a directory\n");
  }
}

TEST(CliErrors, UrlListThatCannotBeReadIsAnError) {
  const TempDirectory dir;
  const TempFile robots("user-agent: *\n");
  const auto result = run_command(
      kCli, {"diff", robots.path(), robots.path(), "--urls", dir.path(), "--agent", "a"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err,
            "robotstxt diff: error: cannot read '" + dir.path() + "': Is a directory\n");
  EXPECT_EQ(result.out, "");
}

// docs/semantics.md 1.1: only the first 512,000 bytes count, so an endless input still gets its
// verdict, read in bounded memory (before, /dev/zero died of bad_alloc).
TEST(CliErrors, EndlessRobotsFileGetsItsVerdict) {
  auto result = run_command(kCli, {"check", "/dev/zero", "Googlebot", "https://a.com/x"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out,
            "ALLOWED: no rule matched (no group names Googlebot and there is no * "
            "group)\n");
  result = run_command(kCli, {"info", "/dev/zero"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // --all: every finding, although the zeros are no text (binary-body).
  result = run_command(kCli, {"lint", "/dev/zero", "--all"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(has(result.out, "[binary-body]")) << result.out.substr(0, 2000);
  EXPECT_TRUE(has(result.out, "[content-past-limit]")) << result.out.substr(0, 2000);
  EXPECT_TRUE(has(result.out, "The file is more than ")) << result.out.substr(0, 2000);
}

TEST(CliErrors, RulesPastTheLimitAreIgnoredAndLintCountsThem) {
  std::string body = "user-agent: *\ndisallow: /early\n";
  body.resize(512000, '#');
  body += "\ndisallow: /late\r\nx\rdisallow: /later\n";
  const TempFile robots(body);
  EXPECT_EQ(run_command(kCli, {"check", robots.path(), "a", "https://a.com/early"}).exit_code, 1);
  EXPECT_EQ(run_command(kCli, {"check", robots.path(), "a", "https://a.com/late"}).exit_code, 0);
  const auto lint = run_command(kCli, {"lint", robots.path()});
  EXPECT_TRUE(has(lint.out,
                  "The file is 512,037 bytes; Google reads only the first 512,000, so "
                  "this line is cut there and 4 more lines are ignored."))
      << lint.out;
}

TEST(CliErrors, FailedWriteIsReportedOnceWithExit2InEverySubcommand) {
  const TempFile robots("user-agent: *\ndisallow: /x\nsitemap: https://a.com/s.xml\n");
  const TempFile urls("https://a.com/x\n");
  const std::vector<std::vector<std::string>> commands = {
      {"check", robots.path(), "a", "https://a.com/y"},
      {"check", robots.path(), "a", "https://a.com/x", "--json"},
      {"explain", robots.path(), "a", "https://a.com/x"},
      {"info", robots.path()},
      {"lint", robots.path(), "--json"},
      {"diff", robots.path(), robots.path()},
      {"diff", robots.path(), robots.path(), "--json"},
      {"diff", robots.path(), robots.path(), "--urls", urls.path(), "--agent", "a"},
      {"--help"}};
  for (const auto& args : commands) {
    const auto result = run_redirected(kCli, args, Redirects{"", "/dev/full", false});
    EXPECT_EQ(result.exit_code, 2) << args[0];
    EXPECT_EQ(result.err, "robotstxt: write error: No space left on device\n") << args[0];
  }
}

TEST(CliErrors, StreamingCheckStopsAtTheFirstFailedWrite) {
  const TempFile robots("user-agent: *\ndisallow: /x\n");
  std::string many;
  for (int i = 0; i < 200'000; ++i) many += "https://a.com/" + std::to_string(i) + "\n";
  const TempFile urls(many);
  const auto result = run_redirected(kCli, {"check", robots.path(), "a", "-"},
                                     Redirects{urls.path(), "/dev/full", false});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "robotstxt: write error: No space left on device\n");
}

TEST(CliErrors, ClosedPipeEndsQuietlyWithSuccess) {
  const TempFile robots("user-agent: *\ndisallow: /x\n");
  std::string many;
  for (int i = 0; i < 200'000; ++i) many += "https://a.com/x" + std::to_string(i) + "\n";
  const TempFile urls(many);
  const std::vector<std::vector<std::string>> commands = {
      {"check", robots.path(), "a", "-"},
      {"check", robots.path(), "a", "https://a.com/x"},  // disallowed: would exit 1
      {"lint", robots.path()},
      {"info", robots.path()}};
  for (const auto& args : commands) {
    const auto result = run_redirected(kCli, args, Redirects{urls.path(), "", true});
    EXPECT_EQ(result.exit_code, 0) << args[0] << " " << args[3 % args.size()];
    EXPECT_EQ(result.err, "");
  }
}

TEST(CliErrors, ConflictingOrMeaninglessArgumentsAreUsageErrors) {
  const TempFile robots("user-agent: *\n");
  const struct {
    std::vector<std::string> args;
    std::string message;
  } cases[] = {
      {{"check", "-", "a", "-"}, "ROBOTS_FILE and URL cannot both be '-'"},
      {{"diff", "-", "-"}, "only one of OLD, NEW and --urls can be '-'"},
      {{"diff", "-", robots.path(), "--urls", "-", "--agent", "a"},
       "only one of OLD, NEW and --urls can be '-'"},
      {{"explain", robots.path(), "a", "-"}, "explain takes one URL, not '-'"},
      {{"diff", robots.path(), robots.path(), "--urls", robots.path(), "--agent", ""},
       "--agent names no product token"},
      {{"diff", robots.path(), robots.path(), "--urls", robots.path(), "--agent", " , "},
       "--agent names no product token"},
      {{"info", robots.path(), "--agent", ""}, "--agent names no product token"},
      {{"check", robots.path(), "--agent", ","}, "--agent names no product token"},
      {{"check", robots.path(), " , ", "/x"}, "AGENT ' , ' names no product token"},
      // One way at a time to say who asks (docs/cli.md "Naming agents").
      {{"check", robots.path(), "a", "/x", "--agent", "b"},
       "--agent and the AGENT 'a' both say who asks"},
      {{"explain", robots.path(), "a", "/x", "--agent", "b"},
       "--agent and the AGENT 'a' both say who asks"},
      {{"fetch", "http://a.test/", "a", "--agent", "b"},
       "--agent and the AGENT 'a' both say who asks"},
      {{"check", "--crawler", "Googlebot", robots.path(), "a", "/x"},
       "--crawler and the AGENT 'a' both say who asks"},
      {{"explain", "--crawler", "Googlebot", robots.path(), "a", "/x"},
       "--crawler and the AGENT 'a' both say who asks"},
      {{"fetch", "--crawler", "Googlebot", "http://a.test/", "a"},
       "--crawler and the AGENT 'a' both say who asks"},
      {{"check", "--crawler", "Googlebot", "--agent", "a", robots.path(), "/x"},
       "--agent and --crawler both say who asks"},
      {{"check", robots.path()},
       "say who asks: an AGENT, --agent LIST, --crawler NAME or --user-agent-string S"},
      {{"check", robots.path(), "--agent", "a"}, "URL is required"},
  };
  for (const auto& c : cases) {
    const auto result = run_command(kCli, c.args, "user-agent: *\n");
    EXPECT_EQ(result.exit_code, 2) << c.message;
    EXPECT_TRUE(has(result.err, "robotstxt " + c.args[0] + ": error: " + c.message)) << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_EQ(result.out, "") << c.message;
  }
}

TEST(CliErrors, EchoedInputIsCappedAndItsControlBytesEscaped) {
  const std::string hostile = "\x1b[31m" + std::string(100'000, 'x') + "\x07";
  const TempFile robots("user-agent: *\n");
  const std::vector<std::vector<std::string>> commands = {
      {hostile},  // unknown command
      {"check", "/nonexistent/" + hostile.substr(0, 3000), "a", "https://a.com/"},  // path
      {"check", robots.path(), "a", "https://a.com/", hostile},             // unexpected argument
      {"diff", robots.path(), "/nonexistent/" + hostile.substr(0, 3000)}};  // path
  for (const auto& args : commands) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_LT(result.err.size(), 1500u) << args[0].substr(0, 20);
    for (const char c : result.err) {
      EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << result.err;
    }
    EXPECT_LE(count_lines(result.err), 2u) << result.err.substr(0, 500);
  }
  const auto unknown = run_command(kCli, {hostile});
  EXPECT_TRUE(has(unknown.err, "unknown command '\\x1B[31mxxx")) << unknown.err;
  EXPECT_TRUE(has(unknown.err, "more bytes)")) << unknown.err;
}

// A line that is not a URL is matched as path `/` (docs/semantics.md 4.1; conformance needs the
// verdict), and the run says so once, with a count.
TEST(CliErrors, CheckSaysOnceHowManyLinesWereNotUrls) {
  const TempFile robots("user-agent: *\ndisallow: /\n");
  auto result = run_command(kCli, {"check", robots.path(), "a", "-"},
                            "https://a.com/x\nexample.com\n\nfoo#/bar\nhttps://a.com\n/path\n");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "disallowed\thttps://a.com/x\ndisallowed\texample.com\ndisallowed\t\n"
            "disallowed\tfoo#/bar\ndisallowed\thttps://a.com\ndisallowed\t/path\n");
  EXPECT_EQ(result.err, "robotstxt check: 3 lines were not URLs and were checked as path /\n");
  result = run_command(kCli, {"check", robots.path(), "a", "-"}, "https://a.com/x\n");
  EXPECT_EQ(result.err, "");
  result = run_command(kCli, {"check", robots.path(), "a", "example.com"});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err, "robotstxt check: 'example.com' is not a URL and was checked as path /\n");
}

// docs/semantics.md 8: a crawler is a name of the catalogue; a typo is told the closest names,
// on one line, before anything is read.
TEST(CliErrors, UnknownCrawlerSuggestsTheClosestNames) {
  const TempFile robots("user-agent: *\n");
  for (const auto& args :
       {std::vector<std::string>{"check", "--crawler", "Googlebot-Imag", robots.path(), "/x"},
        std::vector<std::string>{"explain", "--crawler", "Googlebot-Imag", robots.path(), "/x"},
        std::vector<std::string>{"fetch", "--crawler", "Googlebot-Imag", "http://a.test/"}}) {
    const auto result = run_command(kCli, args);
    EXPECT_EQ(result.exit_code, 2) << args[0];
    EXPECT_EQ(result.out, "");
    EXPECT_TRUE(has(result.err, "robotstxt " + args[0] +
                                    ": error: unknown crawler 'Googlebot-Imag'; did you mean "
                                    "Googlebot-Image"))
        << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  }
}

}  // namespace
}  // namespace robotstxt
