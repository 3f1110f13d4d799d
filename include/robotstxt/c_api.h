/**
 * @file c_api.h
 * @brief The stable C ABI: the library's questions for C and for every language that
 *        reaches C (WebAssembly, Go, Rust, Java, Python's ctypes). See docs/c-api.md.
 *
 * Plain C11, no C++ behind it. The rules every function follows:
 *
 * - **Lengths, not terminators.** Every input string comes with its size and may contain
 *   NUL bytes. Every string handed out is a robotstxt_string view, which is not
 *   NUL-terminated either.
 * - **Lifetimes.** A view handed out is valid while the handle that gave it lives
 *   (explanations, lint reports, decisions and parsed files keep what their views point
 *   into); catalogue strings and enum names are valid for the whole program.
 * - **Errors.** A function that can fail returns robotstxt_status and takes a caller-owned
 *   robotstxt_error* (may be NULL), filled on failure with the status and a one-line,
 *   NUL-terminated message; on success it is left as it was. There is no thread-local
 *   "last error". No C++ exception ever crosses this ABI. Outputs are written only on
 *   success (handles are set to NULL on failure).
 * - **Handles** are opaque; each `_free` accepts NULL. Parsed files, agents, entries,
 *   lint reports, explanations and decisions are immutable once made: any thread may read
 *   them at once. A client is thread-safe. Freeing a handle while another thread uses it
 *   is the caller's error.
 * - **Structs** hold fixed-width fields only (int32_t, uint32_t, int64_t, double,
 *   robotstxt_string), with enum values as int32_t, so that every language reads them
 *   at known offsets; `reserved` fields are padding made visible, always 0. Sizes
 *   (64-bit / wasm32) are given with each struct and held by tests/c_api_layout.h.
 *
 * Which fetch outcomes mean what, which groups apply and why, are the C++ API's:
 * docs/semantics.md is the reference for every answer.
 */
#ifndef ROBOTSTXT_C_API_H_
#define ROBOTSTXT_C_API_H_

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32)
#define ROBOTSTXT_C_EXPORT
#else
#define ROBOTSTXT_C_EXPORT __attribute__((visibility("default")))
#endif

/** The ABI this header describes; robotstxt_abi_version() returns the library's. */
#define ROBOTSTXT_ABI_VERSION 2

/* ------------------------------------------------------------------ basic types */

/** A view of bytes: not NUL-terminated, may contain NUL. Size 16 / wasm32 8. */
typedef struct robotstxt_string {
  const char* data; /**< NULL only when size is 0 */
  size_t size;
} robotstxt_string;

/** What a function that can fail returns. */
typedef enum robotstxt_status {
  ROBOTSTXT_OK = 0,
  ROBOTSTXT_INVALID_ARGUMENT = 1,         /**< a NULL where a value is needed, an index
                                               out of range, a bad option... */
  ROBOTSTXT_UNKNOWN_CRAWLER = 2,          /**< no catalogue crawler has that name */
  ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT = 3, /**< no catalogue crawler's User-Agent
                                               substring is in the string */
  ROBOTSTXT_OUT_OF_MEMORY = 4,
  ROBOTSTXT_INTERNAL = 5 /**< a bug: please report it */
} robotstxt_status;

/** Filled by a failing call. Size 260 on every platform. */
typedef struct robotstxt_error {
  int32_t code;      /**< a robotstxt_status */
  char message[256]; /**< one line, NUL-terminated, cut to fit */
} robotstxt_error;

/* Enum values, passed as int32_t. Each enumeration has a name function below that gives
 * each value's stable word ("full-allow", "own-token"): the words of
 * schemas/answer.schema.json, the same in every language, command and endpoint. The
 * _NONE values of -1 stand where a value is absent (JSON's null); the name of a _NONE
 * is empty. */

