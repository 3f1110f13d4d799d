// Which addresses a service refuses to fetch from (peer_address.h): every special-purpose
// range, IPv4 inside IPv6 judged as IPv4, and the public internet allowed.
#include "robotstxt/peer_address.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>

#include <string>

namespace robotstxt {
namespace {

PeerAddress parse(const std::string& text) {
  PeerAddress address;
  address.ipv6 = text.find(':') != std::string::npos;
  EXPECT_EQ(inet_pton(address.ipv6 ? AF_INET6 : AF_INET, text.c_str(), address.bytes.data()), 1)
      << text;
  address.port = 80;
  return address;
}

TEST(PeerAddressTest, NonPublicAddressesAreNamed) {
  const struct {
    const char* address;
    const char* reason;
  } cases[] = {
      {"127.0.0.1", "loopback"},
      {"127.255.0.9", "loopback"},
      {"10.1.2.3", "private"},
      {"172.16.0.1", "private"},
      {"172.31.255.255", "private"},
      {"192.168.1.1", "private"},
      {"169.254.169.254", "link-local"},  // cloud metadata services live here
      {"100.64.0.1", "shared address space (CGNAT)"},
      {"100.127.255.255", "shared address space (CGNAT)"},
      {"0.0.0.0", "unspecified"},
      {"224.0.0.1", "multicast"},
      {"239.255.255.250", "multicast"},
      {"240.0.0.1", "reserved"},
      {"255.255.255.255", "reserved"},
      {"192.0.2.10", "reserved"},
      {"198.18.0.1", "reserved"},
      {"::1", "loopback"},
      {"::", "unspecified"},
      {"fe80::1", "link-local"},
      {"fc00::1", "unique-local"},
      {"fd12:3456::1", "unique-local"},
      {"ff02::1", "multicast"},
      {"2001:db8::1", "reserved"},
      {"::ffff:127.0.0.1", "loopback"},
      {"::ffff:10.0.0.1", "private"},
      {"64:ff9b::a9fe:a9fe", "link-local"},  // NAT64 to 169.254.169.254
      {"64:ff9b::7f00:1", "loopback"},       // NAT64 to 127.0.0.1
      {"64:ff9b::a00:1", "private"},         // NAT64 to 10.0.0.1
      {"2002:7f00:1::", "loopback"},         // 6to4 of 127.0.0.1
      {"2002:a9fe:a9fe::1", "link-local"},   // 6to4 of 169.254.169.254
      {"2002:c0a8:101:5::9", "private"},     // 6to4 of 192.168.1.1, any subnet and host
      {"2002:a00:1::", "private"},           // 6to4 of 10.0.0.1
  };
  for (const auto& c : cases) {
    EXPECT_EQ(non_public_reason(parse(c.address)), c.reason) << c.address;
    EXPECT_NE(refuse_non_public_addresses(parse(c.address)).find(c.reason), std::string::npos);
  }
}

TEST(PeerAddressTest, PublicAddressesAreAllowed) {
  for (const char* address :
       {"8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1",
        "192.169.0.1", "223.255.255.255", "2606:4700:4700::1111", "2a00:1450:4001::200e",
        "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"}) {
    EXPECT_EQ(non_public_reason(parse(address)), "") << address;
    EXPECT_EQ(refuse_non_public_addresses(parse(address)), "") << address;
  }
}

// A refusal says which rule refused and nothing of the address: a client that named a
// host must not learn from the answer what the name resolves to.
TEST(PeerAddressTest, RefusalNamesTheRuleNotTheAddress) {
  for (const char* address : {"127.0.0.1", "10.11.12.13", "fd12:3456::1", "2002:a0b:c0d::7",
                              "64:ff9b::a0b:c0d", "0.0.0.0"}) {
    const std::string refusal = refuse_non_public_addresses(parse(address));
    EXPECT_EQ(refusal.find(address), std::string::npos) << refusal;
    EXPECT_EQ(refusal.find(":80"), std::string::npos) << refusal;  // nor the port
    EXPECT_NE(refusal.find(std::string(non_public_reason(parse(address))) + " address"),
              std::string::npos)
        << refusal;
  }
  EXPECT_EQ(refuse_non_public_addresses(parse("10.11.12.13")),
            "refused to connect: the host is at a private address, not on the public internet");
  EXPECT_EQ(refuse_non_public_addresses(parse("0.0.0.0")),
            "refused to connect: the host is at an unspecified address, not on the public "
            "internet");
}

TEST(PeerAddressTest, PrintsAddressAndPort) {
  EXPECT_EQ(to_string(parse("127.0.0.1")), "127.0.0.1:80");
  EXPECT_EQ(to_string(parse("::1")), "[::1]:80");
}

}  // namespace
}  // namespace robotstxt
