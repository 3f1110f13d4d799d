// `robotstxt census --diff OLD NEW --out DIR`: what changed between two census runs, host
// by host (the hosts.jsonl of each) and counted per crawler and purpose (docs/census.md
// "What changed between two crawls").
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_DIFF_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_DIFF_H_

#include <cstddef>

#include "census/census_options.h"

namespace robotstxt::census {

/// A host line longer than this is no census host line (a line names each crawler once
/// with a few booleans per path: some kilobytes).
inline constexpr std::size_t kMaxHostLineBytes = std::size_t{1} << 20;

/// Compares options.diff[0] (old) with options.diff[1] (new); the command's exit code.
[[nodiscard]] int run_diff(const CensusOptions& options);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_DIFF_H_
