/**
 * @file fetcher.h
 * @brief Downloading robots.txt files over HTTP, HTTPS and FTP
 *        (docs/semantics.md 7.2 to 7.4), many origins at once on one thread with libcurl.
 *
 * Pipeline position: url -> **fetcher** -> policy -> cache -> RobotsTxt. The
 * fetcher only reports what happened (status, each redirect hop, body, errors); turning
 * that into an access decision is the policy's job (policy.h).
 *
 * @code
 *   robotstxt::Fetcher fetcher;
 *   auto origin = robotstxt::origin_of("https://example.com/page");
 *   robotstxt::FetchOutcome outcome = fetcher.fetch(*origin);
 *   // outcome.kind, outcome.status, outcome.hops, outcome.body, outcome.truncated
 * @endcode
 *
 * Whose failure it is matters (FetchKind): a failure of the origin (it answered badly,
 * or could not be reached) is what docs/semantics.md 7 calls a server error and becomes the
 * origin's cached state; a failure of this machine (kLocalError: no file descriptors,
 * no memory, an unreadable CA file) says nothing about the origin, so it is never cached
 * and never turned into an access verdict (policy.h: Access::kUndecided).
 */
#ifndef ROBOTSTXT_FETCHER_H_
#define ROBOTSTXT_FETCHER_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/body_limit.h"
#include "robotstxt/fetch_gate.h"
#include "robotstxt/peer_address.h"
#include "robotstxt/url.h"
#include "robotstxt/version.h"

