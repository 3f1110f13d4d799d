// Redirects followed across the parts of a split crawl (docs/census.md). A run with --out
// writes, beside hosts.jsonl, what --merge needs to follow the redirects it could not:
// responses.jsonl, each response's URL and what a redirect to it takes (its access, where
// it redirects on, its verdicts), and unresolved.jsonl, each redirect whose target was
// not in the part's inputs (the URLs it reached, its rank). --merge reads the parts'
// unresolved redirects, looks for their targets by streaming every part's responses,
// keeping only the ones asked for, one hop at a time, and counts each such redirect where
// it led instead of unresolved.
#ifndef ROBOTSTXT_TOOLS_CENSUS_PART_REDIRECTS_H_
#define ROBOTSTXT_TOOLS_CENSUS_PART_REDIRECTS_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "census/census_summary.h"
#include "census/host_census.h"
#include "census/redirects.h"

namespace robotstxt::census {

inline constexpr const char* kResponsesFile = "responses.jsonl";
inline constexpr const char* kUnresolvedFile = "unresolved.jsonl";
/// A line of responses.jsonl longer than this is refused (a crawler's verdicts are some
/// tens of bytes per path; hosts.jsonl has the same bound).
inline constexpr std::size_t kMaxResponseLineBytes = std::size_t{1} << 20;
/// A line of unresolved.jsonl longer than this is refused: six URLs and a rank.
inline constexpr std::size_t kMaxUnresolvedLineBytes = std::size_t{64} << 10;

/// Writes `book`'s answers, in input order, into `file` (a folder's responses.jsonl);
/// false when a write fails.
[[nodiscard]] bool write_responses(const AnswerBook& book, const CensusQuestions& questions,
                                   std::FILE* file);

/// Appends the line of unresolved.jsonl of `host`, a redirect left unresolved, whose
/// requested URLs were `chain` (its own first, the one without a response last).
void append_unresolved_line(const HostCensus& host, const std::vector<std::string>& chain,
                            const CensusQuestions& questions, std::string& out);

/// What --merge did with the parts' unresolved redirects.
struct CrossPartRedirects {
  std::uint64_t sources = 0;  ///< unresolved redirects read from the parts
  std::uint64_t followed = 0;
  std::uint64_t failed = 0;
  std::uint64_t unresolved = 0;  ///< still: no part holds their target
};

/// Follows the unresolved redirects of the parts `dirs`, whose summaries are added up in
/// `merged` (`part_unresolved`: each part's count of them), through the parts'
/// responses, and counts each where it led. False (said on stderr in one line) when a
/// part's file is no such file; a part written without them is said on stderr and merges
/// as before.
[[nodiscard]] bool follow_across_parts(const std::vector<std::string>& dirs,
                                       const std::vector<std::uint64_t>& part_unresolved,
                                       CensusSummary& merged, CrossPartRedirects& result);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_PART_REDIRECTS_H_
