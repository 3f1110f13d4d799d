/* The C ABI (robotstxt/c_api.h) from C11: every function of the header, with the results
 * the C++ API gives (docs/semantics.md), the layout of every struct, and the errors.
 *
 * Usage: c_api_test [CONNECT_TO]. With CONNECT_TO ("::127.0.0.1:PORT", a loopback
 * robots_server.py that c_api_client_test.cc starts), the client is also asked over the
 * network; without it, only the client's options are checked. Exit 0 when every check
 * holds; each failure is printed. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_api_layout.h"
#include "robotstxt/c_api.h"

static int failures = 0;

#define CHECK(condition)                                                      \
  do {                                                                        \
    if (!(condition)) {                                                       \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #condition); \
      ++failures;                                                             \
    }                                                                         \
  } while (0)

/* Whether a view holds exactly `text` (a C string). */
static int view_is(robotstxt_string view, const char* text) {
  const size_t size = strlen(text);
  return view.size == size && (size == 0 || memcmp(view.data, text, size) == 0);
}

/* A call that must succeed; on failure, prints the error's message. */
#define CHECK_OK(call)                                                         \
  do {                                                                         \
    robotstxt_error check_error_;                                              \
    memset(&check_error_, 0, sizeof check_error_);                             \
    (void)check_error_;                                                        \
    const robotstxt_status check_status_ = (call);                             \
    if (check_status_ != ROBOTSTXT_OK) {                                       \
      fprintf(stderr, "%s:%d: %s gave status %d\n", __FILE__, __LINE__, #call, \
              (int)check_status_);                                             \
      ++failures;                                                              \
    }                                                                          \
  } while (0)

static robotstxt_string text_of(const char* text) {
  robotstxt_string view;
  view.data = text;
  view.size = strlen(text);
  return view;
}

static robotstxt_robots* parse_text(const char* body) {
  robotstxt_robots* robots = NULL;
  CHECK_OK(robotstxt_parse(body, strlen(body), &robots, NULL));
  return robots;
}

static robotstxt_agent* token_agent(const char* token) {
  const robotstxt_string tokens[1] = {text_of(token)};
  robotstxt_agent* agent = NULL;
  CHECK_OK(robotstxt_agent_from_tokens(tokens, 1, &agent, NULL));
  return agent;
}

static robotstxt_agent* crawler_agent(const char* name) {
  robotstxt_agent* agent = NULL;
  CHECK_OK(robotstxt_agent_from_crawler(name, strlen(name), &agent, NULL));
  return agent;
}

static int allowed(const robotstxt_robots* robots, const char* url, const robotstxt_agent* agent) {
  int32_t answer = -1;
  CHECK_OK(robotstxt_allowed(robots, url, strlen(url), agent, &answer, NULL));
  return answer;
}

static void test_versions(void) {
  CHECK(robotstxt_abi_version() == ROBOTSTXT_ABI_VERSION);
  CHECK(ROBOTSTXT_ABI_VERSION == 2);
  const robotstxt_string version = robotstxt_version();
  CHECK(version.size >= 5 && version.data[1] == '.');
}

/* Rules of docs/semantics.md 1.5 and 4.1: a NUL byte ends a line's content and a URL's
 * path, so bytes after it never count. */
static void test_nul_bytes(void) {
  static const char body[] = "User-agent: *\nDisallow: /x\0y\nDisallow: /public/\n";
  robotstxt_robots* robots = NULL;
  CHECK_OK(robotstxt_parse(body, sizeof body - 1, &robots, NULL));
  robotstxt_agent* agent = token_agent("FooBot");
  /* The rule is "/x": the NUL ended it. */
  CHECK(allowed(robots, "https://example.com/xz", agent) == 0);
  static const char url[] = "https://example.com/public\0/secret";
  int32_t answer = -1;
  CHECK_OK(robotstxt_allowed(robots, url, sizeof url - 1, agent, &answer, NULL));
  CHECK(answer == 1); /* the path is "/public" */
  CHECK(allowed(robots, "https://example.com/public/secret", agent) == 0);
  robotstxt_agent_free(agent);
  robotstxt_robots_free(robots);
}

/* No bytes at all, given as NULL and 0: a valid, empty robots.txt and an empty URL,
 * everywhere (the sanitizer build checks that nothing reads through the NULL). */
