// Bodies that are no robots.txt (an HTML page, binary data) through `lint` and `info`:
// said once, with the evidence, instead of a finding or a directive for each of their
// lines; --all still lists every line, and --json always does.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/occurrences.h"
#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::count_of;
using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

// A "not found" page as many sites serve at /robots.txt: nearly every line reads as an
// unknown directive ("<p>paragraph 1</p>" as one without a colon), and one minified line
// is kilobytes long.
std::string html_page() {
  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Not found</title>\n";
  for (int i = 0; i < 300; ++i) {
    page += "<meta name=\"m" + std::to_string(i) + "\" content=\"a: b\">\n";
    page += "<p>paragraph " + std::to_string(i) + "</p>\n";
  }
  page += "<script>var config = {" + std::string(6000, 'x') + ": 1};</script>\n";
  return page + "</head><body>Not found</body></html>\n";
}

TEST(NotRobotsTxt, LintSaysHtmlOnceWithTheEvidenceAndCountsTheRest) {
  const TempFile page(html_page());
  const auto result = run_command(kCli, {"lint", page.path()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(count_of(result.out, "[html-body]"), 1u) << result.out;
  EXPECT_NE(result.out.find("line 1 has `<!DOCTYPE html>`"), std::string::npos) << result.out;
  // No line finding is listed; their number is given, and how to see them.
  EXPECT_EQ(count_of(result.out, "[unknown-key]"), 0u) << result.out;
  EXPECT_EQ(count_of(result.out, "[unparsable-line]"), 0u) << result.out;
  EXPECT_NE(result.out.find(" line findings not shown, since this is not a robots.txt "
                            "(--all shows them)\n"),
            std::string::npos)
      << result.out;
  EXPECT_LT(result.out.size(), 2000u) << result.out;
}

TEST(NotRobotsTxt, LintAllAndJsonListEveryLineFinding) {
  const TempFile page(html_page());
  const auto all = run_command(kCli, {"lint", "--all", page.path()});
  EXPECT_EQ(count_of(all.out, "[unknown-key]"), 605u);
  EXPECT_EQ(all.out.find("not shown"), std::string::npos);
  const auto json = run_command(kCli, {"lint", "--json", page.path()});
  const auto findings = nlohmann::json::parse(json.out).at("findings");
  std::size_t unknown = 0;
  for (const auto& finding : findings) unknown += finding.at("code") == "unknown-key" ? 1 : 0;
  EXPECT_EQ(unknown, 605u);
}

TEST(NotRobotsTxt, LintSaysBinaryBodyOnceWithItsFirstBytes) {
  std::string gzip_like("\x1F\x8B\x08\x00\x00\x00\x00\x00\x00\x03", 10);
  for (int i = 0; i < 200; ++i) gzip_like += std::string("\x01\x02: \x7F\n", 6);
  const TempFile body(gzip_like);
  const auto result = run_command(kCli, {"lint", body.path()});
  EXPECT_EQ(count_of(result.out, "[binary-body]"), 1u) << result.out;
  EXPECT_NE(result.out.find("starts with 1F 8B 08 00 00 00 00 00"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("not shown, since this is not a robots.txt"), std::string::npos)
      << result.out;
  EXPECT_EQ(count_of(result.out, "[unparsable-line]"), 0u) << result.out;
}

TEST(NotRobotsTxt, LintOfARealFileListsEveryFinding) {
  const TempFile robots("user-agent: a\nfoo: bar\n<p>not a tag page</p>\n");
  const auto result = run_command(kCli, {"lint", robots.path()});
  EXPECT_EQ(count_of(result.out, "[unknown-key]"), 1u) << result.out;
  EXPECT_EQ(count_of(result.out, "[unparsable-line]"), 1u) << result.out;
  EXPECT_EQ(result.out.find("not shown"), std::string::npos) << result.out;
}

TEST(NotRobotsTxt, InfoSaysHtmlInsteadOfListingItsLinesAsDirectives) {
  const TempFile page(html_page());
  const auto result = run_command(kCli, {"info", page.path()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("other directives: 605 not listed, since this is not a robots.txt "
                            "(--all lists them)\n  This is an HTML page"),
            std::string::npos)
      << result.out;
  EXPECT_EQ(result.out.find("<meta"), std::string::npos) << result.out;
  EXPECT_LT(result.out.size(), 2000u) << result.out;
}

TEST(NotRobotsTxt, InfoAllCutsLongDirectivesAndSaysByHowMuch) {
  const TempFile page(html_page());
  const auto result = run_command(kCli, {"info", "--all", page.path()});
  EXPECT_EQ(count_of(result.out, "<meta name="), 300u);
  EXPECT_EQ(result.out.find(std::string(200, 'x')), std::string::npos);
  EXPECT_NE(result.out.find(" more bytes)"), std::string::npos);
  // JSON keeps each value whole.
  const auto json = run_command(kCli, {"info", "--json", page.path()});
  EXPECT_NE(json.out.find(std::string(6000, 'x')), std::string::npos);
}

}  // namespace
}  // namespace robotstxt
