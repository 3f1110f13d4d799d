// One worker of a census run: reads the files it is given (a WARC file record by record,
// or one host's robots.txt), takes each response's census (host_census.h), adds it into
// its own summary and hands its host line to the writer (host_lines.h).
#ifndef ROBOTSTXT_TOOLS_CENSUS_CENSUS_WORKER_H_
#define ROBOTSTXT_TOOLS_CENSUS_CENSUS_WORKER_H_

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "census/census_summary.h"
#include "census/host_census.h"
#include "census/host_lines.h"
#include "census/input_units.h"
#include "census/redirects.h"

namespace robotstxt::census {

/// "https://Example.com:8443/robots.txt" -> "example.com:8443": the origin's authority,
/// as written but lower-cased, without user info.
[[nodiscard]] std::string host_of(std::string_view uri);

class CensusWorker {
 public:
  /// `queue`: where host lines go, or null when none are wanted (no output folder).
  /// `redirect_bytes`: what the run's answer books and waiting hosts hold (redirects.h).
  CensusWorker(const CensusQuestions& questions, const std::optional<std::string>& label,
               CensusQueue* queue, std::atomic<std::size_t>* redirect_bytes)
      : questions_(questions),
        summary_(label, questions),
        queue_(queue),
        book_(redirect_bytes),
        redirect_bytes_(redirect_bytes) {}

  /// Reads `unit`, the `index`th of the inputs, its host lines going to `output` (marked
  /// done at the end). Redirecting hosts wait in waiting() instead.
  void run(std::size_t index, const WorkUnit& unit, UnitOutput& output);

  /// The responses read, by URL, for the redirects to follow once all are read.
  [[nodiscard]] AnswerBook& book() { return book_; }
  /// The redirecting hosts read, not counted yet.
  [[nodiscard]] std::vector<WaitingRedirect>& waiting() { return waiting_; }
  /// Answers not remembered or hosts not kept waiting for the memory bound.
  [[nodiscard]] bool redirect_memory_full() const { return redirect_memory_full_; }

  [[nodiscard]] const CensusSummary& summary() const { return summary_; }
  /// Hosts counted so far; read by the progress line from another thread.
  [[nodiscard]] std::uint64_t hosts() const { return hosts_.load(std::memory_order_relaxed); }
  /// A file could not be read (said on stderr).
  [[nodiscard]] bool failed() const { return failed_; }
  /// A spill file could not be written.
  [[nodiscard]] bool write_failed() const { return write_failed_; }

 private:
  void read_unit(const WorkUnit& unit);
  void unreadable(const std::string& path, int error);
  void read_host_file(int fd, const std::string& host, const std::string& path);
  void read_warc(int fd, const std::string& path);
  void count(const HostCensus& host);
  // Gives the chunk to the unit's output (and, with `last`, marks the unit done): held
  // for the writer up to kMaxHeldChunks, past that (and ever after) in the spill file.
  void hand_over(bool last);

  // Counts and writes a redirecting host: it waits for the end, or, past the memory
  // bound, is written unresolved at once.
  void wait_or_count(const std::string& url, std::string next);

  const CensusQuestions& questions_;
  CensusSummary summary_;
  CensusQueue* queue_;  // null when no host lines are wanted
  AnswerBook book_;
  std::atomic<std::size_t>* redirect_bytes_;
  std::vector<WaitingRedirect> waiting_;
  RecordOrder order_;  // the current record's
  bool redirect_memory_full_ = false;
  UnitOutput* output_ = nullptr;
  HostCensus host_;    // the current host's census, its lists' room kept from host to host
  std::string line_;   // one host's line, its room kept from host to host
  std::string chunk_;  // lines not yet handed over
  std::atomic<std::uint64_t> hosts_{0};
  bool failed_ = false;
  bool write_failed_ = false;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_CENSUS_WORKER_H_
