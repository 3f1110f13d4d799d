// `robotstxt census INPUT... [--jobs N] [--paths /,/news/] [--crawlers all|ai|NAME,...]
// [--out DIR] [--label NAME]` and `robotstxt census --merge DIR... [--out DIR]`: what
// many hosts' robots.txt files say to each crawler, from a crawl's WARC files or a folder
// of files named by host (docs/census.md). Files are shared among worker threads; host
// lines are written in input order, so the output is the same for any --jobs.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "answer/census_summary.h"
#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "answer/host_census.h"
#include "answer/recorded_response.h"
#include "answer/warc_reader.h"
#include "base/ascii.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/input.h"
#include "robotstxt/body_limit.h"

namespace robotstxt::cli {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kCommand = "census";
// Host lines travel from a worker to the writer in chunks of about this size: whole
// buffers change hands, and the writer hands them back to be filled again, so lines are
// neither copied between threads nor written into freshly mapped memory.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
// A file's host lines stay in memory up to this, then go to a temporary file until their
// turn comes: memory stays bounded whatever a WARC file holds.
constexpr std::size_t kMaxHeldChunks = 8;
// How far workers may run ahead of the oldest file not yet written, per worker.
constexpr std::size_t kFilesAheadPerJob = 8;
constexpr unsigned kMaxJobs = 256;
// A summary holds a few counts per crawler and lint code: some kilobytes. A file much
// larger is no summary, and is not read into memory.
constexpr std::size_t kMaxSummaryBytes = std::size_t{16} * 1024 * 1024;

struct CensusOptions {
  std::vector<std::string> inputs;
  std::vector<std::string> merge;
  unsigned jobs = 1;
  std::string paths = "/";
  std::string crawlers = "all";
  std::string out;
  std::string label;
  bool progress = false;
};

// One file to read: a WARC file, or one host's robots.txt in a folder of them.
struct WorkUnit {
  std::string path;
  bool host_file = false;
};

// A unit's host lines, waiting for their turn in hosts.jsonl. The writer takes the
// chunks of the oldest unit as they come, before the unit is done.
struct UnitOutput {
  std::vector<std::string> chunks;  // in order, all before any line in `spill`
  std::FILE* spill = nullptr;       // tmpfile() with the lines past kMaxHeldChunks
  bool done = false;
};

// What workers and the writer share, under one mutex: whose turn it is, the units'
// chunks, and the emptied chunks waiting to be filled again.
struct CensusQueue {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<UnitOutput> outputs;
  std::size_t next_unit = 0;     // the next unit a worker takes
  std::size_t next_written = 0;  // the oldest unit not written yet
  std::vector<std::string> free_chunks;
  std::size_t max_free_chunks = 0;

  // An empty chunk with room for kChunkBytes and a line past it.
  std::string take_chunk() {
    std::string chunk;
    {
      const std::lock_guard lock(mutex);
      if (!free_chunks.empty()) {
        chunk = std::move(free_chunks.back());
        free_chunks.pop_back();
      }
    }
    chunk.clear();
    chunk.reserve(kChunkBytes + kChunkBytes / 4);
    return chunk;
  }

  // Called with `mutex` held.
  void give_back(std::string chunk) {
    if (free_chunks.size() < max_free_chunks) free_chunks.push_back(std::move(chunk));
  }
};

// "https://Example.com:8443/robots.txt" -> "example.com:8443": the origin's authority, as
// written but lower-cased, without user info.
std::string host_of(std::string_view uri) {
  const std::size_t scheme = uri.find("://");
  if (scheme != std::string_view::npos) uri.remove_prefix(scheme + 3);
  uri = uri.substr(0, uri.find_first_of("/?#"));
  const std::size_t at = uri.rfind('@');
  if (at != std::string_view::npos) uri.remove_prefix(at + 1);
  std::string host(uri);
  for (char& c : host) c = internal::to_ascii_lower(c);
  return host;
}

bool is_directory(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode);
}

