#include "census/census_merge.h"

#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "answer/cli_support.h"
#include "census/census_summary.h"
#include "census/part_redirects.h"
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
  // A part counted twice would count its hosts twice: the same folder named twice, or
  // two parts that read the same input file (by name and size), are refused.
  std::map<std::string, std::string> folders;  // canonical path: the folder as given
  std::map<std::pair<std::string, std::uint64_t>, std::string> files;  // file: its part
  std::vector<std::uint64_t> part_unresolved;  // each part's unresolved redirects
  for (const std::string& dir : options.merge) {
    std::optional<CensusSummary> part = read_summary_or_report(dir);
    if (!part) return kExitUsage;
    part_unresolved.push_back(part->redirects[2]);
    std::error_code path_error;
    const std::string canonical = std::filesystem::weakly_canonical(dir, path_error).string();
    const auto [folder, added] = folders.try_emplace(path_error ? dir : canonical, dir);
    if (!added) {
      report_error(kCommand,
                   "the part '" + printable(dir) + "' is given twice" +
                       (folder->second == dir ? std::string()
                                              : " (as '" + printable(folder->second) + "')"));
      return kExitUsage;
    }
    if (merged) {
      labels_agree = labels_agree && part->label == merged->label;
      std::string error;
      if (!merged->merge(*part, error)) {
        report_error(kCommand, "cannot merge '" + printable(dir) + "': " + printable(error));
        return kExitUsage;
      }
    }
    for (const InputFile& file : part->input_files) {
      const auto [found, new_file] = files.try_emplace({file.name, file.bytes}, dir);
      if (!new_file && found->second != dir) {
        report_error(kCommand, "the parts '" + printable(found->second) + "' and '" +
                                   printable(dir) + "' both read '" + printable(file.name) + "' (" +
                                   cli::with_thousands(file.bytes) + " bytes)");
        return kExitUsage;
      }
    }
    if (!merged) merged = std::move(part);
  }
  // Redirects one part could not follow may lead to another part's hosts.
  CrossPartRedirects across;
  if (!follow_across_parts(options.merge, part_unresolved, *merged, across)) return kExitUsage;
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
  if (across.sources > 0) {
    std::cout << "redirects unresolved in their parts: " << cli::with_thousands(across.sources)
              << "; across parts followed " << cli::with_thousands(across.followed) << ", failed "
              << cli::with_thousands(across.failed) << ", still unresolved "
              << cli::with_thousands(across.unresolved) << "\n";
  }
  return kExitOk;
}

}  // namespace robotstxt::census
