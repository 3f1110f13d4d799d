// summary.json in a census output folder: written whole or not at all (through a
// temporary file renamed over it), and read back for --merge as a file that is hostile
// until checked.
#ifndef ROBOTSTXT_TOOLS_CENSUS_SUMMARY_FILE_H_
#define ROBOTSTXT_TOOLS_CENSUS_SUMMARY_FILE_H_

#include <cstddef>
#include <optional>
#include <string>

#include "census/census_summary.h"

namespace robotstxt::census {

/// A summary holds a few counts per crawler and lint code: some kilobytes. A file much
/// larger is no summary, and is not read into memory.
inline constexpr std::size_t kMaxSummaryBytes = std::size_t{16} * 1024 * 1024;

/// Writes DIR/summary.json; false when it cannot be written.
[[nodiscard]] bool write_summary(const CensusSummary& summary, const std::string& dir);

/// DIR/summary.json read back, or nullopt after one line on stderr.
[[nodiscard]] std::optional<CensusSummary> read_summary_or_report(const std::string& dir);

/// Creates the output folder (and its parents); false after one line on stderr.
[[nodiscard]] bool make_out_dir(const std::string& dir);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_SUMMARY_FILE_H_
