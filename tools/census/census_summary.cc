#include "census/census_summary.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <tuple>

#include "census/host_ranks.h"

namespace robotstxt::census {
namespace {

constexpr const char* kStatusKeys[] = {"2xx", "3xx", "4xx", "5xx", "other"};
constexpr const char* kAccessKeys[] = {"rules", "full-allow", "full-disallow", "redirect",
                                       "undecided"};
constexpr CensusAccess kAccessOrder[] = {CensusAccess::kRules, CensusAccess::kFullAllow,
                                         CensusAccess::kFullDisallow, CensusAccess::kRedirect,
                                         CensusAccess::kUndecided};
constexpr const char* kTruncatedKeys[] = {"length", "time", "disconnect", "unspecified", "cut"};
constexpr const char* kRedirectKeys[] = {"followed", "failed", "unresolved"};
constexpr RedirectOutcome kRedirectOrder[] = {RedirectOutcome::kFollowed, RedirectOutcome::kFailed,
                                              RedirectOutcome::kUnresolved};
// The counts are indexed by these tables' positions.
static_assert(std::size(kTruncatedKeys) ==
              std::tuple_size_v<decltype(CensusSummary::truncated_hosts)>);
static_assert(std::size(kRedirectKeys) == std::tuple_size_v<decltype(CensusSummary::redirects)> &&
              std::size(kRedirectOrder) == std::size(kRedirectKeys));
// Body sizes in bytes: empty, under 1 KiB-ish, ..., the 500 KiB a crawler reads, more.
constexpr const char* kByteBucketKeys[] = {
    "0", "1-1023", "1024-10239", "10240-102399", "102400-512000", "over-512000"};
constexpr std::uint64_t kByteBucketTops[] = {0, 1023, 10239, 102399, 512000};
constexpr CrawlerRule kRuleOrder[] = {CrawlerRule::kOwnToken, CrawlerRule::kFallbackToken,
                                      CrawlerRule::kGlobal,   CrawlerRule::kGlobalIgnored,
                                      CrawlerRule::kNoGroups, CrawlerRule::kNotSubject};
constexpr const char* kPreferenceKeys[] = {"allowed", "disallowed", "unknown"};

std::size_t preference_index(Preference preference) {
  switch (preference) {
    case Preference::kAllowed:
      return 0;
    case Preference::kDisallowed:
      return 1;
    case Preference::kUnknown:
      break;
  }
  return 2;
}

std::size_t status_index(int status) {
  if (status >= 200 && status < 600) return static_cast<std::size_t>(status / 100 - 2);
  return 4;
}

// A summary file is read as hostile input: each count must be a non-negative integer.
struct SummaryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

const nlohmann::json& member(const nlohmann::json& object, const std::string& key) {
  if (!object.is_object() || !object.contains(key)) throw SummaryError("no \"" + key + "\"");
  return object[key];
}

std::uint64_t count(const nlohmann::json& object, const std::string& key) {
  const nlohmann::json& value = member(object, key);
  if (!value.is_number_unsigned()) throw SummaryError("\"" + key + "\" is not a count");
  return value.get<std::uint64_t>();
}

// A count added after the format's first release: 0 in a summary written before it.
std::uint64_t later_count(const nlohmann::json& object, const std::string& key) {
  if (!object.is_object() || !object.contains(key)) return 0;
  return count(object, key);
}

const nlohmann::json& later_member(const nlohmann::json& object, const std::string& key) {
  static const nlohmann::json kNone = nlohmann::json::object();
  return object.is_object() && object.contains(key) ? object[key] : kNone;
}

std::vector<std::string> strings(const nlohmann::json& object, const std::string& key) {
  const nlohmann::json& value = member(object, key);
  if (!value.is_array()) throw SummaryError("\"" + key + "\" is not a list");
  std::vector<std::string> result;
  for (const nlohmann::json& item : value) {
    if (!item.is_string()) throw SummaryError("\"" + key + "\" holds a non-string");
    result.push_back(item.get<std::string>());
  }
  return result;
}

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const std::string& item : items) text += (text.empty() ? "" : ",") + item;
  return text;
}

}  // namespace

