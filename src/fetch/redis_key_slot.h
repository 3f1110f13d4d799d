// Which of Redis Cluster's 16384 hash slots a key belongs to: the cluster client routes
// each command by it (redis_cluster.h), and a key's slot decides which master holds it.
#ifndef ROBOTSTXT_FETCH_REDIS_KEY_SLOT_H_
#define ROBOTSTXT_FETCH_REDIS_KEY_SLOT_H_

#include <cstdint>
#include <string_view>

namespace robotstxt::internal {

inline constexpr int kRedisClusterSlots = 16384;

/// The slot Redis Cluster gives `key`: CRC16 (the XMODEM variant) of its hash tag, modulo
/// 16384. The hash tag is what lies between the first `{` and the first `}` after it,
/// when that is not empty; otherwise the whole key is hashed. So every key that carries
/// `{https://example.com}`, and no `{` before it, lands in one slot.
/// Example: redis_key_slot("123456789") == 0x31C3 % 16384 == 12739.
[[nodiscard]] std::uint16_t redis_key_slot(std::string_view key) noexcept;

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_FETCH_REDIS_KEY_SLOT_H_
