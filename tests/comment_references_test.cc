// What comments may point at: a file of this tree, a section of SEMANTICS.md, a rule,
// but not an issue tracker (a reader of the code has none), not a file that does not
// exist, and not a timing, which is true of one machine on one day (bench/ and the
// README keep the figures, with the commands that reproduce them).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSourceDir = ROBOTSTXT_SOURCE_DIR;

bool is_source(const fs::path& path) {
  static const std::set<std::string> kExtensions = {".h",  ".cc",  ".in", ".py",   ".pyi",
                                                    ".sh", ".txt", ".js", ".cmake"};
  const std::string name = path.filename().string();
  return kExtensions.contains(path.extension().string()) || name == "CMakeLists.txt" ||
         path.parent_path().filename() == "scripts";
}

// Every source file of the tree: the code, its tests, benchmarks, fuzz targets, build
// files and scripts.
std::vector<fs::path> source_files() {
  std::vector<fs::path> files = {kSourceDir / "CMakeLists.txt"};
  for (const char* folder :
       {"include", "src", "tools", "tests", "python", "bench", "fuzz", "cmake", "scripts"}) {
    for (auto entry = fs::recursive_directory_iterator(kSourceDir / folder);
         entry != fs::recursive_directory_iterator(); ++entry) {
      // tests/data is third-party data, not source, whatever its hosts' names end in.
      if (entry->path() == kSourceDir / "tests" / "data") {
        entry.disable_recursion_pending();
        continue;
      }
      if (entry->is_regular_file() && is_source(entry->path())) files.push_back(entry->path());
    }
  }
  return files;
}

// The names of every file in the tree and of the files the build writes.
std::set<std::string> known_file_names() {
  std::set<std::string> names = {"version.h", "tester_files.cc", "crawler_catalogue_data.cc",
                                 "_build_info.py"};
  for (auto it = fs::recursive_directory_iterator(kSourceDir);
       it != fs::recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name == ".git" || name.starts_with("build"))) {
      it.disable_recursion_pending();
      continue;
    }
    names.insert(name);
  }
  return names;
}

// The comment of a line: what follows `//` in C++ and JavaScript, `#` in Python, CMake
// and shell, or a line of a block comment.
std::string comment_of(const std::string& line, const fs::path& path) {
  const bool hash_comments = path.extension() == ".py" || path.extension() == ".sh" ||
                             path.extension() == ".txt" || path.extension() == ".cmake" ||
                             path.extension() == ".in" ||
                             path.parent_path().filename() == "scripts";
  const std::size_t start = line.find_first_not_of(" \t");
  if (start == std::string::npos) return "";
  if (line.compare(start, 2, "* ") == 0 || line.compare(start, 3, "/**") == 0) {
    return line.substr(start);
  }
  const bool include = line.compare(start, 8, "#include") == 0;
  const std::size_t at = line.find(hash_comments && !include ? "#" : "//");
  return at == std::string::npos ? "" : line.substr(at);
}

struct Finding {
  std::string where;
  std::string what;
};

std::vector<Finding> findings() {
  static const std::regex kTracker(R"((\(issue:|\bissue [0-9#]|\bthe issue\b|\bissue's\b))",
                                   std::regex::icase);
  static const std::regex kFileName(R"((?:^|[\s(`'"/])([A-Za-z0-9_]+\.(?:h|cc))\b)");
  static const std::regex kTiming(
      R"([0-9][0-9.,]* ?(ns|us|MB/s|GB/s|M/s|million instructions|runs a second|checks/s)\b)");
  const std::set<std::string> known = known_file_names();
  std::vector<Finding> found;
  for (const fs::path& path : source_files()) {
    // This file quotes what it looks for.
    if (path.filename() == "comment_references_test.cc") continue;
    std::ifstream file(path);
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
      const std::string comment = comment_of(line, path);
      if (comment.empty()) continue;
      const std::string where =
          fs::relative(path, kSourceDir).string() + ":" + std::to_string(number);
      if (std::regex_search(comment, kTracker)) found.push_back({where, "names a tracker"});
      if (std::regex_search(comment, kTiming)) found.push_back({where, "gives a timing"});
      for (auto it = std::sregex_iterator(comment.begin(), comment.end(), kFileName);
           it != std::sregex_iterator(); ++it) {
        if (!known.contains((*it)[1].str())) {
          found.push_back({where, "names " + (*it)[1].str() + ", which does not exist"});
        }
      }
    }
  }
  return found;
}