CensusSummary::CensusSummary(std::optional<std::string> label_, const CensusQuestions& questions)
    : label(std::move(label_)), paths(questions.paths) {
  for (const Crawler* crawler : questions.crawlers) {
    crawlers.emplace_back(crawler->name);
    purposes.emplace_back(to_string(crawler->purpose));
    ++per_purpose[purposes.back()].crawlers;
  }
  per_crawler.resize(crawlers.size());
  for (CrawlerCounts& counts : per_crawler) counts.paths.resize(paths.size());
  if (questions.ranks != nullptr) count_strata();
}

void CensusSummary::count_strata() { strata.assign(kStrata, *this); }

void CensusSummary::add(const HostCensus& host) {
  add_host_counts(host);
  if (host.has_template) templates.add(host.body_template);
  if (!strata.empty()) strata[stratum_of(host.rank)].add_host_counts(host);
}

void CensusSummary::add_host_counts(const HostCensus& host) {
  ++hosts;
  ++status[status_index(host.status)];
  for (std::size_t a = 0; a < access.size(); ++a) {
    if (kAccessOrder[a] == host.access) ++access[a];
  }
  for (std::size_t t = 0; t < std::size(kTruncatedKeys); ++t) {
    if (host.truncated == kTruncatedKeys[t]) ++truncated_hosts[t];
  }
  for (std::size_t r = 0; r < std::size(kRedirectOrder); ++r) {
    if (host.access == CensusAccess::kRedirect && host.redirect == kRedirectOrder[r]) {
      ++redirects[r];
    }
  }
  if (host.html) ++html_bodies;
  bytes_total += host.bytes;
  const auto bucket =
      std::lower_bound(std::begin(kByteBucketTops), std::end(kByteBucketTops), host.bytes);
  ++byte_buckets[static_cast<std::size_t>(bucket - std::begin(kByteBucketTops))];
  groups += host.groups;
  rules += host.rules;
  sitemaps += host.sitemaps;
  if (host.sitemaps > 0) ++hosts_with_sitemaps;

  struct PurposeHost {
    bool any_fully = false;
    bool all_fully = true;
    bool naming_any = false;
  };
  // A few purposes at most: a short list, searched, not a map allocated per host.
  std::vector<std::pair<std::string_view, PurposeHost>> by_purpose;
  by_purpose.reserve(8);
  for (std::size_t c = 0; c < host.crawlers.size() && c < per_crawler.size(); ++c) {
    const CrawlerCensus& crawler = host.crawlers[c];
    CrawlerCounts& counts = per_crawler[c];
    if (!host.decided()) {
      // No verdict: counted apart, in no share of blocked or allowed hosts.
      ++counts.undecided;
      for (std::array<std::uint64_t, 3>& path : counts.paths) ++path[2];
      continue;
    }
    const auto disallowed =
        static_cast<std::size_t>(std::count(crawler.allowed.begin(), crawler.allowed.end(), false));
    const bool fully = disallowed == crawler.allowed.size() && disallowed > 0;
    if (fully) {
      ++counts.blocked_fully;
    } else if (disallowed > 0) {
      ++counts.blocked_partly;
    } else {
      ++counts.allowed;
    }
    if (crawler.named()) ++counts.named;
    if (crawler.crawler_rule) {
      for (std::size_t r = 0; r < 6; ++r) {
        if (kRuleOrder[r] == *crawler.crawler_rule) ++counts.crawler_rule[r];
      }
    }
    for (std::size_t p = 0; p < crawler.allowed.size() && p < counts.paths.size(); ++p) {
      ++counts.paths[p][crawler.allowed[p] ? 0 : 1];
    }
    const std::string_view name = purposes[c];
    auto found = std::find_if(by_purpose.begin(), by_purpose.end(),
                              [name](const auto& entry) { return entry.first == name; });
    if (found == by_purpose.end()) found = by_purpose.insert(found, {name, PurposeHost()});
    PurposeHost& purpose = found->second;
    purpose.any_fully = purpose.any_fully || fully;
    purpose.all_fully = purpose.all_fully && fully;
    purpose.naming_any = purpose.naming_any || crawler.named();
  }
  for (const auto& [name, purpose] : by_purpose) {
    PurposeCounts& counts = per_purpose[std::string(name)];
    if (purpose.any_fully) ++counts.hosts_blocking_any_fully;
    if (purpose.all_fully) ++counts.hosts_blocking_all_fully;
    if (purpose.naming_any) ++counts.hosts_naming_any;
  }
  if (host.states_usage) ++hosts_with_content_usage;
  if (!host.content_signals.empty()) ++hosts_with_content_signal;
  ++train_ai[preference_index(host.train_ai)];
  ++search[preference_index(host.search)];
  for (const auto& [code, findings] : host.lint) {
    const auto found = lint.find(code);
    if (found != lint.end()) {
      ++found->second;
    } else {
      lint.emplace(std::string(code), 1);
    }
  }
}

