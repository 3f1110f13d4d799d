/* The layout of the C ABI's structs that every binding reads at fixed offsets: sizes and
 * offsets on 64-bit platforms, sizes on wasm32 (4-byte pointers and size_t, 8-byte
 * int64_t and double), as robotstxt/c_api.h gives them. Checked at compile time: by
 * c_api_test.c on this machine, and by the c_api_wasm32_layout test, which compiles this
 * header for wasm32 alone. */
#ifndef ROBOTSTXT_TESTS_C_API_LAYOUT_H_
#define ROBOTSTXT_TESTS_C_API_LAYOUT_H_

#include <stddef.h>
#include <stdint.h>

#include "robotstxt/c_api.h"
#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
_Static_assert(sizeof(robotstxt_string) == 16, "robotstxt_string");
_Static_assert(sizeof(robotstxt_error) == 260, "robotstxt_error");
_Static_assert(offsetof(robotstxt_error, message) == 4, "robotstxt_error.message");
_Static_assert(sizeof(robotstxt_verdict) == 80, "robotstxt_verdict");
_Static_assert(offsetof(robotstxt_verdict, crawler_rule) == 24, "robotstxt_verdict.crawler_rule");
_Static_assert(offsetof(robotstxt_verdict, pattern) == 32, "robotstxt_verdict.pattern");
_Static_assert(offsetof(robotstxt_verdict, crawler_token) == 64, "robotstxt_verdict.token");
_Static_assert(sizeof(robotstxt_rate) == 40, "robotstxt_rate");
_Static_assert(offsetof(robotstxt_rate, requests) == 8, "robotstxt_rate.requests");
_Static_assert(offsetof(robotstxt_rate, window) == 24, "robotstxt_rate.window");
_Static_assert(sizeof(robotstxt_usage) == 16, "robotstxt_usage");
_Static_assert(sizeof(robotstxt_finding) == 64, "robotstxt_finding");
_Static_assert(offsetof(robotstxt_finding, code) == 16, "robotstxt_finding.code");
_Static_assert(sizeof(robotstxt_rule_match) == 48, "robotstxt_rule_match");
_Static_assert(offsetof(robotstxt_rule_match, pattern) == 16, "robotstxt_rule_match.pattern");
_Static_assert(sizeof(robotstxt_crawler) == 64, "robotstxt_crawler");
_Static_assert(offsetof(robotstxt_crawler, name) == 16, "robotstxt_crawler.name");
_Static_assert(sizeof(robotstxt_fetch_result) == 96, "robotstxt_fetch_result");
_Static_assert(offsetof(robotstxt_fetch_result, body) == 16, "robotstxt_fetch_result.body");
_Static_assert(offsetof(robotstxt_fetch_result, error) == 80, "robotstxt_fetch_result.error");
_Static_assert(sizeof(robotstxt_access) == 16, "robotstxt_access");
_Static_assert(offsetof(robotstxt_access, fresh_until_unix_ms) == 8, "robotstxt_access.fresh");
_Static_assert(sizeof(robotstxt_decision_info) == 56, "robotstxt_decision_info");
_Static_assert(offsetof(robotstxt_decision_info, robots_url) == 24, "decision_info.robots_url");
#elif UINTPTR_MAX == 0xFFFFFFFFu
_Static_assert(sizeof(robotstxt_string) == 8, "robotstxt_string");
_Static_assert(sizeof(robotstxt_verdict) == 56, "robotstxt_verdict");
_Static_assert(sizeof(robotstxt_rate) == 32, "robotstxt_rate");
_Static_assert(sizeof(robotstxt_usage) == 16, "robotstxt_usage");
_Static_assert(sizeof(robotstxt_finding) == 40, "robotstxt_finding");
_Static_assert(sizeof(robotstxt_rule_match) == 32, "robotstxt_rule_match");
_Static_assert(sizeof(robotstxt_crawler) == 40, "robotstxt_crawler");
_Static_assert(sizeof(robotstxt_fetch_result) == 56, "robotstxt_fetch_result");
_Static_assert(sizeof(robotstxt_access) == 16, "robotstxt_access");
_Static_assert(sizeof(robotstxt_decision_info) == 40, "robotstxt_decision_info");
_Static_assert(offsetof(robotstxt_verdict, pattern) == 32, "robotstxt_verdict.pattern");
_Static_assert(offsetof(robotstxt_verdict, crawler_token) == 48, "robotstxt_verdict.token");
_Static_assert(offsetof(robotstxt_rate, window) == 24, "robotstxt_rate.window");
_Static_assert(offsetof(robotstxt_finding, code) == 16, "robotstxt_finding.code");
_Static_assert(offsetof(robotstxt_crawler, name) == 16, "robotstxt_crawler.name");
_Static_assert(offsetof(robotstxt_fetch_result, body) == 16, "robotstxt_fetch_result.body");
_Static_assert(offsetof(robotstxt_fetch_result, error) == 48, "robotstxt_fetch_result.error");
_Static_assert(offsetof(robotstxt_access, fresh_until_unix_ms) == 8, "robotstxt_access.fresh");
_Static_assert(offsetof(robotstxt_decision_info, robots_url) == 24, "decision_info.robots_url");
#endif

#endif /* ROBOTSTXT_TESTS_C_API_LAYOUT_H_ */
