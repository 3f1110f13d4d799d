// The repository stands alone: a fresh clone with nothing beside it builds, tests,
// fuzzes and benchmarks. Every piece of data that needs is under tests/data (its
// README.md says where each came from), and no code, build file, script or CI step
// reads a folder beside the tree.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = ROBOTSTXT_SOURCE_DIR;
const fs::path kDataDir = kSourceDir / "tests" / "data";

// Ways of reaching the sibling reference folder, lower-case. Written in two pieces so that
// this file does not match itself.
const std::array<std::string, 5> kSiblingReferences = {
    std::string("../") + "shared", std::string("shared") + "_dir", std::string("shared") + "/docs",
    std::string("shared") + "/conformance", std::string("shared") + "/corpus"};

std::string lower_case(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// What the tree runs or builds from: everything but Markdown prose (which may say where
// the data came from), the third-party bytes under tests/data, git's own folder and
// build trees.
std::vector<fs::path> files_that_run() {
  std::vector<fs::path> files;
  for (auto it = fs::recursive_directory_iterator(kSourceDir);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name == ".git" || name == ".cache" || name == "__pycache__" ||
                               name.starts_with("build") || it->path() == kDataDir)) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->is_regular_file() && it->path().extension() != ".md") files.push_back(it->path());
  }
  return files;
}

TEST(StandaloneTree, NothingReadsTheFolderBesideTheTree) {
  const std::vector<fs::path> files = files_that_run();
  EXPECT_GT(files.size(), 300u);
  for (const fs::path& path : files) {
    std::ifstream file(path, std::ios::binary);
    const std::string text = lower_case(
        std::string(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()));
    for (const std::string& reference : kSiblingReferences) {
      EXPECT_EQ(text.find(reference), std::string::npos)
          << fs::relative(path, kSourceDir).string() << " names " << reference;
    }
  }
}

TEST(StandaloneTree, TheCheckSeesWhatItLooksFor) {
  const std::vector<fs::path> files = files_that_run();
  const auto has = [&](const fs::path& relative) {
    return std::find(files.begin(), files.end(), kSourceDir / relative) != files.end();
  };
  EXPECT_TRUE(has(".ci/run"));
  EXPECT_TRUE(has("scripts/fuzz"));
  EXPECT_TRUE(has("tests/python/conftest.py"));
  EXPECT_FALSE(has("README.md"));
  EXPECT_EQ(lower_case(std::string("ROBOTSTXT_") + "Shared" + "_Dir").find(kSiblingReferences[1]),
            10u);
}

// Each data set is here with its licence, so that a clone has what the tests read and
// the terms under which it may be copied.
TEST(StandaloneTree, TheDataIsInTheTree) {
  for (const char* relative :
       {"README.md", "conformance/spec-test.jsonl", "conformance/LICENSE.spec-test",
        "conformance/structured-field-tests/LICENSE.md",
        "conformance/structured-field-tests/COMMIT",
        "conformance/structured-field-tests/item.json"}) {
    std::error_code error;
    EXPECT_GT(fs::file_size(kDataDir / relative, error), 0u) << relative;
    EXPECT_FALSE(error) << relative << ": " << error.message();
  }
  for (const char* folder : {"corpus/robots", "corpus/urls"}) {
    std::error_code error;
    EXPECT_GT(
        std::distance(fs::directory_iterator(kDataDir / folder, error), fs::directory_iterator()),
        1000)
        << folder;
  }
}

}  // namespace
