#include "census/census_run.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "census/census_summary.h"
#include "census/census_worker.h"
#include "census/host_census.h"
#include "census/host_lines.h"
#include "census/host_ranks.h"
#include "census/input_units.h"
#include "census/output_files.h"
#include "census/part_redirects.h"
#include "census/redirects.h"
#include "census/summary_file.h"
#include "census/summary_table.h"
#include "cli/input.h"

namespace robotstxt::census {
namespace {

namespace fs = std::filesystem;
using cli::kExitOk;
using cli::kExitUsage;
using cli::printable;
using cli::report_error;
using cli::with_thousands;

// How far workers may run ahead of the oldest file not yet written, per worker.
constexpr std::size_t kFilesAheadPerJob = 8;
constexpr unsigned kMaxJobs = 256;

std::string duration_text(double seconds) {
  const long long whole = std::llround(seconds);
  if (whole < 60) return std::to_string(whole) + "s";
  if (whole < 3600) return std::to_string(whole / 60) + "m" + std::to_string(whole % 60) + "s";
  return std::to_string(whole / 3600) + "h" + std::to_string(whole / 60 % 60) + "m";
}

// The second pass: the redirecting hosts, in input order, follow their Locations through
// the answers of every worker, and are counted and written after all other host lines;
// those left unresolved go to `unresolved_file` too, for --merge (part_redirects.h).
bool resolve_redirects(std::vector<std::unique_ptr<CensusWorker>>& workers, const AnswerBook& book,
                       const CensusQuestions& questions, CensusSummary& summary,
                       std::FILE* hosts_file, std::FILE* unresolved_file) {
  std::vector<WaitingRedirect> waiting;
  bool memory_full = false;
  for (const auto& worker : workers) {
    std::vector<WaitingRedirect>& own = worker->waiting();
    std::move(own.begin(), own.end(), std::back_inserter(waiting));
    own.clear();
    memory_full = memory_full || worker->redirect_memory_full();
  }
  std::sort(waiting.begin(), waiting.end(),
            [](const WaitingRedirect& a, const WaitingRedirect& b) { return a.order < b.order; });
  bool ok = true;
  std::optional<ChunkedLines> host_lines;
  if (hosts_file != nullptr) host_lines.emplace(hosts_file);
  std::string line;
  std::vector<std::string> chain;
  for (WaitingRedirect& redirect : waiting) {
    book.resolve(redirect.url, redirect.next, questions, redirect.host, &chain);
    summary.add(redirect.host);
    if (hosts_file == nullptr) continue;
    append_host_line(redirect.host, questions, host_lines->text());
    host_lines->line_done();
    if (unresolved_file == nullptr || redirect.host.redirect != RedirectOutcome::kUnresolved) {
      continue;
    }
    line.clear();
    append_unresolved_line(redirect.host, chain, questions, line);
    ok = std::fwrite(line.data(), 1, line.size(), unresolved_file) == line.size() && ok;
  }
  if (host_lines) ok = host_lines->finish() && ok;
  if (memory_full) {
    std::cerr << "robotstxt census: warning: the " << with_thousands(kMaxRedirectMemoryBytes >> 20)
              << " MiB kept for redirects were full: some redirects are unresolved\n";
  }
  return ok;
}

}  // namespace

int run_census(const CensusOptions& options) {
  const auto crawlers = cli::crawlers_or_report(kCommand, options.crawlers);
  if (!crawlers) return kExitUsage;
  std::vector<std::string> paths = cli::split_agents(options.paths);
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
  std::optional<HostRanks> ranks;
  if (!options.ranks.empty()) {
    ranks = HostRanks::read_or_report(options.ranks);
    if (!ranks) return kExitUsage;
  }
  CensusQuestions questions(*crawlers, std::move(paths));
  if (ranks) questions.ranks = &*ranks;
  const std::optional<std::string> label =
      options.label.empty() ? std::nullopt : std::optional<std::string>(options.label);

  // Declared first, so that the files of an earlier run are removed whatever happens.
  OutputFiles output_files;
  std::FILE* hosts_file = nullptr;
  std::FILE* responses_file = nullptr;
  std::FILE* unresolved_file = nullptr;
  const auto close_all = [&] {
    for (std::FILE* file : {hosts_file, responses_file, unresolved_file}) {
      if (file != nullptr) std::fclose(file);
    }
  };
  if (!options.out.empty()) {
    if (!make_out_dir(options.out)) return kExitUsage;
    for (const auto& [name, file] :
         {std::pair{"hosts.jsonl", &hosts_file}, std::pair{kResponsesFile, &responses_file},
          std::pair{kUnresolvedFile, &unresolved_file}}) {
      const std::string path = (fs::path(options.out) / name).string();
      *file = output_files.create(path);
      if (*file == nullptr) {
        cli::report_unreadable(kCommand, path, errno);
        close_all();
        return kExitUsage;
      }
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
  std::atomic<std::size_t> redirect_bytes{0};
  std::vector<std::unique_ptr<CensusWorker>> workers;
  for (unsigned j = 0; j < options.jobs; ++j) {
    workers.push_back(std::make_unique<CensusWorker>(
        questions, label, hosts_file != nullptr ? &queue : nullptr, &redirect_bytes));
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
        workers[j]->run(unit, (*units)[unit], outputs[unit]);
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

  // Every worker's answers in one book, which is only read from here on: responses.jsonl
  // is written from it while the hosts that redirect follow their Locations through it
  // and the summary is written, so the two share the cores.
  AnswerBook& book = workers.front()->book();
  for (const auto& worker : workers) {
    if (&worker->book() != &book) book.take(std::move(worker->book()));
  }
  bool responses_ok = true;
  std::thread responses_writer;
  if (hosts_file != nullptr) {
    responses_writer = std::thread([&] {
      responses_ok = write_responses(book, questions, responses_file);
      responses_ok = std::fclose(responses_file) == 0 && responses_ok;
    });
  }

  CensusSummary summary(label, questions);
  bool failed = false;
  for (const auto& worker : workers) {
    std::string error;
    (void)summary.merge(worker->summary(), error);  // same questions: cannot differ
    failed = failed || worker->failed();
    write_ok = write_ok && !worker->write_failed();
  }
  for (const WorkUnit& unit : *units) {
    std::error_code error;
    const std::uintmax_t bytes = fs::file_size(unit.path, error);
    summary.input_files.push_back(
        {fs::path(unit.path).filename().string(), error ? 0 : static_cast<std::uint64_t>(bytes)});
  }
  write_ok =
      resolve_redirects(workers, book, questions, summary, hosts_file, unresolved_file) && write_ok;
  if (hosts_file != nullptr && std::fclose(hosts_file) != 0) write_ok = false;
  if (unresolved_file != nullptr && std::fclose(unresolved_file) != 0) write_ok = false;
  if (!options.out.empty() && !write_summary(summary, options.out)) write_ok = false;
  if (responses_writer.joinable()) responses_writer.join();
  write_ok = write_ok && responses_ok;
  if (!write_ok) {
    cli::report_io_error(kCommand, "cannot write the output to '" + printable(options.out) + "'");
    return kExitUsage;
  }
  print_summary_table(summary, std::cout);
  return failed ? kExitUsage : kExitOk;
}

}  // namespace robotstxt::census
