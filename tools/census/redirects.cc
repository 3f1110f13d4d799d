#include "census/redirects.h"

#include <algorithm>
#include <cstring>

#include "base/ascii.h"
#include "fetch/redirect_location.h"

namespace robotstxt::census {
namespace {

constexpr std::uint8_t kNoRule = 0xFF;

// Lower-cases the scheme and the authority of an absolute URL: hosts are matched as
// crawlers match them, whatever case a Location spells them in.
void lower_origin(std::string& url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string::npos) return;
  const std::size_t end = url.find_first_of("/?#", scheme + 3);
  const std::size_t stop = end == std::string::npos ? url.size() : end;
  for (std::size_t i = 0; i < stop; ++i) url[i] = internal::to_ascii_lower(url[i]);
}

void append_u32(std::string& out, std::uint32_t value) {
  char bytes[4];
  std::memcpy(bytes, &value, sizeof bytes);
  out.append(bytes, sizeof bytes);
}

std::uint32_t read_u32(std::string_view& in) {
  std::uint32_t value = 0;
  std::memcpy(&value, in.data(), sizeof value);
  in.remove_prefix(sizeof value);
  return value;
}

std::string encode_verdicts(const HostCensus& host) {
  std::string out;
  for (const CrawlerCensus& crawler : host.crawlers) {
    out += static_cast<char>(crawler.crawler_rule ? static_cast<std::uint8_t>(*crawler.crawler_rule)
                                                  : kNoRule);
    const std::size_t token = std::min<std::size_t>(crawler.token.size(), 255);
    out += static_cast<char>(token);
    out.append(crawler.token, 0, token);
    for (std::size_t p = 0; p < crawler.allowed.size(); ++p) {
      out += static_cast<char>(crawler.allowed[p] ? 1 : 0);
      append_u32(out, crawler.lines[p]);
    }
  }
  return out;
}

void decode_verdicts(std::string_view in, const CensusQuestions& questions, HostCensus& host) {
  host.crawlers.resize(questions.crawlers.size());
  for (CrawlerCensus& crawler : host.crawlers) {
    const auto rule = static_cast<std::uint8_t>(in[0]);
    crawler.crawler_rule.reset();
    if (rule != kNoRule) crawler.crawler_rule = static_cast<CrawlerRule>(rule);
    const auto token = static_cast<std::uint8_t>(in[1]);
    crawler.token.assign(in.substr(2, token));
    in.remove_prefix(2 + token);
    crawler.allowed.clear();
    crawler.lines.clear();
    for (std::size_t p = 0; p < questions.paths.size(); ++p) {
      crawler.allowed.push_back(in[0] != 0);
      in.remove_prefix(1);
      crawler.lines.push_back(read_u32(in));
    }
  }
}

// Whether resolving `uri` could change more than the case of its scheme and host: the
// plain URLs a crawl records, "https://host.example/robots.txt", are their own key without
// a URL parse per record (ports, dots, escapes, user info and odd bytes go to libcurl).
bool is_plain_url(std::string_view uri) {
  std::size_t start = 0;
  if (uri.size() > 8 && internal::equals_ignoring_case(uri.substr(0, 8), "https://")) {
    start = 8;
  } else if (uri.size() > 7 && internal::equals_ignoring_case(uri.substr(0, 7), "http://")) {
    start = 7;
  } else {
    return false;
  }
  const std::size_t path = uri.find('/', start);
  if (path == std::string_view::npos || path == start) return false;
  for (std::size_t i = start; i < path; ++i) {
    const char c = uri[i];
    if (!internal::is_ascii_alpha(c) && !internal::is_ascii_digit(c) && c != '-' && c != '.')
      return false;
  }
  if (uri[path - 1] == '.' || uri.find("/.", path) != std::string_view::npos) return false;
  for (std::size_t i = path; i < uri.size(); ++i) {
    const char c = uri[i];
    if (!internal::is_ascii_alpha(c) && !internal::is_ascii_digit(c) && c != '/' && c != '-' &&
        c != '_' && c != '.' && c != '~' && c != '?' && c != '=' && c != '&') {
      return false;
    }
  }
  return true;
}

}  // namespace