/* RuleKind */
#define ROBOTSTXT_RULE_ALLOW 0
#define ROBOTSTXT_RULE_DISALLOW 1
/* AppliedGroups: whose rules decided (docs/semantics.md 3) */
#define ROBOTSTXT_APPLIED_NONE 0
#define ROBOTSTXT_APPLIED_SPECIFIC 1
#define ROBOTSTXT_APPLIED_GLOBAL 2
/* CrawlerRule: how a crawler's groups were chosen (docs/semantics.md 8) */
#define ROBOTSTXT_CRAWLER_RULE_NONE (-1) /* product tokens asked, or no rules were read */
#define ROBOTSTXT_CRAWLER_RULE_OWN_TOKEN 0
#define ROBOTSTXT_CRAWLER_RULE_FALLBACK_TOKEN 1
#define ROBOTSTXT_CRAWLER_RULE_GLOBAL 2
#define ROBOTSTXT_CRAWLER_RULE_GLOBAL_IGNORED 3
#define ROBOTSTXT_CRAWLER_RULE_NO_GROUPS 4
#define ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT 5
/* CrawlerPurpose */
#define ROBOTSTXT_PURPOSE_SEARCH 0
#define ROBOTSTXT_PURPOSE_ADS 1
#define ROBOTSTXT_PURPOSE_AI_TRAINING 2
#define ROBOTSTXT_PURPOSE_AI_SEARCH 3
#define ROBOTSTXT_PURPOSE_USER_TRIGGERED 4
#define ROBOTSTXT_PURPOSE_OTHER 5
/* CrawlDelaySupport */
#define ROBOTSTXT_CRAWL_DELAY_UNKNOWN 0
#define ROBOTSTXT_CRAWL_DELAY_HONOURED 1
#define ROBOTSTXT_CRAWL_DELAY_IGNORED 2
/* Crawler flags (robotstxt_crawler.flags), a bit set */
#define ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP 1u /* `*` never applies (8.2) */
#define ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT 2u     /* unset: always allowed (8.3) */
#define ROBOTSTXT_CRAWLER_VERIFIED 4u             /* every fact read on the operator's page */
/* Severity of a lint finding */
#define ROBOTSTXT_SEVERITY_ERROR 0
#define ROBOTSTXT_SEVERITY_WARNING 1
#define ROBOTSTXT_SEVERITY_INFO 2
/* Preference of a Content-Usage category (docs/semantics.md 9) */
#define ROBOTSTXT_PREFERENCE_UNKNOWN 0
#define ROBOTSTXT_PREFERENCE_ALLOWED 1
#define ROBOTSTXT_PREFERENCE_DISALLOWED 2
/* FetchKind: what a fetch ended with (fetcher.h) */
#define ROBOTSTXT_FETCH_RESPONSE 0
#define ROBOTSTXT_FETCH_TOO_MANY_REDIRECTS 1
#define ROBOTSTXT_FETCH_REDIRECT_LOOP 2
#define ROBOTSTXT_FETCH_UNFOLLOWABLE_REDIRECT 3
#define ROBOTSTXT_FETCH_NETWORK_ERROR 4
#define ROBOTSTXT_FETCH_LOCAL_ERROR 5
#define ROBOTSTXT_FETCH_REFUSED_ADDRESS 6
/* Access (policy.h) */
#define ROBOTSTXT_ACCESS_NONE (-1) /* a URL with no origin: nothing was looked up */
#define ROBOTSTXT_ACCESS_FULL_ALLOW 0
#define ROBOTSTXT_ACCESS_FULL_DISALLOW 1
#define ROBOTSTXT_ACCESS_RULES 2
#define ROBOTSTXT_ACCESS_UNDECIDED 3
/* AccessReason (policy.h) */
#define ROBOTSTXT_REASON_NONE (-1) /* a URL with no origin */
#define ROBOTSTXT_REASON_NOT_FETCHED 0
#define ROBOTSTXT_REASON_PARSED 1
#define ROBOTSTXT_REASON_NO_ROBOTS_TXT 2
#define ROBOTSTXT_REASON_REDIRECTS_FAILED 3
#define ROBOTSTXT_REASON_RECENT_SERVER_ERROR 4
#define ROBOTSTXT_REASON_LAST_GOOD_COPY 5
#define ROBOTSTXT_REASON_NO_GOOD_COPY 6
#define ROBOTSTXT_REASON_LONG_ERROR_SITE_UP 7
#define ROBOTSTXT_REASON_LONG_ERROR_SITE_DOWN 8
#define ROBOTSTXT_REASON_LOCAL_FAILURE 9
/* UrlError (url.h) */
#define ROBOTSTXT_URL_ERROR_NONE 0
#define ROBOTSTXT_URL_ERROR_NOT_ABSOLUTE 1
#define ROBOTSTXT_URL_ERROR_UNSUPPORTED_SCHEME 2
#define ROBOTSTXT_URL_ERROR_INVALID_HOST 3
#define ROBOTSTXT_URL_ERROR_INVALID_PORT 4
#define ROBOTSTXT_URL_ERROR_INVALID_IDN 5
/* CacheTier (robots_client.h) */
#define ROBOTSTXT_CACHE_NONE (-1) /* a URL with no origin */
#define ROBOTSTXT_CACHE_MEMORY 0
#define ROBOTSTXT_CACHE_SHARED 1
#define ROBOTSTXT_CACHE_FETCHED 2

