// `census --merge DIR...`: the summaries of census output folders added up into one, equal
// to the summary of one run over all their inputs.
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_MERGE_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_MERGE_H_

#include "census/census_options.h"

namespace robotstxt::census {

/// Merges the folders of `options.merge`; the command's exit code.
[[nodiscard]] int run_merge(const CensusOptions& options);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_MERGE_H_
