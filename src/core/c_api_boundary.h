// What every function of the C ABI (robotstxt/c_api.h) does where C meets C++: the
// handles' contents, the error record, argument checks, and the one place where every
// exception is caught, so that none ever crosses into a caller that cannot catch it.
// Shared by the core library's functions (core/c_api.cc) and the fetch library's
// (fetch/c_api_policy.cc, fetch/c_api_client.cc): inline, so that the shared fetch
// library needs nothing of the core library that it does not export.
#ifndef ROBOTSTXT_CORE_C_API_BOUNDARY_H_
#define ROBOTSTXT_CORE_C_API_BOUNDARY_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/c_api.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/owned_agent.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/verdict.h"

/// A parsed file, shared with the explanations and the policy entries that refer to it,
/// with the sitemap list kept so that asking for sitemap i costs nothing.
struct robotstxt_robots {
  std::shared_ptr<const robotstxt::RobotsTxt> rules;
  std::vector<std::string_view> sitemaps;
};

/// Who asks, as the library holds it beyond one call (owned_agent.h).
struct robotstxt_agent {
  robotstxt::OwnedAgent who;

  [[nodiscard]] robotstxt::Agent agent() const noexcept { return who.agent(); }
};

namespace robotstxt::internal {

/// Fills `error` (when not null) and returns `status`. The message is cut to fit and
/// always NUL-terminated.
inline robotstxt_status fail(robotstxt_error* error, robotstxt_status status,
                             std::string_view message) noexcept {
  if (error != nullptr) {
    error->code = status;
    const std::size_t size = std::min(message.size(), sizeof(error->message) - 1);
    std::memcpy(error->message, message.data(), size);
    error->message[size] = '\0';
  }
  return status;
}

/// Runs `body`, which returns a robotstxt_status, turning any exception into a status:
/// std::bad_alloc into ROBOTSTXT_OUT_OF_MEMORY, anything else into ROBOTSTXT_INTERNAL.
template <typename Body>
robotstxt_status at_boundary(robotstxt_error* error, Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(error, ROBOTSTXT_OUT_OF_MEMORY, "out of memory");
  } catch (const std::exception& exception) {
    return fail(error, ROBOTSTXT_INTERNAL, exception.what());
  } catch (...) {
    return fail(error, ROBOTSTXT_INTERNAL, "unexpected failure");
  }
}

/// Whether (data, size) is a usable byte range: data may be null only when size is 0.
[[nodiscard]] constexpr bool is_byte_range(const char* data, std::size_t size) noexcept {
  return data != nullptr || size == 0;
}

/// The bytes of a valid range (checked with is_byte_range).
[[nodiscard]] inline std::string_view bytes_of(const char* data, std::size_t size) noexcept {
  return size == 0 ? std::string_view() : std::string_view(data, size);
}

/// A C view of `text`, which must outlive every use of the view.
[[nodiscard]] inline robotstxt_string c_view(std::string_view text) noexcept {
  return {text.data(), text.size()};
}

/// The stable word of an enum value (schemas/answer.schema.json): its word() where its
/// to_string() is prose, else its to_string(), which is then the word (both found by
/// argument-dependent lookup).
template <typename Enum>
[[nodiscard]] std::string_view stable_word(Enum value) noexcept {
  if constexpr (requires { word(value); }) {
    return word(value);
  } else {
    return to_string(value);
  }
}

/// The word of enum value `value` of a C++ enum with `count` values, or an empty view
/// when there is no such value.
template <typename Enum>
[[nodiscard]] robotstxt_string name_of(std::int32_t value, std::int32_t count) noexcept {
  if (value < 0 || value >= count) return {nullptr, 0};
  return c_view(stable_word(static_cast<Enum>(value)));
}

/// A verdict in its C shape; the views stay those of `verdict`.
inline void fill_verdict(const Verdict& verdict, robotstxt_verdict& out) noexcept {
  out.allowed = verdict.allowed ? 1 : 0;
  out.line = verdict.line;
  out.kind = static_cast<std::int32_t>(verdict.kind);
  out.strength = verdict.strength;
  out.via_index_htm = verdict.via_index_htm ? 1 : 0;
  out.applied = static_cast<std::int32_t>(verdict.applied);
  out.crawler_rule = verdict.crawler_rule ? static_cast<std::int32_t>(*verdict.crawler_rule)
                                          : ROBOTSTXT_CRAWLER_RULE_NONE;
  out.reserved = 0;
  out.pattern = c_view(verdict.pattern);
  out.rule = c_view(verdict.rule);
  out.crawler_token = c_view(verdict.crawler_token);
}

/// A new handle for `rules` (which may be shared with others).
[[nodiscard]] inline robotstxt_robots* new_robots_handle(std::shared_ptr<const RobotsTxt> rules) {
  auto handle = std::make_unique<robotstxt_robots>();
  handle->sitemaps = rules->sitemaps();
  handle->rules = std::move(rules);
  return handle.release();
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_CORE_C_API_BOUNDARY_H_