// Adds `path` as units: a folder's files (sorted by name: the output's order), or a file.
bool add_units(const std::string& path, std::vector<WorkUnit>& units) {
  if (!is_directory(path)) {
    units.push_back({path, false});
    return true;
  }
  std::error_code error;
  std::vector<std::string> names;
  for (fs::directory_iterator it(path, error), end; !error && it != end; it.increment(error)) {
    if (it->is_regular_file(error)) names.push_back(it->path().filename().string());
  }
  if (error) {
    report_unreadable(kCommand, path, error.value());
    return false;
  }
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) units.push_back({(fs::path(path) / name).string(), true});
  return true;
}

std::optional<std::vector<WorkUnit>> units_or_report(const std::vector<std::string>& inputs) {
  std::vector<WorkUnit> units;
  for (const std::string& input : inputs) {
    if (input != "-") {
      if (!add_units(input, units)) return std::nullopt;
      continue;
    }
    InputLines lines(STDIN_FILENO);
    std::string line;
    while (lines.next(line)) {
      if (!line.empty() && !add_units(line, units)) return std::nullopt;
    }
    if (lines.error() != 0) {
      report_unreadable(kCommand, "-", lines.error());
      return std::nullopt;
    }
  }
  return units;
}

int open_file(const std::string& path) {
  int fd = -1;
  do {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  } while (fd < 0 && errno == EINTR);
  return fd;
}

// What one worker adds up and writes.
class Worker {
 public:
  /// `write_lines`: host lines are wanted (there is an output folder).
  Worker(const CensusQuestions& questions, const std::optional<std::string>& label,
         CensusQueue* queue)
      : questions_(questions), summary_(label, questions), queue_(queue) {}

  void run(const WorkUnit& unit, UnitOutput& output) {
    output_ = &output;
    if (queue_ != nullptr) chunk_ = queue_->take_chunk();
    read_unit(unit);
    if (queue_ != nullptr) hand_over(true);
  }

  [[nodiscard]] const CensusSummary& summary() const { return summary_; }
  [[nodiscard]] std::uint64_t hosts() const { return hosts_.load(std::memory_order_relaxed); }
  [[nodiscard]] bool failed() const { return failed_; }
  [[nodiscard]] bool write_failed() const { return write_failed_; }

 private:
  void read_unit(const WorkUnit& unit) {
    ++summary_.inputs.files;
    const int fd = open_file(unit.path);
    if (fd < 0) {
      unreadable(unit.path, errno);
      return;
    }
    if (unit.host_file) {
      read_host_file(fd, fs::path(unit.path).filename().string(), unit.path);
    } else {
      read_warc(fd, unit.path);
    }
    ::close(fd);
  }

  void unreadable(const std::string& path, int error) {
    ++summary_.inputs.errors;
    failed_ = true;
    report_unreadable(kCommand, path, error);
  }

