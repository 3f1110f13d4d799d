// What `robotstxt census` is asked to do: its options as given on the command line
// (census_command.cc reads them; census_run.cc and census_merge.cc act on them).
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_OPTIONS_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_OPTIONS_H_

#include <string>
#include <string_view>
#include <vector>

namespace robotstxt::census {

/// The command's name in its messages ("robotstxt census: error: ...").
inline constexpr std::string_view kCommand = "census";

struct CensusOptions {
  std::vector<std::string> inputs;
  std::vector<std::string> merge;
  std::vector<std::string> diff;  ///< OLD NEW
  unsigned jobs = 1;
  std::string paths = "/";
  std::string crawlers = "all";
  std::string out;
  std::string label;
  std::string ranks;  ///< --ranks FILE
  bool progress = false;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_OPTIONS_H_
