/**
 * @file peer_address.h
 * @brief The address the fetcher is about to connect to, and whether it is on the
 *        public internet: the check a service makes before fetching a URL that one of
 *        its clients named (server-side request forgery).
 *
 * Pipeline position: url -> **fetcher** (FetchOptions::refuse_address) -> policy. The
 * check runs on the address actually connected, after DNS and on every redirect hop, so
 * a name that resolves (or is rebound) to an internal address does not get through.
 *
 * @code
 *   robotstxt::FetchOptions options;
 *   options.refuse_address = robotstxt::refuse_non_public_addresses;
 *   // a fetch of http://127.0.0.1/ now ends with FetchKind::kRefused
 * @endcode
 */
#ifndef ROBOTSTXT_PEER_ADDRESS_H_
#define ROBOTSTXT_PEER_ADDRESS_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace robotstxt {

struct PeerAddress {
  bool ipv6 = false;
  std::array<std::uint8_t, 16> bytes{};  ///< network order; IPv4 in the first four
  std::uint16_t port = 0;
};

/// "127.0.0.1:80", "[::1]:443".
[[nodiscard]] std::string to_string(const PeerAddress& address);

/// Why `address` is not a public internet address, or "" when it is: "loopback",
/// "private", "link-local", "shared address space (CGNAT)", "unique-local",
/// "multicast", "unspecified", "reserved" (documentation, benchmarking, IETF and
/// future-use ranges). IPv4 inside IPv6 (mapped, NAT64 64:ff9b::/96, compatible, 6to4
/// 2002::/16) is judged as that IPv4 address.
[[nodiscard]] std::string_view non_public_reason(const PeerAddress& address) noexcept;

/// A FetchOptions::refuse_address that refuses every non-public address, saying which
/// rule refused it ("refused to connect: the host is at a loopback address, not on the
/// public internet") and never the address itself: a client must not learn from the
/// refusal what a name resolves to.
[[nodiscard]] std::string refuse_non_public_addresses(const PeerAddress& address);

}  // namespace robotstxt

#endif  // ROBOTSTXT_PEER_ADDRESS_H_
