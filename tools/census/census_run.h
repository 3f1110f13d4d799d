// A census run: the inputs shared among --jobs worker threads (census_worker.h), their
// host lines written in input order (host_lines.h), their summaries added up into one,
// written to --out and printed as a table.
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_RUN_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_RUN_H_

#include "census/census_options.h"

namespace robotstxt::census {

/// Runs the census `options` ask for; the command's exit code.
[[nodiscard]] int run_census(const CensusOptions& options);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_RUN_H_