/* ------------------------------------------------------------------ handles */

typedef struct robotstxt_robots robotstxt_robots;           /**< a parsed robots.txt */
typedef struct robotstxt_agent robotstxt_agent;             /**< who asks */
typedef struct robotstxt_lint_report robotstxt_lint_report; /**< lint findings */
typedef struct robotstxt_explanation robotstxt_explanation; /**< why a verdict */
typedef struct robotstxt_entry robotstxt_entry;             /**< policy state of an origin */
typedef struct robotstxt_client robotstxt_client;           /**< fetching client */
typedef struct robotstxt_decision robotstxt_decision;       /**< a client's answer */

/* ------------------------------------------------------------------ versions */

/** ROBOTSTXT_ABI_VERSION of the library linked. Any thread. */
ROBOTSTXT_C_EXPORT int32_t robotstxt_abi_version(void);
/** The library's version, e.g. "1.4.0". Valid forever. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_version(void);

/* ------------------------------------------------------------------ parsed files */

/** Parses `body` (any bytes; only the first 500 KiB count, docs/semantics.md 1.1) into a
 *  new handle. The handle does not refer to `body`. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_parse(const char* body, size_t size,
                                                    robotstxt_robots** robots,
                                                    robotstxt_error* error);
ROBOTSTXT_C_EXPORT void robotstxt_robots_free(robotstxt_robots* robots);

/* ------------------------------------------------------------------ agents */

/** Product tokens, merged as Google merges them (docs/semantics.md 2.5); one is the usual
 *  case. The tokens are copied. At least one token. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_agent_from_tokens(const robotstxt_string* tokens,
                                                                size_t count,
                                                                robotstxt_agent** agent,
                                                                robotstxt_error* error);
/** A catalogue crawler by name, ASCII case-insensitively ("googlebot-image"); it follows
 *  its own precedence (docs/semantics.md 8). ROBOTSTXT_UNKNOWN_CRAWLER, with close names
 *  in the message, when there is none. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_agent_from_crawler(const char* name, size_t size,
                                                                 robotstxt_agent** agent,
                                                                 robotstxt_error* error);
/** The catalogue crawler whose User-Agent substring is in `user_agent` (an HTTP
 *  User-Agent header), as the CLI's --user-agent-string chooses it;
 *  ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT when none is. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_agent_from_user_agent(const char* user_agent,
                                                                    size_t size,
                                                                    robotstxt_agent** agent,
                                                                    robotstxt_error* error);
/** The catalogue index (for robotstxt_crawler_at) of the crawler that asks; -1 when
 *  product tokens ask or `agent` is NULL. Any thread. */
ROBOTSTXT_C_EXPORT int32_t robotstxt_agent_crawler_index(const robotstxt_agent* agent);
ROBOTSTXT_C_EXPORT void robotstxt_agent_free(robotstxt_agent* agent);

/* ------------------------------------------------------------------ verdicts */

/** The answer with its reason (verdict.h). Views point into the parsed file (or the
 *  decision) that gave it, and into the catalogue. Size 80 / wasm32 56. */
typedef struct robotstxt_verdict {
  int32_t allowed;       /**< 1 or 0 */
  uint32_t line;         /**< line of the decisive rule; 0 when no rule decided */
  int32_t kind;          /**< ROBOTSTXT_RULE_*, when line != 0 */
  uint32_t strength;     /**< of the decisive rule (docs/semantics.md 5.1); 0 when none */
  int32_t via_index_htm; /**< 1: the allow matched only through the /index.htm rewrite */
  int32_t applied;       /**< ROBOTSTXT_APPLIED_* */
  int32_t crawler_rule;  /**< ROBOTSTXT_CRAWLER_RULE_*; _NONE when product tokens asked */
  int32_t reserved;
  robotstxt_string pattern;       /**< decisive rule's pattern, normalised */
  robotstxt_string rule;          /**< decisive rule's value as written; empty when none */
  robotstxt_string crawler_token; /**< token whose groups applied (own/fallback token) */
} robotstxt_verdict;

