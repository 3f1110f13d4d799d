// Robustness on real files: every robots.txt of ../shared/corpus parses, and every URL
// of its host is checked for five agents without error.
#include <gtest/gtest.h>

#include <iostream>
#include <iterator>

#include "corpus_loader.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {
namespace {

TEST(Corpus, EveryFileParsesAndEveryUrlIsChecked) {
  const auto hosts = bench::load_corpus(ROBOTSTXT_SHARED_DIR);
  ASSERT_GT(hosts.size(), 0u) << "no corpus under " ROBOTSTXT_SHARED_DIR;
  ASSERT_EQ(hosts.size(), bench::count_robots_files(ROBOTSTXT_SHARED_DIR));
  std::size_t checks = 0;
  std::size_t disallowed = 0;
  std::size_t urls = 0;
  for (const auto& host : hosts) {
    urls += host.urls.size();
    const RobotsTxt robots = RobotsTxt::parse(host.robots_body);
    // The per-line facts and the compiled file count the same lines.
    ASSERT_EQ(describe_lines(host.robots_body).size(), robots.line_count()) << host.name;
    for (const std::string& url : host.urls) {
      for (const std::string_view agent : bench::kCorpusAgents) {
        const Verdict verdict = robots.verdict(url, agent);
        ASSERT_EQ(verdict.allowed, robots.allowed(url, agent)) << host.name << " " << url;
        ++checks;
        disallowed += verdict.allowed ? 0 : 1;
      }
    }
  }
  std::cout << "corpus: " << hosts.size() << " files, " << checks << " checks, " << disallowed
            << " disallowed\n";
  EXPECT_GT(urls, 0u);
  EXPECT_EQ(checks, urls * std::size(bench::kCorpusAgents));
  EXPECT_GT(disallowed, 0u);
}

TEST(Corpus, CompiledSizeStaysUnderThreeTimesTheBody) {
  for (const auto& host : bench::load_corpus(ROBOTSTXT_SHARED_DIR)) {
    const std::size_t counted = std::min(host.robots_body.size(), kMaxBodyBytes);
    EXPECT_LT(RobotsTxt::parse(host.robots_body).memory_usage(), 3 * counted + 1024) << host.name;
  }
}

}  // namespace
}  // namespace robotstxt