namespace robotstxt {

/// How fetching behaves. Every field has a default a crawler can use as it is.
struct FetchOptions {
  /// Time allowed to establish each connection.
  std::chrono::milliseconds connect_timeout{std::chrono::seconds(10)};
  /// Time allowed for the whole fetch of one robots.txt: every redirect hop, bodies included.
  std::chrono::milliseconds total_timeout{std::chrono::seconds(30)};
  /// Sent as the User-Agent header. Say who you are; it is not the robots.txt agent.
  std::string user_agent =
      std::string("robotstxt/").append(kVersion).append(" (robots.txt fetcher)");
  /// Transfers in flight at once; further origins wait for a free slot.
  std::size_t max_concurrent_transfers = 200;
  /// A bound shared by every call and every Fetcher holding the same gate (fetch_gate.h),
  /// on top of max_concurrent_transfers per call: a service sets one for the process.
  /// Waiting for its slots is bounded by total_timeout; past that the origins not
  /// started end as kLocalError. Null: no bound but the per-call one.
  std::shared_ptr<FetchGate> gate;
  /// Redirects followed per fetch (docs/semantics.md 7 asks for at least 5); one more is 404.
  std::size_t max_redirects = 5;
  /// Body bytes read before the transfer stops (docs/semantics.md 1.1: 500 KiB).
  std::size_t max_body_bytes = kMaxBodyBytes;
  /// CA certificates to trust instead of the system store (PEM file); empty = system.
  std::string ca_file;
  /// libcurl CONNECT_TO entries, "HOST:PORT:CONNECT_HOST:CONNECT_PORT" (empty HOST or
  /// PORT matches any). Sends requests for a name to another address: for staging
  /// setups, tests and benchmarks. Empty in production.
  std::vector<std::string> connect_to;
  /// Asked before every connection (each redirect hop, each address of a name): a
  /// non-empty reason refuses it, and the fetch ends with FetchKind::kRefused. A service
  /// fetching URLs its clients name sets refuse_non_public_addresses (peer_address.h).
  /// Empty: connect anywhere.
  std::function<std::string(const PeerAddress&)> refuse_address;
  /// The proxy every request goes through, as libcurl takes it ("http://HOST:PORT",
  /// "socks5h://HOST:PORT"); empty: none. The environment (http_proxy, https_proxy,
  /// ALL_PROXY, no_proxy) is never read: a process must not fetch its clients' URLs
  /// through whatever proxy it happens to inherit, where refuse_address would judge the
  /// proxy's address instead of the target's. With a proxy and refuse_address, each
  /// request's target (every hop) is resolved here first and every address it has is
  /// asked about; one refused address refuses the request, and nothing reaches the
  /// proxy. The proxy itself is not asked about: it is the operator's choice. What this
  /// cannot hold: the proxy resolves the name again, and may get another answer (DNS
  /// rebinding between our check and its own); a proxy should enforce its own egress
  /// rules.
  std::string proxy;
};

/// What a fetch ended with, before any policy is applied. Every kind but kLocalError and
/// kRefused is the origin's doing; those two are this machine's.
enum class FetchKind : std::uint8_t {
  kResponse,              ///< a final response with `status` (any code, 3xx without Location too)
  kTooManyRedirects,      ///< more than max_redirects hops
  kRedirectLoop,          ///< a hop led back to a URL already requested
  kUnfollowableRedirect,  ///< a Location that is not a valid http, https or ftp URL
  /// The origin failed: DNS, connect, TLS, timeout, reset, or a response that is bad
  /// (headers over libcurl's limit, corrupt compressed data) or incomplete (shorter than
  /// its Content-Length, a compressed stream cut short, broken chunking, conflicting
  /// Content-Length headers). Stopping at max_body_bytes is not a failure.
  kNetworkError,
  /// This machine failed, not the origin: no file descriptor or memory left, a CA file
  /// that cannot be used, libcurl that cannot start. Retry later; decide nothing.
  kLocalError,
  /// FetchOptions::refuse_address refused the address (`error` names it and why): our
  /// own rule, not the origin's state, so handled as kLocalError is.
  kRefused,
};

[[nodiscard]] std::string_view to_string(FetchKind kind) noexcept;  // "too many redirects", ...
/// The stable word (schemas/answer.schema.json): "response", "too-many-redirects", ...
[[nodiscard]] std::string_view word(FetchKind kind) noexcept;

/// FetchOutcome::error of a fetch its caller withdrew (the `cancelled` flag of a call):
/// a kLocalError, so never cached; the origin was not judged, and may be asked again.
inline constexpr std::string_view kCancelledFetchError =
    "cancelled: nobody waits for the answer any more";

/// One redirect that was followed: `from` answered `status` with Location `to`.
struct RedirectHop {
  std::string from;
  int status = 0;
  std::string to;
};

/// Everything a fetch observed. For FTP, `status` is 200 when the file was retrieved
/// and 404 when the server says it does not exist (FTP reply 550).
struct FetchOutcome {
  std::string robots_url;  ///< what was asked for
  std::string final_url;   ///< the last URL requested (differs after redirects)
  FetchKind kind = FetchKind::kNetworkError;
  int status = 0;  ///< status of the last response; 0 if none arrived
  /// HTTP version of the last response: 10, 11, 20 or 30; 0 for FTP or no response.
  int http_version = 0;
  /// Each Location resolved against its request, spaces and other bytes URLs cannot hold
  /// percent-encoded (as browsers and curl do), user info and fragment removed: what is
  /// requested next, and all that is ever recorded of the Location.
  std::vector<RedirectHop> hops;
  std::string body;           ///< the last response's body, decoded, at most max_body_bytes
  bool truncated = false;     ///< the body was longer; the transfer was stopped there
  std::string cache_control;  ///< Cache-Control of the last response, "" if none
  /// What went wrong, for every kind but a plain response: one line of printable ASCII
  /// naming the cause, at most a few hundred bytes, never the user info of a Location.
  std::string error;
};

/// Fetches robots.txt files. Holds only options, so one Fetcher may be used by several
/// threads at once; each call runs its transfers on the calling thread with libcurl's
/// multi interface, and thousands of origins need no extra threads.
class Fetcher {
 public:
  explicit Fetcher(FetchOptions options = {});

  /// The robots.txt of one origin. Never throws; failures are in the outcome.
  [[nodiscard]] FetchOutcome fetch(const Origin& origin,
                                   const std::atomic<bool>* cancelled = nullptr) const;

  /// The robots.txt of every origin, concurrently (at most max_concurrent_transfers at
  /// a time, all on this thread). Result i belongs to origins[i].
  ///
  /// `cancelled` (null: never) lets another thread withdraw the call, e.g. when the
  /// client a service fetches for has gone away: once it reads true, within about 50 ms,
  /// no transfer starts, those in flight are aborted, their gate slots are given back,
  /// and every origin not finished ends as kLocalError with kCancelledFetchError.
  [[nodiscard]] std::vector<FetchOutcome> fetch_all(
      std::span<const Origin> origins, const std::atomic<bool>* cancelled = nullptr) const;

  [[nodiscard]] const FetchOptions& options() const noexcept { return options_; }

 private:
  FetchOptions options_;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_FETCHER_H_
