// `robotstxt serve`: the robots.txt cache of a crawler fleet as an HTTP service
// (docs/serve.md). One RobotsClient for every request; with --redis, its shared tier
// makes every instance on the same Redis one cache with one fetch per origin.
#include <arpa/inet.h>
#include <malloc.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "answer/cli_support.h"
#include "base/ascii.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/redis_options.h"
#include "cli/transfer_options.h"
#include "robotstxt/fetch_gate.h"
#include "robotstxt/peer_address.h"
#include "robotstxt/politeness.h"
#include "robotstxt/redis_schedule_store.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"
#include "service/endpoints.h"
#include "service/http_server.h"
#include "service/robots_api.h"
#include "service/shared_tier_log.h"

namespace robotstxt::cli {
namespace {

struct ServeOptions {
  std::string listen = "127.0.0.1:8080";
  RedisFlags redis;
  std::string redis_cluster;
  std::string token_file;
  bool no_token = false;
  bool allow_private = false;
  std::size_t concurrency = 64;
  std::size_t max_fetches = 0;  // 0: --concurrency
  TransferFlags transfer;
  std::size_t max_batch = 10000;
  std::size_t max_batch_origins = service::ApiOptions{}.max_batch_origins;
  std::size_t max_connections = 4096;
  double request_fetch_share = 0.25;
  double refresh_interval_seconds = 10;
  std::uint64_t max_request_work = service::ApiOptions{}.max_request_work;
  std::size_t max_answer_bytes = service::ApiOptions{}.max_answer_bytes;
  unsigned header_timeout_seconds = 10;
  unsigned idle_timeout_seconds = 60;
  unsigned drain_timeout_seconds = 20;
  std::vector<std::string> allowed_hosts;
  std::size_t cache_bytes = CacheOptions{}.max_bytes;
  double polite_spacing_seconds = 1;
  double polite_max_spacing_seconds = 60;
  double polite_max_wait_seconds = 600;
  std::string crawl_delay_for_agents = "honour";
  std::string access_log;  // "": none; "-": stderr
};

// Seconds given on the command line as ms; false (after saying why) unless within
// [low, high].
bool seconds_option(const char* name, double seconds, double low, double high,
                    std::chrono::milliseconds& milliseconds) {
  if (!(seconds >= low && seconds <= high)) {
    report_error("serve", std::string(name) + " must be a number of seconds from " +
                              std::to_string(static_cast<long long>(low)) + " to " +
                              std::to_string(static_cast<long long>(high)));
    return false;
  }
  milliseconds = std::chrono::milliseconds(std::llround(seconds * 1000.0));
  return true;
}

// The politeness part of the options (docs/serve.md "Politeness"); nullopt after an error.
std::optional<PolitenessOptions> politeness_options(const ServeOptions& options) {
  PolitenessOptions politeness;
  if (!seconds_option("--polite-spacing", options.polite_spacing_seconds, 0, 3600,
                      politeness.default_spacing) ||
      !seconds_option("--polite-max-spacing", options.polite_max_spacing_seconds, 0, 86400,
                      politeness.max_spacing) ||
      !seconds_option("--polite-max-wait", options.polite_max_wait_seconds, 1, 86400,
                      politeness.max_wait)) {
    return std::nullopt;
  }
  if (politeness.max_spacing < politeness.default_spacing) {
    report_error("serve", "--polite-max-spacing must not be below --polite-spacing");
    return std::nullopt;
  }
  // Expire a schedule no sooner than the longest wait it may hold.
  politeness.state_ttl = std::max(politeness.state_ttl, politeness.max_wait);
  politeness.agents_honour_crawl_delay = options.crawl_delay_for_agents == "honour";
  return politeness;
}

// Transfers one request may have in flight: its share of the process's slots (at least
// one), and never more than --concurrency.
std::size_t transfers_per_request(const ServeOptions& options, std::size_t process_limit) {
  const auto share =
      static_cast<std::size_t>(static_cast<double>(process_limit) * options.request_fetch_share);
  return std::clamp<std::size_t>(share, 1, options.concurrency);
}

// "HOST:PORT", "[V6]:PORT"; false when it is not that.
bool split_listen(const std::string& listen, std::string& host, std::uint16_t& port) {
  const std::size_t colon = listen.rfind(':');
  if (colon == std::string::npos || colon + 1 == listen.size()) return false;
  host = listen.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  }
  unsigned long value = 0;
  for (char c : listen.substr(colon + 1)) {
    if (c < '0' || c > '9' || value > 65535) return false;
    value = value * 10 + static_cast<unsigned long>(c - '0');
  }
  if (value > 65535 || host.empty()) return false;
  port = static_cast<std::uint16_t>(value);
  return true;
}

// Whether HOST, an IP address as --listen takes it, is reachable from the network: any
// address but 127.0.0.0/8, ::1 and ::ffff:127.0.0.0/104 (an IPv4 loopback address inside
// NAT64 or 6to4 is a routed address, not this machine). False for what is no address at
// all: listening says why.
bool reachable_from_network(const std::string& host) {
  std::array<unsigned char, 16> bytes{};
  if (inet_pton(AF_INET, host.c_str(), bytes.data()) == 1) return bytes[0] != 127;
  if (inet_pton(AF_INET6, host.c_str(), bytes.data()) != 1) return false;
  constexpr std::array<unsigned char, 12> kMapped = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
  if (std::equal(kMapped.begin(), kMapped.end(), bytes.begin())) return bytes[12] != 127;
  return !(std::all_of(bytes.begin(), bytes.begin() + 15, [](unsigned char b) { return b == 0; }) &&
           bytes[15] == 1);
}

// A batch request allocates and frees buffers of hundreds of kilobytes (its body, its
// answer, its decisions). glibc's default hands such memory back to the system after
// each request and faults it in again for the next; a long-lived service keeps it.
// What is kept is kept per malloc arena, and glibc gives up to eight arenas per core to
// a process with many threads (the workers): one arena per core keeps the memory that
// freed compile and fetch buffers hold close to what --cache-bytes counts.
void keep_freed_memory() {
  constexpr int kLarge = 32 * 1024 * 1024;  // glibc's largest mmap threshold on 64 bits
  mallopt(M_MMAP_THRESHOLD, kLarge);
  mallopt(M_TRIM_THRESHOLD, kLarge);
  mallopt(M_ARENA_MAX, static_cast<int>(std::max(2u, std::thread::hardware_concurrency())));
}

int run_serve(const ServeOptions& options) {
  keep_freed_memory();
  service::ServerOptions server;
  if (!split_listen(options.listen, server.host, server.port)) {
    report_error("serve", "--listen must be HOST:PORT, e.g. 127.0.0.1:8080");
    return kExitUsage;
  }
  // Anyone who reaches a listener off loopback can change the fleet's schedule
  // (/v1/report, /v1/acquire) and fill the shared tier: without a token that must be
  // asked for, not be the default.
  if (options.no_token && !options.token_file.empty()) {
    report_error("serve", "give --token-file or --no-token, not both");
    return kExitUsage;
  }
  if (reachable_from_network(server.host) && options.token_file.empty() && !options.no_token) {
    report_error("serve", "--listen " + printable(options.listen) +
                              " is reachable from the network: give --token-file FILE (every "
                              "/v1/ request then needs the token) or --no-token (anyone who "
                              "reaches it may use it)");
    return kExitUsage;
  }
  if (!options.transfer.usable("serve")) return kExitUsage;
  if (!(options.request_fetch_share > 0 && options.request_fetch_share <= 1)) {
    report_error("serve", "--request-fetch-share must be a fraction above 0, at most 1");
    return kExitUsage;
  }
  std::chrono::milliseconds refresh_interval{};
  if (!seconds_option("--refresh-interval", options.refresh_interval_seconds, 0, 86400,
                      refresh_interval)) {
    return kExitUsage;
  }
  RobotsClientOptions client;
  client.cache.max_bytes = options.cache_bytes;
  client.fetch = options.transfer.fetch_options(options.concurrency);
  // One bound for the whole process, or N requests could hold N * --concurrency fetches.
  const std::size_t process_fetches =
      options.max_fetches == 0 ? options.concurrency : options.max_fetches;
  client.fetch.gate = std::make_shared<FetchGate>(process_fetches);
  // And a share of it per request: one batch of origins that never answer cannot take
  // every slot from the other requests.
  client.fetch.max_concurrent_transfers = transfers_per_request(options, process_fetches);
  // Clients may ask for refetches: each origin at most once per interval.
  client.min_refresh_interval = refresh_interval;
  // The service fetches what its clients name: by default nothing internal (SSRF).
  // The refusal names the way out, for the operator reading a client's report.
  if (!options.allow_private) {
    client.fetch.refuse_address = [](const PeerAddress& address) {
      std::string refusal = refuse_non_public_addresses(address);
      if (!refusal.empty()) refusal += " (serve --allow-private fetches from such addresses)";
      return refusal;
    };
  }
  std::string token;
  if (!options.token_file.empty()) {
    std::ifstream file(options.token_file);
    if (!file || !std::getline(file, token)) {
      report_error("serve", "cannot read --token-file '" + printable(options.token_file) + "'");
      return kExitUsage;
    }
    // A client's header value loses its surrounding whitespace on the way (HTTP trims
    // it), so a token kept with "s3cret " or "\r" could never be matched.
    token = std::string(internal::trim_ascii_space(token));
    if (token.empty()) {
      report_error("serve", "--token-file '" + printable(options.token_file) +
                                "' holds no token on its first line");
      return kExitUsage;
    }
    if (std::any_of(token.begin(), token.end(),
                    [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; })) {
      report_error("serve", "--token-file '" + printable(options.token_file) +
                                "': the token holds a control character, which no HTTP "
                                "header can carry");
      return kExitUsage;
    }
  }
  std::optional<PolitenessOptions> politeness_settings = politeness_options(options);
  if (!politeness_settings) return kExitUsage;
  // Outlives the client, whose shared tier's probe writes through it.
  std::optional<service::SharedTierLog> tier_log;
  const RedisSettings& redis_settings = options.redis.settings;
  const bool cluster = !options.redis_cluster.empty();
  if (cluster && (!redis_settings.url.empty() || !redis_settings.sentinels.empty() ||
                  !redis_settings.master_name.empty())) {
    report_error("serve",
                 "--redis-cluster names the shared tier, as --redis or --redis-sentinel does: "
                 "give one");
    return kExitUsage;
  }
  std::optional<RedisStoreOptions> redis_options;
  std::string redis_description;
  if (options.redis.given() && !cluster) {
    const std::optional<RedisAddress> address = options.redis.address("serve");
    if (!address) return kExitUsage;
    redis_options = RedisStoreOptions{.address = *address};
    redis_description = options.redis.description();
  }
  if (cluster) {
    std::optional<std::string> password;
    if (!redis_settings.password_file.empty()) {
      std::string why;
      password = read_redis_password_file(redis_settings.password_file, why);
      if (!password) {
        report_error("serve", "--redis-password-file '" + printable(redis_settings.password_file) +
                                  "': " + why);
        return kExitUsage;
      }
    }
    RedisSeedsResult seeds = parse_redis_cluster_seeds(options.redis_cluster, password);
    if (seeds.seeds.empty()) {
      report_error("serve", "--redis-cluster '" +
                                printable(redact_redis_url(options.redis_cluster)) +
                                "': " + seeds.error);
      return kExitUsage;
    }
    redis_options.emplace();
    redis_options->cluster_seeds = std::move(seeds.seeds);
    redis_description = redact_redis_url(options.redis_cluster);
  }
  std::shared_ptr<RedisStore> redis;
  if (redis_options) {
    redis = std::make_shared<RedisStore>(std::move(*redis_options));
    client.shared_store = redis;
    tier_log.emplace(stderr, redis_description, [redis] { return redis->last_error(); });
    client.shared_cache.on_availability_change = [&tier_log](bool available) {
      tier_log->changed(available);
    };
    // The same Redis holds the fleet's fetch schedule: one per origin for all instances.
    politeness_settings->shared_schedule = std::make_shared<RedisScheduleStore>(redis);
  }
  RobotsClient robots(client);
  if (SharedCache* shared = robots.shared_cache(); shared != nullptr) {
    // One Redis, one judgement of whether it answers: while the cache tier has it marked
    // down, the schedule does not wait on it either, and a failure the schedule sees
    // marks it down.
    politeness_settings->shared_store_up = [shared] { return shared->available(); };
    politeness_settings->on_shared_failure = [shared] { shared->mark_unavailable(); };
    // Asked once before listening (one store timeout at most), so that a Redis that is
    // not there is said at once, in the log and in /metrics, not at the first request.
    if (shared->reachable()) tier_log->reachable_at_start();
  }
  Politeness politeness(robots, *politeness_settings);
  // Opened before listening, so a path that cannot be written is said at once (exit 2).
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> access_log_file(nullptr, &std::fclose);
  std::optional<service::AccessLog> access_log;
  if (options.access_log == "-") {
    access_log.emplace(stderr);
  } else if (!options.access_log.empty()) {
    access_log_file.reset(std::fopen(options.access_log.c_str(), "a"));
    if (!access_log_file) {
      report_error("serve", "--access-log '" + printable(options.access_log) +
                                "': cannot open it to append (" + std::strerror(errno) + ")");
      return kExitUsage;
    }
    access_log.emplace(access_log_file.get());
  }
  service::RobotsApi api(robots, {.max_batch_urls = options.max_batch,
                                  .max_batch_origins = options.max_batch_origins,
                                  .token = token,
                                  .max_request_work = options.max_request_work,
                                  .max_answer_bytes = options.max_answer_bytes,
                                  .refresh_interval = refresh_interval,
                                  .politeness = &politeness,
                                  .access_log = access_log ? &*access_log : nullptr,
                                  .shared_tier_reason = [redis]() -> std::string {
                                    return redis ? std::string(to_word(redis->last_failure()))
                                                 : std::string();
                                  }});
  server.workers = options.concurrency;
  // Cached checks are answered on the I/O threads: one per core.
  server.io_threads = std::max(1u, std::thread::hardware_concurrency());
  server.max_connections = options.max_connections;
  server.header_timeout = std::chrono::seconds(options.header_timeout_seconds);
  server.idle_timeout = std::chrono::seconds(options.idle_timeout_seconds);
  server.drain_timeout = std::chrono::seconds(options.drain_timeout_seconds);
  server.allowed_hosts = options.allowed_hosts;
  if (access_log) server.access_log = &*access_log;
  service::HttpServer http(
      server, [&api](const service::HttpRequest& request) { return api.handle(request); },
      [&api](service::HttpRequest& request) { return api.handle_at_once(request); });
  if (const std::string error = http.listen(); !error.empty()) {
    report_error("serve", error);
    return kExitUsage;
  }
  // The first line says where: with --listen HOST:0 that is the only way to know.
  std::cout << "listening on " << server.host << ":" << http.port() << std::endl;
  if (http.run() == service::DrainEnd::kDeadlinePassed) {
    // A handler may still wait on a fetch; its answer would never be sent, and waiting
    // for it would outlast the stop timeout the drain deadline is there to keep.
    std::cout.flush();
    std::_Exit(kExitOk);
  }
  return kExitOk;
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ServeOptions>();
  CLI::App* command = app.add_subcommand(
      "serve",
      "Answer robots.txt questions over HTTP (JSON). With --redis (or --redis-cluster),\n"
      "every instance on that Redis shares one cache (each robots.txt is fetched once\n"
      "for all of them) and one fetch schedule per origin. SIGTERM, SIGINT and SIGHUP drain "
      "(answer what is in\n"
      "flight, within --drain-timeout) and exit 0. Endpoints:\n" +
          service::endpoint_lines());
  describe_command(*command,
                   "robots.txt answers over HTTP for a crawler fleet, with a shared cache", {""});
  command->add_option("--listen", options->listen,
                      "HOST:PORT to listen on (default 127.0.0.1:8080)");
  options->redis.add_options(
      *command,
      "redis://[[USER]:PASSWORD@]HOST:PORT/DB: the shared cache tier and fetch\n"
      "schedule (default: this process only); its state is logged on stderr");
  command->add_option("--redis-cluster", options->redis_cluster,
                      "[redis://[[USER]:PASSWORD@]]HOST:PORT[,HOST:PORT...]: the same in a Redis\n"
                      "Cluster, found through these seed nodes (the user and password go to\n"
                      "every node); each origin's keys live on the master of its hash slot");
  command->add_option("--token-file", options->token_file,
                      "file whose first line (surrounding whitespace trimmed; not empty) is\n"
                      "the token every /v1/ request must send as 'Authorization: Bearer TOKEN'\n"
                      "(default: no authentication; required with a --listen address that\n"
                      "is not loopback, unless --no-token)");
  command->add_flag("--no-token", options->no_token,
                    "listen on an address that is not loopback without --token-file: anyone\n"
                    "who reaches the port may use every endpoint");
  command->add_flag("--allow-private", options->allow_private,
                    "also fetch from loopback, private, link-local and other non-public\n"
                    "addresses (refused by default: clients name the URLs)");
  command
      ->add_option("--concurrency", options->concurrency,
                   "requests that may fetch handled at once, and robots.txt fetches in\n"
                   "flight per request (default 64; --max-fetches bounds them all)")
      ->check(CLI::Range(1, 10000));
  command
      ->add_option("--max-fetches", options->max_fetches,
                   "robots.txt fetches in flight at once for the whole process; more wait\n"
                   "for a slot, at most --timeout (default: --concurrency)")
      ->check(CLI::Range(1, 100000));
  command->add_option("--request-fetch-share", options->request_fetch_share,
                      "fraction of --max-fetches one request may hold at once (default 0.25,\n"
                      "at least one fetch)");
  command->add_option("--refresh-interval", options->refresh_interval_seconds,
                      "seconds: /v1/refresh and /v1/robots.txt fetch an origin at most once\n"
                      "per interval; sooner, they answer the last fetch (default 10)");
  command
      ->add_option("--max-request-work", options->max_request_work,
                   "rules x URLs x crawlers one POST /v1/evaluate may ask for; more is 413\n"
                   "(default 50000000)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 50));
  command
      ->add_option("--max-answer-bytes", options->max_answer_bytes,
                   "bytes of one POST /v1/evaluate answer; more is 413 (default 8388608)")
      ->check(CLI::Range(std::size_t{1024}, std::size_t{1} << 40));
  command
      ->add_option("--max-batch", options->max_batch,
                   "URLs accepted in one POST /v1/check or /v1/evaluate (default 10000)")
      ->check(CLI::Range(1, 10000000));
  command
      ->add_option("--max-batch-origins", options->max_batch_origins,
                   "distinct origins in one POST /v1/check or /v1/acquire: each may be\n"
                   "fetched and kept in the shared tier (default 1000)")
      ->check(CLI::Range(1, 10000000));
  command
      ->add_option("--max-connections", options->max_connections,
                   "open client connections; at the limit the oldest one without a request\n"
                   "is closed, and if all are busy the new one is answered 503 (default 4096)")
      ->check(CLI::Range(1, 1000000));
  command
      ->add_option("--header-timeout", options->header_timeout_seconds,
                   "seconds a connection has to send a whole request head (default 10)")
      ->check(CLI::Range(1, 3600));
  command
      ->add_option("--idle-timeout", options->idle_timeout_seconds,
                   "seconds a keep-alive connection may wait for its next request, and a\n"
                   "request body may take (default 60)")
      ->check(CLI::Range(1, 86400));
  command
      ->add_option("--drain-timeout", options->drain_timeout_seconds,
                   "seconds the stop waits for requests in flight; the rest are answered\n"
                   "503 and the process exits 0 (default 20)")
      ->check(CLI::Range(1, 3600));
  command
      ->add_option("--allowed-host", options->allowed_hosts,
                   "a Host name to answer besides the listening address (NAME: any port,\n"
                   "NAME:PORT, or * for any); others get 421 (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--polite-spacing", options->polite_spacing_seconds,
                      "seconds between two slots of one origin and crawler at least, whatever\n"
                      "robots.txt says (POST /v1/acquire; default 1)");
  command->add_option("--polite-max-spacing", options->polite_max_spacing_seconds,
                      "cap in seconds on Crawl-delay, Request-rate, back-off and Retry-After\n"
                      "(default 60; answers say \"capped\")");
  command->add_option("--polite-max-wait", options->polite_max_wait_seconds,
                      "seconds ahead a slot may be reserved; beyond, no slot (default 600)");
  command
      ->add_option("--crawl-delay-for-agents", options->crawl_delay_for_agents,
                   "honour|ignore: whether plain agent tokens, and catalogue crawlers that\n"
                   "document nothing, follow Crawl-delay and Request-rate (default honour)")
      ->check(CLI::IsMember({"honour", "ignore"}));
  command
      ->add_option("--cache-bytes", options->cache_bytes,
                   "memory for this process's cache of robots.txt rules, counted as\n"
                   "compiled; least recently used origins go first (default 536870912)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 40));  // up to 1 TiB
  command->add_option("--access-log", options->access_log,
                      "FILE to append one line per request to (- for stderr): time, client,\n"
                      "method, target (escaped, cut at 256 bytes with ...), status, bytes,\n"
                      "duration in ms from the request's first byte; also each connection\n"
                      "refused at --max-connections (503). Written by a thread of its own:\n"
                      "when the log falls 1,024 lines behind, lines are dropped and counted\n"
                      "(/metrics; a line in the log says how many) (default: no access log)");
  options->transfer.add_options(*command, "each target's addresses are checked first");
  command->callback([options, &exit_code] { exit_code = run_serve(*options); });
}

}  // namespace robotstxt::cli
