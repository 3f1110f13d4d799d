// One build's side of compare_builds: compiled once per source tree, each time with the
// library's namespace renamed (-Drobotstxt=...) and ENTRY naming the functions below, so
// that two versions of the library live in one program.
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/robots_txt.h"

#define ROBOTSTXT_JOIN2(a, b) a##b
#define ROBOTSTXT_JOIN(a, b) ROBOTSTXT_JOIN2(a, b)

// Parses every body; returns their line count, so that no parse can be left out.
std::size_t ROBOTSTXT_JOIN(ENTRY, _parse)(const std::vector<std::string>& bodies) {
  std::vector<robotstxt::RobotsTxt> parsed;
  parsed.reserve(bodies.size());
  std::size_t lines = 0;
  for (const std::string& body : bodies) {
    parsed.push_back(robotstxt::RobotsTxt::parse(body));
    lines += parsed.back().line_count();
  }
  return lines;
}

namespace {

// The bodies parsed once, on the first call, and kept for every later check.
const std::vector<robotstxt::RobotsTxt>& parsed_once(const std::vector<std::string>& bodies) {
  static std::vector<robotstxt::RobotsTxt> parsed;
  if (parsed.empty()) {
    for (const std::string& body : bodies) parsed.push_back(robotstxt::RobotsTxt::parse(body));
  }
  return parsed;
}

}  // namespace

// Checks every URL of each host for `agents` with allowed_each(). Returns the number of
// answers that were "disallowed".
std::size_t ROBOTSTXT_JOIN(ENTRY, _check)(const std::vector<std::string>& bodies,
                                          const std::vector<std::vector<std::string>>& urls,
                                          std::span<const std::string_view> agents) {
  const std::vector<robotstxt::RobotsTxt>& parsed = parsed_once(bodies);
  std::size_t disallowed = 0;
  const auto answers = std::make_unique<bool[]>(agents.size());
  for (std::size_t host = 0; host < parsed.size(); ++host) {
    for (const std::string& url : urls[host]) {
      parsed[host].allowed_each(url, agents, {answers.get(), agents.size()});
      for (std::size_t i = 0; i < agents.size(); ++i) disallowed += answers[i] ? 0 : 1;
    }
  }
  return disallowed;
}

// The same checks one agent per allowed() call, as most callers ask.
std::size_t ROBOTSTXT_JOIN(ENTRY,
                           _check_one_by_one)(const std::vector<std::string>& bodies,
                                              const std::vector<std::vector<std::string>>& urls,
                                              std::span<const std::string_view> agents) {
  const std::vector<robotstxt::RobotsTxt>& parsed = parsed_once(bodies);
  std::size_t disallowed = 0;
  for (std::size_t host = 0; host < parsed.size(); ++host) {
    for (const std::string& url : urls[host]) {
      for (const std::string_view agent : agents)
        disallowed += parsed[host].allowed(url, agent) ? 0 : 1;
    }
  }
  return disallowed;
}
