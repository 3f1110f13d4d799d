// serve reads batch bodies with an event parser (no document): it must read every body
// exactly as the document it replaced did, member by member, and refuse what that refused.
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "service/batch_body.h"
#include "support/batch_body_document.h"

namespace robotstxt::service {
namespace {

using nlohmann::json;

TEST(BatchBodyTest, ReadsEveryBodyAsTheParsedDocumentDid) {
  const std::vector<std::string> bodies = {
      R"({"agent":"bot","urls":["http://a.com/","http://b.com/x"]})",
      R"({"crawler":"Googlebot","urls":[]})",
      R"j({"user_agent":"Mozilla/5.0 (compatible; Googlebot/2.1)","urls":["a"]})j",
      R"({"user_agent":"first","user_agent":7,"urls":["a"]})",  // the last one, not a string
      R"({"user_agent":["x"],"agent":"bot","urls":["a"]})",
      R"({"urls":["http://a.com/"],"agent":"bot","extra":{"urls":["nested"],"agent":"no"}})",
      R"({"agent":"first","agent":"last","urls":["a"],"urls":["b","c"]})",  // last one counts
      R"({"agent":"bot","urls":["a"],"urls":"not an array"})",
      R"({"agent":42,"crawler":null,"urls":[1,"a",{"b":[]},["c"],true,null,2.5]})",
      R"({"agent":"bot","urls":{"0":"http://a.com/"}})",
      R"({"agent":["bot"],"crawler":{"name":"x"},"urls":[["x"]]})",
      R"({"agent":"b\u00f6t \"q\" \\","urls":["http://a.com/caf\u00e9?q=\"1\"\n"]})",
      R"({})",
      R"(  {"agent":"bot"}  )",
      R"([{"agent":"bot","urls":["a"]}])",  // an array, not an object
      R"("text")",
      R"(42)",
      R"(null)",
      R"({"agent":"bot","urls":["a",]})",  // bad JSON from here on
      R"({"agent":"bot","urls":["a"]} trailing)",
      R"({"agent":"bot")",
      "",
      "{\"agent\":\"\xff\",\"urls\":[]}",
      // Bodies simdjson refuses and nlohmann accepts, or the other way round: either way
      // the service answers as the document did.
      "\xEF\xBB\xBF{\"agent\":\"bot\",\"urls\":[\"a\"]}",  // a byte order mark
      R"({"agent":"bot","urls":["a"],"n":123456789012345678901234567890})",
      R"({"agent":"bot","urls":["a"],"n":1e999})",
      R"({"agent":"\ud800","urls":["a"]})",  // a lone surrogate
      R"({"agent":"\ud83d\ude00","urls":["http://a.com/\u0000x"]})",
      R"({"\u0061gent":"bot","urls":["a"]})",
      "{\"agent\":\"bot\",\"urls\":[\"a\"],\"deep\":" + std::string(1100, '[') +
          std::string(1100, ']') + "}",
  };
  for (const std::string& text : bodies) {
    const std::optional<BatchBody> expected = testing::read_batch_body_as_document(text);
    BatchBody read;
    ASSERT_EQ(read_batch_body(text, read), expected.has_value()) << text;
    if (!expected) continue;
    EXPECT_TRUE(testing::same_reading(read, *expected)) << text;
    // The event reader alone reads every body JSON allows; simdjson's, when it reads one,
    // reads it the same way.
    BatchBody by_events;
    ASSERT_TRUE(read_batch_body_with_events(text, by_events)) << text;
    EXPECT_TRUE(testing::same_reading(by_events, *expected)) << text;
    BatchBody by_simdjson;
    if (read_batch_body_with_simdjson(text, by_simdjson)) {
      EXPECT_TRUE(testing::same_reading(by_simdjson, *expected)) << text;
    }
  }
}

TEST(BatchBodyTest, CountsEveryElementOfALargeBatch) {
  json body = {{"agent", "bot"}, {"urls", json::array()}};
  for (int i = 0; i < 10001; ++i) body["urls"].push_back("http://h" + std::to_string(i) + ".com/");
  BatchBody read;
  ASSERT_TRUE(read_batch_body(body.dump(), read));
  EXPECT_EQ(read.url_count, 10001U);
  ASSERT_EQ(read.urls.size(), 10001U);
  EXPECT_EQ(read.urls.front(), "http://h0.com/");
  EXPECT_EQ(read.urls.back(), "http://h10000.com/");
}

}  // namespace
}  // namespace robotstxt::service
