// The politeness endpoints of `robotstxt serve` (see politeness_api.h).
#include "service/politeness_api.h"

#include <cmath>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "answer/cli_support.h"
#include "robotstxt/fetcher.h"
#include "service/api_json.h"
#include "service/query.h"

namespace robotstxt::service {
namespace {

using nlohmann::json;

json slot_json(const std::string& url, const Slot& slot) {
  json answer = {{"url", url}, {"allowed", slot.decision.allowed}, {"reserved", slot.reserved}};
  if (slot.decision.url_error != UrlError::kNone) {
    answer["error"] = to_string(slot.decision.url_error);
    return answer;
  }
  if (!slot.decision.allowed) return answer;
  answer.update(
      json{{"not_before", slot.not_before_ms},
           {"wait_ms", slot.wait_ms},
           {"spacing_ms", slot.spacing_ms},
           {"spacing_source", to_string(slot.spacing_source)},
           {"capped", slot.capped},
           {"robots_spacing_ms", slot.robots_spacing_ms ? json(*slot.robots_spacing_ms) : json()},
           {"schedule", slot.shared ? "shared" : "local"}});
  // Not reserved: the schedule is full up to the longest wait; ask again in wait_ms.
  if (!slot.reserved) answer["not_before"] = nullptr;
  return answer;
}

bool refused(const Slot& slot) {
  return slot.decision.entry && slot.decision.entry->last_fetch.kind == FetchKind::kRefused;
}

// "retry_after": absent, null, a number of seconds, or the header's text.
std::optional<std::string> retry_after_text(const json& body, std::string& error) {
  const auto found = body.find("retry_after");
  if (found == body.end() || found->is_null()) return std::string();
  if (found->is_number_unsigned() || found->is_number_integer()) {
    if (found->get<long long>() < 0) {
      error = "\"retry_after\" must not be negative";
      return std::nullopt;
    }
    return std::to_string(found->get<long long>());
  }
  if (found->is_number_float()) {
    const double seconds = found->get<double>();
    if (!(seconds >= 0 && seconds < 1e9)) {
      error = "\"retry_after\" must be seconds from 0 or an HTTP date";
      return std::nullopt;
    }
    return std::to_string(std::llround(std::ceil(seconds)));
  }
  if (found->is_string()) return found->get<std::string>();
  error = "\"retry_after\" must be a number of seconds or an HTTP date";
  return std::nullopt;
}

}  // namespace

PolitenessApi::PolitenessApi(Politeness& politeness, std::size_t max_batch_urls,
                             std::size_t max_batch_origins, Metrics& metrics)
    : politeness_(politeness),
      max_batch_urls_(max_batch_urls),
      max_batch_origins_(max_batch_origins),
      metrics_(metrics) {}

void PolitenessApi::count_fetches(std::span<const Slot> slots) {
  // URLs of one origin share its entry and its one fetch: counted once, as POST /v1/check
  // counts them.
  std::unordered_set<const RobotsEntry*> fetched;
  for (const Slot& slot : slots) {
    const Decision& decision = slot.decision;
    if (decision.url_error == UrlError::kNone && decision.cache == CacheTier::kFetched &&
        !refused(slot) && fetched.insert(decision.entry.get()).second) {
      metrics_.count_fetch(decision.entry->last_fetch);
    }
  }
}

HttpResponse PolitenessApi::acquire(const HttpRequest& request) {
  if (std::string mistakes = query_mistakes(request.target, {"as_written"}); !mistakes.empty()) {
    return error_response(400, mistakes);
  }
  std::string error;
  const std::optional<bool> as_written = as_written_asked(request, error);
  if (!as_written) return error_response(400, error);
  std::optional<json> body = parse_object(request.body, error);
  if (!body) return error_response(400, error);
  const WhoOrError asker = who_asks(who_given(*body), *as_written);
  if (!asker.who) return error_response(400, asker.error);
  const Agent agent = asker.who->agent();
  const std::atomic<bool>* cancelled = request.cancelled.get();
  std::string storage;
  if (body->contains("urls")) {
    if (body->contains("url")) return error_response(400, "give \"url\" or \"urls\", not both");
    std::optional<std::vector<std::string>> urls = json_urls(*body, max_batch_urls_, error);
    if (!urls) return error_response(error.starts_with("more") ? 413 : 400, error);
    if (const BatchRefusal refusal = batch_refusal(*urls, max_batch_origins_);
        refusal.status != 0) {
      return error_response(refusal.status, refusal.error);
    }
    for (std::string& url : *urls) url = std::string(url_to_decide(url, *as_written, storage));
    const std::vector<Slot> slots = politeness_.acquire_all(*urls, agent, cancelled);
    count_fetches(slots);
    json answers = json::array();
    for (std::size_t i = 0; i < slots.size(); ++i)
      answers.push_back(slot_json((*urls)[i], slots[i]));
    return json_response(200, json{{"slots", std::move(answers)}});
  }
  std::optional<std::string> url = json_string(*body, "url");
  if (!url) return error_response(400, "\"url\" must be a string (or give \"urls\")");
  if (std::string refusal = url_length_refusal(*url); !refusal.empty()) {
    return error_response(400, refusal);
  }
  url = std::string(url_to_decide(*url, *as_written, storage));
  const Slot slot = politeness_.acquire(*url, agent, cancelled);
  count_fetches(std::span(&slot, 1));
  if (slot.decision.url_error != UrlError::kNone) {
    return error_response(400, "'" + cli::printable(*url, 64) +
                                   "': " + std::string(to_string(slot.decision.url_error)));
  }
  if (refused(slot)) {
    return json_response(422,
                         json{{"error", slot.decision.entry->last_fetch.error}, {"url", *url}});
  }
  return json_response(200, slot_json(*url, slot));
}

HttpResponse PolitenessApi::report(const HttpRequest& request) {
  if (std::string mistakes = query_mistakes(request.target, {}); !mistakes.empty()) {
    return error_response(400, mistakes);
  }
  std::string error;
  std::optional<json> body = parse_object(request.body, error);
  if (!body) return error_response(400, error);
  const std::optional<std::string> url = json_string(*body, "url");
  if (!url) return error_response(400, "\"url\" must be a string");
  if (std::string refusal = url_length_refusal(*url); !refusal.empty()) {
    return error_response(400, refusal);
  }
  const auto status = body->find("status");
  if (status == body->end() || !status->is_number_integer()) {
    return error_response(400, "\"status\" must be the HTTP status the fetch got, e.g. 429");
  }
  const long long code = status->get<long long>();
  if (code < 100 || code > 599) return error_response(400, "\"status\" must be from 100 to 599");
  const std::optional<std::string> retry_after = retry_after_text(*body, error);
  if (!retry_after) return error_response(400, error);
  const BackOffReport report = politeness_.report(*url, static_cast<int>(code), *retry_after);
  if (!report.error.empty()) return error_response(400, report.error);
  return json_response(
      200, json{{"url", *url},
                {"back_off_ms", report.back_off_ms},
                {"not_before", report.not_before_ms == 0 ? json() : json(report.not_before_ms)},
                {"capped", report.capped},
                {"schedule", report.shared ? "shared" : "local"}});
}

std::string PolitenessApi::schedule_state() {
  if (!politeness_.has_shared()) return "process";
  return politeness_.shared_reachable() ? "shared" : "local";
}

std::string PolitenessApi::prometheus() const {
  const PolitenessStats stats = politeness_.stats();
  std::string text;
  const auto counter = [&text](const char* name, const char* help, const std::string& samples) {
    text +=
        std::string("# HELP ") + name + " " + help + "\n# TYPE " + name + " counter\n" + samples;
  };
  const auto sample = [](const char* name, std::uint64_t value) {
    return std::string(name) + " " + std::to_string(value) + "\n";
  };
  counter("robotstxt_politeness_slots_total", "Fetch slots handed out.",
          sample("robotstxt_politeness_slots_total", stats.slots));
  counter("robotstxt_politeness_waits_total", "Slots handed out with a wait above zero.",
          sample("robotstxt_politeness_waits_total", stats.waits));
  counter("robotstxt_politeness_wait_seconds_total", "Sum of those waits.",
          "robotstxt_politeness_wait_seconds_total " +
              std::to_string(static_cast<double>(stats.wait_ms) / 1000.0) + "\n");
  counter("robotstxt_politeness_full_total",
          "Acquires refused because the schedule was full up to the longest wait.",
          sample("robotstxt_politeness_full_total", stats.full));
  counter("robotstxt_politeness_disallowed_total", "Acquires of disallowed URLs (no slot).",
          sample("robotstxt_politeness_disallowed_total", stats.disallowed));
  counter("robotstxt_politeness_capped_total", "Spacings robots.txt asked for above the cap.",
          sample("robotstxt_politeness_capped_total", stats.capped));
  counter("robotstxt_politeness_back_offs_total", "Reports that raised an origin's back-off.",
          "robotstxt_politeness_back_offs_total{cause=\"429\"} " +
              std::to_string(stats.back_offs_429) +
              "\nrobotstxt_politeness_back_offs_total{cause=\"503\"} " +
              std::to_string(stats.back_offs_503) + "\n");
  counter("robotstxt_politeness_retry_after_total", "Back-offs set by a Retry-After.",
          sample("robotstxt_politeness_retry_after_total", stats.retry_after));
  counter("robotstxt_politeness_relaxations_total", "Successes that lowered a back-off.",
          sample("robotstxt_politeness_relaxations_total", stats.relaxations));
  counter("robotstxt_politeness_local_fallbacks_total",
          "Operations on this process's schedule because the shared one failed.",
          sample("robotstxt_politeness_local_fallbacks_total", stats.local_fallbacks));
  counter("robotstxt_politeness_shared_errors_total", "Shared schedule (Redis) failures.",
          sample("robotstxt_politeness_shared_errors_total", stats.shared_errors));
  text +=
      "# HELP robotstxt_politeness_shared_schedule 1 while the fleet's schedule (Redis) is "
      "used, 0 while this process's is.\n# TYPE robotstxt_politeness_shared_schedule gauge\n"
      "robotstxt_politeness_shared_schedule " +
      std::string(politeness_.using_shared() ? "1" : "0") + "\n";
  return text;
}

}  // namespace robotstxt::service
