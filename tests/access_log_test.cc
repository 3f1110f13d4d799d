// `serve --access-log FILE`: one bounded line per request, fields split by spaces.
#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

std::vector<std::string> lines_of(const std::string& path) {
  std::ifstream file(path);
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> fields_of(const std::string& line) {
  std::istringstream stream(line);
  std::vector<std::string> fields;
  for (std::string field; stream >> field;) fields.push_back(field);
  return fields;
}

TEST(AccessLogTest, OneLinePerRequestWithLongTargetsCut) {
  const testing::TempFile log("");
  testing::ServiceProcess service({"--access-log", log.path()});
  ASSERT_NE(service.port(), 0);
  const std::string long_query(5000, 'a');
  EXPECT_EQ(service.get("/healthz").status, 200);
  EXPECT_EQ(service.get("/v1/nothing-here").status, 404);
  EXPECT_EQ(service.get("/healthz?padding=" + long_query).status, 200);
  // Each line is written and flushed once its answer is out, not at exit: moments after
  // the client has read it.
  std::vector<std::string> lines = lines_of(log.path());
  for (int attempt = 0; attempt < 250 && lines.size() < 3; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    lines = lines_of(log.path());
  }
  ASSERT_EQ(lines.size(), 3U);

  // Each line is written once its answer is out, on whichever I/O thread sent it: the
  // client may read one answer and send its next request before that line is written,
  // so lines are found by their target, not by their order.
  std::vector<std::vector<std::string>> records;
  for (const std::string& line : lines) {
    records.push_back(fields_of(line));
    ASSERT_EQ(records.back().size(), 7U) << line;
    EXPECT_LE(line.size(), 400U) << line;
  }
  // The line whose target is `target`, or starts with it when it ends in '='.
  const auto record_for = [&records](const std::string& target) {
    for (const std::vector<std::string>& record : records) {
      if (target.ends_with('=') ? record[3].starts_with(target) : record[3] == target) {
        return record;
      }
    }
    ADD_FAILURE() << "no line for " << target;
    return std::vector<std::string>(7);
  };

  const std::vector<std::string> first = record_for("/healthz");
  EXPECT_EQ(first[0].size(), std::string("2026-01-02T03:04:05.678Z").size());
  EXPECT_TRUE(first[0].ends_with("Z")) << first[0];
  EXPECT_TRUE(first[1].starts_with("127.0.0.1:")) << first[1];
  EXPECT_EQ(first[2], "GET");
  EXPECT_EQ(first[4], "200");
  EXPECT_GT(std::stoul(first[5]), 0U);
  EXPECT_GE(std::stod(first[6]), 0.0);

  EXPECT_EQ(record_for("/v1/nothing-here")[4], "404");

  const std::vector<std::string> third = record_for("/healthz?padding=");
  EXPECT_TRUE(third[3].starts_with("/healthz?padding=aaa")) << third[3];
  EXPECT_TRUE(third[3].ends_with("a...")) << third[3];
  EXPECT_EQ(third[4], "200");
  EXPECT_EQ(service.terminate(), 0);
}

TEST(AccessLogTest, AFileThatCannotBeOpenedIsAUsageError) {
  const testing::CommandResult result = testing::run_command(
      ROBOTSTXT_CLI, {"serve", "--listen", "127.0.0.1:0", "--access-log", "/nonexistent/dir/log"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--access-log"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace robotstxt