std::string response_url(std::string_view uri) {
  if (is_plain_url(uri)) {
    std::string url(uri);
    lower_origin(url);
    return url;
  }
  const std::string text(uri);
  return location_url(text, text);
}

std::string location_url(const std::string& url, std::string_view location) {
  if (location.empty()) return {};
  std::string resolved = internal::resolve_location(url, location).url;
  lower_origin(resolved);
  return resolved;
}

bool AnswerBook::remember(const std::string& url, RecordOrder order, const HostCensus& host,
                          const std::string& next) {
  if (url.empty()) return true;
  const auto found = answers_.find(url);
  if (found != answers_.end()) return true;  // an earlier record of this worker has it
  Answer answer;
  answer.order = order;
  answer.access = host.access;
  answer.redirects = host.access == CensusAccess::kRedirect;
  answer.next = next;
  if (host.decided() && !answer.redirects) answer.verdicts = encode_verdicts(host);
  // The map's node and the strings' bytes, roughly: enough to bound what a crawl holds.
  const std::size_t bytes = 96 + url.size() + answer.next.size() + answer.verdicts.size();
  if (used_->fetch_add(bytes, std::memory_order_relaxed) + bytes > kMaxRedirectMemoryBytes) {
    used_->fetch_sub(bytes, std::memory_order_relaxed);
    return false;
  }
  answers_.emplace(url, std::move(answer));
  return true;
}

void AnswerBook::take(AnswerBook&& other) {
  for (auto& [url, answer] : other.answers_) {
    const auto [found, added] = answers_.try_emplace(url, std::move(answer));
    if (!added && answer.order < found->second.order) found->second = std::move(answer);
  }
  other.answers_.clear();
}

void AnswerBook::resolve(const std::string& url, const std::string& next,
                         const CensusQuestions& questions, HostCensus& host,
                         std::vector<std::string>* chain) const {
  // A failed redirect is as 404: full allow (census_host() wrote that already).
  host.redirect = RedirectOutcome::kFailed;
  host.hops = 0;
  host.redirect_target.clear();
  std::vector<std::string> requested = {url};
  follow(requested, next, questions, host);
  if (chain != nullptr) *chain = std::move(requested);
}

void AnswerBook::resume(std::vector<std::string>& chain, const CensusQuestions& questions,
                        HostCensus& host) const {
  if (chain.size() < 2) return;
  std::string at = std::move(chain.back());
  chain.pop_back();
  host.redirect = RedirectOutcome::kFailed;
  host.hops = static_cast<std::uint32_t>(chain.size() - 1);
  follow(chain, std::move(at), questions, host);
}

void AnswerBook::follow(std::vector<std::string>& requested, std::string at,
                        const CensusQuestions& questions, HostCensus& host) const {
  while (!at.empty() && host.hops < kMaxRedirectHops) {
    ++host.hops;
    host.redirect_target = at;
    if (std::find(requested.begin(), requested.end(), at) != requested.end()) return;  // a loop
    requested.push_back(at);
    const auto found = answers_.find(at);
    if (found == answers_.end()) {
      host.redirect = RedirectOutcome::kUnresolved;
      return;
    }
    const Answer& answer = found->second;
    if (answer.redirects) {
      at = answer.next;
      continue;
    }
    host.redirect = RedirectOutcome::kFollowed;
    host.target_access = answer.access;
    decode(answer, questions, host);
    return;
  }
}

void AnswerBook::decode(const Answer& answer, const CensusQuestions& questions, HostCensus& host) {
  if (!answer.verdicts.empty()) decode_verdicts(answer.verdicts, questions, host);
  if (answer.access != CensusAccess::kRules && answer.access != CensusAccess::kUndecided) {
    // The target's status decided (full allow or disallow): every crawler robots.txt
    // binds gets it, as census_host() writes it for a host of its own.
    const bool allowed = answer.access != CensusAccess::kFullDisallow;
    host.crawlers.resize(questions.crawlers.size());
    for (std::size_t c = 0; c < host.crawlers.size(); ++c) {
      host.crawlers[c].crawler_rule.reset();
      host.crawlers[c].token.clear();
      host.crawlers[c].allowed.assign(questions.paths.size(), allowed || !questions.bound[c]);
      host.crawlers[c].lines.assign(questions.paths.size(), 0);
    }
  }
}

}  // namespace robotstxt::census
