// hosts.jsonl written in input order whatever the number of workers: each file's host
// lines travel from the worker that reads it to the one writer in chunks, held in memory
// up to a bound and spilled to a temporary file past it, until the file's turn comes.
#ifndef ROBOTSTXT_TOOLS_CENSUS_HOST_LINES_H_
#define ROBOTSTXT_TOOLS_CENSUS_HOST_LINES_H_

#include <condition_variable>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace robotstxt::census {

/// Host lines travel from a worker to the writer in chunks of about this size: whole
/// buffers change hands, and the writer hands them back to be filled again, so lines are
/// neither copied between threads nor written into freshly mapped memory.
inline constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
/// A file's host lines stay in memory up to this, then go to a temporary file until their
/// turn comes: memory stays bounded whatever a WARC file holds.
inline constexpr std::size_t kMaxHeldChunks = 8;

/// A unit's host lines, waiting for their turn in hosts.jsonl. The writer takes the
/// chunks of the oldest unit as they come, before the unit is done.
struct UnitOutput {
  std::vector<std::string> chunks;  ///< in order, all before any line in `spill`
  std::FILE* spill = nullptr;       ///< tmpfile() with the lines past kMaxHeldChunks
  bool done = false;
};

/// What workers and the writer share, under one mutex: whose turn it is, the units'
/// chunks, and the emptied chunks waiting to be filled again.
struct CensusQueue {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<UnitOutput> outputs;
  std::size_t next_unit = 0;     ///< the next unit a worker takes
  std::size_t next_written = 0;  ///< the oldest unit not written yet
  std::vector<std::string> free_chunks;
  std::size_t max_free_chunks = 0;

  /// An empty chunk with room for kChunkBytes and a line past it.
  std::string take_chunk();
  /// Keeps `chunk` to be filled again (up to max_free_chunks). Called with `mutex` held.
  void give_back(std::string chunk);
};

/// Lines written by one thread straight to a file, gathered into chunks of kChunkBytes: a
/// census line is a few kilobytes, larger than a FILE's buffer, and a write(2) per line
/// cost more than writing it.
class ChunkedLines {
 public:
  explicit ChunkedLines(std::FILE* file) : file_(file) {
    text_.reserve(kChunkBytes + kChunkBytes / 4);
  }
  /// Where the next line is appended; call line_done() after each.
  std::string& text() { return text_; }
  void line_done() {
    if (text_.size() >= kChunkBytes) write();
  }
  /// Writes what is left; false when any write failed.
  [[nodiscard]] bool finish() {
    write();
    return ok_;
  }

 private:
  void write() {
    ok_ = std::fwrite(text_.data(), 1, text_.size(), file_) == text_.size() && ok_;
    text_.clear();
  }

  std::FILE* file_;
  std::string text_;
  bool ok_ = true;
};

/// Writes `chunks` to `hosts_file`; false when a write fails.
[[nodiscard]] bool write_chunks(const std::vector<std::string>& chunks, std::FILE* hosts_file);

/// Copies a finished unit's spilled lines into `hosts_file` and closes their file.
[[nodiscard]] bool write_spill(UnitOutput& output, std::FILE* hosts_file);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_HOST_LINES_H_
