// Fetching with libcurl's multi interface (see fetcher.h). Redirects are followed here,
// not by libcurl, so that every hop is recorded and loops and the hop limit are ours.
#include "robotstxt/fetcher.h"

#include "ascii.h"

#include <curl/curl.h>

#include <algorithm>
#include <deque>
#include <mutex>
#include <set>
#include <string_view>

namespace robotstxt {
namespace {

void init_curl_once() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct CurlSlist {
  curl_slist* list = nullptr;
  CurlSlist() = default;
  CurlSlist(const CurlSlist&) = delete;
  CurlSlist& operator=(const CurlSlist&) = delete;
  ~CurlSlist() { curl_slist_free_all(list); }
};

// One origin's fetch in progress: possibly several requests, one per redirect hop.
struct Job {
  FetchOutcome* outcome = nullptr;
  std::set<std::string> requested;
  std::size_t body_limit = 0;
  bool body_capped = false;  // we stopped the transfer ourselves at body_limit
  CURL* easy = nullptr;
  std::chrono::steady_clock::time_point deadline;  // total_timeout covers every hop
  char error_buffer[CURL_ERROR_SIZE] = {};
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& job = *static_cast<Job*>(user);
  const std::size_t bytes = size * count;
  std::string& body = job.outcome->body;
  const std::size_t room = job.body_limit - std::min(job.body_limit, body.size());
  if (bytes <= room) {
    body.append(data, bytes);
    return bytes;
  }
  // Reading stops at the limit (SEMANTICS 1.1); returning short makes libcurl abort
  // with CURLE_WRITE_ERROR, which finish_request() recognises through body_capped.
  body.append(data, room);
  job.body_capped = true;
  job.outcome->truncated = true;
  return 0;
}

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
  auto& job = *static_cast<Job*>(user);
  const std::size_t bytes = size * count;
  const std::string_view line(data, bytes);
  // A new status line starts a new response (100 Continue, or the next hop).
  if (line.starts_with("HTTP/")) {
    job.outcome->cache_control.clear();
    return bytes;
  }
  const std::size_t colon = line.find(':');
  if (colon != std::string_view::npos &&
      internal::equals_ignoring_case(line.substr(0, colon), "cache-control")) {
    if (!job.outcome->cache_control.empty()) job.outcome->cache_control += ", ";
    job.outcome->cache_control += internal::trim_ascii_space(line.substr(colon + 1));
  }
  return bytes;
}

void configure(CURL* easy, Job& job, const FetchOptions& options, curl_slist* connect_to) {
  curl_easy_setopt(easy, CURLOPT_PRIVATE, &job);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &job);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &job);
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, job.error_buffer);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https,ftp");
  // "" offers every encoding this libcurl can decode (gzip, deflate, and more).
  curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options.connect_timeout.count()));
  curl_easy_setopt(easy, CURLOPT_USERAGENT, options.user_agent.c_str());
  if (!options.ca_file.empty()) curl_easy_setopt(easy, CURLOPT_CAINFO, options.ca_file.c_str());
  if (connect_to != nullptr) curl_easy_setopt(easy, CURLOPT_CONNECT_TO, connect_to);
}

// Starts the next request of `job`, with whatever remains of its total time. Returns
// false (and records a timeout) when none remains.
bool start_request(CURLM* multi, Job& job, const std::string& url) {
  FetchOutcome& outcome = *job.outcome;
  outcome.final_url = url;
  outcome.status = 0;
  outcome.http_version = 0;
  outcome.body.clear();
  outcome.truncated = false;
  outcome.cache_control.clear();
  job.body_capped = false;
  job.error_buffer[0] = '\0';
  job.requested.insert(url);
  const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(
      job.deadline - std::chrono::steady_clock::now());
  if (remaining.count() <= 0) {
    outcome.kind = FetchKind::kNetworkError;
    outcome.error = "timed out before requesting " + url;
    return false;
  }
  curl_easy_setopt(job.easy, CURLOPT_TIMEOUT_MS, static_cast<long>(remaining.count()));
  curl_easy_setopt(job.easy, CURLOPT_URL, url.c_str());
  curl_multi_add_handle(multi, job.easy);
  return true;
}

bool is_ftp(std::string_view url) { return url.starts_with("ftp://"); }