static void test_empty_input(void) {
  robotstxt_robots* robots = NULL;
  CHECK_OK(robotstxt_parse(NULL, 0, &robots, NULL));
  robotstxt_agent* agent = token_agent("FooBot");
  int32_t answer = -1;
  CHECK_OK(robotstxt_allowed(robots, NULL, 0, agent, &answer, NULL));
  CHECK(answer == 1);
  robotstxt_verdict verdict;
  CHECK_OK(robotstxt_verdict_of(robots, NULL, 0, agent, &verdict, NULL));
  CHECK(verdict.allowed == 1 && verdict.line == 0 && verdict.applied == ROBOTSTXT_APPLIED_NONE);
  robotstxt_usage usage;
  CHECK_OK(robotstxt_content_usage(robots, NULL, 0, agent, &usage, NULL, 0, NULL));
  CHECK(usage.fetchable == 1 && usage.line_count == 0);
  robotstxt_explanation* explanation = NULL;
  CHECK_OK(robotstxt_explain(robots, NULL, 0, agent, &explanation, NULL));
  CHECK(view_is(robotstxt_explanation_path(explanation), "/"));
  robotstxt_explanation_free(explanation);
  robotstxt_lint_report* report = NULL;
  CHECK_OK(robotstxt_lint(NULL, 0, &report, NULL));
  robotstxt_lint_report_free(report);
  robotstxt_agent* by_header = NULL;
  CHECK(robotstxt_agent_from_user_agent(NULL, 0, &by_header, NULL) ==
        ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT);
  CHECK(robotstxt_agent_from_crawler(NULL, 0, &by_header, NULL) == ROBOTSTXT_UNKNOWN_CRAWLER);
  CHECK(robotstxt_crawler_index(NULL, 0) == -1);
  robotstxt_agent_free(agent);
  robotstxt_robots_free(robots);
}

