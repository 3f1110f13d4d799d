// Fetching with libcurl's multi interface (see fetcher.h). Redirects are followed here,
// not by libcurl, so that every hop is recorded and loops and the hop limit are ours.
#include "robotstxt/fetcher.h"

#include <arpa/inet.h>
#include <curl/curl.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <set>
#include <string_view>

#include "base/ascii.h"
#include "fetch/content_decoder.h"
#include "fetch/redirect_location.h"

namespace robotstxt {
namespace {

// How often a call that may be withdrawn looks at its flag while it waits.
constexpr std::chrono::milliseconds kCancellationCheckInterval{50};

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
  // The current response's headers that the fetcher itself interprets.
  std::string location;
  std::string content_encoding;
  std::string content_length;
  bool conflicting_lengths = false;
  internal::ContentDecoder decoder;
  bool decoder_ready = false;
  bool bad_encoding = false;  // the body is not what its Content-Encoding says
  int local_errno = 0;        // socket() failed for want of resources on this machine
  const std::function<std::string(const PeerAddress&)>* refuse_address = nullptr;
  std::string refused;  // why refuse_address refused the last address tried
  // With a proxy, libcurl connects only to the proxy, so the target's addresses are
  // checked by a request of their own first: resolved (CONNECT_TO applied), every address
  // judged, no socket opened. `vetting` marks that request; `vetted_url` is the last URL
  // whose addresses all passed.
  const std::string* proxy = nullptr;
  bool vetting = false;
  bool vetted_an_address = false;
  std::string vetted_url;
};

// Resets what the previous response (a 100 Continue, an earlier hop) left behind.
void start_response(Job& job) {
  job.outcome->cache_control.clear();
  job.location.clear();
  job.content_encoding.clear();
  job.content_length.clear();
  job.conflicting_lengths = false;
  job.decoder_ready = false;
  job.bad_encoding = false;
}

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
  auto& job = *static_cast<Job*>(user);
  const std::size_t bytes = size * count;
  std::string& body = job.outcome->body;
  if (!job.decoder_ready) {
    job.decoder.reset(job.content_encoding);
    job.decoder_ready = true;
  }
  // One byte past the limit tells "longer than the limit" from "exactly the limit".
  if (!job.decoder.decode(std::string_view(data, bytes), body, job.body_limit + 1)) {
    job.bad_encoding = true;
    return 0;  // libcurl aborts with CURLE_WRITE_ERROR; finish_request() says why
  }
  if (body.size() <= job.body_limit) return bytes;
  // Reading stops at the limit (docs/semantics.md 1.1); returning short makes libcurl abort
  // with CURLE_WRITE_ERROR, which finish_request() recognises through body_capped.
  body.resize(job.body_limit);
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
    start_response(job);
    return bytes;
  }
  const std::size_t colon = line.find(':');
  if (colon == std::string_view::npos) return bytes;
  const std::string_view name = line.substr(0, colon);
  const std::string_view value = internal::trim_ascii_space(line.substr(colon + 1));
  const auto append = [value](std::string& field) {
    if (!field.empty()) field += ", ";
    field += value;
  };
  if (internal::equals_ignoring_case(name, "cache-control")) {
    append(job.outcome->cache_control);
  } else if (internal::equals_ignoring_case(name, "location")) {
    job.location = value;
  } else if (internal::equals_ignoring_case(name, "content-encoding")) {
    append(job.content_encoding);
  } else if (internal::equals_ignoring_case(name, "content-length")) {
    // Two lengths that disagree leave the body's end unknown (RFC 9112 6.3): a bad
    // response, whichever one libcurl would have believed.
    if (!job.content_length.empty() && job.content_length != value) {
      job.conflicting_lengths = true;
      return 0;
    }
    job.content_length = value;
  }
  return bytes;
}

