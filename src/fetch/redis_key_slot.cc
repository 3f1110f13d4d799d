// Redis Cluster's key-to-slot function (see redis_key_slot.h).
#include "fetch/redis_key_slot.h"

#include <array>
#include <cstddef>

namespace robotstxt::internal {
namespace {

// CRC16 with polynomial 0x1021, initial value 0, no reflection (XMODEM): what Redis
// Cluster's specification names. One table entry per leading byte.
constexpr std::array<std::uint16_t, 256> make_crc16_table() {
  std::array<std::uint16_t, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned crc = byte << 8;
    for (int bit = 0; bit < 8; ++bit) crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
    table[byte] = static_cast<std::uint16_t>(crc);
  }
  return table;
}

constexpr std::array<std::uint16_t, 256> kCrc16Table = make_crc16_table();

std::uint16_t crc16(std::string_view bytes) {
  std::uint16_t crc = 0;
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    crc = static_cast<std::uint16_t>((crc << 8) ^ kCrc16Table[((crc >> 8) ^ byte) & 0xFF]);
  }
  return crc;
}

}  // namespace

std::uint16_t redis_key_slot(std::string_view key) noexcept {
  const std::size_t open = key.find('{');
  if (open != std::string_view::npos) {
    const std::size_t close = key.find('}', open + 1);
    if (close != std::string_view::npos && close > open + 1) {
      key = key.substr(open + 1, close - open - 1);
    }
  }
  return static_cast<std::uint16_t>(crc16(key) % kRedisClusterSlots);
}

}  // namespace robotstxt::internal
