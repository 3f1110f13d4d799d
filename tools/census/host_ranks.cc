#include "census/host_ranks.h"

#include <cerrno>
#include <cstdio>
#include <string>

#include "answer/cli_support.h"
#include "base/ascii.h"
#include "census/census_options.h"
#include "cli/input.h"

namespace robotstxt::census {
namespace {

using cli::printable;

// A host as the list may name it: printable ASCII but space and the comma.
bool is_host(std::string_view host) {
  if (host.empty()) return false;
  for (const char c : host) {
    if (c <= ' ' || c > '~' || c == ',') return false;
  }
  return true;
}

// "123" -> 123; 0 for anything else (ranks start at 1).
std::uint32_t parse_rank(std::string_view text) {
  if (text.empty() || text.size() > 9) return 0;
  std::uint32_t rank = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return 0;
    rank = rank * 10 + static_cast<std::uint32_t>(c - '0');
  }
  return rank;
}

}  // namespace

std::size_t stratum_of(std::uint32_t rank) noexcept {
  if (rank == 0 || rank > 1'000'000) return 4;
  if (rank <= 1'000) return 0;
  if (rank <= 10'000) return 1;
  if (rank <= 100'000) return 2;
  return 3;
}

std::optional<HostRanks> HostRanks::read_or_report(const std::string& path) {
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (file == nullptr) {
    cli::report_unreadable(kCommand, path, errno);
    return std::nullopt;
  }
  HostRanks ranks;
  std::string line;
  std::size_t number = 0;
  std::string problem;
  int c = 0;
  while (problem.empty()) {
    line.clear();
    while ((c = std::getc(file)) != EOF && c != '\n') {
      if (line.size() == kMaxRankLineBytes) break;
      line.push_back(static_cast<char>(c));
    }
    if (c == EOF && line.empty()) break;
    ++number;
    if (line.size() == kMaxRankLineBytes && c != '\n' && c != EOF) {
      problem = "is over " + std::to_string(kMaxRankLineBytes) + " bytes";
      break;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t comma = line.find(',');
    const std::uint32_t rank =
        comma == std::string::npos ? 0 : parse_rank(std::string_view(line).substr(0, comma));
    std::string host = comma == std::string::npos ? std::string() : line.substr(comma + 1);
    if (rank == 0 || !is_host(host)) {
      problem = "is not rank,host (a rank from 1 and a host name): '" + printable(line, 80) + "'";
      break;
    }
    if (ranks.ranks_.size() == kMaxRankedHosts) {
      problem = "is past the " + cli::with_thousands(kMaxRankedHosts) + " hosts a list may rank";
      break;
    }
    for (char& letter : host) letter = internal::to_ascii_lower(letter);
    // A host listed twice keeps its better rank.
    const auto [where, added] = ranks.ranks_.emplace(std::move(host), rank);
    if (!added && rank < where->second) where->second = rank;
  }
  const bool read_error = std::ferror(file) != 0;
  std::fclose(file);
  if (problem.empty() && read_error) problem = "cannot be read";
  if (!problem.empty()) {
    cli::report_error(kCommand, "--ranks '" + printable(path) + "' line " + std::to_string(number) +
                                    " " + problem);
    return std::nullopt;
  }
  return ranks;
}

std::uint32_t HostRanks::rank(std::string_view host) const {
  // The port goes; an IPv6 literal ("[::1]:8080") keeps its brackets and is never listed.
  const std::size_t colon = host.rfind(':');
  if (colon != std::string_view::npos && host.find(']', colon) == std::string_view::npos) {
    host = host.substr(0, colon);
  }
  std::string key(host);
  auto found = ranks_.find(key);
  if (found != ranks_.end()) return found->second;
  if (host.substr(0, 4) == "www.") {
    found = ranks_.find(key.substr(4));
    if (found != ranks_.end()) return found->second;
  }
  return 0;
}

}  // namespace robotstxt::census
