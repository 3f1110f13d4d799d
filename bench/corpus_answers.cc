// Prints the native library's answer to every corpus check, for bindings to compare
// theirs with (tests/js/corpus_agreement.test.mjs): one line per host that has URLs,
// "HOST<TAB>ANSWERS", where ANSWERS holds one character per URL and agent of
// kCorpusAgents, URL-major ('1' allowed, '0' disallowed). Usage: corpus_answers DATA_DIR
#include <cstdio>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/robots_txt.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: corpus_answers DATA_DIR\n", stderr);
    return 2;
  }
  const std::vector<robotstxt::bench::Host> hosts = robotstxt::bench::load_corpus(argv[1]);
  if (hosts.empty()) {
    std::fprintf(stderr, "corpus_answers: no corpus in %s\n", argv[1]);
    return 2;
  }
  std::string line;
  for (const robotstxt::bench::Host& host : hosts) {
    if (host.urls.empty()) continue;
    const robotstxt::RobotsTxt robots = robotstxt::RobotsTxt::parse(host.robots_body);
    line.assign(host.name);
    line.push_back('\t');
    for (const std::string& url : host.urls) {
      for (const std::string_view agent : robotstxt::bench::kCorpusAgents) {
        line.push_back(robots.allowed(url, agent) ? '1' : '0');
      }
    }
    line.push_back('\n');
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  return 0;
}
