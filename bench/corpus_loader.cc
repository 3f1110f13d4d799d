#include "corpus_loader.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace robotstxt::bench {

namespace {
std::string read_all(const std::filesystem::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}
}  // namespace

std::vector<Host> load_corpus(const std::string& data_dir) {
  namespace fs = std::filesystem;
  const fs::path robots_dir = fs::path(data_dir) / "corpus" / "robots";
  const fs::path urls_dir = fs::path(data_dir) / "corpus" / "urls";
  std::vector<Host> hosts;
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(robots_dir, error)) {
    Host host;
    host.name = entry.path().filename().string();
    host.robots_body = read_all(entry.path());
    if (std::ifstream urls(urls_dir / host.name); urls) {
      for (std::string url; std::getline(urls, url);) {
        if (!url.empty() && url.back() == '\r') url.pop_back();
        if (!url.empty()) host.urls.push_back(std::move(url));
      }
    }
    hosts.push_back(std::move(host));
  }
  std::sort(hosts.begin(), hosts.end(),
            [](const Host& a, const Host& b) { return a.name < b.name; });
  return hosts;
}

std::size_t count_robots_files(const std::string& data_dir) {
  namespace fs = std::filesystem;
  std::error_code error;
  std::size_t files = 0;
  for (const fs::directory_entry& entry :
       fs::directory_iterator(fs::path(data_dir) / "corpus" / "robots", error)) {
    files += entry.is_regular_file() ? 1 : 0;
  }
  return files;
}

}  // namespace robotstxt::bench