TEST(CommentReferences, NoTrackerNoMissingFileNoTiming) {
  const std::vector<Finding> found = findings();
  for (const Finding& finding : found) ADD_FAILURE() << finding.where << ": " << finding.what;
  EXPECT_TRUE(found.empty());
}

// The public headers describe one pipeline, as it is: a fetched body is parsed by the
// policy (or on reading a shared-tier record), cached, and asked by RobotsTxt. Each chain
// of stages a header draws ("url -> fetcher -> **policy** -> cache") must follow it.
TEST(CommentReferences, HeadersDrawThePipelineAsItIs) {
  const std::vector<std::string> kPipeline = {"url",   "fetcher",   "policy",
                                              "cache", "RobotsTxt", "Politeness"};
  static const std::regex kStage(R"([A-Za-z*]+)");
  static const std::regex kChain(R"([A-Za-z*]+(?: \([^)]*\))?(?: -> [A-Za-z*]+(?: \([^)]*\))?)+)");
  int chains = 0;
  for (const auto& entry : fs::directory_iterator(kSourceDir / "include" / "robotstxt")) {
    std::ifstream file(entry.path());
    std::string text;
    for (std::string line; std::getline(file, line);) {
      const std::string comment = comment_of(line, entry.path());
      text += " " + comment.substr(comment.find_first_not_of("/*") == std::string::npos
                                       ? comment.size()
                                       : comment.find_first_not_of("/*"));
    }
    text = std::regex_replace(text, std::regex(R"(\s+)"), " ");
    for (auto chain = std::sregex_iterator(text.begin(), text.end(), kChain);
         chain != std::sregex_iterator(); ++chain) {
      // The stages, without their parenthesised notes and bold marks.
      const std::string bare = std::regex_replace(chain->str(), std::regex(R"( \([^)]*\))"), "");
      std::size_t next = 0;
      for (auto stage = std::sregex_iterator(bare.begin(), bare.end(), kStage);
           stage != std::sregex_iterator(); ++stage) {
        std::string name = stage->str();
        name.erase(std::remove(name.begin(), name.end(), '*'), name.end());
        const auto at =
            std::find(kPipeline.begin() + static_cast<std::ptrdiff_t>(next), kPipeline.end(), name);
        EXPECT_NE(at, kPipeline.end())
            << entry.path().filename() << ": \"" << chain->str() << "\" has " << name;
        if (at != kPipeline.end()) next = static_cast<std::size_t>(at - kPipeline.begin()) + 1;
      }
      ++chains;
    }
  }
  EXPECT_GE(chains, 6);
}

TEST(CommentReferences, TheCheckSeesWhatItLooksFor) {
  EXPECT_GT(source_files().size(), 200u);
  const std::set<std::string> known = known_file_names();
  EXPECT_TRUE(known.contains("robots_txt.h"));
  EXPECT_TRUE(known.contains("spec-test.jsonl"));
  EXPECT_FALSE(known.contains("parser.h"));
  EXPECT_EQ(comment_of("  int x = 1;  // see crawler.h", "a.cc"), "// see crawler.h");
  EXPECT_EQ(comment_of("#include \"a.h\"  // why", "a.cc"), "// why");
  EXPECT_EQ(comment_of("x = 1  # issue 3", "a.py"), "# issue 3");
  EXPECT_EQ(comment_of(" * Pipeline position: parser.h", "a.h"), "* Pipeline position: parser.h");
}

}  // namespace
