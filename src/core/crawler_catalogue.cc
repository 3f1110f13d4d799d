// Looking crawlers up in the catalogue (docs/semantics.md 8).
#include "robotstxt/crawler_catalogue.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "base/ascii.h"
#include "base/edit_distance.h"
#include "core/crawler_catalogue_data.h"

namespace robotstxt {
namespace {

constexpr std::array<std::string_view, 6> kPurposeNames = {
    "search", "ads", "ai-training", "ai-search", "user-triggered", "other"};

// A product-token character, or a digit: text that continues a word of a User-Agent
// header, so that "Googlebot" is not found inside "Googlebot-Image" or "XGooglebot".
bool continues_word(char c) noexcept {
  return internal::is_ascii_alpha(c) || internal::is_ascii_digit(c) || c == '_' || c == '-';
}

// Whether `word` occurs in `header` (ignoring case) with no word character on either side.
bool has_word(std::string_view header, std::string_view word) noexcept {
  if (word.empty() || word.size() > header.size()) return false;
  for (std::size_t at = 0; at + word.size() <= header.size(); ++at) {
    if (!internal::equals_ignoring_case(header.substr(at, word.size()), word)) continue;
    const bool starts = at == 0 || !continues_word(header[at - 1]);
    const std::size_t end = at + word.size();
    if (starts && (end == header.size() || !continues_word(header[end]))) return true;
  }
  return false;
}

// The bytes of a word as a set, ignoring case: byte b sets bit b % 64. A byte of one word
// whose bit the other's set lacks occurs nowhere in the other, so each such bit costs an
// edit of its own: the bits one set has beyond the other's bound the edit distance from
// below (bytes that share a bit only make the bound weaker, never wrong).
std::uint64_t byte_set(std::string_view word) noexcept {
  std::uint64_t set = 0;
  for (const char c : word) {
    set |= std::uint64_t{1} << (static_cast<unsigned char>(internal::to_ascii_lower(c)) % 64);
  }
  return set;
}

struct KnownToken {
  std::string_view token;
  std::uint64_t bytes;  // byte_set(token)
};

// Every catalogue token in catalogue order, with its byte set: the linter asks for the
// closest one for every user-agent line a crawler does not know, and most tokens are
// ruled out by their length or their bytes without filling an edit-distance table.
const std::vector<KnownToken>& known_tokens() {
  static const std::vector<KnownToken> tokens = [] {
    std::vector<KnownToken> all;
    for (const Crawler& crawler : crawler_catalogue()) {
      for (const std::string_view token : crawler.tokens) all.push_back({token, byte_set(token)});
    }
    return all;
  }();
  return tokens;
}

}  // namespace

std::string_view to_string(CrawlerPurpose purpose) noexcept {
  return kPurposeNames[static_cast<std::size_t>(purpose)];
}

std::string_view to_string(CrawlDelaySupport support) noexcept {
  switch (support) {
    case CrawlDelaySupport::kHonoured:
      return "honoured";
    case CrawlDelaySupport::kIgnored:
      return "ignored";
    case CrawlDelaySupport::kUnknown:
      break;
  }
  return "unknown";
}

std::optional<CrawlerPurpose> purpose_named(std::string_view name) noexcept {
  for (std::size_t i = 0; i < kPurposeNames.size(); ++i) {
    if (kPurposeNames[i] == name) return static_cast<CrawlerPurpose>(i);
  }
  return std::nullopt;
}

std::span<const Crawler> crawler_catalogue() noexcept {
  return {internal::kCrawlerCatalogue, internal::kCrawlerCatalogueSize};
}

std::string_view crawler_catalogue_updated() noexcept { return internal::kCrawlerCatalogueUpdated; }

const Crawler* find_crawler(std::string_view name) noexcept {
  for (const Crawler& crawler : crawler_catalogue()) {
    if (internal::equals_ignoring_case(crawler.name, name)) return &crawler;
  }
  return nullptr;
}

const Crawler* crawler_in_user_agent(std::string_view header) noexcept {
  const Crawler* best = nullptr;
  std::size_t best_length = 0;
  for (const Crawler& crawler : crawler_catalogue()) {
    // The first token is the crawler's own; later ones are other crawlers' it falls back to.
    const std::string_view word = !crawler.user_agent_substring.empty()
                                      ? crawler.user_agent_substring
                                  : crawler.tokens.empty() ? std::string_view()
                                                           : crawler.tokens.front();
    if (word.size() > best_length && has_word(header, word)) {
      best = &crawler;
      best_length = word.size();
    }
  }
  return best;
}

std::vector<std::string_view> closest_crawler_names(std::string_view name, std::size_t count) {
  // Close means a name that starts with what was typed (three bytes at least: "GPT" for
  // GPTBot), or one a few edits away, a third of its length at most (two for short
  // names): beyond that a suggestion is a guess ("Foo" is no more CCBot than GPTBot).
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  struct Candidate {
    bool prefix;
    std::size_t distance;
    std::string_view name;
  };
  std::vector<Candidate> ranked;
  for (const Crawler& crawler : crawler_catalogue()) {
    const bool prefix = name.size() >= 3 && crawler.name.size() > name.size() &&
                        internal::equals_ignoring_case(crawler.name.substr(0, name.size()), name);
    const std::size_t distance = internal::edits_within(name, crawler.name, limit);
    if (prefix || distance <= limit) ranked.push_back({prefix, distance, crawler.name});
  }
  // Prefixes first, then by distance; catalogue order on a tie.
  std::stable_sort(ranked.begin(), ranked.end(), [](const Candidate& a, const Candidate& b) {
    return a.prefix != b.prefix ? a.prefix : a.distance < b.distance;
  });
  std::vector<std::string_view> names;
  for (std::size_t i = 0; i < ranked.size() && i < count; ++i) names.push_back(ranked[i].name);
  return names;
}

std::vector<const Crawler*> crawlers_using_token(std::string_view token) {
  std::vector<const Crawler*> found;
  for (const Crawler& crawler : crawler_catalogue()) {
    for (const std::string_view known : crawler.tokens) {
      if (internal::equals_ignoring_case(known, token)) {
        found.push_back(&crawler);
        break;
      }
    }
  }
  return found;
}

std::string_view likely_misspelt_token(std::string_view token) {
  const std::vector<KnownToken>& known_list = known_tokens();
  if (token.empty() ||
      std::any_of(known_list.begin(), known_list.end(), [token](const auto& known) {
        return internal::equals_ignoring_case(known.token, token);
      })) {
    return {};
  }
  const std::size_t allowed = token.size() >= 8 ? 2 : 1;
  // The closest known token within the limit; the first in catalogue order on a tie.
  std::string_view best;
  std::size_t best_distance = allowed + 1;
  const std::uint64_t bytes = byte_set(token);
  for (const KnownToken& known : known_list) {
    // Only a token closer than the best so far can change the answer: skip those that
    // their length or their bytes alone keep farther.
    const std::size_t limit = best_distance - 1;
    const std::size_t gap = token.size() > known.token.size() ? token.size() - known.token.size()
                                                              : known.token.size() - token.size();
    if (gap > limit || static_cast<std::size_t>(std::popcount(bytes & ~known.bytes)) > limit ||
        static_cast<std::size_t>(std::popcount(known.bytes & ~bytes)) > limit) {
      continue;
    }
    const std::size_t distance = internal::edits_within(token, known.token, limit);
    if (distance < best_distance) {
      best = known.token;
      best_distance = distance;
    }
  }
  return best;
}

}  // namespace robotstxt
