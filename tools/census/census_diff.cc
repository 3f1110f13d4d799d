#include "census/census_diff.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "answer/cli_support.h"
#include "census/census_summary.h"
#include "census/line_reader.h"
#include "census/output_files.h"
#include "census/summary_file.h"
#include "cli/input.h"

namespace robotstxt::census {
namespace {

namespace fs = std::filesystem;
using cli::kExitOk;
using cli::kExitUsage;
using cli::printable;
using cli::report_error;
using cli::with_thousands;

// The kinds of change per crawler, in the words of changes.jsonl; summary.json counts
// them under the same names with underscores.
enum Kind : std::size_t {
  kStartedBlockingFully,
  kStoppedBlockingFully,
  kStartedBlockingPartly,
  kStoppedBlockingPartly,
  kStartedNaming,
  kStoppedNaming,
  kKinds
};
constexpr const char* kKindWords[kKinds] = {"started-blocking-fully",  "stopped-blocking-fully",
                                            "started-blocking-partly", "stopped-blocking-partly",
                                            "started-naming",          "stopped-naming"};
constexpr const char* kKindKeys[kKinds] = {"started_blocking_fully",  "stopped_blocking_fully",
                                           "started_blocking_partly", "stopped_blocking_partly",
                                           "started_naming",          "stopped_naming"};
constexpr const char* kPreferenceNames[] = {"train-ai", "search"};
constexpr const char* kPreferenceWords[] = {"allowed", "disallowed", "unknown"};

// Per crawler one byte: bits 0-1 the blocking (0 allowed, 1 partly, 2 fully), bit 2
// named. Then the two preferences (a byte each, as written) and the content signals
// (their FNV-1a hash): all a host's state that a diff compares, a few bytes per crawler,
// so that the old crawl's hosts fit in memory.
constexpr unsigned char kPartly = 1;
constexpr unsigned char kFully = 2;
constexpr unsigned char kNamed = 4;

struct HostState {
  std::string host;
  std::string crawlers;                       // a byte per compared crawler
  std::array<std::uint8_t, 2> preferences{};  // index in kPreferenceWords
  std::uint64_t signals = 0;
};

struct OldHost {
  std::string crawlers;
  std::array<std::uint8_t, 2> preferences{};
  std::uint64_t signals = 0;
  std::size_t index = 0;  // its place in the old hosts.jsonl
  bool seen = false;
};

std::uint64_t signals_hash(const nlohmann::json& signals) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const nlohmann::json& signal : signals) {
    if (!signal.is_string()) throw LineError{"\"content_signal\" holds a non-string"};
    for (const unsigned char c : signal.get_ref<const std::string&>()) {
      hash ^= c;
      hash *= 1099511628211ULL;
    }
    hash ^= 0xFF;  // between values: ["ab"] and ["a", "b"] differ
    hash *= 1099511628211ULL;
  }
  return hash;
}

const nlohmann::json& field(const nlohmann::json& object, const char* key) {
  if (!object.is_object() || !object.contains(key)) {
    throw LineError{std::string("has no \"") + key + "\""};
  }
  return object[key];
}

void read_state(const std::string& line, const std::vector<std::string>& crawlers,
                std::size_t paths, HostState& state) {
  const nlohmann::json json = nlohmann::json::parse(line, nullptr, false);
  if (json.is_discarded()) throw LineError{"is not JSON"};
  const nlohmann::json& host = field(json, "host");
  if (!host.is_string()) throw LineError{"has no host"};
  state.host = host.get<std::string>();
  const nlohmann::json& answers = field(json, "crawlers");
  state.crawlers.assign(crawlers.size(), '\0');
  for (std::size_t c = 0; c < crawlers.size(); ++c) {
    const nlohmann::json& answer = field(answers, crawlers[c].c_str());
    const nlohmann::json& allowed = field(answer, "allowed");
    if (!allowed.is_array() || allowed.size() != paths) {
      throw LineError{"does not answer every path for " + crawlers[c]};
    }
    std::size_t disallowed = 0;
    for (const nlohmann::json& value : allowed) {
      if (!value.is_boolean()) throw LineError{"has an \"allowed\" that is no boolean"};
      if (!value.get<bool>()) ++disallowed;
    }
    unsigned char byte = 0;
    if (disallowed == paths && paths > 0) {
      byte = kFully;
    } else if (disallowed > 0) {
      byte = kPartly;
    }
    const nlohmann::json& rule = field(answer, "crawler_rule");
    if (rule.is_string() && (rule == "own-token" || rule == "fallback-token")) byte |= kNamed;
    state.crawlers[c] = static_cast<char>(byte);
  }
  const nlohmann::json& usage = field(json, "content_usage");
  for (std::size_t p = 0; p < 2; ++p) {
    const nlohmann::json& preference = field(usage, kPreferenceNames[p]);
    const std::string word = preference.is_string() ? preference.get<std::string>() : "";
    const auto found = std::find(std::begin(kPreferenceWords), std::end(kPreferenceWords), word);
    if (found == std::end(kPreferenceWords)) {
      throw LineError{"has a preference that is not allowed, disallowed or unknown"};
    }
    state.preferences[p] = static_cast<std::uint8_t>(found - std::begin(kPreferenceWords));
  }
  const nlohmann::json& signals = field(json, "content_signal");
  if (!signals.is_array()) throw LineError{"has a \"content_signal\" that is no list"};
  state.signals = signals_hash(signals);
}