  void read_host_file(int fd, const std::string& host, const std::string& path) {
    ++summary_.inputs.records;
    std::string body(kMaxBodyBytes, '\0');
    std::size_t filled = 0;
    while (filled < body.size()) {
      const ssize_t got = ::read(fd, body.data() + filled, body.size() - filled);
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        unreadable(path, errno);
        return;
      }
      if (got == 0) break;
      filled += static_cast<std::size_t>(got);
    }
    body.resize(filled);
    struct stat status {};
    const std::uint64_t bytes =
        ::fstat(fd, &status) == 0 ? std::max<std::uint64_t>(filled, status.st_size) : filled;
    ++summary_.inputs.responses;
    census_host(host, 200, false, body, bytes, questions_, host_);
    count(host_);
  }

  void read_warc(int fd, const std::string& path) {
    WarcReader reader(fd);
    WarcRecord record;
    while (reader.next(record)) {
      if (!internal::equals_ignoring_case(record.type, "response")) {
        ++summary_.inputs.skipped_records;
        continue;
      }
      const RecordedResponse response = read_recorded_response(record.block, record.block_bytes);
      if (!response.is_http) {
        ++summary_.inputs.errors;
        continue;
      }
      ++summary_.inputs.responses;
      census_host(host_of(record.target_uri), response.status, !response.body_intact, response.body,
                  response.body_bytes, questions_, host_);
      count(host_);
    }
    const WarcCounts counts = reader.counts();
    summary_.inputs.records += counts.records;
    summary_.inputs.truncated += counts.truncated;
    summary_.inputs.garbage_bytes += counts.garbage_bytes;
    summary_.inputs.errors += counts.errors;
    if (reader.read_error() != 0) unreadable(path, reader.read_error());
  }

  void count(const HostCensus& host) {
    summary_.add(host);
    hosts_.fetch_add(1, std::memory_order_relaxed);
    if (queue_ == nullptr) return;
    // Written apart, then appended: JsonText grows its string in steps of half its
    // size, which on a chunk of lines would zero a megabyte per host.
    line_.clear();
    append_host_line(host, questions_, line_);
    chunk_ += line_;
    if (chunk_.size() >= kChunkBytes) hand_over(false);
  }

  // Gives the chunk to the unit's output (and, with `last`, marks the unit done): held
  // for the writer up to kMaxHeldChunks, past that (and ever after) in the spill file.
  void hand_over(bool last) {
    std::unique_lock lock(queue_->mutex);
    if (output_->spill == nullptr && output_->chunks.size() < kMaxHeldChunks) {
      if (!chunk_.empty()) output_->chunks.push_back(std::move(chunk_));
      output_->done = last;
      lock.unlock();
      queue_->changed.notify_all();
      if (!last) chunk_ = queue_->take_chunk();
      return;
    }
    // Only this worker touches the unit's spill file until the unit is done.
    lock.unlock();
    if (output_->spill == nullptr) output_->spill = std::tmpfile();
    if (output_->spill == nullptr ||
        std::fwrite(chunk_.data(), 1, chunk_.size(), output_->spill) != chunk_.size()) {
      write_failed_ = true;
    }
    chunk_.clear();
    if (!last) return;
    lock.lock();
    queue_->give_back(std::move(chunk_));
    output_->done = true;
    lock.unlock();
    queue_->changed.notify_all();
  }

  const CensusQuestions& questions_;
  CensusSummary summary_;
  CensusQueue* queue_;  // null when no host lines are wanted
  UnitOutput* output_ = nullptr;
  HostCensus host_;    // the current host's census, its lists' room kept from host to host
  std::string line_;   // one host's line, its room kept from host to host
  std::string chunk_;  // lines not yet handed over
  std::atomic<std::uint64_t> hosts_{0};
  bool failed_ = false;
  bool write_failed_ = false;
};

std::string share(std::uint64_t part, std::uint64_t whole) {
  if (whole == 0) return "-";
  char text[16];
  std::snprintf(text, sizeof text, "%.1f%%",
                100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

std::string counted(std::uint64_t part, std::uint64_t whole) {
  return with_thousands(part) + " (" + share(part, whole) + ")";
}

std::string padded(std::string text, std::size_t width) {
  text.resize(std::max(width, text.size()), ' ');
  return text;
}

void print_rows(const std::vector<std::vector<std::string>>& rows, std::ostream& out) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], row[c].size());
  }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      line += c + 1 < row.size() ? padded(row[c], widths[c] + 2) : row[c];
    }
    out << line << "\n";
  }
}

