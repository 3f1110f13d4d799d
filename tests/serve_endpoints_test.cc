// `serve --help` lists every endpoint the service answers, and the service answers every
// endpoint the help lists: both read one list (tools/service/endpoints.h), which the
// endpoint list of docs/serve.md is held to here, row by row.
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "service/endpoints.h"
#include "support/read_file.h"
#include "support/run_command.h"
#include "support/service_process.h"

namespace robotstxt {
namespace {

using testing::read_file;

TEST(ServeEndpointsTest, HelpListsEveryEndpointWithItsMethod) {
  const testing::CommandResult help = testing::run_command(ROBOTSTXT_CLI, {"serve", "--help"});
  ASSERT_EQ(help.exit_code, 0) << help.err;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    const std::string method_and_path =
        "  " + std::string(endpoint.method) + ' ' + std::string(endpoint.path) + "  ";
    EXPECT_NE(help.out.find(method_and_path), std::string::npos)
        << method_and_path << " is missing from serve --help:\n"
        << help.out;
  }
}

// An endpoint the help lists but the router does not know answers 404 (or 405 when it
// knows the path under another method).
TEST(ServeEndpointsTest, EveryListedEndpointIsRouted) {
  testing::ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  testing::HttpClient client;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    // No query and an empty body: a 400 shows the endpoint was reached. Nothing is fetched.
    const testing::HttpResult result =
        client.request(std::string(endpoint.method), service.url(std::string(endpoint.path)), "{}");
    EXPECT_NE(result.status, 0) << endpoint.method << ' ' << endpoint.path;
    EXPECT_NE(result.status, 404) << endpoint.method << ' ' << endpoint.path;
    EXPECT_NE(result.status, 405) << endpoint.method << ' ' << endpoint.path;
  }
  // The check above can fail: a path nobody routes is 404.
  EXPECT_EQ(client.request("GET", service.url("/v1/nothing-here")).status, 404);
}

// The cells of a Markdown table row ("| a | b \\| c |" -> {"a", "b | c"}), trimmed.
std::vector<std::string> cells_of(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 1; i < row.size(); ++i) {
    if (row[i] == '\\' && i + 1 < row.size() && row[i + 1] == '|') {
      cell += '|';
      ++i;
    } else if (row[i] == '|') {
      const std::size_t first = cell.find_first_not_of(' ');
      const std::size_t last = cell.find_last_not_of(' ');
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  return cells;
}

// The rows of the table whose header row is `header`, in order (the separator skipped).
std::vector<std::vector<std::string>> table_after(const std::string& text,
                                                  const std::string& header) {
  std::vector<std::vector<std::string>> rows;
  std::size_t at = text.find("\n" + header + "\n");
  if (at == std::string::npos) return rows;
  at = text.find('\n', text.find('\n', at + 1) + 1);  // past the header and the separator
  while (at != std::string::npos && at + 1 < text.size() && text[at + 1] == '|') {
    const std::size_t end = text.find('\n', at + 1);
    rows.push_back(cells_of(text.substr(at + 1, end - at - 1)));
    at = end;
  }
  return rows;
}

// docs/serve.md lists the endpoints as the table does: same order, methods, paths,
// labels and phrases. A row added to the table, or a phrase changed, fails here until
// the document says the same.
TEST(ServeEndpointsTest, TheDocumentListsTheTableRowByRow) {
  const std::string doc = read_file(std::string(ROBOTSTXT_SOURCE_DIR) + "/docs/serve.md");
  const std::vector<std::vector<std::string>> rows =
      table_after(doc, "| endpoint | `/metrics` label | what it is |");
  ASSERT_EQ(rows.size(), service::kEndpoints.size()) << "docs/serve.md's endpoint list";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const service::EndpointDescription& endpoint = service::kEndpoints[i];
    ASSERT_EQ(rows[i].size(), 3u) << i;
    EXPECT_EQ(rows[i][0],
              "`" + std::string(endpoint.method) + " " + std::string(endpoint.path) + "`");
    EXPECT_EQ(rows[i][1], "`" + std::string(endpoint.label) + "`") << endpoint.path;
    EXPECT_EQ(rows[i][2], endpoint.purpose) << endpoint.path;
  }
  // What requests that reach no endpoint are counted as is said beside the list.
  EXPECT_NE(doc.find("`" + std::string(service::kNoEndpointLabel) + "`"), std::string::npos);
  // And each endpoint's answer is described in the table that follows.
  const std::vector<std::vector<std::string>> answers = table_after(doc, "| endpoint | answer |");
  ASSERT_FALSE(answers.empty());
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    const std::string named = std::string(endpoint.method) + " " + std::string(endpoint.path);
    bool described = false;
    for (const std::vector<std::string>& row : answers) {
      // "GET /v1/robots" must not be found in "GET /v1/robots.txt".
      for (std::size_t at = row[0].find(named); at != std::string::npos && !described;
           at = row[0].find(named, at + 1)) {
        const char next = at + named.size() < row[0].size() ? row[0][at + named.size()] : '`';
        described = next == '`' || next == '?' || next == ' ';
      }
    }
    EXPECT_TRUE(described) << named << " has no answer described in docs/serve.md";
  }
}

// Labels and routes are one each: two rows with one label would count as one endpoint.
TEST(ServeEndpointsTest, LabelsAndRoutesAreUnique) {
  std::set<std::string> labels = {std::string(service::kNoEndpointLabel)};
  std::set<std::string> routes;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    EXPECT_TRUE(labels.insert(std::string(endpoint.label)).second) << endpoint.label;
    EXPECT_TRUE(
        routes.insert(std::string(endpoint.method) + " " + std::string(endpoint.path)).second)
        << endpoint.path;
    EXPECT_EQ(endpoint.at_once != nullptr,
              endpoint.answered_on == service::AnsweredOn::kIoThreadOnce)
        << endpoint.path;
  }
}

// Every request is counted under the label of the endpoint that answered it, and a
// request no endpoint answers (404, 405, 401) under "other".
TEST(ServeEndpointsTest, MetricsCountEachEndpointUnderItsLabel) {
  testing::ServiceProcess service({});
  ASSERT_NE(service.port(), 0);
  testing::HttpClient client;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    (void)client.request(std::string(endpoint.method), service.url(std::string(endpoint.path)),
                         "{}");
  }
  (void)client.request("GET", service.url("/v1/nothing-here"));
  (void)client.request("PUT", service.url("/v1/check"));
  const std::string metrics = client.request("GET", service.url("/metrics")).body;
  for (const service::EndpointDescription& endpoint : service::kEndpoints) {
    // /metrics itself is counted once answered: the exposition shows the earlier one.
    const std::string sample = "robotstxt_request_duration_seconds_count{endpoint=\"" +
                               std::string(endpoint.label) + "\"} 1\n";
    EXPECT_NE(metrics.find(sample), std::string::npos) << sample << metrics;
  }
  EXPECT_NE(metrics.find("robotstxt_requests_total{endpoint=\"other\",code=\"4xx\"} 2\n"),
            std::string::npos)
      << metrics;
}

}  // namespace
}  // namespace robotstxt
