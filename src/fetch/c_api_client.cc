// The fetching client's part of the C ABI (robotstxt/c_api.h): a RobotsClient built from
// name/value options spelled as the CLI's flags, its blocking decide(), and the
// decision it gives. Also the names of the values only the client reports.
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

#include "core/c_api_boundary.h"
#include "robotstxt/c_api.h"
#include "robotstxt/peer_address.h"
#include "robotstxt/redis_settings.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/url.h"

struct robotstxt_client {
  explicit robotstxt_client(const robotstxt::RobotsClientOptions& options) : client(options) {}
  robotstxt::RobotsClient client;  // thread-safe: decide() may run on many threads at once
};

struct robotstxt_decision {
  robotstxt::Decision decision;  // keeps the rules its verdict's views point into
};

namespace {

using robotstxt::internal::at_boundary;
using robotstxt::internal::bytes_of;
using robotstxt::internal::c_view;
using robotstxt::internal::fail;
using robotstxt::internal::is_byte_range;
using robotstxt::internal::name_of;

// Option values become headers, file names and addresses: control bytes and non-ASCII
// have no business there.
bool is_printable_ascii(std::string_view text) noexcept {
  for (const char c : text) {
    if (c < ' ' || c > '~') return false;
  }
  return true;
}

std::optional<std::uint64_t> whole_number(std::string_view text) noexcept {
  std::uint64_t value = 0;
  const auto [end, failure] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (failure != std::errc() || end != text.data() + text.size() || text.empty()) {
    return std::nullopt;
  }
  return value;
}

std::optional<double> decimal_number(std::string_view text) noexcept {
  double value = 0;
  const auto [end, failure] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (failure != std::errc() || end != text.data() + text.size() || text.empty()) {
    return std::nullopt;
  }
  return value;
}

// Applies option `name` = `value` to `options`; empty when it applied, else what is wrong.
std::string apply_option(std::string_view name, std::string_view value,
                         robotstxt::RobotsClientOptions& options, robotstxt::RedisSettings& redis) {
  if (name == "user-agent-header") {
    if (value.empty()) return "must not be empty";
    options.fetch.user_agent = value;
  } else if (name == "timeout") {
    const std::optional<double> seconds = decimal_number(value);
    if (!seconds || !(*seconds > 0 && *seconds <= 86400)) {
      return "must be a number of seconds above 0 (at most 86400)";
    }
    const auto timeout = std::chrono::milliseconds(std::llround(*seconds * 1000.0));
    options.fetch.total_timeout = timeout;
    options.fetch.connect_timeout = std::min(options.fetch.connect_timeout, timeout);
  } else if (name == "connect-to") {
    options.fetch.connect_to.emplace_back(value);
  } else if (name == "ca-file") {
    options.fetch.ca_file = value;
  } else if (name == "allow-private") {
    if (value == "true") {
      options.fetch.refuse_address = nullptr;
    } else if (value == "false") {
      options.fetch.refuse_address = robotstxt::refuse_non_public_addresses;
    } else {
      return "must be true or false";
    }
  } else if (name == "redis" || name == "redis-sentinel" || name == "redis-master" ||
             name == "redis-password-file") {
    // Read together once all options are in (robotstxt_client_new()): they name one Redis.
    std::string& setting = name == "redis"            ? redis.url
                           : name == "redis-sentinel" ? redis.sentinels
                           : name == "redis-master"   ? redis.master_name
                                                      : redis.password_file;
    if (value.empty()) return "must not be empty";
    setting = value;
  } else if (name == "cache-bytes" || name == "cache-entries") {
    const std::optional<std::uint64_t> count = whole_number(value);
    if (!count || *count == 0) return "must be a whole number above 0";
    (name == "cache-bytes" ? options.cache.max_bytes : options.cache.max_entries) =
        static_cast<std::size_t>(*count);
  } else {
    return "is not an option (user-agent-header, timeout, connect-to, ca-file, "
           "allow-private, redis, redis-sentinel, redis-master, redis-password-file, "
           "cache-bytes, cache-entries)";
  }
  return {};
}

}  // namespace