// The summary as people read it: counts with their share of the hosts.
void print_table(const CensusSummary& summary, std::ostream& out) {
  const std::uint64_t hosts = summary.hosts;
  out << with_thousands(hosts) << " hosts from " << with_thousands(summary.inputs.files)
      << (summary.inputs.files == 1 ? " file" : " files") << " ("
      << with_thousands(summary.inputs.truncated) << " truncated records, "
      << with_thousands(summary.inputs.errors) << " errors); paths:";
  for (const std::string& path : summary.paths) out << " " << path;
  out << "\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"crawler", "purpose", "named", "blocked fully", "blocked partly"}};
  for (std::size_t c = 0; c < summary.crawlers.size(); ++c) {
    const CrawlerCounts& counts = summary.per_crawler[c];
    rows.push_back({summary.crawlers[c], summary.purposes[c], counted(counts.named, hosts),
                    counted(counts.blocked_fully, hosts), counted(counts.blocked_partly, hosts)});
  }
  print_rows(rows, out);
  out << "\n";
  rows = {{"purpose", "crawlers", "naming any", "blocking any fully", "blocking all fully"}};
  for (const auto& [name, counts] : summary.per_purpose) {
    rows.push_back({name, std::to_string(counts.crawlers), counted(counts.hosts_naming_any, hosts),
                    counted(counts.hosts_blocking_any_fully, hosts),
                    counted(counts.hosts_blocking_all_fully, hosts)});
  }
  print_rows(rows, out);
  out << "\nusage preferences: content-usage on "
      << counted(summary.hosts_with_content_usage, hosts) << ", content-signal on "
      << counted(summary.hosts_with_content_signal, hosts) << "\n  train-ai for / and *: allowed "
      << with_thousands(summary.train_ai[0]) << ", disallowed "
      << with_thousands(summary.train_ai[1]) << "\n";

  std::vector<std::pair<std::uint64_t, std::string>> codes;
  for (const auto& [code, hosts_with_code] : summary.lint)
    codes.emplace_back(hosts_with_code, code);
  std::stable_sort(codes.begin(), codes.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  out << "\nlint codes (hosts with a finding):\n";
  rows.clear();
  for (std::size_t i = 0; i < codes.size() && i < 10; ++i) {
    rows.push_back({"  " + codes[i].second, counted(codes[i].first, hosts)});
  }
  print_rows(rows, out);
  const std::uint64_t rules_hosts = summary.access[0];
  out << "\naccess: rules " << counted(rules_hosts, hosts) << ", full allow "
      << counted(summary.access[1], hosts) << ", full disallow "
      << counted(summary.access[2], hosts) << ", redirect " << counted(summary.access[3], hosts)
      << "\nsizes: " << with_thousands(summary.bytes_total) << " bytes; html bodies "
      << counted(summary.html_bodies, hosts) << "; over 500 KiB "
      << counted(summary.byte_buckets[5], hosts) << "; " << with_thousands(summary.groups)
      << " groups, " << with_thousands(summary.rules) << " rules, "
      << with_thousands(summary.sitemaps) << " sitemaps on "
      << counted(summary.hosts_with_sitemaps, hosts) << "\n";
}

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
    report_io_error(kCommand, "cannot create '" + printable(dir) + "': " + error.message());
    return false;
  }
  return true;
}

bool write_chunks(const std::vector<std::string>& chunks, std::FILE* hosts_file) {
  bool ok = true;
  for (const std::string& chunk : chunks) {
    if (std::fwrite(chunk.data(), 1, chunk.size(), hosts_file) != chunk.size()) ok = false;
  }
  return ok;
}

// Copies a finished unit's spilled lines into hosts.jsonl and closes their file.
bool write_spill(UnitOutput& output, std::FILE* hosts_file) {
  bool ok = true;
  if (output.spill != nullptr) {
    std::rewind(output.spill);
    char chunk[1 << 16];
    std::size_t got = 0;
    while ((got = std::fread(chunk, 1, sizeof chunk, output.spill)) > 0) {
      if (std::fwrite(chunk, 1, got, hosts_file) != got) ok = false;
    }
    std::fclose(output.spill);
    output.spill = nullptr;
  }
  return ok;
}

std::string duration_text(double seconds) {
  const long long whole = std::llround(seconds);
  if (whole < 60) return std::to_string(whole) + "s";
  if (whole < 3600) return std::to_string(whole / 60) + "m" + std::to_string(whole % 60) + "s";
  return std::to_string(whole / 3600) + "h" + std::to_string(whole / 60 % 60) + "m";
}

