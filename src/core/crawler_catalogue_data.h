// What the generated catalogue table (crawler_catalogue_data.cc, made from
// data/crawlers.json by cmake/CrawlerCatalogue.cmake) defines.
#ifndef ROBOTSTXT_SRC_CORE_CRAWLER_CATALOGUE_DATA_H_
#define ROBOTSTXT_SRC_CORE_CRAWLER_CATALOGUE_DATA_H_

#include <cstddef>
#include <string_view>

#include "robotstxt/crawler_catalogue.h"

namespace robotstxt::internal {

// The data file's purpose strings; the data test rejects any other, so the fallback
// never shows.
constexpr CrawlerPurpose purpose(std::string_view name) {
  if (name == "search") return CrawlerPurpose::kSearch;
  if (name == "ads") return CrawlerPurpose::kAds;
  if (name == "ai-training") return CrawlerPurpose::kAiTraining;
  if (name == "ai-search") return CrawlerPurpose::kAiSearch;
  if (name == "user-triggered") return CrawlerPurpose::kUserTriggered;
  return CrawlerPurpose::kOther;
}

extern const Crawler kCrawlerCatalogue[];
extern const std::size_t kCrawlerCatalogueSize;
extern const std::string_view kCrawlerCatalogueUpdated;

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_CRAWLER_CATALOGUE_DATA_H_
