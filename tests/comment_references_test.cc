// What comments may point at: a file of this tree, a rule of docs/semantics.md that it
// defines, but not an issue tracker (a reader of the code has none), not a file or a rule
// that does not exist, and not a timing, which is true of one machine on one day (bench/
// and docs/performance.md keep the figures, with the commands that reproduce them).
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

// The rule numbers docs/semantics.md defines: each section heading ("## 7. Fetching ...")
// gives its number, each rule label ("**7.4 3xx.**", "**P4. Back-off.**") its own.
std::set<std::string> semantics_rules() {
  static const std::regex kHeading(R"(^## ([0-9]+)\. )");
  static const std::regex kLabel(R"(^\*\*([0-9]+\.[0-9]+|P[0-9]+)[. ])");
  std::set<std::string> rules;
  std::ifstream file(kSourceDir / "docs" / "semantics.md");
  for (std::string line; std::getline(file, line);) {
    std::smatch match;
    if (std::regex_search(line, match, kHeading) || std::regex_search(line, match, kLabel)) {
      rules.insert(match[1].str());
    }
  }
  return rules;
}

// The rule numbers one line cites as docs/semantics.md: "docs/semantics.md 1.1-1.3, 2 and
// 4.4" gives 1.1, 1.3, 2 and 4.4 (a range is held at both ends).
std::vector<std::string> cited_rules(const std::string& line) {
  static const std::regex kCitation(
      R"(docs/semantics\.md ([0-9]+(?:\.[0-9]+)?(?:(?:, | and | to |-)[0-9]+(?:\.[0-9]+)?)*))");
  static const std::regex kNumber(R"([0-9]+(?:\.[0-9]+)?)");
  std::vector<std::string> cited;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), kCitation);
       it != std::sregex_iterator(); ++it) {
    const std::string numbers = (*it)[1].str();
    for (auto number = std::sregex_iterator(numbers.begin(), numbers.end(), kNumber);
         number != std::sregex_iterator(); ++number) {
      cited.push_back(number->str());
    }
  }
  return cited;
}

// The politeness rules a comment cites by label ("P4", "P1 to P8").
std::vector<std::string> cited_labels(const std::string& comment) {
  static const std::regex kLabel(R"(\bP[0-9]+\b)");
  std::vector<std::string> cited;
  for (auto it = std::sregex_iterator(comment.begin(), comment.end(), kLabel);
       it != std::sregex_iterator(); ++it) {
    cited.push_back(it->str());
  }
  return cited;
}

// Every file that may cite docs/semantics.md: the sources, and the documents, schemas,
// data and examples beside them (citations also sit in docstrings and descriptions).
std::vector<fs::path> citing_files() {
  std::vector<fs::path> files = source_files();
  files.push_back(kSourceDir / "README.md");
  for (const char* folder : {"docs", "schemas", "data", "examples"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kSourceDir / folder)) {
      const std::string extension = entry.path().extension().string();
      if (entry.is_regular_file() &&
          (extension == ".md" || extension == ".json" || extension == ".txt")) {
        files.push_back(entry.path());
      }
    }
  }
  return files;
}

TEST(CommentReferences, NoTrackerNoMissingFileNoTiming) {
  const std::vector<Finding> found = findings();
  for (const Finding& finding : found) ADD_FAILURE() << finding.where << ": " << finding.what;
  EXPECT_TRUE(found.empty());
}

// The public headers describe one pipeline, as it is: a fetched body is parsed by the
// policy (or on reading a shared-tier record), cached, and asked by RobotsTxt. Each chain
// of stages a header draws ("url -> fetcher -> **policy** -> cache") must follow it.
// A rule number cited anywhere must be one docs/semantics.md defines, so that a reader
// who follows the citation finds the rule the code relies on.
TEST(CommentReferences, CitedRulesExistInTheSemantics) {
  const std::set<std::string> rules = semantics_rules();
  int citations = 0;
  for (const fs::path& path : citing_files()) {
    // This file quotes made-up citations to test the reader.
    if (path.filename() == "comment_references_test.cc") continue;
    std::ifstream file(path);
    std::string line;
    for (int number = 1; std::getline(file, line); ++number) {
      std::vector<std::string> cited = cited_rules(line);
      if (path.extension() != ".md" && path.extension() != ".json") {
        for (const std::string& label : cited_labels(comment_of(line, path))) {
          cited.push_back(label);
        }
      }
      for (const std::string& rule : cited) {
        ++citations;
        EXPECT_TRUE(rules.contains(rule))
            << fs::relative(path, kSourceDir).string() << ":" << number << " cites rule " << rule
            << ", which docs/semantics.md does not define";
      }
    }
  }
  // The code cites the document a few hundred times; far fewer means the reader broke.
  EXPECT_GT(citations, 250);
}

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

  const std::set<std::string> rules = semantics_rules();
  for (const char* rule : {"1", "1.1", "1.8", "4.4", "7", "7.10", "8.5", "9.7", "10", "P1", "P8"}) {
    EXPECT_TRUE(rules.contains(rule)) << rule;
  }
  for (const char* rule : {"1.9", "7.11", "11", "P9"}) EXPECT_FALSE(rules.contains(rule)) << rule;
  EXPECT_EQ(cited_rules("// (docs/semantics.md 1.1-1.3, 2 and 4.4) asks for 5 hops"),
            (std::vector<std::string>{"1.1", "1.3", "2", "4.4"}));
  EXPECT_EQ(cited_rules("docs/semantics.md 1 to 6; docs/semantics.md 9.5, 9.6."),
            (std::vector<std::string>{"1", "6", "9.5", "9.6"}));
  EXPECT_TRUE(cited_rules("see docs/semantics.md for the rules").empty());
  EXPECT_EQ(cited_labels("// P4_P5 test names are not P4 or P1 citations; HTTP/2 is none"),
            (std::vector<std::string>{"P4", "P1"}));
}

}  // namespace