// Opens the sockets libcurl asks for, to learn why one could not be opened: without
// file descriptors or buffers it is this machine that failed, not the origin.
// It is also where the address actually connected is known (after DNS, CONNECT_TO, on
// every hop): FetchOptions::refuse_address is asked here.
curl_socket_t open_socket(void* user, curlsocktype, curl_sockaddr* address) {
  auto& job = *static_cast<Job*>(user);
  // Through a proxy every socket goes to the proxy, which is not judged: its target was.
  const bool to_proxy = !job.vetting && job.proxy != nullptr && !job.proxy->empty();
  if (job.refuse_address != nullptr && *job.refuse_address && !to_proxy) {
    PeerAddress peer;
    if (address->family == AF_INET6) {
      sockaddr_in6 ipv6{};
      std::memcpy(&ipv6, &address->addr, std::min<std::size_t>(sizeof(ipv6), address->addrlen));
      peer.ipv6 = true;
      std::memcpy(peer.bytes.data(), &ipv6.sin6_addr, 16);
      peer.port = ntohs(ipv6.sin6_port);
    } else if (address->family == AF_INET) {
      sockaddr_in ipv4{};
      std::memcpy(&ipv4, &address->addr, std::min<std::size_t>(sizeof(ipv4), address->addrlen));
      std::memcpy(peer.bytes.data(), &ipv4.sin_addr, 4);
      peer.port = ntohs(ipv4.sin_port);
    }
    std::string reason = (*job.refuse_address)(peer);
    if (address->family != AF_INET && address->family != AF_INET6) {
      reason = "refused to connect: not an IP address";
    }
    if (!reason.empty()) {
      job.refused = std::move(reason);
      return CURL_SOCKET_BAD;
    }
    if (job.vetting) {
      // Judged, never connected: libcurl goes on to the next address, so every address
      // of the name is seen.
      job.vetted_an_address = true;
      return CURL_SOCKET_BAD;
    }
  }
  const curl_socket_t fd = socket(address->family, address->socktype, address->protocol);
  if (fd == CURL_SOCKET_BAD &&
      (errno == EMFILE || errno == ENFILE || errno == ENOBUFS || errno == ENOMEM)) {
    job.local_errno = errno;
  }
  return fd;
}

void configure(CURL* easy, Job& job, const FetchOptions& options, curl_slist* connect_to) {
  curl_easy_setopt(easy, CURLOPT_PRIVATE, &job);
  curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, &job);
  curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, &job);
  curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, open_socket);
  curl_easy_setopt(easy, CURLOPT_OPENSOCKETDATA, &job);
  curl_easy_setopt(easy, CURLOPT_ERRORBUFFER, job.error_buffer);
  curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
  curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https,ftp");
  // We decode ourselves (content_decoder.h): libcurl cannot tell us whether a
  // compressed stream was complete.
  curl_easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, internal::kAcceptedEncodings);
  curl_easy_setopt(easy, CURLOPT_HTTP_CONTENT_DECODING, 0L);
  curl_easy_setopt(easy, CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
  curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options.connect_timeout.count()));
  curl_easy_setopt(easy, CURLOPT_USERAGENT, options.user_agent.c_str());
  if (!options.ca_file.empty()) curl_easy_setopt(easy, CURLOPT_CAINFO, options.ca_file.c_str());
  if (connect_to != nullptr) curl_easy_setopt(easy, CURLOPT_CONNECT_TO, connect_to);
  // Set always, empty too: an unset proxy would let libcurl read one from the
  // environment. An empty no-proxy list makes the environment's no_proxy unread as well.
  curl_easy_setopt(easy, CURLOPT_PROXY, options.proxy.c_str());
  curl_easy_setopt(easy, CURLOPT_NOPROXY, "");
}

// Whether the next request must first resolve and judge its target (see Job::vetting).
bool needs_vetting(const Job& job, const std::string& url) {
  return job.proxy != nullptr && !job.proxy->empty() && job.refuse_address != nullptr &&
         *job.refuse_address && job.vetted_url != url;
}

