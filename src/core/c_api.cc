// The core library's part of the C ABI (robotstxt/c_api.h): parsed files, agents,
// verdicts, sitemaps, delays, Content-Usage, lint, explain, the catalogue and the names
// of values. Each function checks its arguments, then asks the C++ API.
#include "robotstxt/c_api.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/c_api_boundary.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/lint.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"
#include "robotstxt/version.h"

struct robotstxt_lint_report {
  robotstxt::LintReport report;
};

struct robotstxt_explanation {
  std::shared_ptr<const robotstxt::RobotsTxt> rules;  // what the views point into
  robotstxt::Explanation explanation;
};

namespace {

using robotstxt::internal::at_boundary;
using robotstxt::internal::bytes_of;
using robotstxt::internal::c_view;
using robotstxt::internal::fail;
using robotstxt::internal::is_byte_range;
using robotstxt::internal::name_of;

robotstxt_status missing(robotstxt_error* error, std::string_view what) {
  return fail(error, ROBOTSTXT_INVALID_ARGUMENT, std::string(what) + " is NULL");
}

// The checks every question about a URL shares.
robotstxt_status check_question(const robotstxt_robots* robots, const char* url,
                                std::size_t url_size, const robotstxt_agent* agent, const void* out,
                                robotstxt_error* error) {
  if (robots == nullptr) return missing(error, "the parsed file");
  if (!is_byte_range(url, url_size)) return missing(error, "the URL");
  if (agent == nullptr) return missing(error, "the agent");
  if (out == nullptr) return missing(error, "the output");
  return ROBOTSTXT_OK;
}

robotstxt_status index_out_of_range(robotstxt_error* error, std::size_t index, std::size_t count) {
  return fail(
      error, ROBOTSTXT_INVALID_ARGUMENT,
      "index " + std::to_string(index) + " is out of range (count " + std::to_string(count) + ")");
}

robotstxt_status new_agent(robotstxt::OwnedAgent who, robotstxt_agent** agent) {
  *agent = new robotstxt_agent{std::move(who)};
  return ROBOTSTXT_OK;
}

}  // namespace

extern "C" {

int32_t robotstxt_abi_version(void) { return ROBOTSTXT_ABI_VERSION; }

robotstxt_string robotstxt_version(void) { return c_view(robotstxt::kVersion); }

robotstxt_status robotstxt_parse(const char* body, size_t size, robotstxt_robots** robots,
                                 robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (robots == nullptr) return missing(error, "the output");
    *robots = nullptr;
    if (!is_byte_range(body, size)) return missing(error, "the body");
    *robots = robotstxt::internal::new_robots_handle(std::make_shared<const robotstxt::RobotsTxt>(
        robotstxt::RobotsTxt::parse(bytes_of(body, size))));
    return ROBOTSTXT_OK;
  });
}

void robotstxt_robots_free(robotstxt_robots* robots) { delete robots; }

robotstxt_status robotstxt_agent_from_tokens(const robotstxt_string* tokens, size_t count,
                                             robotstxt_agent** agent, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (agent == nullptr) return missing(error, "the output");
    *agent = nullptr;
    if (tokens == nullptr || count == 0) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "an agent needs at least one token");
    }
    std::vector<std::string> owned;
    owned.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      if (!is_byte_range(tokens[i].data, tokens[i].size)) {
        return missing(error, "token " + std::to_string(i));
      }
      owned.emplace_back(bytes_of(tokens[i].data, tokens[i].size));
    }
    return new_agent(robotstxt::OwnedAgent(std::move(owned)), agent);
  });
}

robotstxt_status robotstxt_agent_from_crawler(const char* name, size_t size,
                                              robotstxt_agent** agent, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (agent == nullptr) return missing(error, "the output");
    *agent = nullptr;
    if (!is_byte_range(name, size)) return missing(error, "the crawler name");
    const std::string_view wanted = bytes_of(name, size);
    const robotstxt::Crawler* crawler = robotstxt::find_crawler(wanted);
    if (crawler == nullptr) {
      // The bytes are the caller's: only printable ASCII goes into the one-line message.
      std::string message = "unknown crawler '";
      for (const char c : wanted.substr(0, 64)) message += (c >= ' ' && c <= '~') ? c : '?';
      message += "'";
      const std::vector<std::string_view> closest = robotstxt::closest_crawler_names(wanted);
      for (std::size_t i = 0; i < closest.size(); ++i) {
        message.append(i == 0 ? "; did you mean " : ", ").append(closest[i]);
      }
      if (!closest.empty()) message += "?";
      return fail(error, ROBOTSTXT_UNKNOWN_CRAWLER, message);
    }
    return new_agent(robotstxt::OwnedAgent(*crawler), agent);
  });
}