/** May `agent` fetch `url`? `url` is used as given (percent-encoded already,
 *  docs/semantics.md 4.1). `*allowed` is set to 1 or 0. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_allowed(const robotstxt_robots* robots,
                                                      const char* url, size_t url_size,
                                                      const robotstxt_agent* agent,
                                                      int32_t* allowed, robotstxt_error* error);
/** The full verdict for `url`. Any thread. (Named _of: C cannot give a function and a
 *  type the same name.) */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_verdict_of(const robotstxt_robots* robots,
                                                         const char* url, size_t url_size,
                                                         const robotstxt_agent* agent,
                                                         robotstxt_verdict* verdict,
                                                         robotstxt_error* error);
/** Many URLs, one agent, one call: answers[i] = 1 when urls[i] is allowed, else 0.
 *  `answers` holds `count` bytes. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status
robotstxt_allowed_urls(const robotstxt_robots* robots, const robotstxt_string* urls, size_t count,
                       const robotstxt_agent* agent, uint8_t* answers, robotstxt_error* error);

/** Many URLs, several agents, one call: answers[u * agent_count + a] = 1 when urls[u] is
 *  allowed for agents[a], else 0. Each URL's path is read once and each group matched
 *  once for all the agents. `answers` holds url_count * agent_count bytes. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_allowed_grid(const robotstxt_robots* robots,
                                                           const robotstxt_string* urls,
                                                           size_t url_count,
                                                           const robotstxt_agent* const* agents,
                                                           size_t agent_count, uint8_t* answers,
                                                           robotstxt_error* error);

/* ------------------------------------------------------------------ sitemaps, delays */

/** Number of Sitemap lines; 0 for NULL. Any thread. */
ROBOTSTXT_C_EXPORT size_t robotstxt_sitemap_count(const robotstxt_robots* robots);
/** Sitemap `index` as written, file order; empty when out of range. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_sitemap(const robotstxt_robots* robots, size_t index);

/** Crawl-delay for `agent` (robots_txt.h crawl_delay()): `*found` 1 and `*seconds` set,
 *  or `*found` 0 and `*seconds` 0. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_crawl_delay(const robotstxt_robots* robots,
                                                          const robotstxt_agent* agent,
                                                          int32_t* found, double* seconds,
                                                          robotstxt_error* error);

/** A Request-rate value: `requests` per `seconds`, and its time window as written.
 *  Size 40 / wasm32 32. */
typedef struct robotstxt_rate {
  int32_t found; /**< 0: the groups that apply have no valid request-rate */
  int32_t reserved;
  double requests;
  double seconds;
  robotstxt_string window; /**< e.g. "0600-0845"; empty when none */
} robotstxt_rate;

/** Request-rate for `agent` (robots_txt.h request_rate()). Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_request_rate(const robotstxt_robots* robots,
                                                           const robotstxt_agent* agent,
                                                           robotstxt_rate* rate,
                                                           robotstxt_error* error);

/* ------------------------------------------------------------------ content usage */

/** AI usage preferences for a URL (docs/semantics.md 9). Size 16 / wasm32 16. */
typedef struct robotstxt_usage {
  int32_t fetchable;   /**< 0: the URL may not be fetched, so there are no preferences */
  int32_t train_ai;    /**< ROBOTSTXT_PREFERENCE_* */
  int32_t search;      /**< ROBOTSTXT_PREFERENCE_* */
  uint32_t line_count; /**< lines that decided, however many `lines` could hold */
} robotstxt_usage;

/** The Content-Usage preferences for `url`. The first min(line_count, lines_capacity)
 *  deciding lines are written to `lines` (may be NULL when the capacity is 0): call again
 *  with a larger array when line_count is larger. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_content_usage(
    const robotstxt_robots* robots, const char* url, size_t url_size, const robotstxt_agent* agent,
    robotstxt_usage* usage, uint32_t* lines, size_t lines_capacity, robotstxt_error* error);

/* ------------------------------------------------------------------ lint */

