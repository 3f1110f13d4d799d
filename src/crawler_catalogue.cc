// Looking crawlers up in the catalogue (SEMANTICS.md section 8).
#include "robotstxt/crawler_catalogue.h"

#include <algorithm>
#include <array>

#include "ascii.h"
#include "crawler_catalogue_data.h"

namespace robotstxt {
namespace {

constexpr std::array<std::string_view, 6> kPurposeNames = {
    "search", "ads", "ai-training", "ai-search", "user-triggered", "other"};

// Levenshtein distance ignoring ASCII case, in O(|a| * |b|) time and O(|b|) memory.
// Names are short, and the input is capped so that a huge argument costs nothing.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  a = a.substr(0, 64);
  b = b.substr(0, 64);
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      const bool same = internal::to_ascii_lower(a[i - 1]) == internal::to_ascii_lower(b[j - 1]);
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view to_string(CrawlerPurpose purpose) noexcept {
  return kPurposeNames[static_cast<std::size_t>(purpose)];
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

std::vector<std::string_view> closest_crawler_names(std::string_view name, std::size_t count) {
  std::vector<std::pair<std::size_t, std::string_view>> ranked;
  for (const Crawler& crawler : crawler_catalogue()) {
    ranked.emplace_back(edit_distance(name, crawler.name), crawler.name);
  }
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string_view> names;
  for (std::size_t i = 0; i < ranked.size() && i < count; ++i) names.push_back(ranked[i].second);
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
  if (token.empty() || !crawlers_using_token(token).empty()) return {};
  const std::size_t allowed = token.size() >= 8 ? 2 : 1;
  std::string_view best;
  std::size_t best_distance = allowed + 1;
  for (const Crawler& crawler : crawler_catalogue()) {
    for (const std::string_view known : crawler.tokens) {
      const std::size_t distance = edit_distance(token, known);
      if (distance < best_distance) {
        best = known;
        best_distance = distance;
      }
    }
  }
  return best;
}

}  // namespace robotstxt