robotstxt_status robotstxt_agent_from_user_agent(const char* user_agent, size_t size,
                                                 robotstxt_agent** agent, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (agent == nullptr) return missing(error, "the output");
    *agent = nullptr;
    if (!is_byte_range(user_agent, size)) return missing(error, "the User-Agent string");
    const robotstxt::Crawler* crawler =
        robotstxt::crawler_in_user_agent(bytes_of(user_agent, size));
    if (crawler == nullptr) {
      return fail(error, ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT,
                  "the User-Agent string names no crawler of the catalogue");
    }
    return new_agent(robotstxt::OwnedAgent(*crawler), agent);
  });
}

int32_t robotstxt_agent_crawler_index(const robotstxt_agent* agent) {
  if (agent == nullptr || agent->who.crawler() == nullptr) return -1;
  return static_cast<int32_t>(agent->who.crawler() - robotstxt::crawler_catalogue().data());
}

void robotstxt_agent_free(robotstxt_agent* agent) { delete agent; }

robotstxt_status robotstxt_allowed(const robotstxt_robots* robots, const char* url, size_t url_size,
                                   const robotstxt_agent* agent, int32_t* allowed,
                                   robotstxt_error* error) {
  return at_boundary(error, [&] {
    const robotstxt_status checked = check_question(robots, url, url_size, agent, allowed, error);
    if (checked != ROBOTSTXT_OK) return checked;
    *allowed = robots->rules->allowed(bytes_of(url, url_size), agent->agent()) ? 1 : 0;
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_verdict_of(const robotstxt_robots* robots, const char* url,
                                      size_t url_size, const robotstxt_agent* agent,
                                      robotstxt_verdict* verdict, robotstxt_error* error) {
  return at_boundary(error, [&] {
    const robotstxt_status checked = check_question(robots, url, url_size, agent, verdict, error);
    if (checked != ROBOTSTXT_OK) return checked;
    robotstxt::internal::fill_verdict(
        robots->rules->verdict(bytes_of(url, url_size), agent->agent()), *verdict);
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_allowed_urls(const robotstxt_robots* robots,
                                        const robotstxt_string* urls, size_t count,
                                        const robotstxt_agent* agent, uint8_t* answers,
                                        robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (count == 0) return ROBOTSTXT_OK;
    const robotstxt_status checked = check_question(robots, "", 0, agent, answers, error);
    if (checked != ROBOTSTXT_OK) return checked;
    if (urls == nullptr) return missing(error, "the URL array");
    for (std::size_t i = 0; i < count; ++i) {
      if (!is_byte_range(urls[i].data, urls[i].size))
        return missing(error, "URL " + std::to_string(i));
    }
    const robotstxt::Agent asking = agent->agent();
    for (std::size_t i = 0; i < count; ++i) {
      answers[i] = robots->rules->allowed(bytes_of(urls[i].data, urls[i].size), asking) ? 1 : 0;
    }
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_allowed_grid(const robotstxt_robots* robots,
                                        const robotstxt_string* urls, size_t url_count,
                                        const robotstxt_agent* const* agents, size_t agent_count,
                                        uint8_t* answers, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (url_count == 0 || agent_count == 0) return ROBOTSTXT_OK;
    if (robots == nullptr) return missing(error, "the parsed file");
    if (urls == nullptr) return missing(error, "the URL array");
    if (agents == nullptr) return missing(error, "the agent array");
    if (answers == nullptr) return missing(error, "the output");
    if (url_count > std::numeric_limits<std::size_t>::max() / agent_count) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "URLs x agents overflows size_t");
    }
    for (std::size_t i = 0; i < url_count; ++i) {
      if (!is_byte_range(urls[i].data, urls[i].size))
        return missing(error, "URL " + std::to_string(i));
    }
    std::vector<robotstxt::Agent> asking;
    asking.reserve(agent_count);
    for (std::size_t a = 0; a < agent_count; ++a) {
      if (agents[a] == nullptr) return missing(error, "agent " + std::to_string(a));
      asking.push_back(agents[a]->agent());
    }
    // One URL's answers at a time, as bool for the C++ API, then as bytes in place.
    const auto row = std::make_unique<bool[]>(agent_count);
    for (std::size_t i = 0; i < url_count; ++i) {
      robots->rules->allowed_each_agent(bytes_of(urls[i].data, urls[i].size), asking,
                                        {row.get(), agent_count});
      std::copy_n(row.get(), agent_count, answers + i * agent_count);
    }
    return ROBOTSTXT_OK;
  });
}

size_t robotstxt_sitemap_count(const robotstxt_robots* robots) {
  return robots == nullptr ? 0 : robots->sitemaps.size();
}

robotstxt_string robotstxt_sitemap(const robotstxt_robots* robots, size_t index) {
  if (robots == nullptr || index >= robots->sitemaps.size()) return {nullptr, 0};
  return c_view(robots->sitemaps[index]);
}

robotstxt_status robotstxt_crawl_delay(const robotstxt_robots* robots, const robotstxt_agent* agent,
                                       int32_t* found, double* seconds, robotstxt_error* error) {
  return at_boundary(error, [&] {
    const robotstxt_status checked = check_question(robots, "", 0, agent, found, error);
    if (checked != ROBOTSTXT_OK) return checked;
    if (seconds == nullptr) return missing(error, "the output");
    const std::optional<double> delay = robots->rules->crawl_delay(agent->agent());
    *found = delay ? 1 : 0;
    *seconds = delay.value_or(0);
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_request_rate(const robotstxt_robots* robots,
                                        const robotstxt_agent* agent, robotstxt_rate* rate,
                                        robotstxt_error* error) {
  return at_boundary(error, [&] {
    const robotstxt_status checked = check_question(robots, "", 0, agent, rate, error);
    if (checked != ROBOTSTXT_OK) return checked;
    const std::optional<robotstxt::RequestRate> value = robots->rules->request_rate(agent->agent());
    *rate = robotstxt_rate{};
    if (value) {
      rate->found = 1;
      rate->requests = value->requests;
      rate->seconds = value->seconds;
      rate->window = c_view(value->window);
    }
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_content_usage(const robotstxt_robots* robots, const char* url,
                                         size_t url_size, const robotstxt_agent* agent,
                                         robotstxt_usage* usage, uint32_t* lines,
                                         size_t lines_capacity, robotstxt_error* error) {
  return at_boundary(error, [&] {
    const robotstxt_status checked = check_question(robots, url, url_size, agent, usage, error);
    if (checked != ROBOTSTXT_OK) return checked;
    if (lines == nullptr && lines_capacity != 0) return missing(error, "the line array");
    const std::optional<robotstxt::UsagePreferences> found =
        robots->rules->usage(bytes_of(url, url_size), agent->agent());
    *usage = robotstxt_usage{};
    if (found) {
      usage->fetchable = 1;
      usage->train_ai = static_cast<int32_t>(found->train_ai);
      usage->search = static_cast<int32_t>(found->search);
      usage->line_count = static_cast<uint32_t>(found->lines.size());
      std::copy_n(found->lines.begin(), std::min(lines_capacity, found->lines.size()), lines);
    }
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_lint(const char* body, size_t size, robotstxt_lint_report** report,
                                robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (report == nullptr) return missing(error, "the output");
    *report = nullptr;
    if (!is_byte_range(body, size)) return missing(error, "the body");
    auto made = std::make_unique<robotstxt_lint_report>();
    made->report = robotstxt::lint(bytes_of(body, size));
    *report = made.release();
    return ROBOTSTXT_OK;
  });
}

size_t robotstxt_lint_finding_count(const robotstxt_lint_report* report) {
  return report == nullptr ? 0 : report->report.findings.size();
}

robotstxt_status robotstxt_lint_finding(const robotstxt_lint_report* report, size_t index,
                                        robotstxt_finding* finding, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (report == nullptr) return missing(error, "the lint report");
    if (finding == nullptr) return missing(error, "the output");
    const std::vector<robotstxt::Finding>& findings = report->report.findings;
    if (index >= findings.size()) return index_out_of_range(error, index, findings.size());
    const robotstxt::Finding& found = findings[index];
    *finding = robotstxt_finding{};
    finding->severity = static_cast<int32_t>(found.severity);
    finding->line = found.line;
    finding->column = found.column;
    finding->code = c_view(found.code);
    finding->text = c_view(found.text);
    finding->message = c_view(found.message);
    return ROBOTSTXT_OK;
  });
}

void robotstxt_lint_report_free(robotstxt_lint_report* report) { delete report; }

size_t robotstxt_lint_code_count(void) {
  // lint_codes() builds its table once; building it can only fail for want of memory.
  try {
    return robotstxt::lint_codes().size();
  } catch (...) {
    return 0;
  }
}

robotstxt_status robotstxt_lint_code(size_t index, robotstxt_string* code, int32_t* severity,
                                     robotstxt_string* summary, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (code == nullptr || severity == nullptr || summary == nullptr) {
      return missing(error, "an output");
    }
    const std::vector<robotstxt::LintCode>& codes = robotstxt::lint_codes();
    if (index >= codes.size()) return index_out_of_range(error, index, codes.size());
    *code = c_view(codes[index].code);
    *severity = static_cast<int32_t>(codes[index].severity);
    *summary = c_view(codes[index].summary);
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_explain(const robotstxt_robots* robots, const char* url, size_t url_size,
                                   const robotstxt_agent* agent,
                                   robotstxt_explanation** explanation, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (explanation != nullptr) *explanation = nullptr;
    const robotstxt_status checked =
        check_question(robots, url, url_size, agent, explanation, error);
    if (checked != ROBOTSTXT_OK) return checked;
    auto made = std::make_unique<robotstxt_explanation>();
    made->rules = robots->rules;
    made->explanation = made->rules->explain(bytes_of(url, url_size), agent->agent());
    *explanation = made.release();
    return ROBOTSTXT_OK;
  });
}

robotstxt_string robotstxt_explanation_path(const robotstxt_explanation* explanation) {
  if (explanation == nullptr) return {nullptr, 0};
  return c_view(explanation->explanation.path);
}

int32_t robotstxt_explanation_applied(const robotstxt_explanation* explanation) {
  if (explanation == nullptr) return ROBOTSTXT_APPLIED_NONE;
  return static_cast<int32_t>(explanation->explanation.applied);
}

size_t robotstxt_explanation_group_count(const robotstxt_explanation* explanation) {
  return explanation == nullptr ? 0 : explanation->explanation.groups.size();
}

int64_t robotstxt_explanation_group(const robotstxt_explanation* explanation, size_t index) {
  if (explanation == nullptr || index >= explanation->explanation.groups.size()) return -1;
  return static_cast<int64_t>(explanation->explanation.groups[index]);
}

size_t robotstxt_explanation_match_count(const robotstxt_explanation* explanation) {
  return explanation == nullptr ? 0 : explanation->explanation.matches.size();
}

robotstxt_status robotstxt_explanation_match(const robotstxt_explanation* explanation, size_t index,
                                             robotstxt_rule_match* match, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (explanation == nullptr) return missing(error, "the explanation");
    if (match == nullptr) return missing(error, "the output");
    const std::vector<robotstxt::RuleMatch>& matches = explanation->explanation.matches;
    if (index >= matches.size()) return index_out_of_range(error, index, matches.size());
    const robotstxt::RuleMatch& found = matches[index];
    *match = robotstxt_rule_match{};
    match->line = found.rule.line;
    match->kind = static_cast<int32_t>(found.rule.kind);
    match->strength = found.strength;
    match->via_index_htm = found.via_index_htm ? 1 : 0;
    match->pattern = c_view(found.rule.pattern);
    match->written = c_view(found.rule.written);
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_explanation_verdict(const robotstxt_explanation* explanation,
                                               robotstxt_verdict* verdict, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (explanation == nullptr) return missing(error, "the explanation");
    if (verdict == nullptr) return missing(error, "the output");
    robotstxt::internal::fill_verdict(explanation->explanation.verdict, *verdict);
    return ROBOTSTXT_OK;
  });
}

void robotstxt_explanation_free(robotstxt_explanation* explanation) { delete explanation; }

size_t robotstxt_crawler_count(void) { return robotstxt::crawler_catalogue().size(); }

robotstxt_status robotstxt_crawler_at(size_t index, robotstxt_crawler* crawler,
                                      robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (crawler == nullptr) return missing(error, "the output");
    const std::span<const robotstxt::Crawler> catalogue = robotstxt::crawler_catalogue();
    if (index >= catalogue.size()) return index_out_of_range(error, index, catalogue.size());
    const robotstxt::Crawler& found = catalogue[index];
    *crawler = robotstxt_crawler{};
    crawler->purpose = static_cast<int32_t>(found.purpose);
    crawler->flags = (found.ignores_global_group ? ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP : 0u) |
                     (found.obeys_robots_txt ? ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT : 0u) |
                     (found.verified ? ROBOTSTXT_CRAWLER_VERIFIED : 0u);
    crawler->crawl_delay = static_cast<int32_t>(found.crawl_delay);
    crawler->token_count = static_cast<uint32_t>(found.tokens.size());
    crawler->name = c_view(found.name);
    crawler->operator_name = c_view(found.operator_name);
    crawler->user_agent_substring = c_view(found.user_agent_substring);
    return ROBOTSTXT_OK;
  });
}

robotstxt_string robotstxt_crawler_token(size_t crawler_index, size_t token_index) {
  const std::span<const robotstxt::Crawler> catalogue = robotstxt::crawler_catalogue();
  if (crawler_index >= catalogue.size()) return {nullptr, 0};
  const std::span<const std::string_view> tokens = catalogue[crawler_index].tokens;
  if (token_index >= tokens.size()) return {nullptr, 0};
  return c_view(tokens[token_index]);
}

int32_t robotstxt_crawler_index(const char* name, size_t size) {
  if (!is_byte_range(name, size)) return -1;
  const robotstxt::Crawler* found = robotstxt::find_crawler(bytes_of(name, size));
  if (found == nullptr) return -1;
  return static_cast<int32_t>(found - robotstxt::crawler_catalogue().data());
}

robotstxt_string robotstxt_crawler_catalogue_updated(void) {
  return c_view(robotstxt::crawler_catalogue_updated());
}

robotstxt_string robotstxt_rule_kind_name(int32_t kind) {
  return name_of<robotstxt::RuleKind>(kind, 2);
}

robotstxt_string robotstxt_applied_groups_name(int32_t applied) {
  return name_of<robotstxt::AppliedGroups>(applied, 3);
}

robotstxt_string robotstxt_crawler_rule_name(int32_t rule) {
  return name_of<robotstxt::CrawlerRule>(rule, 6);
}

robotstxt_string robotstxt_purpose_name(int32_t purpose) {
  return name_of<robotstxt::CrawlerPurpose>(purpose, 6);
}

robotstxt_string robotstxt_crawl_delay_support_name(int32_t support) {
  return name_of<robotstxt::CrawlDelaySupport>(support, 3);
}

robotstxt_string robotstxt_severity_name(int32_t severity) {
  return name_of<robotstxt::Severity>(severity, 3);
}

robotstxt_string robotstxt_preference_name(int32_t preference) {
  return name_of<robotstxt::Preference>(preference, 3);
}

robotstxt_string robotstxt_status_name(int32_t status) {
  static constexpr std::array<std::string_view, 6> kNames = {"ok",
                                                             "invalid argument",
                                                             "unknown crawler",
                                                             "no crawler in user agent",
                                                             "out of memory",
                                                             "internal error"};
  if (status < 0 || static_cast<std::size_t>(status) >= kNames.size()) return {nullptr, 0};
  return c_view(kNames[static_cast<std::size_t>(status)]);
}

}  // extern "C"
