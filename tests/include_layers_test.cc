// The layers of the tree, read from its includes: src/base (byte helpers) <- src/core (the
// core library) <- src/fetch (the fetch library) <- tools/answer (what the commands and
// the service answer with) <- tools/service <- tools/cli <- tools/census (the census
// pipeline, a command in a room of its own, on the commands' input helpers). A file may
// include its own layer and the ones before it, never a later one, so that the core
// library never needs the fetch library's dependencies and the answers never depend on
// how they are served.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = ROBOTSTXT_SOURCE_DIR;

enum class Layer { kBase, kCore, kFetch, kAnswer, kService, kCli, kCensus };

const char* name_of(Layer layer) {
  switch (layer) {
    case Layer::kBase:
      return "src/base";
    case Layer::kCore:
      return "src/core";
    case Layer::kFetch:
      return "src/fetch";
    case Layer::kAnswer:
      return "tools/answer";
    case Layer::kService:
      return "tools/service";
    case Layer::kCli:
      return "tools/cli";
    case Layer::kCensus:
      return "tools/census";
  }
  return "?";
}

// A public header belongs to the library that defines it: the fetch library's when
// src/fetch has a source of its name, else the core library's (include/robotstxt holds
// no header of tools).
Layer public_header_layer(const std::string& name) {
  const std::string stem = fs::path(name).stem().string();
  return fs::exists(kSourceDir / "src" / "fetch" / (stem + ".cc")) ? Layer::kFetch : Layer::kCore;
}

// The layer of a file of the tree, by its folder; nullopt outside the layers.
std::optional<Layer> file_layer(const fs::path& path) {
  const std::string relative = path.lexically_relative(kSourceDir).generic_string();
  const std::pair<const char*, Layer> folders[] = {
      {"src/base/", Layer::kBase},         {"src/core/", Layer::kCore},
      {"src/fetch/", Layer::kFetch},       {"tools/answer/", Layer::kAnswer},
      {"tools/service/", Layer::kService}, {"tools/cli/", Layer::kCli},
      {"tools/census/", Layer::kCensus},
  };
  for (const auto& [folder, layer] : folders) {
    if (relative.starts_with(folder)) return layer;
  }
  if (relative.starts_with("include/robotstxt/")) {
    return public_header_layer(path.filename().string());
  }
  return std::nullopt;
}

// The layer of what `#include "target"` names, from a file in `folder`; nullopt for
// a file outside the layers.
std::optional<Layer> included_layer(const std::string& target, const fs::path& folder) {
  if (target.starts_with("robotstxt/")) return public_header_layer(target);
  for (const fs::path& root : {kSourceDir / "src", kSourceDir / "tools", folder}) {
    if (fs::exists(root / target)) return file_layer(root / target);
  }
  return std::nullopt;
}

struct Include {
  int line;
  std::string target;
};

std::vector<Include> quoted_includes(const fs::path& path) {
  std::vector<Include> includes;
  std::ifstream in(path);
  std::string text;
  for (int line = 1; std::getline(in, text); ++line) {
    const std::string prefix = "#include \"";
    if (!text.starts_with(prefix)) continue;
    const std::size_t end = text.find('"', prefix.size());
    if (end != std::string::npos) {
      includes.push_back({line, text.substr(prefix.size(), end - prefix.size())});
    }
  }
  return includes;
}

std::vector<fs::path> layered_files() {
  std::vector<fs::path> files;
  for (const char* folder : {"include", "src", "tools"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSourceDir / folder)) {
      const std::string extension = entry.path().extension().string();
      if (entry.is_regular_file() && (extension == ".h" || extension == ".cc") &&
          file_layer(entry.path())) {
        files.push_back(entry.path());
      }
    }
  }
  return files;
}

TEST(IncludeLayersTest, NoFileIncludesALaterLayer) {
  int checked = 0;
  for (const fs::path& file : layered_files()) {
    const Layer layer = *file_layer(file);
    for (const Include& include : quoted_includes(file)) {
      const std::optional<Layer> target = included_layer(include.target, file.parent_path());
      if (!target) continue;
      ++checked;
      EXPECT_LE(static_cast<int>(*target), static_cast<int>(layer))
          << file.lexically_relative(kSourceDir).generic_string() << ":" << include.line << " ("
          << name_of(layer) << ") includes \"" << include.target << "\" of " << name_of(*target);
    }
  }
  // The walk found the tree: hundreds of includes between its files.
  EXPECT_GT(checked, 300);
}

TEST(IncludeLayersTest, EverySourceOfSrcAndToolsIsInALayer) {
  for (const char* folder : {"src", "tools"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSourceDir / folder)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() || (extension != ".h" && extension != ".cc")) continue;
      EXPECT_TRUE(file_layer(entry.path()))
          << entry.path().lexically_relative(kSourceDir).generic_string()
          << " is in no layer: put it in the folder of its layer";
    }
  }
}

TEST(IncludeLayersTest, PublicHeadersBelongToTheirLibrary) {
  EXPECT_EQ(public_header_layer("robots_txt.h"), Layer::kCore);
  EXPECT_EQ(public_header_layer("agent.h"), Layer::kCore);
  EXPECT_EQ(public_header_layer("robots_client.h"), Layer::kFetch);
  EXPECT_EQ(public_header_layer("url.h"), Layer::kFetch);
}

}  // namespace
