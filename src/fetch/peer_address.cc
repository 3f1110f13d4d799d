// Public and non-public addresses (see peer_address.h). The ranges are IANA's special-
// purpose registries for IPv4 (RFC 6890 and updates) and IPv6.
#include "robotstxt/peer_address.h"

#include <arpa/inet.h>

namespace robotstxt {
namespace {

struct Range {
  std::array<std::uint8_t, 16> prefix;
  unsigned bits;
  std::string_view reason;
};

bool in_range(const std::uint8_t* bytes, const Range& range) {
  unsigned bits = range.bits;
  for (std::size_t i = 0; bits > 0; ++i) {
    const unsigned take = bits >= 8 ? 8 : bits;
    const auto mask = static_cast<std::uint8_t>(0xFF << (8 - take));
    if ((bytes[i] & mask) != (range.prefix[i] & mask)) return false;
    bits -= take;
  }
  return true;
}

constexpr Range kIpv4[] = {
    {{0}, 8, "unspecified"},                          // 0.0.0.0/8, "this network"
    {{10}, 8, "private"},                             // 10/8
    {{100, 64}, 10, "shared address space (CGNAT)"},  // 100.64/10
    {{127}, 8, "loopback"},                           // 127/8
    {{169, 254}, 16, "link-local"},                   // 169.254/16
    {{172, 16}, 12, "private"},                       // 172.16/12
    {{192, 0, 0}, 24, "reserved"},                    // IETF protocol assignments
    {{192, 0, 2}, 24, "reserved"},                    // TEST-NET-1
    {{192, 88, 99}, 24, "reserved"},                  // 6to4 relay anycast (deprecated)
    {{192, 168}, 16, "private"},                      // 192.168/16
    {{198, 18}, 15, "reserved"},                      // benchmarking
    {{198, 51, 100}, 24, "reserved"},                 // TEST-NET-2
    {{203, 0, 113}, 24, "reserved"},                  // TEST-NET-3
    {{224}, 4, "multicast"},                          // 224/4
    {{240}, 4, "reserved"},                           // 240/4 and the broadcast address
};

constexpr Range kIpv6[] = {
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, 128, "unspecified"},  // ::
    {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}, 128, "loopback"},     // ::1
    {{0x01, 0x00}, 64, "reserved"},                                          // 100::/64 discard
    {{0x20, 0x01, 0x0d, 0xb8}, 32, "reserved"},                              // documentation
    {{0x20, 0x01, 0x00, 0x00}, 23, "reserved"},                              // IETF protocols
    {{0xfc}, 7, "unique-local"},                                             // fc00::/7
    {{0xfe, 0x80}, 10, "link-local"},                                        // fe80::/10
    {{0xfe, 0xc0}, 10, "reserved"},                                          // site-local (old)
    {{0xff}, 8, "multicast"},                                                // ff00::/8
};

// IPv4 carried in IPv6 reaches an IPv4 host: ::ffff:a.b.c.d (mapped), 64:ff9b::a.b.c.d
// (NAT64), ::a.b.c.d (compatible, deprecated), and 2002:AABB:CCDD::/48 (6to4, the IPv4
// in the second and third groups). A relay or translator would carry the connection to
// that IPv4 host, so only the IPv4 address says where it ends.
const std::uint8_t* embedded_ipv4(const std::array<std::uint8_t, 16>& bytes) {
  static constexpr Range kEmbedding[] = {
      {{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff}, 96, {}},
      {{0x00, 0x64, 0xff, 0x9b}, 96, {}},
      {{0}, 96, {}},
  };
  for (const Range& range : kEmbedding) {
    if (in_range(bytes.data(), range)) return bytes.data() + 12;
  }
  static constexpr Range kSixToFour{{0x20, 0x02}, 16, {}};
  if (in_range(bytes.data(), kSixToFour)) return bytes.data() + 2;
  return nullptr;
}

std::string_view ipv4_reason(const std::uint8_t* bytes) {
  for (const Range& range : kIpv4) {
    if (in_range(bytes, range)) return range.reason;
  }
  return {};
}

}  // namespace

std::string to_string(const PeerAddress& address) {
  char text[INET6_ADDRSTRLEN] = {};
  inet_ntop(address.ipv6 ? AF_INET6 : AF_INET, address.bytes.data(), text, sizeof(text));
  const std::string host = address.ipv6 ? "[" + std::string(text) + "]" : std::string(text);
  return host + ":" + std::to_string(address.port);
}

std::string_view non_public_reason(const PeerAddress& address) noexcept {
  if (!address.ipv6) return ipv4_reason(address.bytes.data());
  // :: and ::1 first: they also look like IPv4-compatible addresses.
  for (const Range& range : kIpv6) {
    if (range.bits == 128 && in_range(address.bytes.data(), range)) return range.reason;
  }
  if (const std::uint8_t* ipv4 = embedded_ipv4(address.bytes)) return ipv4_reason(ipv4);
  for (const Range& range : kIpv6) {
    if (in_range(address.bytes.data(), range)) return range.reason;
  }
  return {};
}

std::string refuse_non_public_addresses(const PeerAddress& address) {
  // The rule, never the address: a client that named a host must not learn what it
  // resolves to (or where a connect-to mapping sends it) from the refusal.
  const std::string_view reason = non_public_reason(address);
  if (reason.empty()) return {};
  // "an unspecified", "a unique-local": the article follows the sound.
  const bool vowel_sound = reason.find_first_of("aeiou") == 0 && !reason.starts_with("uni");
  return std::string("refused to connect: the host is at ") + (vowel_sound ? "an " : "a ") +
         std::string(reason) + " address, not on the public internet";
}

}  // namespace robotstxt