extern "C" {

robotstxt_status robotstxt_client_new(const robotstxt_string* option_names,
                                      const robotstxt_string* option_values, size_t option_count,
                                      robotstxt_client** client, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (client == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    *client = nullptr;
    if (option_count != 0 && (option_names == nullptr || option_values == nullptr)) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the option arrays are NULL");
    }
    robotstxt::RobotsClientOptions options;
    robotstxt::RedisSettings redis;
    // Clients fetch what their callers name: nothing internal unless asked (SSRF).
    options.fetch.refuse_address = robotstxt::refuse_non_public_addresses;
    for (std::size_t i = 0; i < option_count; ++i) {
      const robotstxt_string& name = option_names[i];
      const robotstxt_string& value = option_values[i];
      if (!is_byte_range(name.data, name.size) || !is_byte_range(value.data, value.size)) {
        return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                    "option " + std::to_string(i) + " has a size but no data");
      }
      const std::string_view name_text = bytes_of(name.data, name.size);
      const std::string_view value_text = bytes_of(value.data, value.size);
      if (!is_printable_ascii(name_text) || name_text.size() > 64) {
        return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                    "option " + std::to_string(i) + "'s name is not an option");
      }
      const std::string problem = is_printable_ascii(value_text)
                                      ? apply_option(name_text, value_text, options, redis)
                                      : "must be printable ASCII";
      if (!problem.empty()) {
        return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                    "option '" + std::string(name_text) + "' " + problem);
      }
    }
    const robotstxt::RedisSettingsResult address = robotstxt::redis_address_from(redis);
    if (!address.error.empty()) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT,
                  "option '" + address.option + "' " + address.error);
    }
    if (address.address) {
      options.shared_store =
          std::make_shared<robotstxt::RedisStore>(robotstxt::RedisStoreOptions{*address.address});
    }
    *client = new robotstxt_client(options);
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_client_decide(robotstxt_client* client, const char* url, size_t url_size,
                                         const robotstxt_agent* agent,
                                         robotstxt_decision** decision, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (decision == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    *decision = nullptr;
    if (client == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the client is NULL");
    if (!is_byte_range(url, url_size)) {
      return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the URL is NULL");
    }
    if (agent == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the agent is NULL");
    auto made = std::make_unique<robotstxt_decision>();
    made->decision = client->client.decide(bytes_of(url, url_size), agent->agent());
    *decision = made.release();
    return ROBOTSTXT_OK;
  });
}

void robotstxt_client_free(robotstxt_client* client) { delete client; }

robotstxt_status robotstxt_decision_get_info(const robotstxt_decision* decision,
                                             robotstxt_decision_info* info,
                                             robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (decision == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the decision is NULL");
    if (info == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    const robotstxt::Decision& made = decision->decision;
    *info = robotstxt_decision_info{};
    info->allowed = made.allowed ? 1 : 0;
    info->url_error = static_cast<int32_t>(made.url_error);
    if (made.url_error != robotstxt::UrlError::kNone) {
      // Nothing was looked up for a URL with no origin: no access to claim.
      info->access = ROBOTSTXT_ACCESS_NONE;
      info->access_reason = ROBOTSTXT_REASON_NONE;
      info->cache_tier = ROBOTSTXT_CACHE_NONE;
      return ROBOTSTXT_OK;
    }
    info->access = static_cast<int32_t>(made.state.access);
    info->access_reason = static_cast<int32_t>(made.state.reason);
    info->cache_tier = static_cast<int32_t>(made.cache);
    info->robots_url = c_view(made.robots_url);
    if (made.entry) {
      info->status = made.entry->last_fetch.status;
      info->fetch_error = c_view(made.entry->last_fetch.error);
    }
    return ROBOTSTXT_OK;
  });
}

robotstxt_status robotstxt_decision_verdict(const robotstxt_decision* decision,
                                            robotstxt_verdict* verdict, robotstxt_error* error) {
  return at_boundary(error, [&] {
    if (decision == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the decision is NULL");
    if (verdict == nullptr) return fail(error, ROBOTSTXT_INVALID_ARGUMENT, "the output is NULL");
    robotstxt::internal::fill_verdict(decision->decision.verdict, *verdict);
    return ROBOTSTXT_OK;
  });
}

void robotstxt_decision_free(robotstxt_decision* decision) { delete decision; }

robotstxt_string robotstxt_url_error_name(int32_t url_error) {
  return name_of<robotstxt::UrlError>(url_error, ROBOTSTXT_URL_ERROR_INVALID_IDN + 1);
}

robotstxt_string robotstxt_cache_tier_name(int32_t tier) {
  return name_of<robotstxt::CacheTier>(tier, ROBOTSTXT_CACHE_FETCHED + 1);
}

robotstxt_string robotstxt_fetch_kind_name(int32_t kind) {
  return name_of<robotstxt::FetchKind>(kind, ROBOTSTXT_FETCH_REFUSED_ADDRESS + 1);
}

}  // extern "C"
