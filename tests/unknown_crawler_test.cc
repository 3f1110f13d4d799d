// A crawler name the catalogue does not have (docs/semantics.md 8) is answered in one wording
// wherever it is given: on the command line, in serve's queries and in its bodies, with
// the closest names. Only the command line adds where the catalogue is listed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using nlohmann::json;
using testing::HttpResult;
using testing::run_command;
using testing::ServiceProcess;
using testing::TempFile;

constexpr const char* kCli = ROBOTSTXT_CLI;
constexpr const char* kMessage =
    "unknown crawler 'Googlebot-Imag'; did you mean Googlebot-Image, Googlebot-Video, "
    "Googlebot-News?";

std::string error_of(const HttpResult& result) {
  const json body = json::parse(result.body, nullptr, false);
  return body.is_object() && body.contains("error") && body["error"].is_string()
             ? body["error"].get<std::string>()
             : "";
}

TEST(UnknownCrawlerTest, TheCommandLineSaysTheSharedWordsAndWhereTheListIs) {
  const TempFile robots("user-agent: *\n");
  const auto one = run_command(kCli, {"check", "--crawler", "Googlebot-Imag", robots.path(), "/x"});
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_EQ(one.err, std::string("robotstxt check: error: ") + kMessage +
                         " ('robotstxt crawlers' lists them all) (see 'robotstxt check --help')\n");
  const auto selection =
      run_command(kCli, {"audit", "--crawlers", "search,Googlebot-Imag", robots.path(), "/x"});
  EXPECT_EQ(selection.exit_code, 2);
  EXPECT_EQ(selection.err,
            std::string("robotstxt audit: error: ") + kMessage +
                " ('robotstxt crawlers' lists them all) (see 'robotstxt audit --help')\n");
}

TEST(UnknownCrawlerTest, TheServiceSaysTheSameWordsForOneCrawlerAndForASelection) {
  ServiceProcess service({"--allow-private"});
  ASSERT_NE(service.port(), 0);
  const std::vector<json> bodies = {
      {{"robots_txt", "user-agent: *\n"}, {"crawler", "Googlebot-Imag"}, {"urls", {"/x"}}},
      {{"robots_txt", "user-agent: *\n"},
       {"crawlers", "search,Googlebot-Imag"},
       {"urls", {"http://a.test/x"}}},
      {{"robots_txt", "user-agent: *\n"},
       {"crawlers", {"Googlebot-Imag"}},
       {"urls", {"http://a.test/x"}}},
  };
  for (const json& body : bodies) {
    const HttpResult result = service.post("/v1/evaluate", body.dump());
    EXPECT_EQ(result.status, 400) << body.dump();
    EXPECT_EQ(error_of(result), kMessage) << result.body;
  }
  // Refused before anything is fetched: the port behind the URL is never asked.
  const HttpResult check =
      service.get("/v1/check?url=http%3A%2F%2F127.0.0.1%3A9%2Fx&crawler=Googlebot-Imag");
  EXPECT_EQ(check.status, 400) << check.body;
  EXPECT_EQ(error_of(check), kMessage) << check.body;
}

}  // namespace
}  // namespace robotstxt