int run_census(const CensusOptions& options) {
  const auto crawlers = crawlers_or_report(kCommand, options.crawlers);
  if (!crawlers) return kExitUsage;
  std::vector<std::string> paths = split_agents(options.paths);
  if (paths.empty()) {
    report_error(kCommand, "--paths names no path");
    return kExitUsage;
  }
  if (options.jobs == 0 || options.jobs > kMaxJobs) {
    report_error(kCommand, "--jobs must be 1 to " + std::to_string(kMaxJobs));
    return kExitUsage;
  }
  std::optional<std::vector<WorkUnit>> units = units_or_report(options.inputs);
  if (!units) return kExitUsage;
  const CensusQuestions questions(*crawlers, std::move(paths));
  const std::optional<std::string> label =
      options.label.empty() ? std::nullopt : std::optional<std::string>(options.label);

  std::FILE* hosts_file = nullptr;
  if (!options.out.empty()) {
    if (!make_out_dir(options.out)) return kExitUsage;
    const std::string hosts_path = (fs::path(options.out) / "hosts.jsonl").string();
    hosts_file = std::fopen(hosts_path.c_str(), "wb");
    if (hosts_file == nullptr) {
      report_unreadable(kCommand, hosts_path, errno);
      return kExitUsage;
    }
  }

  const std::size_t total = units->size();
  CensusQueue queue;
  queue.outputs.resize(total);
  // Enough for every worker's next chunk and the writer's current ones.
  queue.max_free_chunks = std::size_t{2} * options.jobs + 2;
  std::vector<UnitOutput>& outputs = queue.outputs;
  std::mutex& mutex = queue.mutex;
  std::condition_variable& changed = queue.changed;
  std::size_t& next_unit = queue.next_unit;
  std::size_t& next_written = queue.next_written;
  const std::size_t window = kFilesAheadPerJob * options.jobs;
  std::vector<std::unique_ptr<Worker>> workers;
  for (unsigned j = 0; j < options.jobs; ++j) {
    workers.push_back(
        std::make_unique<Worker>(questions, label, hosts_file != nullptr ? &queue : nullptr));
  }
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < options.jobs; ++j) {
    threads.emplace_back([&, j] {
      while (true) {
        std::size_t unit = 0;
        {
          std::unique_lock lock(mutex);
          changed.wait(lock,
                       [&] { return next_unit >= total || next_unit < next_written + window; });
          if (next_unit >= total) return;
          unit = next_unit++;
        }
        workers[j]->run((*units)[unit], outputs[unit]);
        if (hosts_file == nullptr) {
          {
            const std::lock_guard lock(mutex);
            outputs[unit].done = true;
          }
          changed.notify_all();
        }
      }
    });
  }

  const bool progress = options.progress || isatty(STDERR_FILENO) != 0;
  const auto started = std::chrono::steady_clock::now();
  bool write_ok = true;
  {
    std::unique_lock lock(mutex);
    while (next_written < total) {
      changed.wait_for(lock, std::chrono::milliseconds(500), [&] {
        return outputs[next_written].done || !outputs[next_written].chunks.empty();
      });
      bool wrote = false;
      while (next_written < total &&
             (outputs[next_written].done || !outputs[next_written].chunks.empty())) {
        UnitOutput& output = outputs[next_written];
        std::vector<std::string> chunks;
        chunks.swap(output.chunks);
        const bool done = output.done;
        lock.unlock();
        if (hosts_file != nullptr) {
          write_ok = write_chunks(chunks, hosts_file) && write_ok;
          if (done) write_ok = write_spill(output, hosts_file) && write_ok;
        }
        lock.lock();
        for (std::string& chunk : chunks) queue.give_back(std::move(chunk));
        if (!done) continue;
        ++next_written;
        wrote = true;
      }
      if (wrote) changed.notify_all();
      if (progress) {
        std::uint64_t hosts = 0;
        for (const auto& worker : workers) hosts += worker->hosts();
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::string line = "\rfiles " + with_thousands(next_written) + "/" + with_thousands(total) +
                           ", hosts " + with_thousands(hosts);
        if (seconds > 0.1) {
          line += ", " +
                  with_thousands(static_cast<std::size_t>(static_cast<double>(hosts) / seconds)) +
                  " hosts/s";
        }
        if (next_written > 0 && next_written < total) {
          line += ", ETA " + duration_text(seconds * static_cast<double>(total - next_written) /
                                           static_cast<double>(next_written));
        }
        std::cerr << line << "   " << std::flush;
      }
    }
  }
  for (std::thread& thread : threads) thread.join();
  if (progress) std::cerr << "\n";

  CensusSummary summary(label, questions);
  bool failed = false;
  for (const auto& worker : workers) {
    std::string error;
    (void)summary.merge(worker->summary(), error);  // same questions: cannot differ
    failed = failed || worker->failed();
    write_ok = write_ok && !worker->write_failed();
  }
  if (hosts_file != nullptr && std::fclose(hosts_file) != 0) write_ok = false;
  if (!options.out.empty() && !write_summary(summary, options.out)) write_ok = false;
  if (!write_ok) {
    report_io_error(kCommand, "cannot write the output to '" + printable(options.out) + "'");
    return kExitUsage;
  }
  print_table(summary, std::cout);
  return failed ? kExitUsage : kExitOk;
}