bool CensusSummary::merge(const CensusSummary& part, std::string& error) {
  if (part.paths != paths) {
    error = "the parts ask different paths: " + joined(paths) + " and " + joined(part.paths);
    return false;
  }
  if (part.crawlers != crawlers) {
    error =
        "the parts ask different crawlers: " + joined(crawlers) + " and " + joined(part.crawlers);
    return false;
  }
  if (part.strata.empty() != strata.empty()) {
    error = "one part was counted with --ranks, the other without";
    return false;
  }
  inputs.files += part.inputs.files;
  inputs.records += part.inputs.records;
  inputs.responses += part.inputs.responses;
  inputs.skipped_records += part.inputs.skipped_records;
  inputs.truncated += part.inputs.truncated;
  inputs.garbage_bytes += part.inputs.garbage_bytes;
  inputs.errors += part.inputs.errors;
  input_files.insert(input_files.end(), part.input_files.begin(), part.input_files.end());
  merge_counts(part);
  templates.merge(part.templates);
  for (std::size_t s = 0; s < strata.size(); ++s) strata[s].merge_counts(part.strata[s]);
  return true;
}

void CensusSummary::recount(const HostCensus& before, const HostCensus& after) {
  CensusSummary was = without_counts();
  was.add_host_counts(before);
  CensusSummary now = without_counts();
  now.add_host_counts(after);
  // Counts wrap as unsigned numbers do: adding `now` then taking `was` away is exact
  // whatever the order, since `before` was counted here.
  merge_counts(now);
  merge_counts(was, true);
  if (!strata.empty()) {
    CensusSummary& stratum = strata[stratum_of(before.rank)];
    stratum.merge_counts(now);
    stratum.merge_counts(was, true);
  }
}

CensusSummary CensusSummary::without_counts() const {
  CensusSummary blank;
  blank.paths = paths;
  blank.crawlers = crawlers;
  blank.purposes = purposes;
  blank.per_crawler.resize(crawlers.size());
  for (CrawlerCounts& counts : blank.per_crawler) counts.paths.resize(paths.size());
  return blank;
}

void CensusSummary::merge_counts(const CensusSummary& part, bool subtract) {
  const auto add = [subtract](std::uint64_t& into, std::uint64_t from) {
    into = subtract ? into - from : into + from;
  };
  const auto add_all = [&add](auto& into, const auto& from) {
    for (std::size_t i = 0; i < into.size(); ++i) add(into[i], from[i]);
  };
  add(hosts, part.hosts);
  add_all(status, part.status);
  add_all(access, part.access);
  add_all(truncated_hosts, part.truncated_hosts);
  add_all(redirects, part.redirects);
  add(html_bodies, part.html_bodies);
  add(bytes_total, part.bytes_total);
  add_all(byte_buckets, part.byte_buckets);
  add(groups, part.groups);
  add(rules, part.rules);
  add(hosts_with_sitemaps, part.hosts_with_sitemaps);
  add(sitemaps, part.sitemaps);
  for (std::size_t c = 0; c < per_crawler.size(); ++c) {
    CrawlerCounts& counts = per_crawler[c];
    const CrawlerCounts& other = part.per_crawler[c];
    add(counts.named, other.named);
    add(counts.blocked_fully, other.blocked_fully);
    add(counts.blocked_partly, other.blocked_partly);
    add(counts.allowed, other.allowed);
    add(counts.undecided, other.undecided);
    add_all(counts.crawler_rule, other.crawler_rule);
    for (std::size_t p = 0; p < counts.paths.size(); ++p) add_all(counts.paths[p], other.paths[p]);
  }
  for (const auto& [name, other] : part.per_purpose) {
    PurposeCounts& counts = per_purpose[name];
    add(counts.hosts_blocking_any_fully, other.hosts_blocking_any_fully);
    add(counts.hosts_blocking_all_fully, other.hosts_blocking_all_fully);
    add(counts.hosts_naming_any, other.hosts_naming_any);
  }
  add(hosts_with_content_usage, part.hosts_with_content_usage);
  add(hosts_with_content_signal, part.hosts_with_content_signal);
  add_all(train_ai, part.train_ai);
  add_all(search, part.search);
  for (const auto& [code, hosts_with_code] : part.lint) add(lint[code], hosts_with_code);
}