struct DiffCounts {
  std::uint64_t old_hosts = 0;
  std::uint64_t new_hosts = 0;
  std::uint64_t both = 0;
  std::uint64_t changed = 0;
  std::uint64_t appeared = 0;
  std::uint64_t disappeared = 0;
  std::uint64_t duplicates = 0;
  std::uint64_t changed_usage = 0;
  std::uint64_t preference_changed[2] = {0, 0};
  std::uint64_t content_signal_changed = 0;
  std::vector<std::array<std::uint64_t, kKinds>> per_crawler;
  std::map<std::string, std::array<std::uint64_t, kKinds>> per_purpose;
};

struct Inputs {
  std::vector<std::string> crawlers;  // in both, in the old summary's order
  std::vector<std::string> purposes;
  std::size_t paths = 0;
};

class Diff {
 public:
  Diff(Inputs inputs, std::FILE* out) : inputs_(std::move(inputs)), out_(out) {
    counts_.per_crawler.resize(inputs_.crawlers.size());
    for (const std::string& purpose : inputs_.purposes) counts_.per_purpose[purpose];
  }

  void read_old(const std::string& path) {
    each_line(path, [&](HostState& state) {
      ++counts_.old_hosts;
      OldHost entry{state.crawlers, state.preferences, state.signals, counts_.old_hosts, false};
      if (!old_.emplace(state.host, std::move(entry)).second) {
        --counts_.old_hosts;
        ++counts_.duplicates;
      }
    });
  }

  void read_new(const std::string& path) {
    each_line(path, [&](HostState& state) {
      const auto found = old_.find(state.host);
      if (found == old_.end()) {
        if (!appeared_.insert(state.host).second) {
          ++counts_.duplicates;
          return;
        }
        ++counts_.new_hosts;
        ++counts_.appeared;
        write_whole(state.host, "appeared");
        return;
      }
      if (found->second.seen) {
        ++counts_.duplicates;
        return;
      }
      found->second.seen = true;
      ++counts_.new_hosts;
      ++counts_.both;
      compare(found->second, state);
    });
  }

  void finish() {
    std::vector<std::pair<std::size_t, const std::string*>> gone;
    for (const auto& [host, entry] : old_) {
      if (!entry.seen) gone.emplace_back(entry.index, &host);
    }
    std::sort(gone.begin(), gone.end());
    for (const auto& [index, host] : gone) {
      ++counts_.disappeared;
      write_whole(*host, "disappeared");
    }
  }

  [[nodiscard]] const DiffCounts& counts() const { return counts_; }
  [[nodiscard]] const Inputs& inputs() const { return inputs_; }
  [[nodiscard]] bool write_failed() const { return write_failed_; }

 private:
  template <typename Each>
  void each_line(const std::string& path, Each each) {
    std::FILE* file = std::fopen(path.c_str(), "rb");
    if (file == nullptr) throw LineError{"cannot open '" + printable(path) + "'"};
    LineReader reader(file, kMaxHostLineBytes);
    std::string line;
    std::size_t number = 0;
    HostState state;
    try {
      while (++number, reader.next(line)) {
        read_state(line, inputs_.crawlers, inputs_.paths, state);
        each(state);
      }
    } catch (const LineError& problem) {
      std::fclose(file);
      throw LineError{"'" + printable(path) + "' line " + std::to_string(number) + " " +
                      problem.message};
    }
    std::fclose(file);
  }

