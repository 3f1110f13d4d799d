//! Raw declarations of the robotstxt C ABI, `include/robotstxt/c_api.h` (ABI version 2):
//! the rules every function follows (lengths not terminators, who owns what, which
//! calls any thread may make) are that header's. The `robotstxt` crate is the safe API.
#![allow(non_camel_case_types)]

use std::os::raw::c_char;

/// The ABI these declarations describe.
pub const ROBOTSTXT_ABI_VERSION: i32 = 2;

/// A view of bytes: not NUL-terminated, may contain NUL.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_string {
    pub data: *const c_char,
    pub size: usize,
}

pub type robotstxt_status = i32;
pub const ROBOTSTXT_OK: robotstxt_status = 0;
pub const ROBOTSTXT_INVALID_ARGUMENT: robotstxt_status = 1;
pub const ROBOTSTXT_UNKNOWN_CRAWLER: robotstxt_status = 2;
pub const ROBOTSTXT_NO_CRAWLER_IN_USER_AGENT: robotstxt_status = 3;
pub const ROBOTSTXT_OUT_OF_MEMORY: robotstxt_status = 4;
pub const ROBOTSTXT_INTERNAL: robotstxt_status = 5;

/// Filled by a failing call.
#[repr(C)]
pub struct robotstxt_error {
    pub code: i32,
    pub message: [c_char; 256],
}