nlohmann::json CensusSummary::to_json() const {
  nlohmann::json json = nlohmann::json::object();
  json["format"] = kCensusSummaryFormat;
  json["label"] = label ? nlohmann::json(*label) : nlohmann::json();
  json["paths"] = paths;
  json["crawlers"] = crawlers;
  json["inputs"] = {{"files", inputs.files},         {"records", inputs.records},
                    {"responses", inputs.responses}, {"skipped_records", inputs.skipped_records},
                    {"truncated", inputs.truncated}, {"garbage_bytes", inputs.garbage_bytes},
                    {"errors", inputs.errors}};
  json["input_files"] = nlohmann::json::array();
  for (const InputFile& file : input_files) {
    json["input_files"].push_back({{"name", file.name}, {"bytes", file.bytes}});
  }
  json.update(counts_json());
  json["templates"] = templates.to_json();
  if (!strata.empty()) {
    // A list, not an object: JSON objects here are written in key order, which would put
    // "10001-100000" before "1001-10000".
    json["strata"] = nlohmann::json::array();
    for (std::size_t s = 0; s < strata.size(); ++s) {
      json["strata"].push_back(strata[s].counts_json());
      json["strata"].back()["stratum"] = kStratumKeys[s];
    }
  }
  return json;
}

nlohmann::json CensusSummary::counts_json() const {
  nlohmann::json json = nlohmann::json::object();
  json["hosts"] = hosts;
  for (std::size_t s = 0; s < status.size(); ++s) json["status"][kStatusKeys[s]] = status[s];
  for (std::size_t a = 0; a < access.size(); ++a) json["access"][kAccessKeys[a]] = access[a];
  for (std::size_t t = 0; t < std::size(kTruncatedKeys); ++t) {
    json["truncated_hosts"][kTruncatedKeys[t]] = truncated_hosts[t];
  }
  for (std::size_t r = 0; r < std::size(kRedirectKeys); ++r) {
    json["redirects"][kRedirectKeys[r]] = redirects[r];
  }
  json["html_bodies"] = html_bodies;
  json["bytes"]["total"] = bytes_total;
  for (std::size_t b = 0; b < byte_buckets.size(); ++b) {
    json["bytes"]["buckets"][kByteBucketKeys[b]] = byte_buckets[b];
  }
  json["groups"] = groups;
  json["rules"] = rules;
  json["hosts_with_sitemaps"] = hosts_with_sitemaps;
  json["sitemaps"] = sitemaps;
  json["per_crawler"] = nlohmann::json::object();
  for (std::size_t c = 0; c < crawlers.size(); ++c) {
    const CrawlerCounts& counts = per_crawler[c];
    nlohmann::json crawler = {{"purpose", purposes[c]},
                              {"named", counts.named},
                              {"blocked_fully", counts.blocked_fully},
                              {"blocked_partly", counts.blocked_partly},
                              {"allowed", counts.allowed},
                              {"undecided", counts.undecided}};
    for (std::size_t r = 0; r < 6; ++r) {
      crawler["crawler_rule"][std::string(to_string(kRuleOrder[r]))] = counts.crawler_rule[r];
    }
    crawler["paths"] = nlohmann::json::object();
    for (std::size_t p = 0; p < paths.size(); ++p) {
      crawler["paths"][paths[p]] = {{"allowed", counts.paths[p][0]},
                                    {"disallowed", counts.paths[p][1]},
                                    {"undecided", counts.paths[p][2]}};
    }
    json["per_crawler"][crawlers[c]] = std::move(crawler);
  }
  json["per_purpose"] = nlohmann::json::object();
  for (const auto& [name, counts] : per_purpose) {
    json["per_purpose"][name] = {{"crawlers", counts.crawlers},
                                 {"hosts_blocking_any_fully", counts.hosts_blocking_any_fully},
                                 {"hosts_blocking_all_fully", counts.hosts_blocking_all_fully},
                                 {"hosts_naming_any", counts.hosts_naming_any}};
  }
  json["usage"] = {{"hosts_with_content_usage", hosts_with_content_usage},
                   {"hosts_with_content_signal", hosts_with_content_signal}};
  for (std::size_t k = 0; k < 3; ++k) {
    json["usage"]["train_ai"][kPreferenceKeys[k]] = train_ai[k];
    json["usage"]["search"][kPreferenceKeys[k]] = search[k];
  }
  json["lint"] = lint;
  return json;
}