// Starts the next request of `job`, with whatever remains of its total time. Returns
// false (and records why) when it cannot.
bool start_request(CURLM* multi, Job& job, const std::string& url) {
  FetchOutcome& outcome = *job.outcome;
  outcome.final_url = url;
  outcome.status = 0;
  outcome.http_version = 0;
  outcome.body.clear();
  outcome.truncated = false;
  start_response(job);
  job.body_capped = false;
  job.local_errno = 0;
  job.refused.clear();
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
  job.vetting = needs_vetting(job, url);
  job.vetted_an_address = false;
  curl_easy_setopt(job.easy, CURLOPT_PROXY, job.vetting ? "" : job.proxy->c_str());
  curl_easy_setopt(job.easy, CURLOPT_CONNECT_ONLY, job.vetting ? 1L : 0L);
  // A pooled connection would skip the open-socket hook, and with it the check.
  curl_easy_setopt(job.easy, CURLOPT_FRESH_CONNECT, job.vetting ? 1L : 0L);
  if (curl_multi_add_handle(multi, job.easy) != CURLM_OK) {
    outcome.kind = FetchKind::kLocalError;
    outcome.error = "libcurl cannot start a transfer (out of memory?)";
    return false;
  }
  return true;
}

bool is_ftp(std::string_view url) { return url.starts_with("ftp://"); }

// libcurl 7.88 reports a response header over its 100 KB limit (a huge status line or
// Location) as CURLE_OUT_OF_MEMORY, like a failed allocation; later versions say
// CURLE_TOO_LARGE. If memory can still be had, the limit was the cause: the origin's
// bad response, not this machine's failure.
bool memory_is_short() {
  void* volatile probe = std::malloc(std::size_t{4} << 20);
  const bool short_of_memory = probe == nullptr;
  std::free(probe);
  return short_of_memory;
}

bool is_local_errno(long error) {
  return error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM;
}

// Whose failure a libcurl error is, and the message that names its cause.
void record_failure(Job& job, CURLcode code, FetchOutcome& outcome) {
  const std::string curl_message = job.error_buffer[0] != '\0'
                                       ? std::string(job.error_buffer)
                                       : std::string(curl_easy_strerror(code));
  long os_errno = 0;
  curl_easy_getinfo(job.easy, CURLINFO_OS_ERRNO, &os_errno);
  outcome.kind = FetchKind::kNetworkError;
  if (!job.refused.empty()) {
    outcome.kind = FetchKind::kRefused;
    outcome.error = job.refused;
  } else if (job.local_errno != 0 || is_local_errno(os_errno)) {
    const int error = job.local_errno != 0 ? job.local_errno : static_cast<int>(os_errno);
    outcome.kind = FetchKind::kLocalError;
    outcome.error = std::string(error == EMFILE || error == ENFILE
                                    ? "no file descriptors left on this machine"
                                    : "no socket buffers or memory left on this machine") +
                    " (" + std::strerror(error) + ")";
  } else if (code == CURLE_WRITE_ERROR && job.conflicting_lengths) {
    outcome.error = "bad response: Content-Length headers that disagree";
  } else if (code == CURLE_WRITE_ERROR && job.bad_encoding) {
    outcome.error = "bad response: the body is not valid " +
                    internal::printable(job.content_encoding, 40) + " data";
  } else if (code == CURLE_PARTIAL_FILE) {
    outcome.error = "transfer cut short: " + curl_message;
  } else if (code == CURLE_OUT_OF_MEMORY && !memory_is_short()) {
    outcome.error =
        "bad response: a header line over libcurl's limit (100 KB), e.g. a status line or "
        "Location that long";
  } else if (code == CURLE_OUT_OF_MEMORY || code == CURLE_SSL_CACERT_BADFILE ||
             code == CURLE_SSL_CRL_BADFILE || code == CURLE_SSL_CERTPROBLEM ||
             code == CURLE_SSL_ENGINE_NOTFOUND || code == CURLE_SSL_ENGINE_SETFAILED ||
             code == CURLE_SSL_ENGINE_INITFAILED || code == CURLE_FAILED_INIT ||
             code == CURLE_NOT_BUILT_IN || code == CURLE_INTERFACE_FAILED) {
    outcome.kind = FetchKind::kLocalError;
    outcome.error = "on this machine: " + curl_message;
  } else {
    outcome.error = curl_message;
  }
}

