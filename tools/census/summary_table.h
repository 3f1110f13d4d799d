// The census summary as people read it, on stdout: counts with their share of the hosts.
#ifndef ROBOTSTXT_TOOLS_CENSUS_SUMMARY_TABLE_H_
#define ROBOTSTXT_TOOLS_CENSUS_SUMMARY_TABLE_H_

#include <ostream>

#include "census/census_summary.h"

namespace robotstxt::census {

void print_summary_table(const CensusSummary& summary, std::ostream& out);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_SUMMARY_TABLE_H_
