#include "census/part_redirects.h"

#include <atomic>
#include <cerrno>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string_view>
#include <unordered_set>
#include <utility>

#include <nlohmann/json.hpp>

#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "answer/json_text.h"
#include "census/census_options.h"
#include "census/host_lines.h"
#include "census/line_reader.h"

namespace robotstxt::census {
namespace {

namespace fs = std::filesystem;
using cli::JsonText;
using cli::printable;
using cli::with_thousands;

constexpr CensusAccess kAccesses[] = {CensusAccess::kRules, CensusAccess::kFullAllow,
                                      CensusAccess::kFullDisallow, CensusAccess::kRedirect,
                                      CensusAccess::kUndecided};
constexpr CrawlerRule kRules[] = {CrawlerRule::kOwnToken, CrawlerRule::kFallbackToken,
                                  CrawlerRule::kGlobal,   CrawlerRule::kGlobalIgnored,
                                  CrawlerRule::kNoGroups, CrawlerRule::kNotSubject};

void note(const std::string& message) {
  std::cerr << "robotstxt " << kCommand << ": note: " << message << "\n";
}

const nlohmann::json& member(const nlohmann::json& object, std::string_view key) {
  const auto found = object.is_object() ? object.find(key) : object.end();
  if (found == object.end()) throw LineError{"has no \"" + std::string(key) + "\""};
  return *found;
}

const std::string& text(const nlohmann::json& value, const char* what) {
  if (!value.is_string()) throw LineError{std::string(what) + " is no string"};
  return value.get_ref<const std::string&>();
}

CensusAccess access_of(const nlohmann::json& value) {
  const std::string& name = text(value, "\"access\"");
  for (const CensusAccess access : kAccesses) {
    if (word(access) == name) return access;
  }
  throw LineError{"has an unknown \"access\""};
}

// The verdicts of a response line's "crawlers" into `host`, for the crawlers asked, in
// their order.
void read_verdicts(const nlohmann::json& crawlers, const CensusQuestions& questions,
                   HostCensus& host) {
  host.crawlers.resize(questions.crawlers.size());
  for (std::size_t c = 0; c < questions.crawlers.size(); ++c) {
    const nlohmann::json& crawler = member(crawlers, questions.crawlers[c]->name);
    CrawlerCensus& into = host.crawlers[c];
    into.crawler_rule.reset();
    const nlohmann::json& rule = member(crawler, "crawler_rule");
    if (!rule.is_null()) {
      const std::string& name = text(rule, "\"crawler_rule\"");
      for (const CrawlerRule known : kRules) {
        if (to_string(known) == name) into.crawler_rule = known;
      }
      if (!into.crawler_rule) throw LineError{"has an unknown \"crawler_rule\""};
    }
    const nlohmann::json& token = member(crawler, "crawler_token");
    into.token = token.is_null() ? std::string() : text(token, "\"crawler_token\"");
    const nlohmann::json& allowed = member(crawler, "allowed");
    const nlohmann::json& lines = member(crawler, "line");
    if (!allowed.is_array() || allowed.size() != questions.paths.size() || !lines.is_array() ||
        lines.size() != questions.paths.size()) {
      throw LineError{"has no verdict per path"};
    }
    into.allowed.clear();
    into.lines.clear();
    for (std::size_t p = 0; p < questions.paths.size(); ++p) {
      if (!allowed[p].is_boolean()) throw LineError{"has an \"allowed\" that is no boolean"};
      into.allowed.push_back(allowed[p].get<bool>());
      const nlohmann::json& line = lines[p];
      if (line.is_null()) {
        into.lines.push_back(0);
      } else if (line.is_number_unsigned() && line.get<std::uint64_t>() <= UINT32_MAX) {
        into.lines.push_back(static_cast<std::uint32_t>(line.get<std::uint64_t>()));
      } else {
        throw LineError{"has a \"line\" that is no line number"};
      }
    }
  }
}

// The URL a response line starts with, read without parsing the line: most lines are
// not asked for. Empty when the line does not start as written (then it is parsed).
std::string_view leading_url(std::string_view line) {
  constexpr std::string_view kStart = "{\"url\":\"";
  if (line.substr(0, kStart.size()) != kStart) return {};
  const std::size_t end = line.find('"', kStart.size());
  if (end == std::string_view::npos) return {};
  const std::string_view url = line.substr(kStart.size(), end - kStart.size());
  return url.find('\\') == std::string_view::npos ? url : std::string_view();
}

// A part's unresolved redirect, waiting to be followed further.
struct Pending {
  std::vector<std::string> chain;  // its own URL first, then the URLs it reached
  std::uint32_t rank = 0;
  HostCensus after;  // where it led, once followed
};

// Opens DIR/NAME; null (with `missing` set) when there is none.
std::FILE* open_part_file(const std::string& dir, const char* name, std::string& path,
                          bool& missing) {
  path = (fs::path(dir) / name).string();
  std::FILE* file = std::fopen(path.c_str(), "rb");
  missing = file == nullptr && errno == ENOENT;
  return file;
}

// Calls `each` with each line of the file and its number; LineError names the line.
template <typename Each>
void each_line(std::FILE* file, const std::string& path, std::size_t max_bytes, Each each) {
  LineReader reader(file, max_bytes);
  std::string line;
  std::uint64_t number = 0;
  try {
    while (++number, reader.next(line)) each(line, number);
  } catch (const LineError& problem) {
    std::fclose(file);
    throw LineError{"'" + printable(path) + "' line " + std::to_string(number) + " " +
                    problem.message};
  } catch (const nlohmann::json::exception& problem) {
    std::fclose(file);
    throw LineError{"'" + printable(path) + "' line " + std::to_string(number) +
                    " is no JSON: " + problem.what()};
  }
  std::fclose(file);
}

}  // namespace

bool write_responses(const AnswerBook& book, const CensusQuestions& questions, std::FILE* file) {
  ChunkedLines lines(file);
  book.each_in_order(questions, [&](const AnswerBook::Entry& entry) {
    {
      JsonText json(lines.text(),
                    64 + entry.url.size() + entry.next.size() + questions.crawlers_json_bytes);
      json.raw('{');
      json.key("url", true);
      json.string(entry.url);
      json.key("access", false);
      json.word(word(entry.access));
      json.key("next", false);
      if (entry.access == CensusAccess::kRedirect && !entry.next.empty()) {
        json.string(entry.next);
      } else {
        json.raw("null");
      }
      json.key("crawlers", false);
      if (entry.verdicts != nullptr) {
        append_crawlers(json, *entry.verdicts, questions);
      } else {
        json.raw("null");
      }
      json.raw("}\n");
    }
    lines.line_done();
  });
  return lines.finish();
}

void append_unresolved_line(const HostCensus& host, const std::vector<std::string>& chain,
                            const CensusQuestions& questions, std::string& out) {
  JsonText json(out, 128 + host.host.size() + chain.size() * 64);
  json.raw('{');
  json.key("host", true);
  json.string(host.host);
  json.key("rank", false);
  if (questions.ranks == nullptr || host.rank == 0) {
    json.raw("null");
  } else {
    json.number(host.rank);
  }
  json.key("chain", false);
  json.raw('[');
  for (std::size_t i = 0; i < chain.size(); ++i) {
    if (i > 0) json.raw(',');
    json.string(chain[i]);
  }
  json.raw("]}\n");
}

bool follow_across_parts(const std::vector<std::string>& dirs,
                         const std::vector<std::uint64_t>& part_unresolved, CensusSummary& merged,
                         CrossPartRedirects& result) {
  std::uint64_t unresolved = 0;
  for (const std::uint64_t count : part_unresolved) unresolved += count;
  if (unresolved == 0) return true;
  std::string names;
  for (const std::string& name : merged.crawlers) names += (names.empty() ? "" : ",") + name;
  std::string crawler_error;
  const auto catalogued = cli::crawlers_named(names, crawler_error);
  bool same = catalogued && catalogued->size() == merged.crawlers.size();
  for (std::size_t c = 0; same && c < merged.crawlers.size(); ++c) {
    same = (*catalogued)[c]->name == merged.crawlers[c];
  }
  if (!same) {
    note("the parts' crawlers are not all in this catalogue (" + printable(crawler_error) +
         "): their unresolved redirects stay unresolved");
    return true;
  }
  const CensusQuestions questions(*catalogued, merged.paths);
  // A part's unresolved redirect as it was counted there, but for what it has of its own
  // that following it further leaves as it is (status, size, lint, ...): the same in the
  // host before and after, so left out of both.
  HostCensus before;
  before.access = CensusAccess::kRedirect;
  before.redirect = RedirectOutcome::kUnresolved;
  before.status = 301;
  before.crawlers.resize(questions.crawlers.size());
  for (CrawlerCensus& crawler : before.crawlers) {
    crawler.allowed.assign(questions.paths.size(), true);
    crawler.lines.assign(questions.paths.size(), 0);
  }

  // What the pending redirects and the answers found for them hold, bounded as a run's
  // redirects are: past it, the rest stay unresolved.
  std::atomic<std::size_t> used{0};
  bool memory_full = false;
  std::vector<Pending> pending;
  std::vector<bool> has_responses(dirs.size(), false);
  try {
    for (std::size_t part = 0; part < dirs.size(); ++part) {
      std::string path;
      bool missing = false;
      if (std::FILE* responses = open_part_file(dirs[part], kResponsesFile, path, missing)) {
        std::fclose(responses);
        has_responses[part] = true;
      }
      if (part_unresolved[part] == 0) continue;
      std::FILE* file = open_part_file(dirs[part], kUnresolvedFile, path, missing);
      if (file == nullptr) {
        if (!missing) throw LineError{"cannot open '" + printable(path) + "'"};
        note("'" + printable(dirs[part]) + "' has no " + kUnresolvedFile +
             " (written before --merge followed redirects): its " +
             with_thousands(part_unresolved[part]) + " unresolved redirects stay unresolved");
        continue;
      }
      std::uint64_t lines = 0;
      each_line(file, path, kMaxUnresolvedLineBytes, [&](const std::string& line, std::uint64_t) {
        if (++lines > part_unresolved[part]) {
          throw LineError{"is past the " + with_thousands(part_unresolved[part]) +
                          " unresolved redirects its summary counts"};
        }
        const nlohmann::json json = nlohmann::json::parse(line);
        Pending waiting;
        const nlohmann::json& rank = member(json, "rank");
        if (!rank.is_null()) {
          if (!rank.is_number_unsigned() || rank.get<std::uint64_t>() == 0 ||
              rank.get<std::uint64_t>() > UINT32_MAX) {
            throw LineError{"has a \"rank\" that is no rank"};
          }
          waiting.rank = static_cast<std::uint32_t>(rank.get<std::uint64_t>());
        }
        const nlohmann::json& chain = member(json, "chain");
        if (!chain.is_array() || chain.size() < 2 || chain.size() > kMaxRedirectHops + 1) {
          throw LineError{"has a \"chain\" that is not 2 to " +
                          std::to_string(kMaxRedirectHops + 1) + " URLs"};
        }
        std::size_t bytes = 256 + questions.crawlers.size() * (64 + questions.paths.size() * 8);
        for (const nlohmann::json& url : chain) {
          // The host's own URL is "" when its WARC-Target-URI is none a crawler follows;
          // every URL it reached is one.
          waiting.chain.push_back(text(url, "a URL of \"chain\""));
          if (waiting.chain.size() > 1 && waiting.chain.back().empty()) {
            throw LineError{"has an empty URL in \"chain\""};
          }
          bytes += waiting.chain.back().size();
        }
        if (used.fetch_add(bytes) + bytes > kMaxRedirectMemoryBytes) {
          used.fetch_sub(bytes);
          memory_full = true;
          return;
        }
        ++result.sources;
        pending.push_back(std::move(waiting));
      });
    }
    if (pending.empty()) return true;
    for (std::size_t part = 0; part < dirs.size(); ++part) {
      if (!has_responses[part]) {
        note("'" + printable(dirs[part]) + "' has no " + kResponsesFile +
             " (written before --merge followed redirects): redirects to its hosts stay "
             "unresolved");
      }
    }

    // Each pass over the parts' responses finds the targets asked for, and a target that
    // redirects on asks for the next: at most one pass per hop.
    AnswerBook book(&used);
    std::unordered_set<std::string> searched;
    std::unordered_set<std::string> wanted;
    for (const Pending& waiting : pending) wanted.insert(waiting.chain.back());
    for (std::uint32_t pass = 0; pass < kMaxRedirectHops && !wanted.empty(); ++pass) {
      for (std::size_t part = 0; part < dirs.size(); ++part) {
        if (!has_responses[part]) continue;
        std::string path;
        bool missing = false;
        std::FILE* file = open_part_file(dirs[part], kResponsesFile, path, missing);
        if (file == nullptr) throw LineError{"cannot open '" + printable(path) + "'"};
        HostCensus answer;
        each_line(file, path, kMaxResponseLineBytes,
                  [&](const std::string& line, std::uint64_t number) {
                    const std::string_view url = leading_url(line);
                    if (!url.empty() && wanted.count(std::string(url)) == 0) return;
                    const nlohmann::json json = nlohmann::json::parse(line);
                    const std::string& found = text(member(json, "url"), "\"url\"");
                    if (wanted.count(found) == 0) return;
                    answer.access = access_of(member(json, "access"));
                    answer.redirect = RedirectOutcome::kNone;
                    const nlohmann::json& next = member(json, "next");
                    const std::string next_url = next.is_null() ? "" : text(next, "\"next\"");
                    const nlohmann::json& crawlers = member(json, "crawlers");
                    const bool verdicts = answer.access != CensusAccess::kRedirect &&
                                          answer.access != CensusAccess::kUndecided;
                    if (verdicts != !crawlers.is_null()) {
                      throw LineError{
                          "has \"crawlers\" where its access has none, or none "
                          "where it has"};
                    }
                    if (verdicts) read_verdicts(crawlers, questions, answer);
                    if (!book.remember(found, {part, number}, answer, next_url)) {
                      memory_full = true;
                    }
                  });
      }
      searched.insert(wanted.begin(), wanted.end());
      wanted.clear();
      for (Pending& waiting : pending) {
        std::vector<std::string> chain = waiting.chain;
        waiting.after = before;
        waiting.after.rank = waiting.rank;
        book.resume(chain, questions, waiting.after);
        if (waiting.after.redirect == RedirectOutcome::kUnresolved &&
            searched.count(waiting.after.redirect_target) == 0) {
          wanted.insert(waiting.after.redirect_target);
        }
      }
    }
  } catch (const LineError& problem) {
    cli::report_error(kCommand, problem.message);
    return false;
  }
  if (memory_full) {
    std::cerr << "robotstxt census: warning: the " << with_thousands(kMaxRedirectMemoryBytes >> 20)
              << " MiB kept for redirects were full: some redirects are unresolved\n";
  }

  for (Pending& waiting : pending) {
    before.rank = waiting.rank;
    switch (waiting.after.redirect) {
      case RedirectOutcome::kFollowed:
        ++result.followed;
        break;
      case RedirectOutcome::kFailed:
        ++result.failed;
        break;
      default:
        ++result.unresolved;
        continue;
    }
    merged.recount(before, waiting.after);
  }
  return true;
}

}  // namespace robotstxt::census
