// The endpoints of `robotstxt serve` (see robots_api.h).
#include "service/robots_api.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <exception>
#include <optional>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "answer/agent_label.h"
#include "answer/cli_support.h"
#include "answer/crawler_choice.h"
#include "answer/decision_json.h"
#include "answer/json_text.h"
#include "answer/parsed_file.h"
#include "answer/question.h"
#include "answer/render.h"
#include "answer/verdict_reason.h"
#include "base/ascii.h"
#include "base/base64.h"
#include "core/line_description.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/lint.h"
#include "robotstxt/url.h"
#include "service/api_json.h"
#include "service/batch_body.h"
#include "service/endpoints.h"
#include "service/query.h"
#include "service/tester_page.h"

namespace robotstxt::service {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

HttpResponse json_response(unsigned status, const json& body) {
  HttpResponse response;
  response.status = status;
  // Invalid UTF-8 in a URL or robots.txt is replaced, never a reason to fail the answer.
  response.body = body.dump(-1, ' ', false, json::error_handler_t::replace);
  return response;
}

HttpResponse error_response(unsigned status, std::string_view message) {
  return json_response(status, json{{"error", message}});
}

OriginAsked origin_asked(const HttpRequest& request) {
  OriginAsked asked;
  if (std::string mistakes = query_mistakes(request.target, {"url"}); !mistakes.empty()) {
    asked.error = error_response(400, mistakes);
    return asked;
  }
  std::optional<std::string> url = query_value(request.target, "url");
  if (!url) {
    asked.error = error_response(400, "give a URL of the origin as ?url=");
    return asked;
  }
  asked.url = std::move(*url);
  OriginResult origin = origin_of(asked.url);
  if (!origin) {
    asked.error = error_response(
        400, "'" + cli::printable(asked.url) + "': " + std::string(to_string(origin.error)));
    return asked;
  }
  asked.origin = std::move(*origin.origin);
  return asked;
}

WhoOrError who_asks(const WhoGiven& given, bool as_written) {
  const int ways = (given.agent ? 1 : 0) + (given.crawler ? 1 : 0) + (given.user_agent ? 1 : 0);
  if (ways > 1) {
    return {std::nullopt, "give one of \"agent\", \"crawler\" and \"user_agent\", not several"};
  }
  if (given.crawler) {
    const Crawler* found = find_crawler(*given.crawler);
    if (found == nullptr) return {std::nullopt, cli::unknown_crawler_message(*given.crawler)};
    return {OwnedAgent(*found), {}};
  }
  if (given.user_agent) {
    std::string error;
    const Crawler* found = cli::crawler_of_header(*given.user_agent, cli::kServiceWords, error);
    if (found == nullptr) return {std::nullopt, error};
    return {OwnedAgent(*found), {}};
  }
  if (!given.agent) {
    return {std::nullopt,
            "name who asks: \"agent\" (product tokens), \"crawler\" or \"user_agent\""};
  }
  std::vector<std::string> tokens = cli::split_agents(*given.agent);
  if (tokens.empty()) return {std::nullopt, "the agent list names no product token"};
  if (!as_written) {
    std::string refusal = cli::agent_list_refusal("agent", *given.agent, cli::kServiceWords);
    if (!refusal.empty()) return {std::nullopt, std::move(refusal)};
  }
  return {OwnedAgent(std::move(tokens)), {}};
}

WhoGiven who_given(const json& body) {
  return {json_string(body, "agent"), json_string(body, "crawler"),
          json_string(body, "user_agent")};
}

std::optional<bool> as_written_asked(const HttpRequest& request, std::string& error) {
  const std::optional<std::string> value = query_value(request.target, "as_written");
  if (!value || *value == "0") return false;
  if (*value == "1") return true;
  error = "as_written takes 1 (the URLs and the agent exactly as given) or 0, not '" +
          cli::printable(*value, 64) + "'";
  return std::nullopt;
}

std::string_view url_to_decide(std::string_view url, bool as_written, std::string& storage) {
  return as_written ? url : normalize_url(url, storage);
}

std::string url_length_refusal(std::string_view url) {
  if (url.size() <= kMaxUrlBytes) return {};
  return "a URL of " + std::to_string(url.size()) + " bytes ('" + cli::printable(url, 64) +
         "'): at most " + std::to_string(kMaxUrlBytes) + " are taken";
}

namespace {

template <typename Text>
BatchRefusal refusal_of(std::span<const Text> urls, std::size_t max_origins) {
  std::unordered_set<std::string> origins;
  for (const Text& url : urls) {
    if (std::string refusal = url_length_refusal(url); !refusal.empty()) {
      return {400, std::move(refusal)};
    }
    // A URL without an origin is answered with its error and keeps nothing.
    const OriginResult origin = origin_of(url);
    if (origin && origins.insert(origin->key()).second && origins.size() > max_origins) {
      return {413, "more than " + std::to_string(max_origins) + " origins in one request"};
    }
  }
  return {};
}

}  // namespace

BatchRefusal batch_refusal(std::span<const std::string_view> urls, std::size_t max_origins) {
  return refusal_of(urls, max_origins);
}

BatchRefusal batch_refusal(std::span<const std::string> urls, std::size_t max_origins) {
  return refusal_of(urls, max_origins);
}

std::optional<std::string> json_string(const json& body, const char* key) {
  const auto found = body.find(key);
  if (found == body.end() || !found->is_string()) return std::nullopt;
  return found->get<std::string>();
}

// The "urls" array of a batch body, or an error message. The strings are moved out of
// `body`: a batch holds thousands.
std::optional<std::vector<std::string>> json_urls(json& body, std::size_t limit,
                                                  std::string& error) {
  const auto found = body.find("urls");
  if (found == body.end() || !found->is_array()) {
    error = "\"urls\" must be an array of strings";
    return std::nullopt;
  }
  if (found->size() > limit) {
    error = "more than " + std::to_string(limit) + " URLs in one request";
    return std::nullopt;
  }
  std::vector<std::string> urls;
  urls.reserve(found->size());
  for (json& url : *found) {
    if (!url.is_string()) {
      error = "\"urls\" must be an array of strings";
      return std::nullopt;
    }
    urls.push_back(std::move(url.get_ref<std::string&>()));
  }
  return urls;
}

std::optional<json> parse_object(const std::string& body, std::string& error) {
  json parsed = json::parse(body, nullptr, false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    error = "the body must be a JSON object";
    return std::nullopt;
  }
  return parsed;
}

namespace {

// The service refused the address the URL leads to (peer_address.h): 422 names it.
bool refused(const RobotsEntry& entry) { return entry.last_fetch.kind == FetchKind::kRefused; }

HttpResponse refused_response(const std::string& url, const RobotsEntry& entry) {
  return json_response(422, json{{"error", entry.last_fetch.error}, {"url", url}});
}

// Equal strings in a time that depends only on their lengths, so that timing answers
// reveal nothing of the token, byte by byte.
bool equal_in_constant_time(std::string_view given, std::string_view expected) {
  if (expected.empty()) return given.empty();
  unsigned char difference = given.size() == expected.size() ? 0 : 1;
  for (std::size_t i = 0; i < given.size(); ++i) {
    difference |= static_cast<unsigned char>(given[i] ^ expected[i % expected.size()]);
  }
  return difference == 0;
}

// Who asks in an evaluation: "agent" or "crawler" (one), or "crawlers" (a selection as
// `audit --crawlers` takes it: "all", "search", "ai", "google", names; or an array of
// names), so that a page can test every crawler at once.
struct AskersOrError {
  std::vector<OwnedAgent> askers;
  std::string error;
};

AskersOrError evaluation_askers(const json& body, bool as_written) {
  const auto crawlers = body.find("crawlers");
  if (crawlers == body.end()) {
    WhoOrError asker = who_asks(who_given(body), as_written);
    if (!asker.who) return {{}, asker.error};
    AskersOrError found;
    found.askers.push_back(std::move(*asker.who));
    return found;
  }
  if (body.contains("agent") || body.contains("crawler") || body.contains("user_agent")) {
    return {{}, "give \"crawlers\" alone, without \"agent\", \"crawler\" or \"user_agent\""};
  }
  std::string selection;
  if (crawlers->is_string()) {
    selection = crawlers->get<std::string>();
  } else if (crawlers->is_array()) {
    for (const json& name : *crawlers) {
      if (!name.is_string()) return {{}, "\"crawlers\" must be a string or an array of names"};
      selection += (selection.empty() ? "" : ",") + name.get<std::string>();
    }
  } else {
    return {{}, "\"crawlers\" must be a string or an array of names"};
  }
  std::string error;
  const std::optional<std::vector<const Crawler*>> chosen = cli::crawlers_named(selection, error);
  if (!chosen) return {{}, error};
  AskersOrError found;
  for (const Crawler* crawler : *chosen) {
    found.askers.emplace_back(*crawler);
  }
  return found;
}

// One URL's answer against a supplied body: the verdict as `check --json` gives it, why
// (as `explain` says it), and the usage preferences.
json evaluation_json(const std::string& url, const cli::ParsedFile& file, const OwnedAgent& who) {
  const Agent agent = who.agent();
  // The explanation holds the verdict: the URL is matched once for both.
  const Explanation explanation = file.robots().explain(url, agent);
  json answer = {{"url", url}};
  answer.update(cli::verdict_json(explanation.verdict));
  cli::add_crawler_json(answer, agent);
  const cli::VerdictReason reason = cli::verdict_reason(explanation);
  answer["verdict_reason"] = reason.code;
  answer["verdict_explanation"] = reason.text;
  answer["content_usage"] = cli::usage_json(file.robots().usage(url, agent));
  return answer;
}

// Bodies of live fetches kept for the refresh interval: 128 bodies at the 500 KiB limit.
constexpr std::size_t kLiveFetchBytes = std::size_t{64} << 20;

// The least one /v1/evaluate result takes besides its URL (`{"url":..,"allowed":true,...}`
// for a file without rules is about 300 bytes): enough to refuse an answer over its
// budget before any URL is matched.
constexpr std::uint64_t kLeastBytesPerEvaluation = 200;

// The withdrawn fetch of a request that went away, shared with this one (fetcher.h).
bool was_withdrawn(const FetchOutcome& outcome) {
  return outcome.kind == FetchKind::kLocalError && outcome.error == kCancelledFetchError;
}

bool is_set(const std::atomic<bool>* flag) {
  return flag != nullptr && flag->load(std::memory_order_relaxed);
}

json time_json(const std::optional<TimePoint>& time) {
  if (!time) return nullptr;
  return std::chrono::duration_cast<std::chrono::seconds>(time->time_since_epoch()).count();
}

}  // namespace

RobotsApi::RobotsApi(RobotsClient& client, ApiOptions options)
    : client_(client),
      options_(std::move(options)),
      live_fetches_(options_.refresh_interval, kLiveFetchBytes) {
  if (options_.politeness != nullptr)
    politeness_.emplace(*options_.politeness, options_.max_batch_urls, options_.max_batch_origins,
                        metrics_);
}

std::optional<HttpResponse> RobotsApi::handle_at_once(HttpRequest& request) {
  const auto start = Clock::now();
  std::size_t endpoint = kNoEndpoint;
  std::optional<HttpResponse> response;
  try {
    Route routed = route(request);
    endpoint = routed.endpoint;
    if (routed.refusal) {
      response = std::move(routed.refusal);
    } else {
      const EndpointDescription& found = kEndpoints[endpoint];
      switch (found.answered_on) {
        case AnsweredOn::kIoThread:
          response = (this->*found.handler)(request);
          break;
        case AnsweredOn::kIoThreadOnce:
          response = (this->*found.at_once)(request);
          break;
        case AnsweredOn::kWorker:
          break;
      }
      if (!response) request.route = endpoint;
    }
  } catch (const std::exception& error) {
    // Out of memory and the like: the request fails, the service stays up.
    response = error_response(500, std::string("internal error: ") + error.what());
  }
  if (response) metrics_.count_request(endpoint, response->status, Clock::now() - start);
  return response;
}

HttpResponse RobotsApi::handle(const HttpRequest& request) {
  const auto start = Clock::now();
  std::size_t endpoint = request.route < kEndpoints.size() ? request.route : kNoEndpoint;
  HttpResponse response;
  try {
    std::optional<HttpResponse> refusal;
    if (endpoint == kNoEndpoint) {
      Route routed = route(request);
      endpoint = routed.endpoint;
      refusal = std::move(routed.refusal);
    }
    response = refusal ? std::move(*refusal) : (this->*kEndpoints[endpoint].handler)(request);
  } catch (const std::exception& error) {
    response = error_response(500, std::string("internal error: ") + error.what());
  }
  metrics_.count_request(endpoint, response.status, Clock::now() - start);
  return response;
}

bool RobotsApi::authorized(const HttpRequest& request) const {
  if (options_.token.empty()) return true;
  // "Bearer", "bearer", "BEARER": an authentication scheme is case-insensitive (RFC 9110
  // section 11.1), and one or more spaces separate it from the credentials.
  constexpr std::string_view kScheme = "bearer";
  const std::string_view header = internal::trim_ascii_space(request.authorization);
  if (header.size() <= kScheme.size() ||
      !internal::equals_ignoring_case(header.substr(0, kScheme.size()), kScheme) ||
      (header[kScheme.size()] != ' ' && header[kScheme.size()] != '\t')) {
    return false;
  }
  return equal_in_constant_time(internal::trim_ascii_space(header.substr(kScheme.size())),
                                options_.token);
}

bool RobotsApi::serves(const EndpointDescription& endpoint) const {
  return politeness_ || (endpoint.handler != &EndpointHandlers::acquire &&
                         endpoint.handler != &EndpointHandlers::report);
}

static_assert(kEndpoints[0].path == "/", "route() answers the tester page's files as row 0");

RobotsApi::Route RobotsApi::route(const HttpRequest& request) const {
  const std::string_view path = target_path(request.target);
  // The tester page is public (it holds no data); the API calls it makes are not.
  if (request.method == "GET" && !path.starts_with("/v1/") && is_tester_file(path)) {
    return {0, std::nullopt};  // kEndpoints[0] is the page, its files included
  }
  if (path.starts_with("/v1/") && !authorized(request)) {
    HttpResponse response = error_response(401, "this service needs Authorization: Bearer TOKEN");
    response.headers.emplace_back("WWW-Authenticate", "Bearer");
    return {kNoEndpoint, std::move(response)};
  }
  bool path_known = false;
  for (std::size_t i = 0; i < kEndpoints.size(); ++i) {
    const EndpointDescription& endpoint = kEndpoints[i];
    if (endpoint.path != path || !serves(endpoint)) continue;
    if (endpoint.method == request.method) return {i, std::nullopt};
    path_known = true;
  }
  return {kNoEndpoint, path_known ? error_response(405, "method not allowed here")
                                  : error_response(404, "no such endpoint")};
}

HttpResponse RobotsApi::tester(const HttpRequest& request) {
  std::optional<HttpResponse> page = tester_page(target_path(request.target));
  return page ? std::move(*page) : error_response(404, "no such endpoint");
}

HttpResponse RobotsApi::check(const HttpRequest& request) { return *check_one(request, false); }

std::optional<HttpResponse> RobotsApi::check_at_once(const HttpRequest& request) {
  return check_one(request, true);
}

HttpResponse RobotsApi::acquire(const HttpRequest& request) {
  return politeness_->acquire(request);
}

HttpResponse RobotsApi::report(const HttpRequest& request) { return politeness_->report(request); }

HttpResponse RobotsApi::health(const HttpRequest& /*request*/) {
  return json_response(200, json{{"status", "ok"}});
}

HttpResponse RobotsApi::metrics(const HttpRequest& /*request*/) {
  HttpResponse response;
  response.content_type = "text/plain; version=0.0.4";
  response.body = metrics_.prometheus(client_.cache(), client_.shared_cache(),
                                      client_.options().fetch.gate.get());
  if (politeness_) response.body += politeness_->prometheus();
  if (options_.access_log != nullptr) response.body += options_.access_log->prometheus();
  return response;
}

std::optional<HttpResponse> RobotsApi::check_one(const HttpRequest& request, bool at_once) {
  if (std::string mistakes =
          query_mistakes(request.target, {"url", "agent", "crawler", "user_agent", "as_written"});
      !mistakes.empty()) {
    return error_response(400, mistakes);
  }
  std::string error;
  const std::optional<bool> as_written = as_written_asked(request, error);
  if (!as_written) return error_response(400, error);
  const std::optional<std::string> given_url = query_value(request.target, "url");
  if (!given_url) return error_response(400, "give the URL to check as ?url=");
  const WhoOrError asker =
      who_asks({query_value(request.target, "agent"), query_value(request.target, "crawler"),
                query_value(request.target, "user_agent")},
               *as_written);
  if (!asker.who) return error_response(400, asker.error);
  const OwnedAgent& who = *asker.who;
  std::string encoded;
  const std::string url(url_to_decide(*given_url, *as_written, encoded));
  std::optional<Decision> found;
  if (at_once) {
    found = client_.decide_if_cached(url, who.agent());
    if (!found) return std::nullopt;
  } else {
    found = client_.decide(url, who.agent(), request.cancelled.get());
  }
  const Decision& decision = *found;
  if (decision.url_error != UrlError::kNone) {
    return error_response(
        400, "'" + cli::printable(url) + "': " + std::string(to_string(decision.url_error)));
  }
  if (refused(*decision.entry)) return refused_response(url, *decision.entry);
  metrics_.count_answer(decision.cache);
  if (decision.cache == CacheTier::kFetched) metrics_.count_fetch(decision.entry->last_fetch);
  json answer = cli::decision_json(url, decision, false, who);
  answer["cache_tier"] = to_string(decision.cache);
  return json_response(200, answer);
}

HttpResponse RobotsApi::check_batch(const HttpRequest& request) {
  if (std::string mistakes = query_mistakes(request.target, {"as_written"}); !mistakes.empty()) {
    return error_response(400, mistakes);
  }
  std::string error;
  const std::optional<bool> as_written = as_written_asked(request, error);
  if (!as_written) return error_response(400, error);
  BatchBody body;
  if (!read_batch_body(request.body, body)) {
    return error_response(400, "the body must be a JSON object");
  }
  const WhoOrError asker = who_asks({body.agent, body.crawler, body.user_agent}, *as_written);
  if (!asker.who) return error_response(400, asker.error);
  if (!body.urls_is_array) return error_response(400, "\"urls\" must be an array of strings");
  if (body.url_count > options_.max_batch_urls) {
    return error_response(
        413, "more than " + std::to_string(options_.max_batch_urls) + " URLs in one request");
  }
  if (!body.urls_all_strings) return error_response(400, "\"urls\" must be an array of strings");
  if (const BatchRefusal refusal = batch_refusal(body.urls, options_.max_batch_origins);
      refusal.status != 0) {
    return error_response(refusal.status, refusal.error);
  }
  // Most batches hold no URL a crawler would request otherwise: those keep their views.
  std::vector<std::string_view> urls = std::move(body.urls);
  std::deque<std::string> encoded;
  if (!*as_written) {
    std::string storage;
    for (std::string_view& url : urls) {
      const std::string_view requested = url_to_decide(url, false, storage);
      if (requested.data() != url.data()) url = encoded.emplace_back(requested);
    }
  }
  const OwnedAgent& who = *asker.who;
  // One fetch per origin, all origins at once: decide_all() does both.
  // The client may leave meanwhile: the fetches for it stop then (request.cancelled).
  const std::atomic<bool>* cancelled = request.cancelled.get();
  const std::vector<Decision> decisions = client_.decide_all(urls, who.agent(), cancelled);
  // The answer is written as text: one nlohmann object per URL cost more than deciding.
  HttpResponse response;
  response.status = 200;
  std::array<std::uint64_t, 3> answers{};  // by CacheTier, counted once per batch
  std::unordered_set<const RobotsEntry*> fetched;
  {
    constexpr std::size_t kBytesPerResult = 400;  // a compact result, with a long URL
    cli::JsonText text(response.body, 64 + decisions.size() * kBytesPerResult);
    text.raw("{\"results\":[");
    for (std::size_t i = 0; i < decisions.size(); ++i) {
      const Decision& decision = decisions[i];
      if (i != 0) text.raw(',');
      if (decision.url_error == UrlError::kNone && refused(*decision.entry)) {
        // One refused URL does not fail the batch: its result says why instead.
        text.raw("{\"allowed\":false,\"error\":");
        text.string(decision.entry->last_fetch.error);
        text.raw(",\"url\":");
        text.string(urls[i]);
        text.raw('}');
        continue;
      }
      cli::write_decision_json(text, urls[i], decision, who, to_string(decision.cache));
      if (decision.url_error == UrlError::kNone) {
        ++answers[static_cast<std::size_t>(decision.cache)];
        if (decision.cache == CacheTier::kFetched && fetched.insert(decision.entry.get()).second) {
          metrics_.count_fetch(decision.entry->last_fetch);
        }
      }
    }
    text.raw("]}");
  }
  for (std::size_t tier = 0; tier < answers.size(); ++tier) {
    metrics_.count_answers(static_cast<CacheTier>(tier), answers[tier]);
  }
  return response;
}

HttpResponse RobotsApi::evaluate(const HttpRequest& request) {
  if (std::string mistakes = query_mistakes(request.target, {"as_written"}); !mistakes.empty()) {
    return error_response(400, mistakes);
  }
  std::string error;
  const std::optional<bool> as_written = as_written_asked(request, error);
  if (!as_written) return error_response(400, error);
  std::optional<json> body = parse_object(request.body, error);
  if (!body) return error_response(400, error);
  // The file as text, or its exact bytes as base64 (a file that is not UTF-8 cannot be a
  // JSON string without changing).
  std::optional<std::string> robots_txt = json_string(*body, "robots_txt");
  if (body->contains("robots_txt_base64")) {
    if (body->contains("robots_txt")) {
      return error_response(400, "give \"robots_txt\" or \"robots_txt_base64\", not both");
    }
    const std::optional<std::string> encoded = json_string(*body, "robots_txt_base64");
    if (encoded) robots_txt = internal::from_base64(*encoded);
    if (!robots_txt) return error_response(400, "\"robots_txt_base64\" must be a base64 string");
  }
  if (!robots_txt) return error_response(400, "\"robots_txt\" must be a string");
  const AskersOrError askers = evaluation_askers(*body, *as_written);
  if (askers.askers.empty()) return error_response(400, askers.error);
  std::optional<std::vector<std::string>> urls = json_urls(*body, options_.max_batch_urls, error);
  if (!urls) return error_response(error.starts_with("more") ? 413 : 400, error);
  // Nothing of an evaluation is fetched or kept, but every endpoint takes the same URLs.
  for (const std::string& url : *urls) {
    if (std::string refusal = url_length_refusal(url); !refusal.empty()) {
      return error_response(400, refusal);
    }
  }
  if (!*as_written) {
    std::string storage;
    for (std::string& url : *urls) url = std::string(url_to_decide(url, false, storage));
  }
  // Every crawler at once multiplies the work: the same bound holds for the product.
  if (urls->size() * askers.askers.size() > options_.max_batch_urls) {
    return error_response(413, "more than " + std::to_string(options_.max_batch_urls) +
                                   " answers (URLs times crawlers) in one request");
  }
  // One pass of the tokenizer for the answers and the lint findings alike.
  std::vector<LineFacts> lines;
  const cli::ParsedFile file(internal::parse_and_describe(*robots_txt, lines));
  // The request names its own cost: refused whole, before any URL is matched, when it
  // is over the budget (a file of 40,000 wildcard rules x 10,000 URLs is seconds of CPU).
  std::uint64_t rules = 0;
  for (const Group& group : file.groups()) rules += group.rules.size();
  const std::uint64_t answers = urls->size() * askers.askers.size();
  const std::uint64_t work = std::max<std::uint64_t>(rules, 1) * answers;
  if (work > options_.max_request_work) {
    return error_response(
        413, "this evaluation is " + std::to_string(work) + " units of work (" +
                 std::to_string(rules) + " rules x " + std::to_string(urls->size()) + " URLs x " +
                 std::to_string(askers.askers.size()) +
                 " crawlers or agent lists); one request may ask for at most " +
                 std::to_string(options_.max_request_work) + " (serve --max-request-work)");
  }
  const std::string too_large = "the answer would be over " +
                                std::to_string(options_.max_answer_bytes) +
                                " bytes, the most one request may receive (serve "
                                "--max-answer-bytes): ask for fewer URLs or crawlers";
  std::uint64_t least_bytes = 0;
  for (const std::string& url : *urls) {
    least_bytes += (url.size() + kLeastBytesPerEvaluation) * askers.askers.size();
  }
  if (least_bytes > options_.max_answer_bytes) return error_response(413, too_large);
  // Written result by result, so that an answer growing past its budget stops there.
  HttpResponse response;
  response.status = 200;
  std::string& text = response.body;
  text = "{\"results\":[";
  bool first = true;
  for (const std::string& url : *urls) {
    for (const OwnedAgent& who : askers.askers) {
      if (!first) text += ',';
      first = false;
      text += evaluation_json(url, file, who).dump(-1, ' ', false, json::error_handler_t::replace);
      if (text.size() > options_.max_answer_bytes) return error_response(413, too_large);
    }
  }
  json lint =
      cli::lint_json("robots_txt", internal::lint_described(*robots_txt, lines, file.robots()));
  lint.erase("file");
  text += "],\"lint\":";
  text += lint.dump(-1, ' ', false, json::error_handler_t::replace);
  text += '}';
  if (text.size() > options_.max_answer_bytes) return error_response(413, too_large);
  return response;
}

HttpResponse RobotsApi::robots_live(const HttpRequest& request) {
  OriginAsked asked = origin_asked(request);
  if (asked.error) return std::move(*asked.error);
  const std::string& url = asked.url;
  // Fetched by the client's fetcher (its options, gate and address rules), so that the
  // body is the file as it is now; the cache is neither read nor changed. Requests for
  // one origin share a fetch, at most one per refresh interval: clients cannot make the
  // service hammer a site.
  const RobotsClientOptions& options = client_.options();
  const std::atomic<bool>* cancelled = request.cancelled.get();
  const auto fetch = [&] { return client_.fetch_outcome(asked.origin, cancelled); };
  RecentFetches::Fetched fetched = live_fetches_.get(asked.origin.key(), fetch);
  // The request whose fetch this one shared went away: fetch for this one (a few times
  // at most, should its sharers go away too).
  for (int round = 0; round < 2 && was_withdrawn(*fetched.outcome) && !is_set(cancelled); ++round) {
    fetched = live_fetches_.get(asked.origin.key(), fetch);
  }
  const FetchOutcome& outcome = *fetched.outcome;
  if (outcome.kind == FetchKind::kRefused) {
    return json_response(422, json{{"error", outcome.error}, {"url", url}});
  }
  const TimePoint now = options.clock();
  const RobotsEntry entry = next_entry(nullptr, outcome, fetched.fetched_at, options.policy);
  if (fetched.fetched_here) metrics_.count_fetch(entry.last_fetch);
  const AccessState state = access_state(entry, now, options.policy);
  json hops = json::array();
  for (const RedirectHop& hop : outcome.hops) {
    hops.push_back({{"from", hop.from}, {"status", hop.status}, {"to", hop.to}});
  }
  // The body is what a crawler reads only after a 2xx; any other body is an error page.
  const bool is_robots_txt =
      outcome.kind == FetchKind::kResponse && outcome.status >= 200 && outcome.status < 300;
  return json_response(
      200, json{{"robots_url", outcome.robots_url},
                {"final_url", outcome.final_url},
                {"outcome", word(outcome.kind)},
                {"status", outcome.status == 0 ? json() : json(outcome.status)},
                {"redirects", std::move(hops)},
                {"fetch_error", outcome.error.empty() ? json() : json(outcome.error)},
                {"access", word(state.access)},
                {"access_reason", word(state.reason)},
                {"access_explanation", to_string(state.reason)},
                {"body", is_robots_txt ? json(outcome.body) : json()},
                // "body" is text, with U+FFFD for bytes that are not UTF-8; a
                // Latin-1 file's rules match only on its exact bytes.
                {"body_base64", is_robots_txt ? json(internal::to_base64(outcome.body)) : json()},
                {"truncated", outcome.truncated},
                {"fetched_at", time_json(fetched.fetched_at)}});
}

HttpResponse RobotsApi::crawlers(const HttpRequest& /*request*/) {
  json list = json::array();
  for (const Crawler& crawler : crawler_catalogue()) list.push_back(cli::crawler_json(crawler));
  return json_response(200, json{{"updated", crawler_catalogue_updated()}, {"crawlers", list}});
}

HttpResponse RobotsApi::robots(const HttpRequest& request) {
  OriginAsked asked = origin_asked(request);
  if (asked.error) return std::move(*asked.error);
  const std::string& url = asked.url;
  // The entry as this process holds it; fetched (or read from the shared tier) if none.
  const Decision decision = client_.decide(url, "*", request.cancelled.get());
  const RobotsEntry& entry = *decision.entry;
  if (refused(entry)) return refused_response(url, entry);
  if (decision.cache == CacheTier::kFetched) metrics_.count_fetch(entry.last_fetch);
  json groups = json::array();
  json sitemaps = json::array();
  if (entry.good_copy) {
    for (const Group& group : entry.good_copy->groups()) {
      json agents = json::array();
      for (const AgentLine& agent : group.agents) {
        agents.push_back({{"line", agent.line},
                          {"value", agent.value},
                          {"token", agent.global ? "*" : agent.token},
                          {"global", agent.global}});
      }
      json rules = json::array();
      for (const RuleLine& rule : group.rules) {
        rules.push_back(
            {{"line", rule.line}, {"kind", to_string(rule.kind)}, {"pattern", rule.pattern}});
      }
      groups.push_back({{"agents", std::move(agents)}, {"rules", std::move(rules)}});
    }
    for (std::string_view sitemap : entry.good_copy->sitemaps()) sitemaps.push_back(sitemap);
  }
  const FetchSummary& fetch = entry.last_fetch;
  return json_response(200, json{{"robots_url", decision.robots_url},
                                 {"access", word(decision.state.access)},
                                 {"access_reason", word(decision.state.reason)},
                                 {"access_explanation", to_string(decision.state.reason)},
                                 {"outcome", word(fetch.kind)},
                                 {"status", fetch.status == 0 ? json() : json(fetch.status)},
                                 {"fetch_error", fetch.error.empty() ? json() : json(fetch.error)},
                                 {"fetched_at", time_json(entry.fetched_at)},
                                 {"fresh_until", time_json(entry.fresh_until)},
                                 {"last_answer", time_json(entry.last_answer)},
                                 {"errors_since", time_json(entry.errors_since)},
                                 {"cache_tier", to_string(decision.cache)},
                                 {"sitemaps", std::move(sitemaps)},
                                 {"groups", std::move(groups)}});
}

HttpResponse RobotsApi::refresh(const HttpRequest& request) {
  OriginAsked asked = origin_asked(request);
  if (asked.error) return std::move(*asked.error);
  const std::string& url = asked.url;
  // Concurrent refreshes of one origin share one fetch, and one fetched less than the
  // refresh interval ago is the answer (RobotsClientOptions::min_refresh_interval):
  // fetched_at says when it was.
  const TimePoint asked_at = client_.options().clock();
  const RobotsCache::EntryPtr entry = client_.refresh(asked.origin, request.cancelled.get());
  if (refused(*entry)) return refused_response(url, *entry);
  if (entry->fetched_at >= asked_at) metrics_.count_fetch(entry->last_fetch);
  const AccessState state =
      access_state(*entry, client_.options().clock(), client_.options().policy);
  const FetchSummary& fetch = entry->last_fetch;
  return json_response(200, json{{"robots_url", asked.origin.robots_url()},
                                 {"access", word(state.access)},
                                 {"access_reason", word(state.reason)},
                                 {"access_explanation", to_string(state.reason)},
                                 {"outcome", word(fetch.kind)},
                                 {"status", fetch.status == 0 ? json() : json(fetch.status)},
                                 {"fetch_error", fetch.error.empty() ? json() : json(fetch.error)},
                                 {"fetched_at", time_json(entry->fetched_at)},
                                 {"fresh_until", time_json(entry->fresh_until)}});
}

HttpResponse RobotsApi::ready(const HttpRequest& /*request*/) {
  SharedCache* shared = client_.shared_cache();
  json answer;
  if (shared == nullptr) {
    answer = json{{"status", "ready"}, {"shared_tier", "none"}};
  } else {
    // Degraded still answers (from this process's cache and its own fetches): ready, so
    // that a load balancer keeps sending work, and says so for the operator.
    const bool reachable = shared->reachable();
    answer = json{{"status", reachable ? "ready" : "degraded"},
                  {"shared_tier", reachable ? "reachable" : "unreachable"}};
    // Why, in one word, for the operator who reads a wrong password here rather than in
    // the log: the words never hold the password or the address.
    if (!reachable && options_.shared_tier_reason) {
      if (const std::string reason = options_.shared_tier_reason(); !reason.empty()) {
        answer["shared_tier_reason"] = reason;
      }
    }
  }
  if (politeness_) {
    // "local": each instance spaces only its own slots until Redis answers again.
    const std::string schedule = politeness_->schedule_state();
    answer["schedule"] = schedule;
    if (schedule == "local") answer["status"] = "degraded";
  }
  return json_response(200, answer);
}

}  // namespace robotstxt::service