/** One finding (lint.h). Views valid while the report lives. Size 64 / wasm32 40. */
typedef struct robotstxt_finding {
  int32_t severity; /**< ROBOTSTXT_SEVERITY_* */
  uint32_t line;    /**< 1-based; 0 for the whole file */
  uint32_t column;  /**< 1-based byte column; 0 for the whole line */
  int32_t reserved;
  robotstxt_string code;    /**< stable kebab-case, e.g. "rule-outside-group" */
  robotstxt_string text;    /**< the line as written (at most 200 bytes) */
  robotstxt_string message; /**< one sentence */
} robotstxt_finding;

/** Lints `body` into a new report. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_lint(const char* body, size_t size,
                                                   robotstxt_lint_report** report,
                                                   robotstxt_error* error);
/** Number of findings; 0 for NULL. Any thread. */
ROBOTSTXT_C_EXPORT size_t robotstxt_lint_finding_count(const robotstxt_lint_report* report);
/** Finding `index` (sorted by line, then column). Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_lint_finding(const robotstxt_lint_report* report,
                                                           size_t index, robotstxt_finding* finding,
                                                           robotstxt_error* error);
ROBOTSTXT_C_EXPORT void robotstxt_lint_report_free(robotstxt_lint_report* report);
/** Every code lint can emit: count, then code `index` with its severity and summary
 *  (strings valid forever). Any thread. */
ROBOTSTXT_C_EXPORT size_t robotstxt_lint_code_count(void);
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_lint_code(size_t index, robotstxt_string* code,
                                                        int32_t* severity,
                                                        robotstxt_string* summary,
                                                        robotstxt_error* error);

/* ------------------------------------------------------------------ explain */

/** One rule that matched during explain. Size 48 / wasm32 32. */
typedef struct robotstxt_rule_match {
  uint32_t line;
  int32_t kind;          /**< ROBOTSTXT_RULE_* */
  uint32_t strength;     /**< 0 for an empty pattern */
  int32_t via_index_htm; /**< 1: matched only through the /index.htm rewrite */
  robotstxt_string pattern;
  robotstxt_string written;
} robotstxt_rule_match;

/** Everything behind a verdict (robots_txt.h explain()). The explanation keeps the parsed
 *  file alive: its views stay valid after robotstxt_robots_free. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_explain(const robotstxt_robots* robots,
                                                      const char* url, size_t url_size,
                                                      const robotstxt_agent* agent,
                                                      robotstxt_explanation** explanation,
                                                      robotstxt_error* error);
/** The path that was matched (docs/semantics.md 4.1); empty for NULL. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string
robotstxt_explanation_path(const robotstxt_explanation* explanation);
/** ROBOTSTXT_APPLIED_*; _NONE for NULL. Any thread. */
ROBOTSTXT_C_EXPORT int32_t robotstxt_explanation_applied(const robotstxt_explanation* explanation);
/** Groups whose rules applied: count, then the 0-based group index (file order) of
 *  `index`, or -1 out of range. Any thread. */
ROBOTSTXT_C_EXPORT size_t
robotstxt_explanation_group_count(const robotstxt_explanation* explanation);
ROBOTSTXT_C_EXPORT int64_t robotstxt_explanation_group(const robotstxt_explanation* explanation,
                                                       size_t index);
/** Rules that matched, file order: count, then match `index`. Any thread. */
ROBOTSTXT_C_EXPORT size_t
robotstxt_explanation_match_count(const robotstxt_explanation* explanation);
ROBOTSTXT_C_EXPORT robotstxt_status
robotstxt_explanation_match(const robotstxt_explanation* explanation, size_t index,
                            robotstxt_rule_match* match, robotstxt_error* error);
/** The verdict, identical to robotstxt_verdict_of's. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_explanation_verdict(
    const robotstxt_explanation* explanation, robotstxt_verdict* verdict, robotstxt_error* error);
ROBOTSTXT_C_EXPORT void robotstxt_explanation_free(robotstxt_explanation* explanation);

/* ------------------------------------------------------------------ catalogue */

/** A catalogue crawler (crawler_catalogue.h). Strings valid forever.
 *  Size 64 / wasm32 40. */
