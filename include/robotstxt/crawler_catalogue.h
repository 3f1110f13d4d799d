/**
 * @file crawler_catalogue.h
 * @brief Who is asking: known crawlers, their product tokens in precedence order and
 *        how they pick their group (docs/semantics.md 8).
 *
 * Beside the agent list (several names merged, docs/semantics.md 2.5), a crawler is the second
 * way to ask RobotsTxt a question: RobotsTxt::allowed(url, crawler) follows the
 * crawler's own precedence. The catalogue is data (data/crawlers.json, every fact with
 * the page it comes from), compiled into the library.
 *
 * @code
 *   const robotstxt::Crawler* image = robotstxt::find_crawler("googlebot-image");
 *   if (image != nullptr) robots.allowed("https://example.com/a.png", *image);
 * @endcode
 */
#ifndef ROBOTSTXT_CRAWLER_CATALOGUE_H_
#define ROBOTSTXT_CRAWLER_CATALOGUE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace robotstxt {

/// What a crawler fetches for.
enum class CrawlerPurpose : std::uint8_t {
  kSearch,         ///< a search engine's index
  kAds,            ///< ads quality or targeting
  kAiTraining,     ///< training AI models
  kAiSearch,       ///< AI search and answers
  kUserTriggered,  ///< a person asked for this fetch
  kOther,
};

/// "search", "ads", "ai-training", "ai-search", "user-triggered", "other".
[[nodiscard]] std::string_view to_string(CrawlerPurpose purpose) noexcept;
/// The purpose named by one of those strings (exactly), or nullopt.
[[nodiscard]] std::optional<CrawlerPurpose> purpose_named(std::string_view name) noexcept;

/// Whether a crawler follows robots.txt's Crawl-delay and Request-rate, as its operator
/// documents it (Crawler::crawl_delay_source says where).
enum class CrawlDelaySupport : std::uint8_t {
  kUnknown,   ///< not documented: the caller's option for plain agent tokens decides
  kHonoured,  ///< the operator says it waits as the file asks
  kIgnored,   ///< the operator says it does not (Google: only its own crawl rate)
};

/// "unknown", "honoured", "ignored".
[[nodiscard]] std::string_view to_string(CrawlDelaySupport support) noexcept;

/// A crawler: a name, its product tokens most specific first, and two flags that change
/// how its group is chosen. Catalogue entries live for the whole program; a caller may
/// also describe a crawler of its own (the views must then outlive its use).
struct Crawler {
  // Not an aggregate on purpose: `allowed(url, {"FooBot"})` must mean an agent list,
  // never a crawler named FooBot with no tokens.
  Crawler() = default;
  constexpr Crawler(std::string_view name_, std::span<const std::string_view> tokens_,
                    bool ignores_global_group_, bool obeys_robots_txt_,
                    std::string_view operator_name_, CrawlerPurpose purpose_,
                    std::span<const std::string_view> sources_, bool verified_,
                    std::string_view notes_, std::string_view user_agent_substring_,
                    CrawlDelaySupport crawl_delay_ = CrawlDelaySupport::kUnknown,
                    std::string_view crawl_delay_source_ = {}) noexcept
      : name(name_),
        tokens(tokens_),
        ignores_global_group(ignores_global_group_),
        obeys_robots_txt(obeys_robots_txt_),
        operator_name(operator_name_),
        purpose(purpose_),
        sources(sources_),
        verified(verified_),
        notes(notes_),
        user_agent_substring(user_agent_substring_),
        crawl_delay(crawl_delay_),
        crawl_delay_source(crawl_delay_source_) {}

  std::string_view name;
  /// Tokens in precedence order (docs/semantics.md 8.1): the first that some group names decides.
  std::span<const std::string_view> tokens;
  /// `*` never applies: the crawler must be named (docs/semantics.md 8.2).
  bool ignores_global_group = false;
  /// false: robots.txt does not bind it; it is always allowed, and said so (8.3).
  bool obeys_robots_txt = true;
  std::string_view operator_name;
  CrawlerPurpose purpose = CrawlerPurpose::kOther;
  /// Pages the facts come from, the operator's own first.
  std::span<const std::string_view> sources;
  /// Every fact was read on the operator's page (see data/README.md).
  bool verified = false;
  std::string_view notes;
  /// Text found in its HTTP User-Agent header, when documented; else empty.
  std::string_view user_agent_substring;
  /// Whether it follows Crawl-delay (politeness.h), and the page that says so.
  CrawlDelaySupport crawl_delay = CrawlDelaySupport::kUnknown;
  std::string_view crawl_delay_source;
};

/// Every crawler of the catalogue, in the data file's order (grouped by operator).
[[nodiscard]] std::span<const Crawler> crawler_catalogue() noexcept;
/// The date the catalogue's sources were last read (YYYY-MM-DD).
[[nodiscard]] std::string_view crawler_catalogue_updated() noexcept;

/// The crawler named `name`, ASCII case-insensitively ("googlebot-image"); nullptr when
/// the catalogue has none.
[[nodiscard]] const Crawler* find_crawler(std::string_view name) noexcept;

/// The catalogue crawler an HTTP User-Agent header names ("Mozilla/5.0 (compatible;
/// Googlebot/2.1; ...)" -> Googlebot): the one whose documented User-Agent text (else its
/// own first token) appears as a whole word, ignoring case; the longest such text wins,
/// so "Googlebot-Image/1.0" is Googlebot-Image, not Googlebot. nullptr when none does.
[[nodiscard]] const Crawler* crawler_in_user_agent(std::string_view header) noexcept;
/// Up to `count` catalogue names close to `name`, for "did you mean" messages, ignoring
/// case: names that start with `name` (of 3 bytes or more) first, then names at most
/// max(2, size / 3) edits away, closest first. Empty when no name is close.
[[nodiscard]] std::vector<std::string_view> closest_crawler_names(std::string_view name,
                                                                  std::size_t count = 3);

/// The catalogue crawlers that list `token` among their tokens (ASCII
/// case-insensitively, as groups compare, docs/semantics.md 2.5), in catalogue order.
[[nodiscard]] std::vector<const Crawler*> crawlers_using_token(std::string_view token);

/// For a token no catalogue crawler uses, the known token it is most likely a typo of:
/// within one edit (ignoring case), two for tokens of eight bytes or more
/// ("Googlebot-Images" -> "Googlebot-Image"). Empty when there is none, or when `token`
/// is itself known.
[[nodiscard]] std::string_view likely_misspelt_token(std::string_view token);

}  // namespace robotstxt

#endif  // ROBOTSTXT_CRAWLER_CATALOGUE_H_
