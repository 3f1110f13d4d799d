// Redirects followed inside the crawl, as Google follows them (docs/semantics.md 7.4): a
// host whose robots.txt answered 3xx takes the verdicts of the response its redirects
// lead to, when that response is in the inputs of the same run. While the inputs are
// read, every response's compact answer is remembered by its URL (an AnswerBook) and the
// redirecting hosts wait; once all are read, each waiting host follows its Locations
// through the book, at most kMaxRedirectHops of them.
#ifndef ROBOTSTXT_TOOLS_CENSUS_REDIRECTS_H_
#define ROBOTSTXT_TOOLS_CENSUS_REDIRECTS_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "census/host_census.h"

namespace robotstxt::census {

/// Google follows five hops; a sixth is a failed redirect (docs/semantics.md 7.4).
inline constexpr std::uint32_t kMaxRedirectHops = 5;
/// What the remembered answers and the waiting hosts of one run may take, in bytes,
/// counted by the bytes they hold. Past it no more answers are remembered (a redirect to
/// one of them stays unresolved) and redirecting hosts are written unresolved at once;
/// the command says so on stderr.
inline constexpr std::size_t kMaxRedirectMemoryBytes = std::size_t{512} * 1024 * 1024;

/// Where a record stands in the inputs: its file's place, then its place in the file.
struct RecordOrder {
  std::uint64_t unit = 0;
  std::uint64_t record = 0;
  auto operator<=>(const RecordOrder&) const = default;
};

/// `uri` as a redirect's Location is matched to it: resolved as the fetcher resolves a
/// Location (no user info, no fragment), its scheme and authority lower-cased; "" when
/// it is no URL a crawler follows.
[[nodiscard]] std::string response_url(std::string_view uri);

/// Where the Location of a response at `url` leads, as response_url() writes it; "" when
/// it cannot be followed.
[[nodiscard]] std::string location_url(const std::string& url, std::string_view location);

/// The responses of a run by URL, each as much as a redirect to it needs: its access,
/// whether it redirects on (and where), and its verdicts. The first in input order wins.
class AnswerBook {
 public:
  /// `used`: the bytes the run's books and waiting hosts hold (shared by the workers).
  explicit AnswerBook(std::atomic<std::size_t>* used) : used_(used) {}

  /// Remembers `host`, the census of the response at `url`; `next`: its Location when it
  /// redirects. False when the memory bound is reached (nothing is remembered then).
  bool remember(const std::string& url, RecordOrder order, const HostCensus& host,
                const std::string& next);
  /// Takes `other`'s answers; where both have a URL, the earlier one in input order.
  void take(AnswerBook&& other);

  /// Follows `host`'s redirects from `next` (where its own Location leads, "" when it
  /// cannot be followed; `url`: its own URL) and writes where they led into `host`:
  /// followed (with the target's verdicts), failed, or unresolved.
  /// `chain`, when given: the URLs requested, `url` first, then each hop's, up to the
  /// last reached (what --merge needs to go on from an unresolved redirect).
  void resolve(const std::string& url, const std::string& next, const CensusQuestions& questions,
               HostCensus& host, std::vector<std::string>* chain = nullptr) const;
  /// Goes on from an unresolved redirect's `chain` (its own URL, then the URLs it reached;
  /// the last one had no response where it was read) as resolve() would have gone on had
  /// this book been there, and writes where it led into `host`; `chain` grows with it.
  void resume(std::vector<std::string>& chain, const CensusQuestions& questions,
              HostCensus& host) const;

  /// One answer as a part writes it for --merge: `verdicts` holds the crawlers' verdicts
  /// when the response has them (decided, not a redirect), else null.
  struct Entry {
    const std::string& url;
    CensusAccess access;
    const std::string& next;
    const HostCensus* verdicts;
  };
  /// Calls `each` with every answer, in input order.
  template <typename Each>
  void each_in_order(const CensusQuestions& questions, Each each) const;

 private:
  struct Answer {
    RecordOrder order;
    CensusAccess access = CensusAccess::kRules;
    bool redirects = false;
    std::string next;      // where a redirect leads, "" when nowhere
    std::string verdicts;  // per crawler: rule, token, then per path allowed and line
  };
  // Follows from `at`, `requested` holding the URLs already asked (the host's own first).
  void follow(std::vector<std::string>& requested, std::string at, const CensusQuestions& questions,
              HostCensus& host) const;
  static void decode(const Answer& answer, const CensusQuestions& questions, HostCensus& host);

  std::unordered_map<std::string, Answer> answers_;
  std::atomic<std::size_t>* used_;
};

template <typename Each>
void AnswerBook::each_in_order(const CensusQuestions& questions, Each each) const {
  std::vector<const std::pair<const std::string, Answer>*> ordered;
  ordered.reserve(answers_.size());
  for (const auto& answer : answers_) ordered.push_back(&answer);
  std::sort(ordered.begin(), ordered.end(),
            [](const auto* a, const auto* b) { return a->second.order < b->second.order; });
  HostCensus verdicts;
  for (const auto* answer : ordered) {
    const Answer& found = answer->second;
    const bool has_verdicts = !found.redirects && !found.verdicts.empty();
    if (has_verdicts) decode(found, questions, verdicts);
    each(Entry{answer->first, found.access, found.next, has_verdicts ? &verdicts : nullptr});
  }
}

/// A redirecting host waiting for all the inputs to be read.
struct WaitingRedirect {
  RecordOrder order;
  std::string url;   ///< its own response's URL
  std::string next;  ///< where its Location leads, "" when it cannot be followed
  HostCensus host;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_REDIRECTS_H_