  void compare(const OldHost& before, const HostState& after) {
    std::vector<std::pair<std::size_t, std::vector<Kind>>> crawler_changes;
    std::map<std::string_view, std::array<bool, kKinds>> by_purpose;
    std::array<bool, kKinds> any{};
    for (std::size_t c = 0; c < inputs_.crawlers.size(); ++c) {
      const auto old_byte = static_cast<unsigned char>(before.crawlers[c]);
      const auto new_byte = static_cast<unsigned char>(after.crawlers[c]);
      if (old_byte == new_byte) continue;
      std::vector<Kind> kinds;
      const auto was = [&](unsigned char bit) { return (old_byte & bit) != 0; };
      const auto is = [&](unsigned char bit) { return (new_byte & bit) != 0; };
      if (!was(kFully) && is(kFully)) kinds.push_back(kStartedBlockingFully);
      if (was(kFully) && !is(kFully)) kinds.push_back(kStoppedBlockingFully);
      if (!was(kPartly) && is(kPartly)) kinds.push_back(kStartedBlockingPartly);
      if (was(kPartly) && !is(kPartly)) kinds.push_back(kStoppedBlockingPartly);
      if (!was(kNamed) && is(kNamed)) kinds.push_back(kStartedNaming);
      if (was(kNamed) && !is(kNamed)) kinds.push_back(kStoppedNaming);
      for (const Kind kind : kinds) {
        ++counts_.per_crawler[c][kind];
        by_purpose[inputs_.purposes[c]][kind] = true;
        any[kind] = true;
      }
      crawler_changes.emplace_back(c, std::move(kinds));
    }
    for (const auto& [purpose, kinds] : by_purpose) {
      for (std::size_t k = 0; k < kKinds; ++k) {
        if (kinds[k]) ++counts_.per_purpose[std::string(purpose)][k];
      }
    }
    bool preference_changed[2] = {before.preferences[0] != after.preferences[0],
                                  before.preferences[1] != after.preferences[1]};
    const bool signal_changed = before.signals != after.signals;
    const bool usage_changed = preference_changed[0] || preference_changed[1] || signal_changed;
    if (crawler_changes.empty() && !usage_changed) return;
    ++counts_.changed;
    if (usage_changed) ++counts_.changed_usage;
    for (std::size_t p = 0; p < 2; ++p) counts_.preference_changed[p] += preference_changed[p];
    counts_.content_signal_changed += signal_changed;

    nlohmann::json line = {{"host", after.host}, {"changes", nlohmann::json::array()}};
    for (std::size_t k = 0; k < kKinds; ++k) {
      if (any[k]) line["changes"].push_back(kKindWords[k]);
    }
    if (usage_changed) line["changes"].push_back("changed-usage");
    if (!crawler_changes.empty()) {
      line["crawlers"] = nlohmann::json::object();
      for (const auto& [c, kinds] : crawler_changes) {
        nlohmann::json words = nlohmann::json::array();
        for (const Kind kind : kinds) words.push_back(kKindWords[kind]);
        line["crawlers"][inputs_.crawlers[c]] = std::move(words);
      }
    }
    if (usage_changed) {
      line["content_usage"] = nlohmann::json::object();
      for (std::size_t p = 0; p < 2; ++p) {
        if (preference_changed[p]) {
          line["content_usage"][kPreferenceNames[p]] = {kPreferenceWords[before.preferences[p]],
                                                        kPreferenceWords[after.preferences[p]]};
        }
      }
      line["content_signal_changed"] = signal_changed;
    }
    write(line);
  }

  void write_whole(const std::string& host, const char* kind) {
    write({{"host", host}, {"changes", {kind}}});
  }

  void write(const nlohmann::json& line) {
    const std::string text =
        line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (std::fwrite(text.data(), 1, text.size(), out_) != text.size()) write_failed_ = true;
  }

  Inputs inputs_;
  bool write_failed_ = false;
  std::FILE* out_;
  DiffCounts counts_;
  std::unordered_map<std::string, OldHost> old_;
  std::unordered_set<std::string> appeared_;
};

nlohmann::json summary_json(const Diff& diff, const CensusSummary& before,
                            const CensusSummary& after, const std::vector<std::string>& paths) {
  const DiffCounts& counts = diff.counts();
  const Inputs& inputs = diff.inputs();
  const auto label = [](const CensusSummary& summary) {
    return summary.label ? nlohmann::json(*summary.label) : nlohmann::json();
  };
  nlohmann::json json = {{"format", 1},
                         {"diff", {{"old", label(before)}, {"new", label(after)}}},
                         {"paths", paths},
                         {"crawlers", inputs.crawlers}};
  json["hosts"] = {{"old", counts.old_hosts},
                   {"new", counts.new_hosts},
                   {"both", counts.both},
                   {"changed", counts.changed},
                   {"appeared", counts.appeared},
                   {"disappeared", counts.disappeared},
                   {"duplicates", counts.duplicates}};
  json["per_crawler"] = nlohmann::json::object();
  for (std::size_t c = 0; c < inputs.crawlers.size(); ++c) {
    nlohmann::json crawler = {{"purpose", inputs.purposes[c]}};
    for (std::size_t k = 0; k < kKinds; ++k) crawler[kKindKeys[k]] = counts.per_crawler[c][k];
    json["per_crawler"][inputs.crawlers[c]] = std::move(crawler);
  }
  json["per_purpose"] = nlohmann::json::object();
  for (const auto& [purpose, kinds] : counts.per_purpose) {
    nlohmann::json entry = nlohmann::json::object();
    for (std::size_t k = 0; k < kKinds; ++k) entry[kKindKeys[k]] = kinds[k];
    json["per_purpose"][purpose] = std::move(entry);
  }
  json["usage"] = {{"hosts_changed", counts.changed_usage},
                   {"train_ai_changed", counts.preference_changed[0]},
                   {"search_changed", counts.preference_changed[1]},
                   {"content_signal_changed", counts.content_signal_changed}};
  return json;
}

