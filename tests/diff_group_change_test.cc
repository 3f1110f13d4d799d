// `robotstxt diff` when an agent moves to other groups (a crawler given a group of its
// own): the change is said first, in counts, and the rules follow in line order, so a
// reader can check them against the file.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;
constexpr int kGlobalRules = 1214;

// A `*` group whose patterns sort in the opposite order to their lines.
std::string global_group() {
  std::string body = "user-agent: *\n";
  for (int r = kGlobalRules; r > 0; --r) body += "disallow: /p" + std::to_string(10000 + r) + "\n";
  return body;
}

// The numbers after "  - line " (or "  + line "), in output order.
std::vector<int> listed_lines(const std::string& out, const std::string& marker) {
  std::vector<int> lines;
  for (std::size_t at = out.find(marker); at != std::string::npos; at = out.find(marker, at + 1)) {
    lines.push_back(std::stoi(out.substr(at + marker.size())));
  }
  return lines;
}

TEST(DiffGroupChange, AGroupOfItsOwnIsSummarisedBeforeItsRules) {
  const TempFile before(global_group());
  const TempFile after(global_group() + "\nuser-agent: GPTBot\ndisallow: /\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  const std::string summary =
      "  now follows a group of its own, lines 1217-1218 (was the * group, lines 1-1215): the "
      "1,214 * rules no longer apply to it; 1 rule applies\n";
  const std::size_t summary_at = result.out.find(summary);
  ASSERT_NE(summary_at, std::string::npos) << result.out.substr(0, 400);
  EXPECT_LT(summary_at, result.out.find("  - line ")) << "the summary comes first";
  EXPECT_EQ(listed_lines(result.out, "  + line "), std::vector<int>{1218});
}

TEST(DiffGroupChange, RulesAreListedInLineOrder) {
  const TempFile before(global_group());
  const TempFile after(global_group() + "\nuser-agent: GPTBot\ndisallow: /\n");
  const auto text = run_command(kCli, {"diff", before.path(), after.path()});
  std::vector<int> expected;
  for (int line = 2; line <= kGlobalRules + 1; ++line) expected.push_back(line);
  EXPECT_EQ(listed_lines(text.out, "  - line "), expected);
  // JSON keeps the same order.
  const auto json = run_command(kCli, {"diff", "--json", before.path(), after.path()});
  const nlohmann::json removed = nlohmann::json::parse(json.out).at("agents").at(0).at("removed");
  ASSERT_EQ(removed.size(), static_cast<std::size_t>(kGlobalRules));
  EXPECT_EQ(removed.front().at("lines").at(0), 2);
  EXPECT_EQ(removed.back().at("lines").at(0), kGlobalRules + 1);
}

TEST(DiffGroupChange, LosingItsGroupSaysWhichRulesNowApply) {
  const TempFile before(
      "user-agent: *\ndisallow: /a\ndisallow: /b\n\nuser-agent: GPTBot\n"
      "disallow: /\n");
  const TempFile after("user-agent: *\ndisallow: /a\ndisallow: /b\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_NE(result.out.find(
                "(was a group of its own, lines 5-6): its 1 rule no longer applies "
                "to it; the 2 * rules apply\n  + line 2 disallow: /a\n  + line 3 disallow: /b\n"
                "  - line 6 disallow: /\n"),
            std::string::npos)
      << result.out;
}

TEST(DiffGroupChange, NoGroupLeftSaysEverythingIsAllowed) {
  const TempFile before("user-agent: GPTBot\ndisallow: /\n");
  const TempFile after("user-agent: Other\ndisallow: /\n");
  const auto result = run_command(kCli, {"diff", before.path(), after.path()});
  EXPECT_NE(result.out.find("its 1 rule no longer applies to it; no rule applies "
                            "(everything allowed)\n"),
            std::string::npos)
      << result.out;
}

}  // namespace
}  // namespace robotstxt
