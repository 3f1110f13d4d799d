// `robotstxt check FILE AGENT URL` with an argument forgotten: the error names the one
// that is missing, not the one that took its place.
#include <gtest/gtest.h>

#include <string>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;
using testing::TempFile;

const std::string kCli = ROBOTSTXT_CLI;

TEST(CheckArguments, AUrlInTheAgentsPlaceSaysTheAgentIsMissing) {
  const TempFile robots("user-agent: *\ndisallow: /\n");
  for (const std::string url : {"https://example.com/private", "/private"}) {
    const auto result = run_command(kCli, {"check", robots.path(), url});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.err, "robotstxt check: error: AGENT is missing: '" + url +
                              "' is the URL; write 'check FILE AGENT URL', or name the agent "
                              "with --agent or --crawler (see 'robotstxt check --help')\n");
    EXPECT_EQ(result.out, "");
  }
}

TEST(CheckArguments, AnAgentWithoutAUrlSaysTheUrlIsMissing) {
  const TempFile robots("user-agent: *\ndisallow: /\n");
  const auto result = run_command(kCli, {"check", robots.path(), "Googlebot"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "robotstxt check: error: URL is required (see 'robotstxt check --help')\n");
}

}  // namespace
}  // namespace robotstxt
