// Project hygiene: every source file is ASCII, so that no editor, compiler or terminal
// can change what a byte in a test or a rule means. Non-ASCII bytes in tests are
// written as escapes ("\xC3\xA9").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

TEST(Hygiene, SourceFilesAreAscii) {
  namespace fs = std::filesystem;
  std::size_t files = 0;
  for (const char* folder : {"include", "src", "tools", "tests", "bench", "fuzz", "python"}) {
    const fs::path root = fs::path(ROBOTSTXT_SOURCE_DIR) / folder;
    if (!fs::exists(root)) continue;
    for (auto entry = fs::recursive_directory_iterator(root);
         entry != fs::recursive_directory_iterator(); ++entry) {
      // tests/data is third-party bytes kept as served; some files are named after hosts
      // that end in .cc.
      if (entry->path() == fs::path(ROBOTSTXT_SOURCE_DIR) / "tests" / "data") {
        entry.disable_recursion_pending();
        continue;
      }
      const std::string extension = entry->path().extension().string();
      if (extension != ".h" && extension != ".cc" && extension != ".py" && extension != ".pyi") {
        continue;
      }
      std::ifstream file(entry->path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(file)),
                             std::istreambuf_iterator<char>());
      const auto bad = std::find_if(text.begin(), text.end(),
                                    [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
      EXPECT_EQ(bad, text.end()) << entry->path() << " has a non-ASCII byte at offset "
                                 << (bad - text.begin());
      ++files;
    }
  }
  EXPECT_GT(files, 20u);
}

}  // namespace
