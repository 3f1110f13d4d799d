// What `robotstxt census` adds up over hosts: summary.json (docs/census.md, schemas/
// census-summary.schema.json). Every number is a count, never a share, so that the
// summaries of parts merged equal the summary of the whole.
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_SUMMARY_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_SUMMARY_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "census/body_templates.h"
#include "census/host_census.h"

namespace robotstxt::census {

/// The summary format; a summary of another format does not merge.
inline constexpr int kCensusSummaryFormat = 1;

/// What reading the inputs met (the reader's WarcCounts, added over files).
struct CensusInputs {
  std::uint64_t files = 0;
  std::uint64_t records = 0;
  std::uint64_t responses = 0;        ///< response records with an HTTP response
  std::uint64_t skipped_records = 0;  ///< other records (request, metadata, warcinfo)
  std::uint64_t truncated = 0;
  std::uint64_t garbage_bytes = 0;
  /// Unreadable files, header blocks that are no record, responses that are no HTTP.
  std::uint64_t errors = 0;
};

struct CrawlerCounts {
  std::uint64_t named = 0;
  std::uint64_t blocked_fully = 0;
  std::uint64_t blocked_partly = 0;
  std::uint64_t allowed = 0;
  std::uint64_t undecided = 0;                  ///< hosts without a verdict (HostCensus::decided)
  std::array<std::uint64_t, 6> crawler_rule{};  ///< by CrawlerRule
  /// Per path: allowed, disallowed, undecided.
  std::vector<std::array<std::uint64_t, 3>> paths;
};

/// One input file, as a part names it so that --merge can refuse parts that share one.
struct InputFile {
  std::string name;  ///< the file's name, without its folder
  std::uint64_t bytes = 0;
  bool operator==(const InputFile&) const = default;
};

struct PurposeCounts {
  std::uint64_t crawlers = 0;
  std::uint64_t hosts_blocking_any_fully = 0;
  std::uint64_t hosts_blocking_all_fully = 0;
  std::uint64_t hosts_naming_any = 0;
};

class CensusSummary {
 public:
  /// An empty summary for these questions (paths and crawler names fixed from here on).
  CensusSummary(std::optional<std::string> label, const CensusQuestions& questions);

  void add(const HostCensus& host);
  /// Adds `part`; false with `error` naming the difference when its paths or crawlers
  /// are not these (nothing is added then).
  [[nodiscard]] bool merge(const CensusSummary& part, std::string& error);

  /// Counts `after` in place of `before`, a host already counted here: what --merge does
  /// for a part's redirect it followed further (part_redirects.h). Only the counts from
  /// `hosts` to `lint` (and its stratum's) change; both hosts have the same rank.
  void recount(const HostCensus& before, const HostCensus& after);

  [[nodiscard]] nlohmann::json to_json() const;
  /// A summary read back from its JSON (a file: hostile until checked). nullopt with
  /// `error` when a key is missing or has the wrong type.
  [[nodiscard]] static std::optional<CensusSummary> from_json(const nlohmann::json& json,
                                                              std::string& error);

  std::optional<std::string> label;
  std::vector<std::string> paths;
  std::vector<std::string> crawlers;  ///< catalogue names
  std::vector<std::string> purposes;  ///< per crawler, as to_string(CrawlerPurpose)
  CensusInputs inputs;
  std::vector<InputFile> input_files;  ///< in input order
  std::uint64_t hosts = 0;
  std::array<std::uint64_t, 5> status{};  ///< 2xx, 3xx, 4xx, 5xx, other
  std::array<std::uint64_t, 5> access{};  ///< by CensusAccess
  /// Hosts whose record is truncated, by reason: length, time, disconnect, unspecified, cut.
  std::array<std::uint64_t, 5> truncated_hosts{};
  /// Redirecting hosts by RedirectOutcome: followed, failed, unresolved.
  std::array<std::uint64_t, 3> redirects{};
  std::uint64_t html_bodies = 0;
  std::uint64_t bytes_total = 0;
  std::array<std::uint64_t, 6> byte_buckets{};  ///< kByteBuckets
  std::uint64_t groups = 0;
  std::uint64_t rules = 0;
  std::uint64_t hosts_with_sitemaps = 0;
  std::uint64_t sitemaps = 0;
  std::vector<CrawlerCounts> per_crawler;
  std::map<std::string, PurposeCounts> per_purpose;
  std::uint64_t hosts_with_content_usage = 0;
  std::uint64_t hosts_with_content_signal = 0;
  std::array<std::uint64_t, 3> train_ai{};  ///< allowed, disallowed, unknown
  std::array<std::uint64_t, 3> search{};
  /// code: hosts with at least one finding (looked up by a host's string_view codes)
  std::map<std::string, std::uint64_t, std::less<>> lint;
  BodyTemplates templates;  ///< the most common bodies
  /// With --ranks: the same counts per stratum of popularity (host_ranks.h kStrata; each
  /// without inputs, templates or strata of its own); empty without.
  std::vector<CensusSummary> strata;

  /// Counts per stratum from here on (before any host is added).
  void count_strata();

 private:
  CensusSummary() = default;
  // The counts a stratum has too: all but inputs, templates and strata.
  void add_host_counts(const HostCensus& host);
  // Adds (or, with `subtract`, takes away) `part`'s counts from hosts to lint.
  void merge_counts(const CensusSummary& part, bool subtract = false);
  // A summary of these questions without any count.
  [[nodiscard]] CensusSummary without_counts() const;
  [[nodiscard]] nlohmann::json counts_json() const;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_SUMMARY_H_
