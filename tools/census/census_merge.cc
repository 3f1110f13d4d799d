#include "census/census_merge.h"

#include <iostream>
#include <optional>
#include <string>

#include "answer/cli_support.h"
#include "census/census_summary.h"
#include "census/summary_file.h"
#include "census/summary_table.h"

namespace robotstxt::census {

using cli::kExitOk;
using cli::kExitUsage;
using cli::printable;
using cli::report_error;

int run_merge(const CensusOptions& options) {
  std::optional<CensusSummary> merged;
  bool labels_agree = true;
  for (const std::string& dir : options.merge) {
    std::optional<CensusSummary> part = read_summary_or_report(dir);
    if (!part) return kExitUsage;
    if (!merged) {
      merged = std::move(part);
      continue;
    }
    labels_agree = labels_agree && part->label == merged->label;
    std::string error;
    if (!merged->merge(*part, error)) {
      report_error(kCommand, "cannot merge '" + printable(dir) + "': " + printable(error));
      return kExitUsage;
    }
  }
  if (!options.label.empty()) {
    merged->label = options.label;
  } else if (!labels_agree) {
    merged->label.reset();
  }
  if (!options.out.empty()) {
    if (!make_out_dir(options.out)) return kExitUsage;
    if (!write_summary(*merged, options.out)) {
      cli::report_io_error(kCommand, "cannot write '" + printable(options.out) + "/summary.json'");
      return kExitUsage;
    }
  }
  print_summary_table(*merged, std::cout);
  return kExitOk;
}

}  // namespace robotstxt::census
