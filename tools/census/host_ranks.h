// --ranks FILE: a list of ranked domains (CSV `rank,host`, the Tranco list's format), by
// which a census also counts every share per stratum of popularity (docs/census.md
// "Strata of popularity").
#ifndef ROBOTSTXT_TOOLS_CENSUS_HOST_RANKS_H_
#define ROBOTSTXT_TOOLS_CENSUS_HOST_RANKS_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace robotstxt::census {

/// The strata, disjoint: ranks 1-1,000, 1,001-10,000, 10,001-100,000, 100,001-1,000,000,
/// and the hosts the list does not rank (or ranks past 1,000,000).
inline constexpr std::size_t kStrata = 5;
inline constexpr std::array<const char*, kStrata> kStratumKeys = {
    "1-1000", "1001-10000", "10001-100000", "100001-1000000", "unranked"};
/// The stratum of a rank (0: unranked).
[[nodiscard]] std::size_t stratum_of(std::uint32_t rank) noexcept;

/// A rank list bigger than this is no rank list (Tranco's holds 1,000,000 lines).
inline constexpr std::size_t kMaxRankedHosts = 10'000'000;
/// A line longer than this is no `rank,host` line (a host name is at most 253 bytes).
inline constexpr std::size_t kMaxRankLineBytes = 512;

class HostRanks {
 public:
  /// FILE read, or nullopt after one line on stderr naming the first malformed line.
  [[nodiscard]] static std::optional<HostRanks> read_or_report(const std::string& path);

  /// The rank of a census host (an authority, lower-case, maybe with a port): its name
  /// without the port as listed, else without a leading "www."; 0 when not listed.
  [[nodiscard]] std::uint32_t rank(std::string_view host) const;

 private:
  std::unordered_map<std::string, std::uint32_t> ranks_;
};

}  // namespace robotstxt::census

#endif  // ROBOTSTXT_TOOLS_CENSUS_HOST_RANKS_H_