typedef struct robotstxt_crawler {
  int32_t purpose;      /**< ROBOTSTXT_PURPOSE_* */
  uint32_t flags;       /**< ROBOTSTXT_CRAWLER_* bits */
  int32_t crawl_delay;  /**< ROBOTSTXT_CRAWL_DELAY_* */
  uint32_t token_count; /**< robotstxt_crawler_token() indexes 0 .. token_count - 1 */
  robotstxt_string name;
  robotstxt_string operator_name;
  robotstxt_string user_agent_substring; /**< empty when undocumented */
} robotstxt_crawler;

/** Number of catalogue crawlers. Any thread. */
ROBOTSTXT_C_EXPORT size_t robotstxt_crawler_count(void);
/** Crawler `index`, in the catalogue's order. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_crawler_at(size_t index, robotstxt_crawler* crawler,
                                                         robotstxt_error* error);
/** Product token `token_index` (precedence order) of crawler `crawler_index`; empty
 *  when either is out of range. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_crawler_token(size_t crawler_index,
                                                            size_t token_index);
/** Index of the crawler named `name` (ASCII case-insensitively); -1 when none. */
ROBOTSTXT_C_EXPORT int32_t robotstxt_crawler_index(const char* name, size_t size);
/** When the catalogue's sources were last read (YYYY-MM-DD). Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_crawler_catalogue_updated(void);

/* ------------------------------------------------------------------ names of values */

/* The stable word of each value ("own-token", "full-allow", ...: schemas/answer.schema.json);
 * empty for a value out of range or a _NONE. Valid forever. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_rule_kind_name(int32_t kind);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_applied_groups_name(int32_t applied);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_crawler_rule_name(int32_t rule);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_purpose_name(int32_t purpose);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_crawl_delay_support_name(int32_t support);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_severity_name(int32_t severity);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_preference_name(int32_t preference);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_access_name(int32_t access);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_access_reason_name(int32_t reason);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_url_error_name(int32_t url_error);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_cache_tier_name(int32_t tier);
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_fetch_kind_name(int32_t kind);
/** Names of a status (not an answer's value): "ok", "invalid argument", ... */
ROBOTSTXT_C_EXPORT robotstxt_string robotstxt_status_name(int32_t status);

/* ------------------------------------------------------------------ the policy */

/** A robots.txt fetch done by the caller's own platform (fetcher.h FetchOutcome).
 *  Redirects are followed by the caller: report the final response with final_url,
 *  or a redirect failure kind; the hops themselves are not passed. The body is read up
 *  to 500 KiB (set truncated when more was sent). Size 96 / wasm32 56. */
typedef struct robotstxt_fetch_result {
  int32_t kind;      /**< ROBOTSTXT_FETCH_* */
  int32_t status;    /**< HTTP status of the last response; 0 when none arrived */
  int32_t truncated; /**< 1: the body was longer and was cut */
  int32_t reserved;
  robotstxt_string body;
  robotstxt_string cache_control; /**< the Cache-Control header; empty when none */
  robotstxt_string robots_url;    /**< what was asked for */
  robotstxt_string final_url;     /**< the last URL requested; may be empty */
  robotstxt_string error;         /**< for failures: what went wrong, one line */
} robotstxt_fetch_result;

/** What an entry grants at a moment (policy.h AccessState). Size 16 / wasm32 16. */
typedef struct robotstxt_access {
  int32_t access;              /**< ROBOTSTXT_ACCESS_* */
  int32_t access_reason;       /**< ROBOTSTXT_REASON_* */
  int64_t fresh_until_unix_ms; /**< reuse the entry without fetching until then */
} robotstxt_access;

/** The origin's entry after `result` arrived at `now_unix_ms` (policy.h next_entry(),
 *  the default PolicyOptions), given the previous entry (NULL for the first fetch). A
 *  2xx body is parsed here, once. `previous` is not changed. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_entry_next(const robotstxt_entry* previous,
                                                         const robotstxt_fetch_result* result,
                                                         int64_t now_unix_ms,
                                                         robotstxt_entry** entry,
                                                         robotstxt_error* error);
/** The access `entry` grants at `now_unix_ms` (policy.h access_state()). When the access
 *  is ROBOTSTXT_ACCESS_RULES and `rules` is not NULL, `*rules` is a new handle of the
 *  parsed file to ask (free it); otherwise `*rules` is set to NULL. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_entry_access(const robotstxt_entry* entry,
                                                           int64_t now_unix_ms,
                                                           robotstxt_access* access,
                                                           robotstxt_robots** rules,
                                                           robotstxt_error* error);
ROBOTSTXT_C_EXPORT void robotstxt_entry_free(robotstxt_entry* entry);

/* ------------------------------------------------------------------ the client */