std::optional<CensusSummary> read_summary_or_report(const std::string& dir) {
  const std::string path = (fs::path(dir) / "summary.json").string();
  std::error_code error_code;
  const std::uintmax_t size = fs::file_size(path, error_code);
  if (!error_code && size > kMaxSummaryBytes) {
    report_error(kCommand, "'" + printable(path) + "' is no census summary: over " +
                               with_thousands(kMaxSummaryBytes) + " bytes");
    return std::nullopt;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    report_unreadable(kCommand, path, errno != 0 ? errno : ENOENT);
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
      report_io_error(kCommand, "cannot write '" + printable(options.out) + "/summary.json'");
      return kExitUsage;
    }
  }
  print_table(*merged, std::cout);
  return kExitOk;
}

}  // namespace

void add_census_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CensusOptions>();
  CLI::App* command = app.add_subcommand(
      "census",
      "What many hosts' robots.txt files say to each crawler: read WARC files (gzipped or\n"
      "not, as a crawl stores robots.txt responses) or folders of files named by host, and\n"
      "count per crawler the hosts that name it and block it fully or partly, per purpose,\n"
      "usage preferences, lint codes and sizes. A table on stdout; with --out DIR, one JSON\n"
      "line per host in DIR/hosts.jsonl and the counts in DIR/summary.json, which --merge\n"
      "adds up. Exit 0, or 2 on usage or I/O errors.");
  describe_command(*command, "what many hosts' robots.txt files say to each crawler, counted",
                   {"INPUT...", "--merge DIR..."});
  command->add_option("INPUT", options->inputs,
                      "WARC files, folders of robots.txt files named by host, or - for a list "
                      "of them on stdin");
  command
      ->add_option("--merge", options->merge,
                   "add up the summary.json of these census output folders instead")
      ->expected(1, -1);
  command->add_option("-j,--jobs", options->jobs, "files read at once (default: 1)");
  command->add_option("--paths", options->paths, "paths asked, comma-separated (default: /)");
  command->add_option("--crawlers", options->crawlers,
                      "all (default), search, ai, google, or crawler names, comma-separated");
  command->add_option("-o,--out", options->out, "write hosts.jsonl and summary.json here");
  command->add_option("--label", options->label, "the summary's label, e.g. the crawl's name");
  command->add_flag("--progress", options->progress,
                    "show progress on stderr even when it is not a terminal");
  command->callback([options, &exit_code] {
    if (options->merge.empty() == options->inputs.empty()) {
      report_error(kCommand, options->merge.empty() ? "give INPUT files or --merge DIR..."
                                                    : "INPUT and --merge do not go together");
      exit_code = kExitUsage;
      return;
    }
    exit_code = options->merge.empty() ? run_census(*options) : run_merge(*options);
  });
}

}  // namespace robotstxt::cli
