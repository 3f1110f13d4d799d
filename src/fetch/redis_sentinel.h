// Where a Sentinel-managed master is: the sentinels are asked in turn
// (SENTINEL get-master-addr-by-name), each within the store's timeouts, and their
// answer is checked as any input from the network is. Internal to the fetch library;
// RedisStore (redis_store.h) asks when it knows no master.
#ifndef ROBOTSTXT_SRC_FETCH_REDIS_SENTINEL_H_
#define ROBOTSTXT_SRC_FETCH_REDIS_SENTINEL_H_

#include <optional>
#include <string>

#include "robotstxt/redis_store.h"

namespace robotstxt::internal {

struct SentinelAnswer {
  std::optional<RedisEndpoint> master;  ///< empty when no sentinel named one
  std::string error;                    ///< then why, for each sentinel asked (no password)
};

/// The first master address a sentinel of options.address.sentinels gives for
/// options.address.master_name. Each sentinel takes at most a connect timeout and two
/// command timeouts (AUTH when it asks for it); no sentinel is asked once twice the
/// connect and command timeouts (1 s by default) have passed since the first.
[[nodiscard]] SentinelAnswer ask_sentinels(const RedisStoreOptions& options);

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_FETCH_REDIS_SENTINEL_H_
