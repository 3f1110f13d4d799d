// One host's robots.txt as `robotstxt census` counts it: what the response's status
// means for access (the fetch policy, docs/semantics.md 7), the file's shape, each asked
// crawler's verdict for each asked path and how its group was chosen (docs/semantics.md 8),
// the usage preferences (docs/semantics.md 9) and lint's findings by code. Written as one
// line of hosts.jsonl and added into the summary (census_summary.h).
#ifndef ROBOTSTXT_TOOLS_CENSUS_HOST_CENSUS_H_
#define ROBOTSTXT_TOOLS_CENSUS_HOST_CENSUS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "census/body_templates.h"
#include "census/host_ranks.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"

namespace robotstxt::cli {
class JsonText;
}  // namespace robotstxt::cli

namespace robotstxt::census {

/// What every host is asked: the crawlers in catalogue order, the paths in the order given.
struct CensusQuestions {
  std::vector<const Crawler*> crawlers;
  std::vector<std::string> paths;
  /// Per crawler: whether robots.txt binds it at all (docs/semantics.md 8.3).
  std::vector<bool> bound;
  /// --ranks: each host's rank, by which the summary counts per stratum; or null.
  const HostRanks* ranks = nullptr;
  /// Per crawler: how its entry of a host line starts, `"NAME":{"crawler_rule":`, written
  /// once here rather than escaped again for every host.
  std::vector<std::string> crawler_heads;
  /// What append_crawlers() writes at most for a host whose crawlers matched their own
  /// tokens: the room made once for it, so that the text is not copied as it grows.
  std::size_t crawlers_json_bytes = 0;

  CensusQuestions(std::vector<const Crawler*> crawlers_, std::vector<std::string> paths_);
};

/// How a host's robots.txt decides, in the words of JSON output: "rules", "full-allow",
/// "full-disallow", "redirect" (a 3xx: the verdicts are those its redirects lead to, see
/// RedirectOutcome), or "undecided" (a truncated record whose kept bytes do not decide:
/// no verdicts).
enum class CensusAccess : std::uint8_t { kRules, kFullAllow, kFullDisallow, kRedirect, kUndecided };
[[nodiscard]] std::string_view word(CensusAccess access) noexcept;

/// Where a redirecting host's redirects led (docs/semantics.md 7.4), in the words of JSON
/// output: "followed" (to a response in the inputs, whose verdicts the host takes),
/// "failed" (past five hops, a loop, or no usable Location: as 404, full allow), or
/// "unresolved" (to a URL whose response is not in the inputs: no verdicts).
enum class RedirectOutcome : std::uint8_t { kNone, kFollowed, kFailed, kUnresolved };
[[nodiscard]] std::string_view word(RedirectOutcome outcome) noexcept;

struct CrawlerCensus {
  /// How its groups were chosen; set only when access is kRules.
  std::optional<CrawlerRule> crawler_rule;
  std::string token;                 ///< the token whose groups applied, or ""
  std::vector<bool> allowed;         ///< per path
  std::vector<std::uint32_t> lines;  ///< per path: the decisive line, 0 when none
  /// A group names one of its tokens (own token or a fallback).
  [[nodiscard]] bool named() const {
    return crawler_rule == CrawlerRule::kOwnToken || crawler_rule == CrawlerRule::kFallbackToken;
  }
};

struct HostCensus {
  // Largest members first: a census is kept per worker and per pending redirect.
  std::uint64_t bytes = 0;  ///< the body's size (RecordedResponse::body_bytes)
  std::size_t groups = 0;
  std::size_t rules = 0;
  std::size_t sitemaps = 0;
  /// Why the record is not whole (WarcRecord::truncated), "" when it is.
  std::string_view truncated;
  std::vector<CrawlerCensus> crawlers;       ///< per asked crawler
  std::vector<std::string> content_signals;  ///< every Content-Signal value, as written
  std::vector<std::pair<std::string_view, std::uint32_t>> lint;  ///< code, findings; by code
  /// Scratch for census_host(): the body's line facts (views into the body, valid only
  /// during the call), kept so that their room serves the next host.
  std::vector<LineFacts> line_facts;
  /// Scratch for census_host(): each set of groups asked (as select_groups() lists them)
  /// and the first crawler given it.
  std::vector<std::pair<std::vector<std::size_t>, std::size_t>> asked_groups;
  GroupSelection selection;  ///< scratch for census_host(): one crawler's groups
  std::string host;
  /// Set for access kRedirect: where its redirects led, over how many hops (`hops`), to
  /// which URL (the last one reached; "" when the first Location could not be followed),
  /// and the access that URL's response gave (`target_access`, kFollowed only).
  std::string redirect_target;
  /// The body's template (body_templates.h), when its rules were read (access kRules).
  BodyTemplate body_template;
  std::uint32_t rank = 0;  ///< in the --ranks list; 0 when unranked or without one
  int status = 0;          ///< 0 when a truncated record holds no status line
  std::uint32_t hops = 0;
  CensusAccess access = CensusAccess::kRules;
  RedirectOutcome redirect = RedirectOutcome::kNone;
  CensusAccess target_access = CensusAccess::kRules;
  bool html = false;  ///< lint found an HTML page where the robots.txt should be
  /// Content-Usage for "/" and `*` (unknown when "/" is disallowed to `*`).
  Preference train_ai = Preference::kUnknown;
  Preference search = Preference::kUnknown;
  bool states_usage = false;  ///< any content-usage line
  bool has_template = false;

  /// The host has a verdict per crawler and path: neither undecided nor a redirect that
  /// is unresolved or leads to an undecided response.
  [[nodiscard]] bool decided() const {
    return access != CensusAccess::kUndecided && redirect != RedirectOutcome::kUnresolved &&
           !(redirect == RedirectOutcome::kFollowed && target_access == CensusAccess::kUndecided);
  }
};

/// The census of one response, written over `census` (whose lists keep their room from
/// host to host: no allocations per crawler once it has seen a host). `transfer_failed`:
/// the body was not what its framing said (a failed transfer to a crawler: full
/// disallow). `body`: at most kMaxBodyBytes; `body_bytes` its whole size. `truncated`:
/// why the record is not whole, "" when it is; its kept bytes decide only when the status
/// does without a body (anything but 2xx) or when the body reached kMaxBodyBytes, where a
/// crawler stops reading (docs/semantics.md 1.1); otherwise access is kUndecided. A 3xx
/// is kRedirect, allowed everywhere until resolve_redirect() says where it leads.
void census_host(std::string_view host, int status, bool transfer_failed, std::string_view body,
                 std::uint64_t body_bytes, std::string_view truncated,
                 const CensusQuestions& questions, HostCensus& census);

/// Writes the host's "crawlers" object of hosts.jsonl: per crawler its rule, token and,
/// per path, allowed and line (null where the host has no verdict).
void append_crawlers(cli::JsonText& json, const HostCensus& host, const CensusQuestions& questions);

/// Appends the host's line of hosts.jsonl, with its newline.
void append_host_line(const HostCensus& host, const CensusQuestions& questions, std::string& out);

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_HOST_CENSUS_H_
