// A fleet's crawl as the politeness tests run it: workers spread over two service
// instances each take the next page, acquire its slot (POST /v1/acquire), sleep until
// it and fetch the page from the fixture origin, recording each slot.
#ifndef ROBOTSTXT_TESTS_SUPPORT_POLITE_CRAWL_H_
#define ROBOTSTXT_TESTS_SUPPORT_POLITE_CRAWL_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/service_process.h"

namespace robotstxt::testing {

struct PoliteCrawlPlan {
  std::string site;  ///< the origin's base URL; pages are SITE/page/0 ... SITE/page/N-1
  int pages = 0;
  int workers = 0;  ///< worker w asks the first instance when w is even, else the second
  std::string agent;
  /// The spacing_source every slot must give; empty: any.
  std::string spacing_source;
};

struct PoliteCrawl {
  std::vector<std::int64_t> slots;                   ///< not_before of every fetch, sorted
  std::map<std::string, std::int64_t> slot_of_path;  ///< "/page/I" -> its slot
  /// A slot that was not reserved on the shared schedule (its JSON), or a page that did
  /// not answer 200: empty when the crawl went right.
  std::vector<std::string> failures;
};

/// Runs the crawl of `plan` over `first` and `second` and returns once every worker ended.
PoliteCrawl crawl_politely(const ServiceProcess& first, const ServiceProcess& second,
                           const PoliteCrawlPlan& plan);

/// Milliseconds since the Unix epoch: the clock slots are given in.
std::int64_t unix_ms();

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_POLITE_CRAWL_H_
