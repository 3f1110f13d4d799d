#include "census/summary_table.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "answer/cli_support.h"
#include "census/host_ranks.h"

namespace robotstxt::census {
namespace {

using cli::printable;
using cli::with_thousands;

constexpr std::size_t kTableTemplates = 5;
constexpr std::size_t kTableLineBytes = 60;

std::string share(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0) return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%",
                100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

std::string counted(std::uint64_t part, std::uint64_t whole) {
  return with_thousands(part) + " (" + share(part, whole) + ")";
}

std::string padded(std::string text, std::size_t width) {
  text.resize(std::max(width, text.size()), ' ');
  return text;
}

void print_rows(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += c + 1 < row.size() ? padded(row[c], widths[c] + 2) : row[c];
    }
    out << line << "\n";
  }
}

}  // namespace

void print_summary_table(const CensusSummary& summary, std::ostream& out) {
  const std::uint64_t hosts = summary.hosts;
  out << with_thousands(hosts) << " hosts from " << with_thousands(summary.inputs.files)
      << (summary.inputs.files == 1 ? " file" : " files") << " ("
      << with_thousands(summary.inputs.truncated) << " truncated records, "
      << with_thousands(summary.inputs.errors) << " errors); paths:";
  for (const std::string& path : summary.paths) out << " " << path;
  out << "\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"crawler", "purpose", "named", "blocked fully", "blocked partly"}};
  for (std::size_t c = 0; c < summary.crawlers.size(); ++c) {
    const CrawlerCounts& counts = summary.per_crawler[c];
    rows.push_back({summary.crawlers[c], summary.purposes[c], counted(counts.named, hosts),
                    counted(counts.blocked_fully, hosts), counted(counts.blocked_partly, hosts)});
  }
  print_rows(rows, out);
  out << "\n";
  rows = {{"purpose", "crawlers", "naming any", "blocking any fully", "blocking all fully"}};
  for (const auto& [name, counts] : summary.per_purpose) {
    rows.push_back({name, std::to_string(counts.crawlers), counted(counts.hosts_naming_any, hosts),
                    counted(counts.hosts_blocking_any_fully, hosts),
                    counted(counts.hosts_blocking_all_fully, hosts)});
  }
  print_rows(rows, out);
  out << "\nusage preferences: content-usage on "
      << counted(summary.hosts_with_content_usage, hosts) << ", content-signal on "
      << counted(summary.hosts_with_content_signal, hosts) << "\n  train-ai for / and *: allowed "
      << with_thousands(summary.train_ai[0]) << ", disallowed "
      << with_thousands(summary.train_ai[1]) << "\n";

  std::vector<std::pair<std::uint64_t, std::string>> codes;
  for (const auto& [code, hosts_with_code] : summary.lint)
    codes.emplace_back(hosts_with_code, code);
  std::stable_sort(codes.begin(), codes.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  out << "\nlint codes (hosts with a finding):\n";
  rows.clear();
  for (std::size_t i = 0; i < codes.size() && i < 10; ++i) {
    rows.push_back({"  " + codes[i].second, counted(codes[i].first, hosts)});
  }
  print_rows(rows, out);
  const std::uint64_t rules_hosts = summary.access[0];
  out << "\naccess: rules " << counted(rules_hosts, hosts) << ", full allow "
      << counted(summary.access[1], hosts) << ", full disallow "
      << counted(summary.access[2], hosts) << ", redirect " << counted(summary.access[3], hosts)
      << ", undecided " << counted(summary.access[4], hosts) << "\nredirects: followed "
      << with_thousands(summary.redirects[0]) << ", failed " << with_thousands(summary.redirects[1])
      << ", unresolved " << with_thousands(summary.redirects[2])
      << "\nsizes: " << with_thousands(summary.bytes_total) << " bytes; html bodies "
      << counted(summary.html_bodies, hosts) << "; over 500 KiB "
      << counted(summary.byte_buckets[5], hosts) << "; " << with_thousands(summary.groups)
      << " groups, " << with_thousands(summary.rules) << " rules, "
      << with_thousands(summary.sitemaps) << " sitemaps on "
      << counted(summary.hosts_with_sitemaps, hosts) << "\n";

  if (!summary.strata.empty()) {
    out << "\nper stratum of popularity (--ranks), hosts blocking one crawler of a purpose "
           "fully:\n";
    rows = {{"  ranks", "hosts"}};
    for (const auto& [name, counts] : summary.per_purpose) rows[0].push_back(name);
    for (std::size_t s = 0; s < summary.strata.size(); ++s) {
      const CensusSummary& stratum = summary.strata[s];
      rows.push_back({std::string("  ") + kStratumKeys[s], with_thousands(stratum.hosts)});
      for (const auto& [name, counts] : stratum.per_purpose) {
        rows.back().push_back(counted(counts.hosts_blocking_any_fully, stratum.hosts));
      }
    }
    print_rows(rows, out);
  }

  // Templates served by one host are no templates: only those shared are shown.
  const auto templates = summary.templates.ranked();
  rows.clear();
  for (std::size_t i = 0; i < templates.size() && rows.size() < kTableTemplates; ++i) {
    const BodyTemplates::Entry& entry = *templates[i].second;
    if (entry.hosts < 2) break;
    std::string first;
    for (const std::string& line : entry.first_lines) first += (first.empty() ? "" : " | ") + line;
    if (first.empty()) first = "(empty)";
    if (first.size() > kTableLineBytes) first = first.substr(0, kTableLineBytes) + "...";
    rows.push_back(
        {"  " + hash_text(templates[i].first), counted(entry.hosts, hosts), printable(first)});
  }
  if (!rows.empty()) {
    out << "\nmost common bodies (hosts serving each):\n";
    print_rows(rows, out);
  }
}

}  // namespace robotstxt::census
