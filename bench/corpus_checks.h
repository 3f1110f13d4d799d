// The corpus work both timing programs run (corpus_bench.cc, compare_builds_side.cc):
// how many bytes of each body a parse reads, and every URL of each host checked against
// its parsed robots.txt for every agent of kCorpusAgents, in the two ways the library
// offers. Header-only, so that the loops inline where they are timed.
#ifndef ROBOTSTXT_BENCH_CORPUS_CHECKS_H_
#define ROBOTSTXT_BENCH_CORPUS_CHECKS_H_

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "corpus_loader.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt::bench {

/// Bytes of the host's robots.txt a parse reads (only the first kMaxBodyBytes count).
inline std::size_t counted_bytes(const Host& host) {
  return std::min(host.robots_body.size(), kMaxBodyBytes);
}

/// How many checks the corpus work makes: each URL once for each agent.
inline std::size_t corpus_checks(const std::vector<Host>& hosts) {
  std::size_t checks = 0;
  for (const Host& host : hosts) checks += host.urls.size() * std::size(kCorpusAgents);
  return checks;
}

/// The checks one agent per allowed() call; returns how many answers were "disallowed".
/// `parsed[h]` is hosts[h]'s robots.txt.
inline std::size_t disallowed_one_agent_per_call(const std::vector<Host>& hosts,
                                                 const std::vector<RobotsTxt>& parsed) {
  std::size_t disallowed = 0;
  for (std::size_t h = 0; h < hosts.size(); ++h) {
    for (const std::string& url : hosts[h].urls) {
      for (const std::string_view agent : kCorpusAgents) {
        disallowed += parsed[h].allowed(url, agent) ? 0 : 1;
      }
    }
  }
  return disallowed;
}

/// The same checks with each URL's path read once for all agents (allowed_each); the
/// count must equal disallowed_one_agent_per_call's.
inline std::size_t disallowed_all_agents_per_call(const std::vector<Host>& hosts,
                                                  const std::vector<RobotsTxt>& parsed) {
  std::size_t disallowed = 0;
  for (std::size_t h = 0; h < hosts.size(); ++h) {
    for (const std::string& url : hosts[h].urls) {
      bool answers[std::size(kCorpusAgents)];
      parsed[h].allowed_each(url, kCorpusAgents, answers);
      for (const bool answer : answers) disallowed += answer ? 0 : 1;
    }
  }
  return disallowed;
}

}  // namespace robotstxt::bench

#endif  // ROBOTSTXT_BENCH_CORPUS_CHECKS_H_