std::optional<CensusSummary> CensusSummary::from_json(const nlohmann::json& json,
                                                      std::string& error) {
  try {
    if (count(json, "format") != kCensusSummaryFormat) {
      throw SummaryError("format " + member(json, "format").dump() + " is not " +
                         std::to_string(kCensusSummaryFormat));
    }
    CensusSummary summary;
    const nlohmann::json& label = member(json, "label");
    if (label.is_string()) {
      summary.label = label.get<std::string>();
    } else if (!label.is_null()) {
      throw SummaryError("\"label\" is neither a string nor null");
    }
    summary.paths = strings(json, "paths");
    summary.crawlers = strings(json, "crawlers");
    const nlohmann::json& inputs = member(json, "inputs");
    summary.inputs = {count(inputs, "files"),     count(inputs, "records"),
                      count(inputs, "responses"), count(inputs, "skipped_records"),
                      count(inputs, "truncated"), count(inputs, "garbage_bytes"),
                      count(inputs, "errors")};
    const nlohmann::json& files =
        json.contains("input_files") ? json["input_files"] : nlohmann::json::array();
    if (!files.is_array()) throw SummaryError("\"input_files\" is not a list");
    for (const nlohmann::json& file : files) {
      const nlohmann::json& name = member(file, "name");
      if (!name.is_string()) throw SummaryError("an input file's \"name\" is no string");
      summary.input_files.push_back({name.get<std::string>(), count(file, "bytes")});
    }
    summary.hosts = count(json, "hosts");
    for (std::size_t s = 0; s < 5; ++s)
      summary.status[s] = count(member(json, "status"), kStatusKeys[s]);
    for (std::size_t a = 0; a < 4; ++a)
      summary.access[a] = count(member(json, "access"), kAccessKeys[a]);
    summary.access[4] = later_count(member(json, "access"), kAccessKeys[4]);
    for (std::size_t t = 0; t < std::size(kTruncatedKeys); ++t) {
      summary.truncated_hosts[t] =
          later_count(later_member(json, "truncated_hosts"), kTruncatedKeys[t]);
    }
    for (std::size_t r = 0; r < std::size(kRedirectKeys); ++r) {
      summary.redirects[r] = later_count(later_member(json, "redirects"), kRedirectKeys[r]);
    }
    summary.html_bodies = count(json, "html_bodies");
    const nlohmann::json& bytes = member(json, "bytes");
    summary.bytes_total = count(bytes, "total");
    for (std::size_t b = 0; b < 6; ++b) {
      summary.byte_buckets[b] = count(member(bytes, "buckets"), kByteBucketKeys[b]);
    }
    summary.groups = count(json, "groups");
    summary.rules = count(json, "rules");
    summary.hosts_with_sitemaps = count(json, "hosts_with_sitemaps");
    summary.sitemaps = count(json, "sitemaps");
    const nlohmann::json& per_crawler = member(json, "per_crawler");
    for (const std::string& name : summary.crawlers) {
      const nlohmann::json& crawler = member(per_crawler, name);
      const nlohmann::json& purpose = member(crawler, "purpose");
      if (!purpose.is_string()) throw SummaryError("\"purpose\" of " + name + " is no string");
      summary.purposes.push_back(purpose.get<std::string>());
      CrawlerCounts counts;
      counts.named = count(crawler, "named");
      counts.blocked_fully = count(crawler, "blocked_fully");
      counts.blocked_partly = count(crawler, "blocked_partly");
      counts.allowed = count(crawler, "allowed");
      counts.undecided = later_count(crawler, "undecided");
      for (std::size_t r = 0; r < 6; ++r) {
        counts.crawler_rule[r] =
            count(member(crawler, "crawler_rule"), std::string(to_string(kRuleOrder[r])));
      }
      for (const std::string& path : summary.paths) {
        const nlohmann::json& counted = member(member(crawler, "paths"), path);
        counts.paths.push_back({count(counted, "allowed"), count(counted, "disallowed"),
                                later_count(counted, "undecided")});
      }
      summary.per_crawler.push_back(std::move(counts));
    }
    const nlohmann::json& per_purpose = member(json, "per_purpose");
    if (!per_purpose.is_object()) throw SummaryError("\"per_purpose\" is not an object");
    for (const auto& [name, purpose] : per_purpose.items()) {
      summary.per_purpose[name] = {
          count(purpose, "crawlers"), count(purpose, "hosts_blocking_any_fully"),
          count(purpose, "hosts_blocking_all_fully"), count(purpose, "hosts_naming_any")};
    }
    const nlohmann::json& usage = member(json, "usage");
    summary.hosts_with_content_usage = count(usage, "hosts_with_content_usage");
    summary.hosts_with_content_signal = count(usage, "hosts_with_content_signal");
    for (std::size_t k = 0; k < 3; ++k) {
      summary.train_ai[k] = count(member(usage, "train_ai"), kPreferenceKeys[k]);
      summary.search[k] = count(member(usage, "search"), kPreferenceKeys[k]);
    }
    const nlohmann::json& lint = member(json, "lint");
    if (!lint.is_object()) throw SummaryError("\"lint\" is not an object");
    for (const auto& [code, hosts_with_code] : lint.items()) summary.lint[code] = count(lint, code);
    std::string templates_error;
    std::optional<BodyTemplates> templates =
        BodyTemplates::from_json(member(json, "templates"), templates_error);
    if (!templates) throw SummaryError(templates_error);
    summary.templates = std::move(*templates);
    if (json.contains("strata")) {
      const nlohmann::json& strata = member(json, "strata");
      if (!strata.is_array() || strata.size() != kStrata) {
        throw SummaryError("\"strata\" is not the " + std::to_string(kStrata) + " strata");
      }
      for (std::size_t s = 0; s < kStrata; ++s) {
        const char* key = kStratumKeys[s];
        // A stratum holds the counts only: the questions and inputs are the whole's.
        nlohmann::json stratum = strata[s];
        if (!stratum.is_object() || !stratum.contains("stratum") || stratum["stratum"] != key) {
          throw SummaryError(std::string("stratum ") + key + " is not in its place");
        }
        stratum.erase("stratum");
        for (const char* shared : {"format", "label", "paths", "crawlers", "inputs", "templates"}) {
          stratum[shared] = json[shared];
        }
        stratum.erase("strata");
        std::string stratum_error;
        std::optional<CensusSummary> counts = from_json(stratum, stratum_error);
        if (!counts) throw SummaryError(std::string("stratum ") + key + ": " + stratum_error);
        counts->templates = BodyTemplates();
        summary.strata.push_back(std::move(*counts));
      }
    }
    return summary;
  } catch (const SummaryError& problem) {
    error = problem.what();
  } catch (const nlohmann::json::exception& problem) {
    error = problem.what();
  }
  return std::nullopt;
}

}  // namespace robotstxt::census