void print_diff_table(const nlohmann::json& summary, std::ostream& out) {
  const nlohmann::json& hosts = summary["hosts"];
  out << with_thousands(hosts["both"].get<std::uint64_t>()) << " hosts in both crawls, "
      << with_thousands(hosts["changed"].get<std::uint64_t>()) << " changed; "
      << with_thousands(hosts["appeared"].get<std::uint64_t>()) << " appeared, "
      << with_thousands(hosts["disappeared"].get<std::uint64_t>()) << " disappeared\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"crawler", "blocking fully +/-", "partly +/-", "naming +/-"}};
  for (const auto& item : summary["per_crawler"].items()) {
    // Named, not a structured binding: Clang 14 cannot capture one in a lambda.
    const nlohmann::json& crawler = item.value();
    const auto pair = [&crawler](std::size_t started) {
      return "+" + with_thousands(crawler[kKindKeys[started]].get<std::uint64_t>()) + " -" +
             with_thousands(crawler[kKindKeys[started + 1]].get<std::uint64_t>());
    };
    rows.push_back({item.key(), pair(kStartedBlockingFully), pair(kStartedBlockingPartly),
                    pair(kStartedNaming)});
  }
  std::vector<std::size_t> widths(4, 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      std::string cell = row[c];
      if (c + 1 < row.size()) cell.resize(widths[c] + 2, ' ');
      line += cell;
    }
    out << line << "\n";
  }
  out << "\nusage preferences changed on "
      << with_thousands(summary["usage"]["hosts_changed"].get<std::uint64_t>()) << " hosts\n";
}

}  // namespace

int run_diff(const CensusOptions& options) {
  if (options.out.empty()) {
    report_error(kCommand, "--diff needs --out DIR");
    return kExitUsage;
  }
  const std::string& old_dir = options.diff[0];
  const std::string& new_dir = options.diff[1];
  const std::optional<CensusSummary> before = read_summary_or_report(old_dir);
  if (!before) return kExitUsage;
  const std::optional<CensusSummary> after = read_summary_or_report(new_dir);
  if (!after) return kExitUsage;
  if (before->paths != after->paths) {
    report_error(kCommand,
                 "the crawls asked different paths: a host's blocking cannot be "
                 "compared");
    return kExitUsage;
  }
  Inputs inputs;
  inputs.paths = before->paths.size();
  for (std::size_t c = 0; c < before->crawlers.size(); ++c) {
    if (std::find(after->crawlers.begin(), after->crawlers.end(), before->crawlers[c]) !=
        after->crawlers.end()) {
      inputs.crawlers.push_back(before->crawlers[c]);
      inputs.purposes.push_back(before->purposes[c]);
    }
  }
  if (!make_out_dir(options.out)) return kExitUsage;
  OutputFiles outputs;
  const std::string changes_path = (fs::path(options.out) / "changes.jsonl").string();
  std::FILE* out = outputs.create(changes_path);
  if (out == nullptr) {
    cli::report_unreadable(kCommand, changes_path, errno);
    return kExitUsage;
  }
  Diff diff(std::move(inputs), out);
  try {
    diff.read_old((fs::path(old_dir) / "hosts.jsonl").string());
    diff.read_new((fs::path(new_dir) / "hosts.jsonl").string());
    diff.finish();
  } catch (const LineError& problem) {
    std::fclose(out);
    report_error(kCommand, problem.message);
    return kExitUsage;
  }
  const bool closed = std::fclose(out) == 0;
  const nlohmann::json summary = summary_json(diff, *before, *after, before->paths);
  const fs::path summary_path = fs::path(options.out) / "summary.json";
  std::FILE* summary_file = outputs.create(summary_path.string());
  bool written = summary_file != nullptr;
  if (summary_file != nullptr) {
    const std::string text = summary.dump(1) + "\n";
    written = std::fwrite(text.data(), 1, text.size(), summary_file) == text.size();
    written = std::fclose(summary_file) == 0 && written;
  }
  if (!closed || !written || diff.write_failed()) {
    cli::report_io_error(kCommand, "cannot write the output to '" + printable(options.out) + "'");
    return kExitUsage;
  }
  print_diff_table(summary, std::cout);
  return kExitOk;
}

}  // namespace robotstxt::census
