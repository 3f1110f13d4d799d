// Reads tests/data/conformance/spec-test.jsonl: the public robotstxt-spec-test cases.
#ifndef ROBOTSTXT_TESTS_SUPPORT_CONFORMANCE_CASES_H_
#define ROBOTSTXT_TESTS_SUPPORT_CONFORMANCE_CASES_H_

#include <string>
#include <vector>

namespace robotstxt::testing {

struct ConformanceCase {
  std::string file;  // the textproto it came from, for messages
  std::string body;  // decoded robots.txt bytes
  std::string url;
  std::string agent;
  bool expected_allowed = false;
  bool google_specific = false;
};

/// All cases, in file order; empty if the file cannot be read.
std::vector<ConformanceCase> load_conformance_cases(const std::string& jsonl_path);

/// Standard base64 (RFC 4648) with padding; invalid characters are skipped.
std::string decode_base64(const std::string& text);

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_CONFORMANCE_CASES_H_
