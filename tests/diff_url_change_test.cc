// `robotstxt diff --urls`: under every URL whose answer or deciding rule changes, one
// sentence saying what changed and why, in a site owner's words: a group of its own, a
// rule added or removed, a longer rule that now decides.
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

struct DiffRun {
  int exit_code = 0;
  std::string out;
};

DiffRun diff_urls(const std::string& before_body, const std::string& after_body,
                  const std::string& url, const std::string& agent,
                  const std::vector<std::string>& extra = {}) {
  const TempFile before(before_body);
  const TempFile after(after_body);
  const TempFile urls(url + "\n");
  std::vector<std::string> args = {"diff",      before.path(), after.path(), "--urls",
                                   urls.path(), "--agent",     agent};
  args.insert(args.end(), extra.begin(), extra.end());
  const auto result = run_command(kCli, args);
  return {result.exit_code, result.out};
}

TEST(DiffUrlChange, AGroupOfItsOwnIsNamedWithTheRuleThatNowDecides) {
  const auto result = diff_urls("user-agent: *\nallow: /\n",
                                "user-agent: *\nallow: /\n\nuser-agent: GPTBot\ndisallow: /\n",
                                "http://a.com/x", "GPTBot");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.out,
            "http://a.com/x  allowed -> disallowed  (was by line 2: allow: /; now by line 5: "
            "disallow: /)\n"
            "  now disallowed: GPTBot has its own group since line 4, and `disallow: /` (line 5) "
            "decides instead of `allow: /` (old line 2)\n"
            "1 of 1 URLs change for GPTBot\n");
}

TEST(DiffUrlChange, LosingItsOwnGroupSaysWhichGroupAppliesNow) {
  const auto result = diff_urls("user-agent: *\ndisallow: /x\nuser-agent: bot\nallow: /\n",
                                "user-agent: *\ndisallow: /x\n", "http://a.com/x", "bot");
  EXPECT_NE(result.out.find("  now disallowed: bot no longer has its own group (old line 3), so "
                            "the * group applies (line 1), and `disallow: /x` (line 2) decides "
                            "instead of `allow: /` (old line 4)\n"),
            std::string::npos)
      << result.out;
}

TEST(DiffUrlChange, ARemovedRuleIsNamedWithItsOldLine) {
  const auto result =
      diff_urls("user-agent: *\ndisallow: /private\n", "user-agent: *\ndisallow: /other\n",
                "http://a.com/private/x", "bot");
  EXPECT_NE(result.out.find("\n  now allowed: `disallow: /private` (old line 2) was removed\n"),
            std::string::npos)
      << result.out;
}

TEST(DiffUrlChange, ALongerRuleAddedIsStrongerThanTheOldOne) {
  const auto result =
      diff_urls("user-agent: *\ndisallow: /\n", "user-agent: *\ndisallow: /\nallow: /public\n",
                "http://a.com/public/x", "bot");
  EXPECT_NE(result.out.find("\n  now allowed: `allow: /public` (line 3) was added and is stronger "
                            "than `disallow: /` (old line 2)\n"),
            std::string::npos)
      << result.out;
}

TEST(DiffUrlChange, ASameAnswerUnderAnotherRuleIsARowButNotAFlip) {
  const auto result =
      diff_urls("user-agent: *\ndisallow: /b\n", "user-agent: *\ndisallow: /b\nallow: /a\n",
                "http://a.com/a", "bot");
  // The answer stays, so the exit status says nothing flipped.
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out,
            "http://a.com/a  allowed -> allowed  (was no rule matched; now by line 3: allow: /a)\n"
            "  still allowed, but `allow: /a` (line 3) was added and decides\n"
            "0 of 1 URLs change for bot; 1 more keeps its answer under another rule\n");
}

TEST(DiffUrlChange, ARuleThatOnlyMovedIsNoChange) {
  const auto result =
      diff_urls("user-agent: *\ndisallow: /a\n", "# moved down\nuser-agent: *\n\ndisallow: /a\n",
                "http://a.com/a", "bot");
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "0 of 1 URLs change for bot\n");
}

TEST(DiffUrlChange, JsonGivesTheSentenceAsChange) {
  const auto result =
      diff_urls("user-agent: *\ndisallow: /b\n", "user-agent: *\ndisallow: /b\nallow: /a\n",
                "http://a.com/a", "bot", {"--json"});
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_EQ(json["changed"], 0);
  EXPECT_EQ(json["rule_changed"], 1);
  ASSERT_EQ(json["changes"].size(), 1u);
  EXPECT_EQ(json["changes"][0]["change"],
            "still allowed, but `allow: /a` (line 3) was added and decides");
}

TEST(DiffUrlChange, WithoutADecidingRuleItSaysWhatExplainSays) {
  // The * group goes: nothing applies, the sentence explain gives for no group.
  const auto result = diff_urls("user-agent: *\ndisallow: /\n", "user-agent: x\ndisallow: /\n",
                                "http://a.com/a", "bot");
  EXPECT_NE(result.out.find("  now allowed: the * group (old line 1) was removed, and no group "
                            "names the agent and there is no * group: everything is allowed\n"),
            std::string::npos)
      << result.out;
}

}  // namespace
}  // namespace robotstxt
