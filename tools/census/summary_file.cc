#include "census/summary_file.h"

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "answer/cli_support.h"
#include "census/census_options.h"
#include "census/input_units.h"
#include "cli/input.h"

namespace robotstxt::census {

namespace fs = std::filesystem;
using cli::printable;
using cli::report_error;

bool write_summary(const CensusSummary& summary, const std::string& dir) {
  const fs::path final_path = fs::path(dir) / "summary.json";
  const fs::path temporary = fs::path(dir) / "summary.json.part";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    file << summary.to_json().dump(1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    if (!file) return false;
  }
  std::error_code error;
  fs::rename(temporary, final_path, error);
  return !error;
}

bool make_out_dir(const std::string& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error || !is_directory(dir)) {
    cli::report_io_error(kCommand, "cannot create '" + printable(dir) + "': " + error.message());
    return false;
  }
  return true;
}

std::optional<CensusSummary> read_summary_or_report(const std::string& dir) {
  const std::string path = (fs::path(dir) / "summary.json").string();
  std::error_code error_code;
  const std::uintmax_t size = fs::file_size(path, error_code);
  if (!error_code && size > kMaxSummaryBytes) {
    report_error(kCommand, "'" + printable(path) + "' is no census summary: over " +
                               cli::with_thousands(kMaxSummaryBytes) + " bytes");
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    cli::report_unreadable(kCommand, path, errno != 0 ? errno : ENOENT);
    return std::nullopt;
  }
  std::stringstream text;
  text << file.rdbuf();
  const nlohmann::json json = nlohmann::json::parse(text.str(), nullptr, false);
  std::string error;
  std::optional<CensusSummary> summary =
      json.is_discarded() ? std::nullopt : CensusSummary::from_json(json, error);
  if (!summary) {
    report_error(kCommand, "'" + printable(path) + "' is no census summary" +
                               (error.empty() ? std::string() : ": " + printable(error)));
  }
  return summary;
}

}  // namespace robotstxt::census
