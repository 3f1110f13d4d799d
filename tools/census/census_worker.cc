#include "census/census_worker.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "base/ascii.h"
#include "census/census_options.h"
#include "census/recorded_response.h"
#include "census/warc_reader.h"
#include "cli/input.h"
#include "robotstxt/body_limit.h"

namespace robotstxt::census {

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

void CensusWorker::run(std::size_t index, const WorkUnit& unit, UnitOutput& output) {
  output_ = &output;
  order_ = {index, 0};
  if (queue_ != nullptr) chunk_ = queue_->take_chunk();
  read_unit(unit);
  if (queue_ != nullptr) hand_over(true);
}

void CensusWorker::read_unit(const WorkUnit& unit) {
  ++summary_.inputs.files;
  const int fd = open_file(unit.path);
  if (fd < 0) {
    unreadable(unit.path, errno);
    return;
  }
  if (unit.host_file) {
    read_host_file(fd, std::filesystem::path(unit.path).filename().string(), unit.path);
  } else {
    read_warc(fd, unit.path);
  }
  ::close(fd);
}

void CensusWorker::unreadable(const std::string& path, int error) {
  ++summary_.inputs.errors;
  failed_ = true;
  cli::report_unreadable(kCommand, path, error);
}

void CensusWorker::read_host_file(int fd, const std::string& host, const std::string& path) {
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
  census_host(host, 200, false, body, bytes, "", questions_, host_);
  count(host_);
}

void CensusWorker::read_warc(int fd, const std::string& path) {
  WarcReader reader(fd);
  WarcRecord record;
  while (reader.next(record)) {
    if (!internal::equals_ignoring_case(record.type, "response")) {
      ++summary_.inputs.skipped_records;
      continue;
    }
    ++order_.record;
    const RecordedResponse response = read_recorded_response(record.block, record.block_bytes);
    if (!response.is_http && record.truncated.empty()) {
      ++summary_.inputs.errors;
      continue;
    }
    // A truncated record without its status line still gets its host line: undecided.
    ++summary_.inputs.responses;
    census_host(host_of(record.target_uri), response.is_http ? response.status : 0,
                !response.body_intact, response.body, response.body_bytes, record.truncated,
                questions_, host_);
    const std::string url = response_url(record.target_uri);
    std::string next;
    if (host_.access == CensusAccess::kRedirect) next = location_url(url, response.location);
    if (!book_.remember(url, order_, host_, next)) redirect_memory_full_ = true;
    if (host_.access == CensusAccess::kRedirect) {
      wait_or_count(url, std::move(next));
    } else {
      count(host_);
    }
  }
  const WarcCounts counts = reader.counts();
  summary_.inputs.records += counts.records;
  summary_.inputs.truncated += counts.truncated;
  summary_.inputs.garbage_bytes += counts.garbage_bytes;
  summary_.inputs.errors += counts.errors;
  if (reader.read_error() != 0) unreadable(path, reader.read_error());
}

void CensusWorker::wait_or_count(const std::string& url, std::string next) {
  const std::size_t bytes = 256 + url.size() + next.size() + host_.host.size() +
                            host_.crawlers.size() * (64 + questions_.paths.size() * 8);
  if (redirect_bytes_->fetch_add(bytes, std::memory_order_relaxed) + bytes <=
      kMaxRedirectMemoryBytes) {
    waiting_.push_back({order_, url, std::move(next), host_});
    return;
  }
  redirect_bytes_->fetch_sub(bytes, std::memory_order_relaxed);
  redirect_memory_full_ = true;
  host_.redirect = next.empty() ? RedirectOutcome::kFailed : RedirectOutcome::kUnresolved;
  host_.hops = next.empty() ? 0 : 1;
  host_.redirect_target = next;
  count(host_);
}

void CensusWorker::count(const HostCensus& host) {
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

void CensusWorker::hand_over(bool last) {
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

}  // namespace robotstxt::census