// Decides what a finished request means. Returns the next URL to request when the
// response is a redirect that should be followed, or "" when the job is done.
std::string finish_request(Job& job, CURLcode code, std::size_t max_redirects) {
  FetchOutcome& outcome = *job.outcome;
  long status = 0;
  curl_easy_getinfo(job.easy, CURLINFO_RESPONSE_CODE, &status);
  outcome.status = static_cast<int>(status);
  long version = CURL_HTTP_VERSION_NONE;
  curl_easy_getinfo(job.easy, CURLINFO_HTTP_VERSION, &version);
  outcome.http_version = version == CURL_HTTP_VERSION_1_0   ? 10
                         : version == CURL_HTTP_VERSION_1_1 ? 11
                         : version == CURL_HTTP_VERSION_2_0 ? 20
                         : version == CURL_HTTP_VERSION_3   ? 30
                                                            : 0;
  const bool ftp = is_ftp(outcome.final_url);

  if (code == CURLE_OK || (code == CURLE_WRITE_ERROR && job.body_capped)) {
    outcome.kind = FetchKind::kResponse;
    // FTP has no HTTP status; report the HTTP meaning of what happened.
    if (ftp) outcome.status = 200;
  } else if (ftp && code == CURLE_REMOTE_FILE_NOT_FOUND) {
    outcome.kind = FetchKind::kResponse;
    outcome.status = 404;
    outcome.error = job.error_buffer;
  } else if (ftp && code == CURLE_LOGIN_DENIED) {
    // No anonymous access means no public robots.txt, as an HTTP 403 does.
    outcome.kind = FetchKind::kResponse;
    outcome.status = 403;
    outcome.error = job.error_buffer;
  } else {
    outcome.kind = FetchKind::kNetworkError;
    outcome.error = job.error_buffer[0] != '\0' ? std::string(job.error_buffer)
                                                : std::string(curl_easy_strerror(code));
    return {};
  }
  if (ftp || outcome.status < 300 || outcome.status >= 400) return {};

  char* location = nullptr;
  curl_easy_getinfo(job.easy, CURLINFO_REDIRECT_URL, &location);
  if (location == nullptr || *location == '\0') return {};  // a 3xx that leads nowhere
  const std::string next(location);
  outcome.hops.push_back({outcome.final_url, outcome.status, next});
  outcome.body.clear();
  outcome.truncated = false;
  if (!origin_of(next)) {
    outcome.kind = FetchKind::kUnfollowableRedirect;
    outcome.error = "redirect to an unsupported URL: " + next;
    return {};
  }
  if (job.requested.contains(next)) {
    outcome.kind = FetchKind::kRedirectLoop;
    outcome.error = "redirect loop back to " + next;
    return {};
  }
  if (outcome.hops.size() > max_redirects) {
    outcome.kind = FetchKind::kTooManyRedirects;
    outcome.error = "more than " + std::to_string(max_redirects) + " redirects";
    return {};
  }
  return next;
}

}  // namespace

std::string_view to_string(FetchKind kind) noexcept {
  switch (kind) {
    case FetchKind::kResponse:
      return "response";
    case FetchKind::kTooManyRedirects:
      return "too many redirects";
    case FetchKind::kRedirectLoop:
      return "redirect loop";
    case FetchKind::kUnfollowableRedirect:
      return "unfollowable redirect";
    case FetchKind::kNetworkError:
      return "network error";
  }
  return "network error";
}

Fetcher::Fetcher(FetchOptions options) : options_(std::move(options)) {
  if (options_.max_concurrent_transfers == 0) options_.max_concurrent_transfers = 1;
  init_curl_once();
}

FetchOutcome Fetcher::fetch(const Origin& origin) const {
  std::vector<FetchOutcome> outcomes = fetch_all(std::span<const Origin>(&origin, 1));
  return std::move(outcomes.front());
}

std::vector<FetchOutcome> Fetcher::fetch_all(std::span<const Origin> origins) const {
  std::vector<FetchOutcome> outcomes(origins.size());
  std::deque<Job> jobs(origins.size());  // deque: addresses stay put for libcurl
  CurlSlist connect_to;
  for (const std::string& entry : options_.connect_to) {
    connect_to.list = curl_slist_append(connect_to.list, entry.c_str());
  }
  CURLM* multi = curl_multi_init();
  if (multi == nullptr) {
    for (std::size_t i = 0; i < origins.size(); ++i) {
      outcomes[i].robots_url = origins[i].robots_url();
      outcomes[i].error = "cannot initialise libcurl";
    }
    return outcomes;
  }

  std::size_t next_job = 0;
  std::size_t active = 0;
  const auto start_next = [&] {
    Job& job = jobs[next_job];
    FetchOutcome& outcome = outcomes[next_job];
    outcome.robots_url = origins[next_job].robots_url();
    ++next_job;
    job.outcome = &outcome;
    job.body_limit = options_.max_body_bytes;
    job.easy = curl_easy_init();
    if (job.easy == nullptr) {
      outcome.error = "cannot initialise libcurl";
      return;
    }
    configure(job.easy, job, options_, connect_to.list);
    job.deadline = std::chrono::steady_clock::now() + options_.total_timeout;
    if (start_request(multi, job, outcome.robots_url)) {
      ++active;
    } else {
      curl_easy_cleanup(job.easy);
      job.easy = nullptr;
    }
  };

  while (next_job < jobs.size() || active > 0) {
    while (next_job < jobs.size() && active < options_.max_concurrent_transfers) start_next();
    int running = 0;
    curl_multi_perform(multi, &running);
    int queued = 0;
    while (CURLMsg* message = curl_multi_info_read(multi, &queued)) {
      if (message->msg != CURLMSG_DONE) continue;
      CURL* easy = message->easy_handle;
      const CURLcode code = message->data.result;
      Job* job = nullptr;
      curl_easy_getinfo(easy, CURLINFO_PRIVATE, &job);
      curl_multi_remove_handle(multi, easy);
      const std::string next = finish_request(*job, code, options_.max_redirects);
      if (next.empty() || !start_request(multi, *job, next)) {
        curl_easy_cleanup(easy);
        job->easy = nullptr;
        --active;
      }
    }
    if (active > 0) curl_multi_poll(multi, nullptr, 0, 1000, nullptr);
  }
  curl_multi_cleanup(multi);
  return outcomes;
}

}  // namespace robotstxt