// Enum values, passed as i32; each enumeration's name function gives a value's stable
// word (schemas/answer.schema.json). A _NONE (-1) stands where a value is absent, and
// its name is empty.
pub const ROBOTSTXT_RULE_ALLOW: i32 = 0;
pub const ROBOTSTXT_RULE_DISALLOW: i32 = 1;
pub const ROBOTSTXT_APPLIED_NONE: i32 = 0;
pub const ROBOTSTXT_APPLIED_SPECIFIC: i32 = 1;
pub const ROBOTSTXT_APPLIED_GLOBAL: i32 = 2;
pub const ROBOTSTXT_CRAWLER_RULE_NONE: i32 = -1;
pub const ROBOTSTXT_CRAWLER_RULE_OWN_TOKEN: i32 = 0;
pub const ROBOTSTXT_CRAWLER_RULE_FALLBACK_TOKEN: i32 = 1;
pub const ROBOTSTXT_CRAWLER_RULE_GLOBAL: i32 = 2;
pub const ROBOTSTXT_CRAWLER_RULE_GLOBAL_IGNORED: i32 = 3;
pub const ROBOTSTXT_CRAWLER_RULE_NO_GROUPS: i32 = 4;
pub const ROBOTSTXT_CRAWLER_RULE_NOT_SUBJECT: i32 = 5;
pub const ROBOTSTXT_PURPOSE_SEARCH: i32 = 0;
pub const ROBOTSTXT_PURPOSE_ADS: i32 = 1;
pub const ROBOTSTXT_PURPOSE_AI_TRAINING: i32 = 2;
pub const ROBOTSTXT_PURPOSE_AI_SEARCH: i32 = 3;
pub const ROBOTSTXT_PURPOSE_USER_TRIGGERED: i32 = 4;
pub const ROBOTSTXT_PURPOSE_OTHER: i32 = 5;
pub const ROBOTSTXT_CRAWL_DELAY_UNKNOWN: i32 = 0;
pub const ROBOTSTXT_CRAWL_DELAY_HONOURED: i32 = 1;
pub const ROBOTSTXT_CRAWL_DELAY_IGNORED: i32 = 2;
/// Bits of robotstxt_crawler.flags.
pub const ROBOTSTXT_CRAWLER_IGNORES_GLOBAL_GROUP: u32 = 1;
pub const ROBOTSTXT_CRAWLER_OBEYS_ROBOTS_TXT: u32 = 2;
pub const ROBOTSTXT_CRAWLER_VERIFIED: u32 = 4;
pub const ROBOTSTXT_SEVERITY_ERROR: i32 = 0;
pub const ROBOTSTXT_SEVERITY_WARNING: i32 = 1;
pub const ROBOTSTXT_SEVERITY_INFO: i32 = 2;
pub const ROBOTSTXT_PREFERENCE_UNKNOWN: i32 = 0;
pub const ROBOTSTXT_PREFERENCE_ALLOWED: i32 = 1;
pub const ROBOTSTXT_PREFERENCE_DISALLOWED: i32 = 2;
pub const ROBOTSTXT_FETCH_RESPONSE: i32 = 0;
pub const ROBOTSTXT_FETCH_TOO_MANY_REDIRECTS: i32 = 1;
pub const ROBOTSTXT_FETCH_REDIRECT_LOOP: i32 = 2;
pub const ROBOTSTXT_FETCH_UNFOLLOWABLE_REDIRECT: i32 = 3;
pub const ROBOTSTXT_FETCH_NETWORK_ERROR: i32 = 4;
pub const ROBOTSTXT_FETCH_LOCAL_ERROR: i32 = 5;
pub const ROBOTSTXT_FETCH_REFUSED_ADDRESS: i32 = 6;
pub const ROBOTSTXT_ACCESS_NONE: i32 = -1;
pub const ROBOTSTXT_ACCESS_FULL_ALLOW: i32 = 0;
pub const ROBOTSTXT_ACCESS_FULL_DISALLOW: i32 = 1;
pub const ROBOTSTXT_ACCESS_RULES: i32 = 2;
pub const ROBOTSTXT_ACCESS_UNDECIDED: i32 = 3;
pub const ROBOTSTXT_REASON_NONE: i32 = -1;
pub const ROBOTSTXT_REASON_NOT_FETCHED: i32 = 0;
pub const ROBOTSTXT_REASON_PARSED: i32 = 1;
pub const ROBOTSTXT_REASON_NO_ROBOTS_TXT: i32 = 2;
pub const ROBOTSTXT_REASON_REDIRECTS_FAILED: i32 = 3;
pub const ROBOTSTXT_REASON_RECENT_SERVER_ERROR: i32 = 4;
pub const ROBOTSTXT_REASON_LAST_GOOD_COPY: i32 = 5;
pub const ROBOTSTXT_REASON_NO_GOOD_COPY: i32 = 6;
pub const ROBOTSTXT_REASON_LONG_ERROR_SITE_UP: i32 = 7;
pub const ROBOTSTXT_REASON_LONG_ERROR_SITE_DOWN: i32 = 8;
pub const ROBOTSTXT_REASON_LOCAL_FAILURE: i32 = 9;
pub const ROBOTSTXT_URL_ERROR_NONE: i32 = 0;
pub const ROBOTSTXT_URL_ERROR_NOT_ABSOLUTE: i32 = 1;
pub const ROBOTSTXT_URL_ERROR_UNSUPPORTED_SCHEME: i32 = 2;
pub const ROBOTSTXT_URL_ERROR_INVALID_HOST: i32 = 3;
pub const ROBOTSTXT_URL_ERROR_INVALID_PORT: i32 = 4;
pub const ROBOTSTXT_URL_ERROR_INVALID_IDN: i32 = 5;
pub const ROBOTSTXT_CACHE_NONE: i32 = -1;
pub const ROBOTSTXT_CACHE_MEMORY: i32 = 0;
pub const ROBOTSTXT_CACHE_SHARED: i32 = 1;
pub const ROBOTSTXT_CACHE_FETCHED: i32 = 2;

