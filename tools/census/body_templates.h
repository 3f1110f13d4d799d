// The most common robots.txt bodies of a census: a managed file (a CDN's, a CMS's, a
// hosting company's) served unchanged by many hosts shows up as one template with its
// host count and its first lines. Bodies are told apart by a 64-bit hash (XXH3) of the
// body as a crawler reads it (docs/census.md "Templates").
#ifndef ROBOTSTXT_TOOLS_CENSUS_BODY_TEMPLATES_H_
#define ROBOTSTXT_TOOLS_CENSUS_BODY_TEMPLATES_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace robotstxt::census {

/// Distinct bodies counted in memory per summary; past it the least counted one gives
/// way to the new one (its count becomes the floor), so every body served by more than
/// hosts / kTrackedTemplates hosts is kept.
inline constexpr std::size_t kTrackedTemplates = 10000;
/// Templates written in summary.json, the most hosts first.
inline constexpr std::size_t kWrittenTemplates = 1000;
/// A template's first lines: this many, each cut at kTemplateLineBytes bytes.
inline constexpr std::size_t kTemplateLines = 3;
inline constexpr std::size_t kTemplateLineBytes = 100;

/// A body's template: the hash of the body with a leading UTF-8 byte order mark left out
/// and CR LF and lone CR read as LF (as the parser splits lines, docs/semantics.md 1), and
/// its first lines after that normalisation.
struct BodyTemplate {
  std::uint64_t hash = 0;
  std::vector<std::string> first_lines;
  std::string scratch;  ///< the normalised body when it had CRs (room kept between hosts)
};
/// Writes `body`'s template over `out` (its lists keep their room).
void template_of(std::string_view body, BodyTemplate& out);
/// The hash as written in JSON: 16 lower-case hex digits (JSON numbers lose 64 bits).
[[nodiscard]] std::string hash_text(std::uint64_t hash);

/// Host counts per template, bounded. Counts are exact while the distinct bodies seen,
/// in every part merged, stay within the bounds; past them a count is an upper bound and
/// `error` says by how much it may be over, and `floor` bounds the count of any body not
/// listed.
class BodyTemplates {
 public:
  struct Entry {
    std::uint64_t hosts = 0;  ///< hosts serving it (an upper bound when error > 0)
    std::uint64_t error = 0;  ///< hosts - error is a lower bound
    std::vector<std::string> first_lines;
  };

  void add(const BodyTemplate& body);
  void merge(const BodyTemplates& part);
  /// {"hosts", "floor", "top": [{"hash", "hosts", "error", "first_lines"}]}.
  [[nodiscard]] nlohmann::json to_json() const;
  /// Read back from to_json's form; nullopt with `error` on anything else.
  [[nodiscard]] static std::optional<BodyTemplates> from_json(const nlohmann::json& json,
                                                              std::string& error);

  /// The templates in written order: the most hosts first, then by hash.
  [[nodiscard]] std::vector<std::pair<std::uint64_t, const Entry*>> ranked() const;
  [[nodiscard]] std::uint64_t hosts() const { return hosts_; }
  [[nodiscard]] std::uint64_t floor() const { return floor_; }

 private:
  void set_hosts(std::uint64_t hash, Entry& entry, std::uint64_t hosts);
  // Drops the least counted templates past `limit`, raising the floor to their counts.
  void trim(std::size_t limit);

  std::uint64_t hosts_ = 0;  // hosts whose body was read as rules
  std::uint64_t floor_ = 0;  // no template left out was served by more hosts
  std::unordered_map<std::uint64_t, Entry> entries_;
  std::set<std::pair<std::uint64_t, std::uint64_t>> by_hosts_;  // (hosts, hash)
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_BODY_TEMPLATES_H_
