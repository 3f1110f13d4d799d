// The policy's part of the C ABI (robotstxt/c_api.h): next_entry() and access_state()
// for bindings that fetch with their own platform (the JavaScript package's fetch
// helper). Needs policy.cc and the core library only, never libcurl, so that a
// WebAssembly build can compile exactly those.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "core/c_api_boundary.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/c_api.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"

struct robotstxt_entry {
  robotstxt::RobotsEntry entry;
};

namespace {

using robotstxt::internal::at_boundary;
using robotstxt::internal::bytes_of;
using robotstxt::internal::c_view;
using robotstxt::internal::fail;
using robotstxt::internal::is_byte_range;
using robotstxt::internal::name_of;

// The clock counts nanoseconds in 64 bits (to the year 2262), and the policy adds up to
// 30 days to "now": times are accepted from 1970 to 2200, which leaves room for both.
constexpr std::int64_t kLatestUnixMs = 7258118400000;  // 2200-01-01

bool is_usable_time(std::int64_t unix_ms) noexcept {
  return unix_ms >= 0 && unix_ms <= kLatestUnixMs;
}

robotstxt::TimePoint time_at(std::int64_t unix_ms) {
  return robotstxt::TimePoint(
      std::chrono::duration_cast<robotstxt::Clock::duration>(std::chrono::milliseconds(unix_ms)));
}

std::int64_t unix_ms_of(robotstxt::TimePoint time) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
}

robotstxt_status bad_time(robotstxt_error* error) {
  return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
              "the time must be milliseconds since 1970 before the year 2200");
}

// The outcome a caller's fetch result describes (checked by the caller).
robotstxt::FetchOutcome outcome_of(const robotstxt_fetch_result& result) {
  robotstxt::FetchOutcome outcome;
  outcome.kind = static_cast<robotstxt::FetchKind>(result.kind);
  outcome.status = result.status;
  outcome.robots_url = bytes_of(result.robots_url.data, result.robots_url.size);
  outcome.final_url = bytes_of(result.final_url.data, result.final_url.size);
  outcome.cache_control = bytes_of(result.cache_control.data, result.cache_control.size);
  outcome.error = bytes_of(result.error.data, result.error.size);
  // Only the first kMaxBodyBytes are ever read (docs/semantics.md 1.1): keep no more.
  const std::string_view body = bytes_of(result.body.data, result.body.size);
  outcome.body = body.substr(0, robotstxt::kMaxBodyBytes);
  outcome.truncated = result.truncated != 0 || body.size() > robotstxt::kMaxBodyBytes;
  if (outcome.final_url.empty()) outcome.final_url = outcome.robots_url;
  return outcome;
}

}  // namespace

extern "C" {

robotstxt_status robotstxt_entry_next(const robotstxt_entry* previous,
                                      const robotstxt_fetch_result* result, int64_t now_unix_ms,
                                      robotstxt_entry** entry, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (entry == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    *entry = nullptr;
    if (result == nullptr) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the fetch result is NULL");
    }
    if (result->kind < ROBOTSTXT_FETCH_RESPONSE || result->kind > ROBOTSTXT_FETCH_REFUSED_ADDRESS) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                  "the fetch result's kind " + std::to_string(result->kind) + " is unknown");
    }
    if (result->kind == ROBOTSTXT_FETCH_RESPONSE &&
        (result->status < 100 || result->status > 999)) {
      return fail(
          error, ROBOTSTXT_INVALID_ARGUMENT,
          "a response's status must be from 100 to 999, not " + std::to_string(result->status));
    }
    for (const robotstxt_string* text : {&result->body, &result->cache_control, &result->robots_url,
                                         &result->final_url, &result->error}) {
      if (!is_byte_range(text->data, text->size)) {
        return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                    "a string of the fetch result has a size but no data");
      }
    }
    if (!is_usable_time(now_unix_ms)) return bad_time(error);
    auto made = std::make_unique<robotstxt_entry>();
    made->entry = robotstxt::next_entry(previous == nullptr ? nullptr : &previous->entry,
                                        outcome_of(*result), time_at(now_unix_ms));
    *entry = made.release();
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_entry_access(const robotstxt_entry* entry, int64_t now_unix_ms,
                                        robotstxt_access* access, robotstxt_robots** rules,
                                        robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (rules != nullptr) *rules = nullptr;
    if (entry == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the entry is NULL");
    if (access == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    if (!is_usable_time(now_unix_ms)) return bad_time(error);
    const robotstxt::AccessState state =
        robotstxt::access_state(entry->entry, time_at(now_unix_ms));
    robotstxt_robots* handle = nullptr;
    if (rules != nullptr && state.access == robotstxt::Access::kRules && state.rules) {
      handle = robotstxt::internal::new_robots_handle(state.rules);
    }
    access->access = static_cast<int32_t>(state.access);
    access->access_reason = static_cast<int32_t>(state.reason);
    access->fresh_until_unix_ms = unix_ms_of(entry->entry.fresh_until);
    if (rules != nullptr) *rules = handle;
    return ROBOTSTXT_OK;
  });
}

void robotstxt_entry_free(robotstxt_entry* entry) { delete entry; }

robotstxt_string robotstxt_access_name(int32_t access) {
  return name_of<robotstxt::Access>(access, ROBOTSTXT_ACCESS_UNDECIDED + 1);
}

robotstxt_string robotstxt_access_reason_name(int32_t reason) {
  return name_of<robotstxt::AccessReason>(reason, ROBOTSTXT_REASON_LOCAL_FAILURE + 1);
}

}  // extern "C"
