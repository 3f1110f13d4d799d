#include "support/polite_crawl.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include <nlohmann/json.hpp>

namespace robotstxt::testing {

std::int64_t unix_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

PoliteCrawl crawl_politely(const ServiceProcess& first, const ServiceProcess& second,
                           const PoliteCrawlPlan& plan) {
  using nlohmann::json;
  std::atomic<int> next_page{0};
  std::mutex mutex;
  PoliteCrawl crawl;
  std::vector<std::thread> workers;
  for (int w = 0; w < plan.workers; ++w) {
    workers.emplace_back([&, w] {
      const ServiceProcess& service = w % 2 == 0 ? first : second;
      HttpClient to_service;
      HttpClient to_site;
      for (int i = next_page++; i < plan.pages; i = next_page++) {
        const std::string path = "/page/" + std::to_string(i);
        const std::string url = plan.site + path;
        const json slot = json::parse(to_service
                                          .request("POST", service.url("/v1/acquire"),
                                                   json{{"url", url}, {"agent", plan.agent}}.dump())
                                          .body,
                                      nullptr, false);
        if (!slot.is_object() || slot.value("reserved", false) != true ||
            slot.value("schedule", "") != "shared" ||
            (!plan.spacing_source.empty() &&
             slot.value("spacing_source", "") != plan.spacing_source)) {
          const std::lock_guard lock(mutex);
          crawl.failures.push_back(slot.dump());
          continue;
        }
        const auto not_before = slot["not_before"].get<std::int64_t>();
        std::this_thread::sleep_for(
            std::chrono::milliseconds(std::max<std::int64_t>(not_before - unix_ms(), 0)));
        const HttpResult page = to_site.request("GET", url);
        const std::lock_guard lock(mutex);
        crawl.slots.push_back(not_before);
        crawl.slot_of_path[path] = not_before;
        if (page.status != 200) {
          crawl.failures.push_back(url + " answered " + std::to_string(page.status));
        }
      }
    });
  }
  for (std::thread& worker : workers) worker.join();
  std::sort(crawl.slots.begin(), crawl.slots.end());
  return crawl;
}

}  // namespace robotstxt::testing