// Ends the check of a target's addresses made before a request through a proxy: the URL
// to request now, or "" (and why) when an address was refused or none was found.
std::string finish_vetting(Job& job, CURLcode code) {
  FetchOutcome& outcome = *job.outcome;
  job.vetting = false;
  if (job.refused.empty() && job.vetted_an_address) {
    job.vetted_url = outcome.final_url;
    return outcome.final_url;
  }
  record_failure(job, code, outcome);  // a refusal, or the name did not resolve
  return {};
}

// Decides what a finished request means. Returns the next URL to request when the
// response is a redirect that should be followed, or "" when the job is done.
std::string finish_request(Job& job, CURLcode code, std::size_t max_redirects) {
  if (job.vetting) return finish_vetting(job, code);
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
    // A compressed body that stops mid-stream was cut short, unless we stopped it.
    if (!job.body_capped && !job.decoder.complete() && outcome.status >= 200 &&
        outcome.status < 300) {
      outcome.kind = FetchKind::kNetworkError;
      outcome.error = "transfer cut short: the " + internal::printable(job.content_encoding, 40) +
                      " compressed body ends before its compressed stream does";
      return {};
    }
  } else if (ftp && code == CURLE_REMOTE_FILE_NOT_FOUND) {
    outcome.kind = FetchKind::kResponse;
    outcome.status = 404;
    outcome.error = job.error_buffer;
  } else if (ftp && code == CURLE_LOGIN_DENIED) {
    // No anonymous access means no public robots.txt, as an HTTP 403 does.
    outcome.kind = FetchKind::kResponse;
    outcome.status = 403;
    outcome.error = job.error_buffer;
  } else if (code == CURLE_WRITE_ERROR && job.bad_encoding && outcome.status >= 300) {
    // Only a 2xx body is read; a non-2xx answer means the same with a garbled body.
    outcome.kind = FetchKind::kResponse;
  } else {
    record_failure(job, code, outcome);
    return {};
  }
  if (ftp || outcome.status < 300 || outcome.status >= 400) return {};
  if (job.location.empty()) return {};  // a 3xx that leads nowhere

  const internal::ResolvedLocation next =
      internal::resolve_location(outcome.final_url, job.location);
  outcome.hops.push_back(
      {outcome.final_url, outcome.status, next.url.empty() ? "(not followed)" : next.url});
  outcome.body.clear();
  outcome.truncated = false;
  if (next.url.empty() || !origin_of(next.url)) {
    outcome.kind = FetchKind::kUnfollowableRedirect;
    outcome.error = next.url.empty() ? next.error
                                     : "redirect to a URL without a robots.txt origin: " +
                                           internal::printable(next.url);
    return {};
  }
  if (job.requested.contains(next.url)) {
    outcome.kind = FetchKind::kRedirectLoop;
    outcome.error = "redirect loop back to " + internal::printable(next.url);
    return {};
  }
  if (outcome.hops.size() > max_redirects) {
    outcome.kind = FetchKind::kTooManyRedirects;
    outcome.error = "more than " + std::to_string(max_redirects) + " redirects";
    return {};
  }
  return next.url;
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
    case FetchKind::kLocalError:
      return "local error";
    case FetchKind::kRefused:
      return "refused address";
  }
  return "network error";
}

std::string_view word(FetchKind kind) noexcept {
  switch (kind) {
    case FetchKind::kResponse:
      return "response";
    case FetchKind::kTooManyRedirects:
      return "too-many-redirects";
    case FetchKind::kRedirectLoop:
      return "redirect-loop";
    case FetchKind::kUnfollowableRedirect:
      return "unfollowable-redirect";
    case FetchKind::kNetworkError:
      return "network-error";
    case FetchKind::kLocalError:
      return "local-error";
    case FetchKind::kRefused:
      return "refused-address";
  }
  return "network-error";
}

Fetcher::Fetcher(FetchOptions options) : options_(std::move(options)) {
  if (options_.max_concurrent_transfers == 0) options_.max_concurrent_transfers = 1;
  init_curl_once();
}

