#include "census/host_lines.h"

#include <utility>

namespace robotstxt::census {

std::string CensusQueue::take_chunk() {
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

void CensusQueue::give_back(std::string chunk) {
  if (free_chunks.size() < max_free_chunks) free_chunks.push_back(std::move(chunk));
}

bool write_chunks(const std::vector<std::string>& chunks, std::FILE* hosts_file) {
  bool ok = true;
  for (const std::string& chunk : chunks) {
    if (std::fwrite(chunk.data(), 1, chunk.size(), hosts_file) != chunk.size()) ok = false;
  }
  return ok;
}

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

}  // namespace robotstxt::census
