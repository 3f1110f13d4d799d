// `robotstxt crawlers` text output: `--purpose ai` selects as `audit --crawlers ai` does
// (AI training and AI search), and a crawler whose facts are not all verified shows the
// notes its line points to.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "support/run_command.h"

namespace robotstxt {
namespace {

using testing::run_command;

const std::string kCli = ROBOTSTXT_CLI;

std::set<std::string> names_of(const std::string& json_text) {
  std::set<std::string> names;
  const nlohmann::json catalogue = nlohmann::json::parse(json_text);
  for (const auto& crawler : catalogue.at("crawlers")) {
    names.insert(crawler.at("name").get<std::string>());
  }
  return names;
}

TEST(CrawlersListing, PurposeAiIsBothAiPurposes) {
  const auto ai = run_command(kCli, {"crawlers", "--purpose", "ai", "--json"});
  ASSERT_EQ(ai.exit_code, 0) << ai.err;
  std::set<std::string> expected =
      names_of(run_command(kCli, {"crawlers", "--purpose", "ai-training", "--json"}).out);
  const std::set<std::string> search =
      names_of(run_command(kCli, {"crawlers", "--purpose", "ai-search", "--json"}).out);
  expected.insert(search.begin(), search.end());
  ASSERT_FALSE(search.empty());
  EXPECT_EQ(names_of(ai.out), expected);
}

TEST(CrawlersListing, EveryPointerToNotesIsFollowedByThem) {
  const auto result = run_command(kCli, {"crawlers"});
  ASSERT_EQ(result.exit_code, 0);
  std::istringstream lines(result.out);
  std::size_t pointers = 0;
  std::string line, previous;
  bool pointer_open = false;
  while (std::getline(lines, line)) {
    if (pointer_open) {
      EXPECT_TRUE(line.starts_with("  notes: ") && line.size() > 9) << previous << "\n" << line;
      pointer_open = false;
    }
    if (line.ends_with("see notes")) {
      ++pointers;
      pointer_open = true;
    }
    previous = line;
  }
  EXPECT_GT(pointers, 0u);
  EXPECT_FALSE(pointer_open);
}

}  // namespace
}  // namespace robotstxt