FetchOutcome Fetcher::fetch(const Origin& origin, const std::atomic<bool>* cancelled) const {
  std::vector<FetchOutcome> outcomes = fetch_all(std::span<const Origin>(&origin, 1), cancelled);
  return std::move(outcomes.front());
}

std::vector<FetchOutcome> Fetcher::fetch_all(std::span<const Origin> origins,
                                             const std::atomic<bool>* cancelled) const {
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
      outcomes[i].kind = FetchKind::kLocalError;
      outcomes[i].error = "libcurl cannot start (out of memory or descriptors?)";
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
    job.refuse_address = &options_.refuse_address;
    job.proxy = &options_.proxy;
    job.easy = curl_easy_init();
    if (job.easy == nullptr) {
      outcome.kind = FetchKind::kLocalError;
      outcome.error = "libcurl cannot start a transfer (out of memory?)";
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

  const auto is_cancelled = [cancelled] {
    return cancelled != nullptr && cancelled->load(std::memory_order_relaxed);
  };
  // Ends every job not started yet with `error`, as this machine's failure.
  const auto give_up_unstarted = [&](std::string_view error) {
    for (; next_job < jobs.size(); ++next_job) {
      outcomes[next_job].robots_url = origins[next_job].robots_url();
      outcomes[next_job].kind = FetchKind::kLocalError;
      outcomes[next_job].error = error;
    }
  };

  FetchGate* const gate = options_.gate.get();
  // Waiting for the process's slots is bounded by the fetch timeout, for the whole call.
  const auto slot_deadline = std::chrono::steady_clock::now() + options_.total_timeout;
  // A slot for the next job: taken at once while this call has transfers of its own to
  // drive (waiting then would stall them), else waited for, in short steps when the call
  // may be withdrawn meanwhile.
  const auto take_slot = [&] {
    if (gate == nullptr) return true;
    if (active > 0) return gate->try_enter();
    while (!is_cancelled()) {
      const auto step = cancelled == nullptr
                            ? slot_deadline
                            : std::min(slot_deadline, std::chrono::steady_clock::now() +
                                                          kCancellationCheckInterval);
      if (gate->enter_until(step)) return true;
      if (step == slot_deadline) {
        give_up_unstarted("no transfer slot freed up within the fetch timeout");
        return false;
      }
    }
    return false;  // the loop below settles the rest as cancelled
  };
  const auto transfer_done = [&] {
    --active;
    if (gate != nullptr) gate->leave();
  };
  // Nobody wants the answers any more: the slots go back to the process at once.
  const auto abort_everything = [&] {
    for (std::size_t i = 0; i < next_job; ++i) {
      Job& job = jobs[i];
      if (job.easy == nullptr) continue;
      curl_multi_remove_handle(multi, job.easy);
      curl_easy_cleanup(job.easy);
      job.easy = nullptr;
      FetchOutcome& outcome = outcomes[i];
      outcome.kind = FetchKind::kLocalError;
      outcome.status = 0;
      outcome.body.clear();
      outcome.truncated = false;
      outcome.error = kCancelledFetchError;
      transfer_done();
    }
    give_up_unstarted(kCancelledFetchError);
  };

  while (next_job < jobs.size() || active > 0) {
    if (is_cancelled()) {
      abort_everything();
      break;
    }
    while (next_job < jobs.size() && active < options_.max_concurrent_transfers && take_slot()) {
      const std::size_t before = active;
      start_next();
      if (gate != nullptr && active == before) gate->leave();  // it failed to start
    }
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
        transfer_done();
      }
    }
    // Jobs waiting for a slot another call may free, or a call that may be withdrawn:
    // look again soon.
    int poll_ms = gate != nullptr && next_job < jobs.size() ? 20 : 1000;
    if (cancelled != nullptr) {
      poll_ms = std::min(poll_ms, static_cast<int>(kCancellationCheckInterval.count()));
    }
    if (active > 0) curl_multi_poll(multi, nullptr, 0, poll_ms, nullptr);
  }
  curl_multi_cleanup(multi);
  return outcomes;
}

}  // namespace robotstxt