/** A RobotsClient (robots_client.h): fetches, applies the policy, caches, optionally
 *  shares its cache through Redis. Options are name/value pairs, spelled as the CLI's
 *  flags without the dashes:
 *    user-agent-header  the User-Agent header sent (default: the library's)
 *    timeout            seconds for a whole fetch, above 0, at most 86400 (default 30)
 *    connect-to         HOST:PORT:CONNECT_HOST:CONNECT_PORT, as curl's --connect-to;
 *                       repeatable
 *    ca-file            PEM file of the CAs to trust (default: the system's)
 *    allow-private      "true": also fetch from loopback, private and other non-public
 *                       addresses, which are refused by default ("false")
 *    redis              redis://[[USER]:PASSWORD@]HOST:PORT/DB, the fleet's shared cache
 *                       tier (default: none)
 *    redis-sentinel     [[USER]:PASSWORD@]HOST:PORT[,HOST:PORT...][/DB]: instead of redis,
 *                       the sentinels to ask for redis-master's address (redis_settings.h)
 *    redis-master       the name the sentinels know the master by
 *    redis-password-file a file holding the Redis password (read here, once)
 *    cache-bytes        memory for the client's cache of rules (default 512 MiB)
 *    cache-entries      origins the cache holds at most (default 100000)
 *  Text values are printable ASCII; numbers are decimal.
 *  An unknown name or a bad value: ROBOTSTXT_INVALID_ARGUMENT naming it. Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_client_new(const robotstxt_string* option_names,
                                                         const robotstxt_string* option_values,
                                                         size_t option_count,
                                                         robotstxt_client** client,
                                                         robotstxt_error* error);
/** Fetches (or finds cached) `url`'s robots.txt and decides. Blocks while fetching.
 *  Thread-safe: many threads may decide on one client at once. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_client_decide(robotstxt_client* client,
                                                            const char* url, size_t url_size,
                                                            const robotstxt_agent* agent,
                                                            robotstxt_decision** decision,
                                                            robotstxt_error* error);
/** No other thread may be using the client. */
ROBOTSTXT_C_EXPORT void robotstxt_client_free(robotstxt_client* client);

/** A decision in short (schemas/answer.schema.json, "decision"): `allowed` is always the
 *  verdict's. For a URL with no origin, url_error says why, allowed is 0, and access,
 *  access_reason and cache_tier are _NONE: nothing was looked up. Views valid while the
 *  decision lives. Size 56 / wasm32 40. */
typedef struct robotstxt_decision_info {
  int32_t allowed;              /**< 1 or 0; 0 also when undecided or the URL has no origin */
  int32_t access;               /**< ROBOTSTXT_ACCESS_* */
  int32_t access_reason;        /**< ROBOTSTXT_REASON_* */
  int32_t url_error;            /**< ROBOTSTXT_URL_ERROR_* */
  int32_t cache_tier;           /**< ROBOTSTXT_CACHE_* */
  int32_t status;               /**< HTTP status of the robots.txt fetch; 0 when none arrived */
  robotstxt_string robots_url;  /**< empty when the URL has no origin */
  robotstxt_string fetch_error; /**< why the fetch failed; empty when it did not */
} robotstxt_decision_info;

ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_decision_get_info(const robotstxt_decision* decision,
                                                                robotstxt_decision_info* info,
                                                                robotstxt_error* error);
/** The verdict (views into the rules the decision keeps). Any thread. */
ROBOTSTXT_C_EXPORT robotstxt_status robotstxt_decision_verdict(const robotstxt_decision* decision,
                                                               robotstxt_verdict* verdict,
                                                               robotstxt_error* error);
ROBOTSTXT_C_EXPORT void robotstxt_decision_free(robotstxt_decision* decision);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ROBOTSTXT_C_API_H_ */
