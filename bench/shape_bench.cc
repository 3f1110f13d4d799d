// Parse speed and compiled size by input shape (docs/performance.md): one group of
// 25,000 rules, the shapes tests/hostile_input_test.cc builds to maximise compiled
// bytes per input byte, and files of the shortest lines, where the cost per line is
// all there is. Each shape is parsed REPEATS times; min and median are printed.
// Usage: shape_bench [REPEATS]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace {

using Clock = std::chrono::steady_clock;

std::string repeat(const std::string& text, std::size_t times) {
  std::string out;
  out.reserve(text.size() * times);
  for (std::size_t i = 0; i < times; ++i) out += text;
  return out;
}

std::string one_group_of_rules(int rules) {
  std::string body = "user-agent: *\n";
  for (int i = 0; i < rules; ++i) {
    // A mix like the corpus's: directories, files, and wildcard rules.
    const std::string n = std::to_string(i * 7919 % 100'003);
    body += i % 3 == 0   ? "disallow: /dir" + n + "/\n"
            : i % 3 == 1 ? "allow: /page-" + n + ".html\n"
                         : "disallow: /*?sort=" + n + "\n";
  }
  return body;
}

struct Shape {
  const char* name;
  std::string body;
};

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const Shape shapes[] = {
      {"one group of 25,000 rules", one_group_of_rules(25'000)},
      {"allow:x x 60,000", "user-agent:a\n" + repeat("allow:x\n", 60'000)},
      {"allow: (empty) x 60,000", "user-agent:a\n" + repeat("allow:\n", 60'000)},
      {"allow:/index.htm x 30,000", "user-agent:a\n" + repeat("allow:/index.htm\n", 30'000)},
      {"allow: 40 x 0x80 /index.htm x 5,000",
       "user-agent:a\n" + repeat("allow:" + std::string(40, '\x80') + "/index.htm\n", 5000)},
      {"useragent a / allow x, x 30,000", repeat("useragent a\nallow x\n", 30'000)},
      {"useragent a x 40,000", repeat("useragent a\n", 40'000)},
      {"a:b x 120,000", repeat("a:b\n", 120'000)},
      {"a: x 150,000", repeat("a:\n", 150'000)},
      {"a: x 150,000 in a group", "user-agent:a\n" + repeat("a:\n", 150'000)},
      {"sitemap:x x 50,000", repeat("sitemap:x\n", 50'000)},
      {"empty lines x 500,000", repeat("\n", 500'000)},
      {"# x 250,000", repeat("#\n", 250'000)},
      {"a b (no colon) x 125,000", repeat("a b\n", 125'000)},
  };
  std::printf("shape: parse+compile MB/s at the min / median time of %d rounds; compiled bytes\n",
              repeats);
  for (const Shape& shape : shapes) {
    const std::size_t counted = std::min(shape.body.size(), robotstxt::kMaxBodyBytes);
    std::vector<double> seconds;
    std::size_t compiled = 0;
    for (int round = 0; round < repeats; ++round) {
      const auto start = Clock::now();
      const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(shape.body);
      seconds.push_back(std::chrono::duration<double>(Clock::now() - start).count());
      compiled = robots.memory_usage();
    }
    std::sort(seconds.begin(), seconds.end());
    const double megabytes = static_cast<double>(counted) / 1e6;
    std::printf("%-38s %7.0f / %7.0f MB/s  %9zu bytes (%.2fx)\n", shape.name,
                megabytes / seconds.front(), megabytes / seconds[seconds.size() / 2], compiled,
                static_cast<double>(compiled) / static_cast<double>(counted));
  }
  return 0;
}