/// Opaque handles.
#[repr(C)]
pub struct robotstxt_robots {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_agent {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_lint_report {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_explanation {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_entry {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_client {
    _private: [u8; 0],
}
#[repr(C)]
pub struct robotstxt_decision {
    _private: [u8; 0],
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_verdict {
    pub allowed: i32,
    pub line: u32,
    pub kind: i32,
    pub strength: u32,
    pub via_index_htm: i32,
    pub applied: i32,
    pub crawler_rule: i32,
    pub reserved: i32,
    pub pattern: robotstxt_string,
    pub rule: robotstxt_string,
    pub crawler_token: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_rate {
    pub found: i32,
    pub reserved: i32,
    pub requests: f64,
    pub seconds: f64,
    pub window: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct robotstxt_usage {
    pub fetchable: i32,
    pub train_ai: i32,
    pub search: i32,
    pub line_count: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_finding {
    pub severity: i32,
    pub line: u32,
    pub column: u32,
    pub reserved: i32,
    pub code: robotstxt_string,
    pub text: robotstxt_string,
    pub message: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_rule_match {
    pub line: u32,
    pub kind: i32,
    pub strength: u32,
    pub via_index_htm: i32,
    pub pattern: robotstxt_string,
    pub written: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_crawler {
    pub purpose: i32,
    pub flags: u32,
    pub crawl_delay: i32,
    pub token_count: u32,
    pub name: robotstxt_string,
    pub operator_name: robotstxt_string,
    pub user_agent_substring: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_fetch_result {
    pub kind: i32,
    pub status: i32,
    pub truncated: i32,
    pub reserved: i32,
    pub body: robotstxt_string,
    pub cache_control: robotstxt_string,
    pub robots_url: robotstxt_string,
    pub final_url: robotstxt_string,
    pub error: robotstxt_string,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct robotstxt_access {
    pub access: i32,
    pub access_reason: i32,
    pub fresh_until_unix_ms: i64,
}

#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct robotstxt_decision_info {
    pub allowed: i32,
    pub access: i32,
    pub access_reason: i32,
    pub url_error: i32,
    pub cache_tier: i32,
    pub status: i32,
    pub robots_url: robotstxt_string,
    pub fetch_error: robotstxt_string,
}

extern "C" {
    pub fn robotstxt_abi_version() -> i32;
    pub fn robotstxt_version() -> robotstxt_string;

    pub fn robotstxt_parse(
        body: *const c_char,
        size: usize,
        robots: *mut *mut robotstxt_robots,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_robots_free(robots: *mut robotstxt_robots);

    pub fn robotstxt_agent_from_tokens(
        tokens: *const robotstxt_string,
        count: usize,
        agent: *mut *mut robotstxt_agent,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_agent_from_crawler(
        name: *const c_char,
        size: usize,
        agent: *mut *mut robotstxt_agent,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_agent_from_user_agent(
        user_agent: *const c_char,
        size: usize,
        agent: *mut *mut robotstxt_agent,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_agent_crawler_index(agent: *const robotstxt_agent) -> i32;
    pub fn robotstxt_agent_free(agent: *mut robotstxt_agent);

    pub fn robotstxt_allowed(
        robots: *const robotstxt_robots,
        url: *const c_char,
        url_size: usize,
        agent: *const robotstxt_agent,
        allowed: *mut i32,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_verdict_of(
        robots: *const robotstxt_robots,
        url: *const c_char,
        url_size: usize,
        agent: *const robotstxt_agent,
        verdict: *mut robotstxt_verdict,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_allowed_urls(
        robots: *const robotstxt_robots,
        urls: *const robotstxt_string,
        count: usize,
        agent: *const robotstxt_agent,
        answers: *mut u8,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;

    pub fn robotstxt_sitemap_count(robots: *const robotstxt_robots) -> usize;
    pub fn robotstxt_sitemap(robots: *const robotstxt_robots, index: usize) -> robotstxt_string;
    pub fn robotstxt_crawl_delay(
        robots: *const robotstxt_robots,
        agent: *const robotstxt_agent,
        found: *mut i32,
        seconds: *mut f64,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_request_rate(
        robots: *const robotstxt_robots,
        agent: *const robotstxt_agent,
        rate: *mut robotstxt_rate,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_content_usage(
        robots: *const robotstxt_robots,
        url: *const c_char,
        url_size: usize,
        agent: *const robotstxt_agent,
        usage: *mut robotstxt_usage,
        lines: *mut u32,
        lines_capacity: usize,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;

    pub fn robotstxt_lint(
        body: *const c_char,
        size: usize,
        report: *mut *mut robotstxt_lint_report,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_lint_finding_count(report: *const robotstxt_lint_report) -> usize;
    pub fn robotstxt_lint_finding(
        report: *const robotstxt_lint_report,
        index: usize,
        finding: *mut robotstxt_finding,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_lint_report_free(report: *mut robotstxt_lint_report);
    pub fn robotstxt_lint_code_count() -> usize;
    pub fn robotstxt_lint_code(
        index: usize,
        code: *mut robotstxt_string,
        severity: *mut i32,
        summary: *mut robotstxt_string,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;

    pub fn robotstxt_explain(
        robots: *const robotstxt_robots,
        url: *const c_char,
        url_size: usize,
        agent: *const robotstxt_agent,
        explanation: *mut *mut robotstxt_explanation,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_explanation_path(
        explanation: *const robotstxt_explanation,
    ) -> robotstxt_string;
    pub fn robotstxt_explanation_applied(explanation: *const robotstxt_explanation) -> i32;
    pub fn robotstxt_explanation_group_count(explanation: *const robotstxt_explanation) -> usize;
    pub fn robotstxt_explanation_group(
        explanation: *const robotstxt_explanation,
        index: usize,
    ) -> i64;
    pub fn robotstxt_explanation_match_count(explanation: *const robotstxt_explanation) -> usize;
    pub fn robotstxt_explanation_match(
        explanation: *const robotstxt_explanation,
        index: usize,
        rule_match: *mut robotstxt_rule_match,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_explanation_verdict(
        explanation: *const robotstxt_explanation,
        verdict: *mut robotstxt_verdict,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_explanation_free(explanation: *mut robotstxt_explanation);

    pub fn robotstxt_crawler_count() -> usize;
    pub fn robotstxt_crawler_at(
        index: usize,
        crawler: *mut robotstxt_crawler,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_crawler_token(crawler_index: usize, token_index: usize) -> robotstxt_string;
    pub fn robotstxt_crawler_index(name: *const c_char, size: usize) -> i32;
    pub fn robotstxt_crawler_catalogue_updated() -> robotstxt_string;

    pub fn robotstxt_rule_kind_name(kind: i32) -> robotstxt_string;
    pub fn robotstxt_applied_groups_name(applied: i32) -> robotstxt_string;
    pub fn robotstxt_crawler_rule_name(rule: i32) -> robotstxt_string;
    pub fn robotstxt_purpose_name(purpose: i32) -> robotstxt_string;
    pub fn robotstxt_crawl_delay_support_name(support: i32) -> robotstxt_string;
    pub fn robotstxt_severity_name(severity: i32) -> robotstxt_string;
    pub fn robotstxt_preference_name(preference: i32) -> robotstxt_string;
    pub fn robotstxt_access_name(access: i32) -> robotstxt_string;
    pub fn robotstxt_access_reason_name(reason: i32) -> robotstxt_string;
    pub fn robotstxt_url_error_name(url_error: i32) -> robotstxt_string;
    pub fn robotstxt_cache_tier_name(tier: i32) -> robotstxt_string;
    pub fn robotstxt_fetch_kind_name(kind: i32) -> robotstxt_string;
    pub fn robotstxt_status_name(status: i32) -> robotstxt_string;

    pub fn robotstxt_entry_next(
        previous: *const robotstxt_entry,
        result: *const robotstxt_fetch_result,
        now_unix_ms: i64,
        entry: *mut *mut robotstxt_entry,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_entry_access(
        entry: *const robotstxt_entry,
        now_unix_ms: i64,
        access: *mut robotstxt_access,
        rules: *mut *mut robotstxt_robots,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_entry_free(entry: *mut robotstxt_entry);

    pub fn robotstxt_client_new(
        option_names: *const robotstxt_string,
        option_values: *const robotstxt_string,
        option_count: usize,
        client: *mut *mut robotstxt_client,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_client_decide(
        client: *mut robotstxt_client,
        url: *const c_char,
        url_size: usize,
        agent: *const robotstxt_agent,
        decision: *mut *mut robotstxt_decision,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_client_free(client: *mut robotstxt_client);
    pub fn robotstxt_decision_get_info(
        decision: *const robotstxt_decision,
        info: *mut robotstxt_decision_info,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_decision_verdict(
        decision: *const robotstxt_decision,
        verdict: *mut robotstxt_verdict,
        error: *mut robotstxt_error,
    ) -> robotstxt_status;
    pub fn robotstxt_decision_free(decision: *mut robotstxt_decision);
}

/// Checks at compile time that the structs have the sizes the header gives (64-bit).
#[cfg(target_pointer_width = "64")]
const _: () = {
    assert!(std::mem::size_of::<robotstxt_string>() == 16);
    assert!(std::mem::size_of::<robotstxt_error>() == 260);
    assert!(std::mem::size_of::<robotstxt_verdict>() == 80);
    assert!(std::mem::size_of::<robotstxt_rate>() == 40);
    assert!(std::mem::size_of::<robotstxt_usage>() == 16);
    assert!(std::mem::size_of::<robotstxt_finding>() == 64);
    assert!(std::mem::size_of::<robotstxt_rule_match>() == 48);
    assert!(std::mem::size_of::<robotstxt_crawler>() == 64);
    assert!(std::mem::size_of::<robotstxt_fetch_result>() == 96);
    assert!(std::mem::size_of::<robotstxt_access>() == 16);
    assert!(std::mem::size_of::<robotstxt_decision_info>() == 56);
};