static void test_verdicts_and_agents(void) {
  robotstxt_robots* robots = parse_text(
      "User-agent: FooBot\nDisallow: /foo\nAllow: /foo/open\n\n"
      "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /\nAllow: /caf\xC3\xA9\n");
  robotstxt_agent* foo = token_agent("foobot");
  robotstxt_verdict verdict;
  memset(&verdict, 0xFF, sizeof verdict);
  CHECK_OK(robotstxt_verdict_of(robots, "https://e.com/foo/x", 19, foo, &verdict, NULL));
  CHECK(verdict.allowed == 0 && verdict.line == 2 && verdict.kind == ROBOTSTXT_RULE_DISALLOW);
  CHECK(view_is(verdict.pattern, "/foo") && verdict.strength == 4);
  CHECK(verdict.applied == ROBOTSTXT_APPLIED_SPECIFIC);
  CHECK(verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_NONE && verdict.crawler_token.size == 0);
  CHECK(verdict.via_index_htm == 0 && verdict.reserved == 0);

  /* Merged tokens: a group naming any of them applies (docs/semantics.md 2.5). */
  const robotstxt_string merged_tokens[2] = {text_of("BarBot"), text_of("FooBot")};
  robotstxt_agent* merged = NULL;
  CHECK_OK(robotstxt_agent_from_tokens(merged_tokens, 2, &merged, NULL));
  CHECK(allowed(robots, "https://e.com/foo/open/1", merged) == 1);
  CHECK(allowed(robots, "https://e.com/bar", merged) == 1);
  CHECK(robotstxt_agent_crawler_index(merged) == -1);

  /* The rule as written and its normalised pattern (docs/semantics.md 1.8). */
  robotstxt_agent* other = token_agent("OtherBot");
  CHECK_OK(robotstxt_verdict_of(robots, "https://e.com/caf%C3%A9", 23, other, &verdict, NULL));
  CHECK(verdict.allowed == 1 && verdict.line == 10);
  CHECK(view_is(verdict.pattern, "/caf%C3%A9") && view_is(verdict.rule, "/caf\xC3\xA9"));
  CHECK(verdict.applied == ROBOTSTXT_APPLIED_GLOBAL);

  /* A crawler's precedence (docs/semantics.md 8): Googlebot-Image falls back to the
   * Googlebot group; AdsBot-Google is never bound by `*`; ChatGPT-User by nothing. */
  robotstxt_agent* image = crawler_agent("googlebot-image");
  CHECK_OK(robotstxt_verdict_of(robots, "https://e.com/g/1.png", 21, image, &verdict, NULL));
  CHECK(verdict.allowed == 0 && verdict.line == 6);
  CHECK(verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_FALLBACK_TOKEN);
  CHECK(view_is(verdict.crawler_token, "Googlebot"));
  CHECK(allowed(robots, "https://e.com/other", image) == 1);
  robotstxt_agent* ads = crawler_agent("AdsBot-Google");
  CHECK_OK(robotstxt_verdict_of(robots, "https://e.com/other", 19, ads, &verdict, NULL));
  CHECK(verdict.allowed == 1 && verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_GLOBAL_IGNORED);
  robotstxt_agent* user = crawler_agent("ChatGPT-User");
  CHECK_OK(robotstxt_verdict_of(robots, "https://e.com/other", 19, user, &verdict, NULL));
  CHECK(verdict.allowed == 1 && verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT);
  const int32_t image_index = robotstxt_agent_crawler_index(image);
  CHECK(image_index >= 0 && image_index == robotstxt_crawler_index("GOOGLEBOT-IMAGE", 15));

  /* The crawler a User-Agent header names: the longest documented text wins. */
  static const char header[] = "Googlebot-Image/1.0";
  robotstxt_agent* by_header = NULL;
  CHECK_OK(robotstxt_agent_from_user_agent(header, sizeof header - 1, &by_header, NULL));
  CHECK(robotstxt_agent_crawler_index(by_header) == image_index);
  static const char browser[] = "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0";
  robotstxt_agent* nobody = (robotstxt_agent*)&failures; /* must be set to NULL */
  robotstxt_error error;
  memset(&error, 0, sizeof error);
  CHECK(robotstxt_agent_from_user_agent(browser, sizeof browser - 1, &nobody, &error) ==
        ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT);
  CHECK(nobody == NULL && error.code == ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT);
  CHECK(strlen(error.message) > 0 && strlen(error.message) < sizeof error.message);

  /* An unknown crawler: its own status, and the close names in the message. */
  CHECK(robotstxt_agent_from_crawler("Googlebot-Imag", 14, &nobody, &error) ==
        ROBOTSTXT_UNKNOWN_CRAWLER);
  CHECK(strstr(error.message, "did you mean Googlebot-Image") != NULL);
  CHECK(robotstxt_agent_from_tokens(NULL, 0, &nobody, &error) == ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(robotstxt_allowed(robots, NULL, 3, foo, NULL, &error) == ROBOTSTXT_INVALID_ARGUMENT);
  /* A NULL error record is allowed. */
  CHECK(robotstxt_verdict_of(NULL, "x", 1, foo, &verdict, NULL) == ROBOTSTXT_INVALID_ARGUMENT);

  /* The batch call answers exactly as the single one, URL by URL. */
  static const char nul_url[] = "https://e.com/foo\0";
  const robotstxt_string urls[5] = {text_of("https://e.com/foo/x"),
                                    text_of("https://e.com/foo/open"),
                                    text_of("https://e.com/bar"),
                                    {nul_url, sizeof nul_url - 1},
                                    {NULL, 0}};
  uint8_t answers[5] = {9, 9, 9, 9, 9};
  CHECK_OK(robotstxt_allowed_urls(robots, urls, 5, foo, answers, NULL));
  CHECK(answers[0] == 0 && answers[1] == 1 && answers[2] == 1 && answers[3] == 0 &&
        answers[4] == 1);
  CHECK(robotstxt_allowed_urls(robots, NULL, 2, foo, answers, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK_OK(robotstxt_allowed_urls(robots, NULL, 0, foo, NULL, NULL));

  /* URLs x agents in one call answers as the single call, cell by cell, whatever shape
   * the agent has: tokens, merged tokens, crawlers with and without `*`. */
  const robotstxt_string grid_urls[6] = {urls[0],
                                         urls[1],
                                         urls[2],
                                         urls[3],
                                         text_of("https://e.com/g/1.png"),
                                         text_of("https://e.com/caf%C3%A9")};
  const robotstxt_agent* grid_agents[6] = {foo, merged, other, image, ads, user};
  uint8_t grid[6 * 6];
  memset(grid, 9, sizeof grid);
  CHECK_OK(robotstxt_allowed_grid(robots, grid_urls, 6, grid_agents, 6, grid, NULL));
  for (size_t u = 0; u < 6; ++u) {
    for (size_t a = 0; a < 6; ++a) {
      int32_t single = -1;
      CHECK_OK(robotstxt_allowed(robots, grid_urls[u].data, grid_urls[u].size, grid_agents[a],
                                 &single, NULL));
      CHECK(grid[u * 6 + a] == single);
    }
  }
  CHECK(grid[2 * 6 + 0] == 1 && grid[2 * 6 + 2] == 0); /* /bar: FooBot yes, OtherBot no */
  CHECK(grid[4 * 6 + 3] == 0 && grid[4 * 6 + 4] == 1); /* /g/1.png: image no, AdsBot yes */
  const robotstxt_agent* with_null[2] = {foo, NULL};
  CHECK(robotstxt_allowed_grid(robots, grid_urls, 1, with_null, 2, grid, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "agent 1") != NULL);
  CHECK(robotstxt_allowed_grid(robots, grid_urls, SIZE_MAX, grid_agents, 2, grid, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK_OK(robotstxt_allowed_grid(robots, NULL, 0, NULL, 6, NULL, NULL));

  robotstxt_agent_free(by_header);
  robotstxt_agent_free(user);
  robotstxt_agent_free(ads);
  robotstxt_agent_free(image);
  robotstxt_agent_free(other);
  robotstxt_agent_free(merged);
  robotstxt_agent_free(foo);
  robotstxt_robots_free(robots);
  /* Every _free accepts NULL. */
  robotstxt_robots_free(NULL);
  robotstxt_agent_free(NULL);
  robotstxt_lint_report_free(NULL);
  robotstxt_explanation_free(NULL);
  robotstxt_entry_free(NULL);
  robotstxt_client_free(NULL);
  robotstxt_decision_free(NULL);
}

static void test_sitemaps_delays_usage(void) {
  robotstxt_robots* robots = parse_text(
      "Sitemap: https://e.com/a.xml\nUser-agent: *\nCrawl-delay: 2.5\n"
      "Request-rate: 1/5s 0600-0845\nContent-Usage: train-ai=n\n"
      "Content-Usage: /open/ train-ai=y, search=y\nDisallow: /closed\n"
      "Sitemap: https://e.com/b.xml\n");
  CHECK(robotstxt_sitemap_count(robots) == 2);
  CHECK(view_is(robotstxt_sitemap(robots, 0), "https://e.com/a.xml"));
  CHECK(view_is(robotstxt_sitemap(robots, 1), "https://e.com/b.xml"));
  CHECK(robotstxt_sitemap(robots, 2).size == 0 && robotstxt_sitemap_count(NULL) == 0);

  robotstxt_agent* agent = token_agent("FooBot");
  int32_t found = -1;
  double seconds = -1;
  CHECK_OK(robotstxt_crawl_delay(robots, agent, &found, &seconds, NULL));
  CHECK(found == 1 && seconds == 2.5);
  robotstxt_rate rate;
  CHECK_OK(robotstxt_request_rate(robots, agent, &rate, NULL));
  CHECK(rate.found == 1 && rate.requests == 1 && rate.seconds == 5);
  CHECK(view_is(rate.window, "0600-0845"));

  robotstxt_usage usage;
  uint32_t lines[4] = {0, 0, 0, 0};
  CHECK_OK(
      robotstxt_content_usage(robots, "https://e.com/open/1", 20, agent, &usage, lines, 4, NULL));
  CHECK(usage.fetchable == 1 && usage.train_ai == ROBOTSTXT_PREFERENCE_ALLOWED);
  CHECK(usage.search == ROBOTSTXT_PREFERENCE_ALLOWED && usage.line_count == 1 && lines[0] == 6);
  /* Asked with no room for lines: the count still says how many there are. */
  CHECK_OK(robotstxt_content_usage(robots, "https://e.com/x", 15, agent, &usage, NULL, 0, NULL));
  CHECK(usage.fetchable == 1 && usage.train_ai == ROBOTSTXT_PREFERENCE_DISALLOWED);
  CHECK(usage.search == ROBOTSTXT_PREFERENCE_UNKNOWN && usage.line_count == 1);
  /* A URL that may not be fetched has no preferences (docs/semantics.md 9.4). */
  CHECK_OK(
      robotstxt_content_usage(robots, "https://e.com/closed", 20, agent, &usage, lines, 4, NULL));
  CHECK(usage.fetchable == 0 && usage.line_count == 0);
  robotstxt_agent_free(agent);
  robotstxt_robots_free(robots);

  /* Nothing said: found 0. */
  robots = parse_text("User-agent: *\nDisallow: /x\n");
  agent = token_agent("FooBot");
  CHECK_OK(robotstxt_crawl_delay(robots, agent, &found, &seconds, NULL));
  CHECK(found == 0 && seconds == 0);
  CHECK_OK(robotstxt_request_rate(robots, agent, &rate, NULL));
  CHECK(rate.found == 0 && rate.window.size == 0);
  robotstxt_agent_free(agent);
  robotstxt_robots_free(robots);
}

static void test_lint(void) {
  static const char body[] = "Disallow: /early\nUser-agent: *\nDisallow: /x\n";
  robotstxt_lint_report* report = NULL;
  CHECK_OK(robotstxt_lint(body, sizeof body - 1, &report, NULL));
  CHECK(robotstxt_lint_finding_count(report) >= 1);
  robotstxt_finding finding;
  CHECK_OK(robotstxt_lint_finding(report, 0, &finding, NULL));
  CHECK(view_is(finding.code, "rule-outside-group") && finding.line == 1);
  CHECK(finding.severity == ROBOTSTXT_SEVERITY_ERROR);
  CHECK(view_is(finding.text, "Disallow: /early") && finding.message.size > 0);
  robotstxt_error error;
  CHECK(robotstxt_lint_finding(report, robotstxt_lint_finding_count(report), &finding, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "out of range") != NULL);
  robotstxt_lint_report_free(report);
  CHECK(robotstxt_lint_finding_count(NULL) == 0);

  /* The list of codes has this one, with its severity. */
  int seen = 0;
  for (size_t i = 0; i < robotstxt_lint_code_count(); ++i) {
    robotstxt_string code;
    robotstxt_string summary;
    int32_t severity = -1;
    CHECK_OK(robotstxt_lint_code(i, &code, &severity, &summary, NULL));
    if (view_is(code, "rule-outside-group")) seen = severity == ROBOTSTXT_SEVERITY_ERROR;
  }
  CHECK(seen == 1 && robotstxt_lint_code_count() > 10);
}

static void test_explain(void) {
  robotstxt_robots* robots = parse_text("User-agent: *\nDisallow: /a\nAllow: /a/b\nDisallow: /z\n");
  robotstxt_agent* agent = token_agent("FooBot");
  robotstxt_explanation* explanation = NULL;
  CHECK_OK(robotstxt_explain(robots, "https://e.com/a/b/c?q", 21, agent, &explanation, NULL));
  /* The explanation keeps the parsed file: its views outlive the handle. */
  robotstxt_robots_free(robots);
  CHECK(view_is(robotstxt_explanation_path(explanation), "/a/b/c?q"));
  CHECK(robotstxt_explanation_applied(explanation) == ROBOTSTXT_APPLIED_GLOBAL);
  CHECK(robotstxt_explanation_group_count(explanation) == 1);
  CHECK(robotstxt_explanation_group(explanation, 0) == 0);
  CHECK(robotstxt_explanation_group(explanation, 1) == -1);
  CHECK(robotstxt_explanation_match_count(explanation) == 2);
  robotstxt_rule_match match;
  CHECK_OK(robotstxt_explanation_match(explanation, 1, &match, NULL));
  CHECK(match.line == 3 && match.kind == ROBOTSTXT_RULE_ALLOW && match.strength == 4);
  CHECK(view_is(match.pattern, "/a/b") && match.via_index_htm == 0);
  CHECK(robotstxt_explanation_match(explanation, 2, &match, NULL) == ROBOTSTXT_INVALID_ARGUMENT);
  robotstxt_verdict verdict;
  CHECK_OK(robotstxt_explanation_verdict(explanation, &verdict, NULL));
  CHECK(verdict.allowed == 1 && verdict.line == 3 && view_is(verdict.pattern, "/a/b"));
  robotstxt_explanation_free(explanation);
  /* A failing call leaves no stale handle behind. */
  explanation = (robotstxt_explanation*)&failures;
  CHECK(robotstxt_explain(NULL, "/", 1, agent, &explanation, NULL) == ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(explanation == NULL);
  robotstxt_agent_free(agent);
  CHECK(robotstxt_explanation_path(NULL).size == 0);
  CHECK(robotstxt_explanation_applied(NULL) == ROBOTSTXT_APPLIED_NONE);
  CHECK(robotstxt_explanation_group_count(NULL) == 0);
  CHECK(robotstxt_explanation_match_count(NULL) == 0);
}

static void test_catalogue(void) {
  const size_t count = robotstxt_crawler_count();
  CHECK(count > 20);
  const int32_t index = robotstxt_crawler_index("googlebot-image", 15);
  CHECK(index >= 0 && (size_t)index < count);
  robotstxt_crawler crawler;
  CHECK_OK(robotstxt_crawler_at((size_t)index, &crawler, NULL));
  CHECK(view_is(crawler.name, "Googlebot-Image") && view_is(crawler.operator_name, "Google"));
  CHECK(crawler.purpose == ROBOTSTXT_PURPOSE_SEARCH && crawler.token_count == 2);
  CHECK((crawler.flags & ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT) != 0);
  CHECK((crawler.flags & ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP) == 0);
  CHECK(crawler.crawl_delay == ROBOTSTXT_CRAWL_DELAY_IGNORED);
  CHECK(view_is(crawler.user_agent_substring, "Googlebot-Image"));
  CHECK(view_is(robotstxt_crawler_token((size_t)index, 0), "Googlebot-Image"));
  CHECK(view_is(robotstxt_crawler_token((size_t)index, 1), "Googlebot"));
  CHECK(robotstxt_crawler_token((size_t)index, 2).size == 0);
  CHECK(robotstxt_crawler_token(count, 0).size == 0);
  const int32_t ads = robotstxt_crawler_index("AdsBot-Google", 13);
  CHECK_OK(robotstxt_crawler_at((size_t)ads, &crawler, NULL));
  CHECK((crawler.flags & ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP) != 0);
  CHECK(crawler.purpose == ROBOTSTXT_PURPOSE_ADS);
  CHECK(robotstxt_crawler_at(count, &crawler, NULL) == ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(robotstxt_crawler_index("NoSuchBot", 9) == -1);
  const robotstxt_string updated = robotstxt_crawler_catalogue_updated();
  CHECK(updated.size == 10 && updated.data[4] == '-');
}

static void test_names(void) {
  CHECK(view_is(robotstxt_rule_kind_name(ROBOTSTXT_RULE_DISALLOW), "disallow"));
  CHECK(view_is(robotstxt_applied_groups_name(ROBOTSTXT_APPLIED_SPECIFIC), "specific"));
  CHECK(view_is(robotstxt_crawler_rule_name(ROBOTSTXT_CRAWLER_RULE_OWN_TOKEN), "own-token"));
  CHECK(view_is(robotstxt_crawler_rule_name(ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT), "not-subject"));
  CHECK(robotstxt_crawler_rule_name(ROBOTSTXT_CRAWLER_RULE_NONE).size == 0);
  CHECK(view_is(robotstxt_purpose_name(ROBOTSTXT_PURPOSE_AI_TRAINING), "ai-training"));
  CHECK(view_is(robotstxt_crawl_delay_support_name(ROBOTSTXT_CRAWL_DELAY_HONOURED), "honoured"));
  CHECK(view_is(robotstxt_severity_name(ROBOTSTXT_SEVERITY_WARNING), "warning"));
  CHECK(view_is(robotstxt_preference_name(ROBOTSTXT_PREFERENCE_DISALLOWED), "disallowed"));
  CHECK(view_is(robotstxt_access_name(ROBOTSTXT_ACCESS_FULL_DISALLOW), "full-disallow"));
  CHECK(robotstxt_access_name(ROBOTSTXT_ACCESS_NONE).size == 0);
  CHECK(view_is(robotstxt_access_reason_name(ROBOTSTXT_REASON_LAST_GOOD_COPY), "last-good-copy"));
  CHECK(robotstxt_access_reason_name(ROBOTSTXT_REASON_LOCAL_FAILURE + 1).size == 0);
  CHECK(view_is(robotstxt_url_error_name(ROBOTSTXT_URL_ERROR_NOT_ABSOLUTE), "not-absolute"));
  CHECK(robotstxt_url_error_name(ROBOTSTXT_URL_ERROR_NONE).size == 0);
  CHECK(view_is(robotstxt_fetch_kind_name(ROBOTSTXT_FETCH_REFUSED_ADDRESS), "refused-address"));
  CHECK(robotstxt_url_error_name(-1).size == 0);
  CHECK(view_is(robotstxt_cache_tier_name(ROBOTSTXT_CACHE_FETCHED), "fetched"));
  CHECK(view_is(robotstxt_status_name(ROBOTSTXT_OK), "ok"));
  CHECK(view_is(robotstxt_status_name(ROBOTSTXT_UNKNOWN_CRAWLER), "unknown crawler"));
  CHECK(robotstxt_status_name(6).size == 0 && robotstxt_rule_kind_name(2).size == 0);
}

static const int64_t kHour = 3600 * 1000;

static robotstxt_fetch_result response(int32_t status, const char* body) {
  robotstxt_fetch_result result;
  memset(&result, 0, sizeof result);
  result.kind = ROBOTSTXT_FETCH_RESPONSE;
  result.status = status;
  result.body = text_of(body);
  result.robots_url = text_of("https://e.com/robots.txt");
  return result;
}

/* The policy's timeline (docs/semantics.md 7), as policy_test holds it for C++. */
static void test_policy(void) {
  const int64_t start = 1767225600000; /* 2026-01-01 */
  robotstxt_access access;
  robotstxt_robots* rules = NULL;

  /* 404: full allow, no rules. */
  robotstxt_fetch_result missing_file = response(404, "");
  robotstxt_entry* entry = NULL;
  CHECK_OK(robotstxt_entry_next(NULL, &missing_file, start, &entry, NULL));
  CHECK_OK(robotstxt_entry_access(entry, start, &access, &rules, NULL));
  CHECK(access.access == ROBOTSTXT_ACCESS_FULL_ALLOW);
  CHECK(access.access_reason == ROBOTSTXT_REASON_NO_ROBOTS_TXT && rules == NULL);
  robotstxt_entry_free(entry);

  /* 200, then 503 a day later: full disallow; 503 again 13 hours on: the last good copy. */
  robotstxt_fetch_result good = response(200, "User-agent: *\nDisallow: /private\n");
  good.cache_control = text_of("max-age=3600");
  robotstxt_entry* fetched = NULL;
  CHECK_OK(robotstxt_entry_next(NULL, &good, start, &fetched, NULL));
  CHECK_OK(robotstxt_entry_access(fetched, start, &access, NULL, NULL));
  CHECK(access.access == ROBOTSTXT_ACCESS_RULES && access.access_reason == ROBOTSTXT_REASON_PARSED);
  CHECK(access.fresh_until_unix_ms == start + kHour);
  robotstxt_fetch_result unavailable = response(503, "");
  robotstxt_entry* failing = NULL;
  CHECK_OK(robotstxt_entry_next(fetched, &unavailable, start + 24 * kHour, &failing, NULL));
  CHECK_OK(robotstxt_entry_access(failing, start + 24 * kHour, &access, &rules, NULL));
  CHECK(access.access == ROBOTSTXT_ACCESS_FULL_DISALLOW);
  CHECK(access.access_reason == ROBOTSTXT_REASON_RECENT_SERVER_ERROR && rules == NULL);
  robotstxt_entry* still_failing = NULL;
  CHECK_OK(robotstxt_entry_next(failing, &unavailable, start + 37 * kHour, &still_failing, NULL));
  CHECK_OK(robotstxt_entry_access(still_failing, start + 37 * kHour, &access, &rules, NULL));
  CHECK(access.access == ROBOTSTXT_ACCESS_RULES);
  CHECK(access.access_reason == ROBOTSTXT_REASON_LAST_GOOD_COPY && rules != NULL);
  robotstxt_agent* agent = token_agent("FooBot");
  CHECK(allowed(rules, "https://e.com/private/1", agent) == 0);
  CHECK(allowed(rules, "https://e.com/public", agent) == 1);
  robotstxt_robots_free(rules);

  /* Only the first 512,000 bytes of a body count (docs/semantics.md 1.1): a rule past
   * them is not read, however long the body the caller passes. */
  static char big_body[600000];
  memset(big_body, '#', sizeof big_body);
  static const char early[] = "User-agent: *\nDisallow: /early\n";
  static const char late[] = "\nDisallow: /late\n";
  memcpy(big_body, early, sizeof early - 1);
  big_body[sizeof early - 1 + 100] = '\n';
  memcpy(big_body + 590000, late, sizeof late - 1);
  robotstxt_fetch_result big = response(200, "");
  big.body.data = big_body;
  big.body.size = sizeof big_body;
  robotstxt_entry* big_entry = NULL;
  robotstxt_robots* big_rules = NULL;
  CHECK_OK(robotstxt_entry_next(NULL, &big, start, &big_entry, NULL));
  CHECK_OK(robotstxt_entry_access(big_entry, start, &access, &big_rules, NULL));
  CHECK(big_rules != NULL && allowed(big_rules, "https://e.com/early", agent) == 0);
  CHECK(big_rules != NULL && allowed(big_rules, "https://e.com/late", agent) == 1);
  robotstxt_robots_free(big_rules);
  robotstxt_entry_free(big_entry);

  /* A failure of this machine decides nothing. */
  robotstxt_fetch_result local;
  memset(&local, 0, sizeof local);
  local.kind = ROBOTSTXT_FETCH_LOCAL_ERROR;
  local.error = text_of("no memory");
  robotstxt_entry* undecided = NULL;
  CHECK_OK(robotstxt_entry_next(NULL, &local, start, &undecided, NULL));
  CHECK_OK(robotstxt_entry_access(undecided, start, &access, NULL, NULL));
  CHECK(access.access == ROBOTSTXT_ACCESS_UNDECIDED);

  /* Hostile input: an unknown kind, an impossible status, a time out of range. */
  robotstxt_error error;
  robotstxt_entry* refused = NULL;
  local.kind = 7;
  CHECK(robotstxt_entry_next(NULL, &local, start, &refused, &error) == ROBOTSTXT_INVALID_ARGUMENT);
  robotstxt_fetch_result bad_status = response(99, "");
  CHECK(robotstxt_entry_next(NULL, &bad_status, start, &refused, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(robotstxt_entry_next(NULL, &good, -1, &refused, &error) == ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(robotstxt_entry_next(NULL, &good, INT64_MAX, &refused, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(robotstxt_entry_access(fetched, INT64_MIN, &access, NULL, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(refused == NULL);

  robotstxt_agent_free(agent);
  robotstxt_entry_free(undecided);
  robotstxt_entry_free(still_failing);
  robotstxt_entry_free(failing);
  robotstxt_entry_free(fetched);
}

static robotstxt_client* new_client(const char* connect_to, int allow_private) {
  const robotstxt_string names[3] = {text_of("connect-to"), text_of("allow-private"),
                                     text_of("timeout")};
  const robotstxt_string values[3] = {text_of(connect_to),
                                      text_of(allow_private ? "true" : "false"), text_of("5")};
  robotstxt_client* client = NULL;
  CHECK_OK(robotstxt_client_new(names, values, 3, &client, NULL));
  return client;
}

static robotstxt_decision_info decide(robotstxt_client* client, const char* url,
                                      const robotstxt_agent* agent) {
  robotstxt_decision_info info;
  memset(&info, 0, sizeof info);
  robotstxt_decision* decision = NULL;
  CHECK_OK(robotstxt_client_decide(client, url, strlen(url), agent, &decision, NULL));
  CHECK_OK(robotstxt_decision_get_info(decision, &info, NULL));
  robotstxt_decision_free(decision);
  /* The views of info are no longer used: the decision that held them is gone. */
  info.robots_url.data = NULL;
  info.fetch_error.data = NULL;
  return info;
}

static void test_client_options(void) {
  robotstxt_error error;
  robotstxt_client* client = (robotstxt_client*)&failures;
  const robotstxt_string unknown_names[1] = {text_of("colour")};
  const robotstxt_string unknown_values[1] = {text_of("blue")};
  CHECK(robotstxt_client_new(unknown_names, unknown_values, 1, &client, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(client == NULL && strstr(error.message, "'colour'") != NULL);
  const robotstxt_string names[1] = {text_of("timeout")};
  const robotstxt_string bad_values[1] = {text_of("0")};
  CHECK(robotstxt_client_new(names, bad_values, 1, &client, &error) == ROBOTSTXT_INVALID_ARGUMENT);
  CHECK(strstr(error.message, "'timeout'") != NULL);
  const robotstxt_string redis_names[1] = {text_of("redis")};
  const robotstxt_string redis_values[1] = {text_of("http://localhost")};
  CHECK(robotstxt_client_new(redis_names, redis_values, 1, &client, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  static const char control[] = "Foo\nBar";
  const robotstxt_string header_names[1] = {text_of("user-agent-header")};
  const robotstxt_string header_values[1] = {{control, sizeof control - 1}};
  CHECK(robotstxt_client_new(header_names, header_values, 1, &client, &error) ==
        ROBOTSTXT_INVALID_ARGUMENT);
  /* No options: the defaults. */
  CHECK_OK(robotstxt_client_new(NULL, NULL, 0, &client, NULL));
  robotstxt_agent* agent = token_agent("FooBot");
  /* A URL without an origin is decided without a fetch. */
  robotstxt_decision_info info = decide(client, "not a url", agent);
  CHECK(info.allowed == 0 && info.url_error == ROBOTSTXT_URL_ERROR_NOT_ABSOLUTE);
  /* Nothing was looked up: no access is claimed, and the verdict is not allowed either. */
  CHECK(info.access == ROBOTSTXT_ACCESS_NONE && info.access_reason == ROBOTSTXT_REASON_NONE);
  CHECK(info.cache_tier == ROBOTSTXT_CACHE_NONE && info.robots_url.size == 0);
  robotstxt_decision* no_origin = NULL;
  CHECK_OK(robotstxt_client_decide(client, "not a url", 9, agent, &no_origin, NULL));
  robotstxt_verdict no_origin_verdict;
  CHECK_OK(robotstxt_decision_verdict(no_origin, &no_origin_verdict, NULL));
  CHECK(no_origin_verdict.allowed == 0);
  robotstxt_decision_free(no_origin);
  robotstxt_agent_free(agent);
  robotstxt_client_free(client);
}

/* Against robots_server.py (tests/support): each host label is one behaviour. */
static void test_client(const char* connect_to) {
  robotstxt_client* client = new_client(connect_to, 1);
  robotstxt_agent* agent = crawler_agent("Googlebot");
  const char* url = "http://example.test/private/1";
  robotstxt_decision* decision = NULL;
  CHECK_OK(robotstxt_client_decide(client, url, strlen(url), agent, &decision, NULL));
  robotstxt_decision_info info;
  CHECK_OK(robotstxt_decision_get_info(decision, &info, NULL));
  CHECK(info.allowed == 0 && info.access == ROBOTSTXT_ACCESS_RULES);
  CHECK(info.access_reason == ROBOTSTXT_REASON_PARSED && info.status == 200);
  CHECK(info.cache_tier == ROBOTSTXT_CACHE_FETCHED && info.url_error == ROBOTSTXT_URL_ERROR_NONE);
  CHECK(view_is(info.robots_url, "http://example.test/robots.txt") && info.fetch_error.size == 0);
  robotstxt_verdict verdict;
  CHECK_OK(robotstxt_decision_verdict(decision, &verdict, NULL));
  CHECK(verdict.line == 2 && view_is(verdict.pattern, "/private"));
  CHECK(verdict.crawler_rule == ROBOTSTXT_CRAWLER_RULE_GLOBAL);
  robotstxt_decision_free(decision);

  info = decide(client, "http://example.test/public", agent);
  CHECK(info.allowed == 1 && info.cache_tier == ROBOTSTXT_CACHE_MEMORY);
  info = decide(client, "http://status-404.test/private/1", agent);
  CHECK(info.allowed == 1 && info.access == ROBOTSTXT_ACCESS_FULL_ALLOW);
  CHECK(info.access_reason == ROBOTSTXT_REASON_NO_ROBOTS_TXT && info.status == 404);
  info = decide(client, "http://status-503.test/public", agent);
  CHECK(info.allowed == 0 && info.access == ROBOTSTXT_ACCESS_FULL_DISALLOW);
  CHECK(info.access_reason == ROBOTSTXT_REASON_RECENT_SERVER_ERROR);
  robotstxt_client_free(client);

  /* By default a client never fetches from a loopback address. */
  client = new_client(connect_to, 0);
  robotstxt_decision* refused = NULL;
  url = "http://example.test/public";
  CHECK_OK(robotstxt_client_decide(client, url, strlen(url), agent, &refused, NULL));
  CHECK_OK(robotstxt_decision_get_info(refused, &info, NULL));
  CHECK(info.allowed == 0 && info.access == ROBOTSTXT_ACCESS_UNDECIDED);
  CHECK(info.access_reason == ROBOTSTXT_REASON_LOCAL_FAILURE && info.fetch_error.size > 0);
  robotstxt_decision_free(refused);
  robotstxt_client_free(client);
  robotstxt_agent_free(agent);
}

int main(int argc, char** argv) {
  test_versions();
  test_nul_bytes();
  test_empty_input();
  test_verdicts_and_agents();
  test_sitemaps_delays_usage();
  test_lint();
  test_explain();
  test_catalogue();
  test_names();
  test_policy();
  test_client_options();
  if (argc > 1) test_client(argv[1]);
  if (failures != 0) {
    fprintf(stderr, "%d check(s) failed\n", failures);
    return EXIT_FAILURE;
  }
  printf("c_api_test: every check holds%s\n",
         argc > 1 ? "" : " (client not asked over the network)");
  return EXIT_SUCCESS;
}
