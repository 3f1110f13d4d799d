// `robotstxt fetch URL AGENT`: fetches the robots.txt of URL's origin the way a crawler
// must (docs/semantics.md 7) and shows every step: redirects, status, size, the access state
// the policy derives, how long it may be cached, and the verdict. `robotstxt fetch -`
// does the same for URLs on standard input, fetching each origin once, concurrently.
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "answer/cli_support.h"
#include "answer/decision_json.h"
#include "answer/parsed_file.h"
#include "answer/render.h"
#include "cli/agent_options.h"
#include "cli/commands.h"
#include "cli/help_format.h"
#include "cli/redis_options.h"
#include "cli/transfer_options.h"
#include "cli/url_encoding.h"
#include "robotstxt/policy.h"
#include "robotstxt/politeness.h"
#include "robotstxt/redis_schedule_store.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"

namespace robotstxt::cli {
namespace {

struct FetchCommandOptions {
  std::string url;
  AgentOptions who;
  UrlEncoding encoding;
  bool json = false;
  TransferFlags transfer;
  RedisFlags redis;
  std::optional<RedisAddress> redis_address;  // read from `redis` once, by run_fetch()
  std::string ca_file;
  std::size_t concurrency = 200;
  bool polite = false;
  double polite_spacing_seconds = 1;
};

std::string describe_duration(long long seconds) {
  if (seconds % 3600 == 0) return std::to_string(seconds / 3600) + " h";
  if (seconds % 60 == 0) return std::to_string(seconds / 60) + " min";
  return std::to_string(seconds) + " s";
}

void print_decision(const std::string& url, const std::string& given, const Decision& decision,
                    const OwnedAgent& who) {
  const FetchSummary& fetch = decision.entry->last_fetch;
  // The answer is for the URL a crawler requests: the reader sees which one it was.
  if (url != given) {
    std::cout << "url         " << printable(url, kShowWhole) << " (as a crawler requests it)\n";
  }
  // What came from the network (a Location, a Cache-Control, an error quoting a header)
  // is escaped: an origin must not be able to drive the terminal that fetches from it.
  std::cout << "robots.txt  " << printable(decision.robots_url, kShowWhole) << "\n";
  for (std::size_t i = 0; i < fetch.hops.size(); ++i) {
    const RedirectHop& hop = fetch.hops[i];
    std::cout << "redirect " << i + 1 << "  " << hop.status << " "
              << printable(hop.from, kShowWhole) << " -> " << printable(hop.to, kShowWhole) << "\n";
  }
  std::cout << "status      ";
  if (fetch.kind == FetchKind::kResponse) {
    std::cout << fetch.status;
    if (fetch.http_version != 0) {
      std::cout << " (HTTP/" << fetch.http_version / 10;
      if (fetch.http_version % 10 != 0) std::cout << "." << fetch.http_version % 10;
      std::cout << ")";
    }
  } else {
    std::cout << to_string(fetch.kind);
  }
  if (!fetch.error.empty()) std::cout << " (" << printable(fetch.error, kShowWhole) << ")";
  std::cout << "\n";
  std::cout << "bytes       " << fetch.body_bytes;
  if (fetch.truncated) std::cout << " (truncated: the rest of the body is not read)";
  std::cout << "\n";
  std::cout << "access      " << to_string(decision.state.access) << ": "
            << to_string(decision.state.reason) << "\n";
  std::cout << "cache       " << (decision.entry->errors_since ? "retry in " : "fresh for ")
            << describe_duration(cache_seconds(decision));
  if (!fetch.cache_control.empty()) {
    std::cout << " (Cache-Control: " << printable(fetch.cache_control, kShowWhole) << ")";
  }
  std::cout << "\n";
  std::cout << "verdict     ";
  if (decision.verdict.crawler_rule == CrawlerRule::kNotSubject) {
    std::cout << "ALLOWED (not subject to robots.txt)\n";
    return;
  }
  if (decision.state.access != Access::kRules) {
    std::cout << (decision.allowed ? "ALLOWED" : "DISALLOWED") << ": "
              << to_string(decision.state.access) << "\n";
    return;
  }
  std::cout << verdict_text(decision.verdict) << " (" << describe_groups(decision.verdict, who)
            << ")" << usage_text(usage_of(decision, url, who)) << "\n";
}

RobotsClientOptions client_options(const FetchCommandOptions& options) {
  RobotsClientOptions client;
  client.fetch = options.transfer.fetch_options(options.concurrency);
  client.fetch.ca_file = options.ca_file;
  if (options.redis_address) {
    client.shared_store =
        std::make_shared<RedisStore>(RedisStoreOptions{.address = *options.redis_address});
  }
  return client;
}

// Why the rules did not decide this URL, for the third column of `fetch -`: the access
// and what the fetch ended with. Empty when the rules decided.
std::string why_not_by_rules(const Decision& decision) {
  if (decision.state.access == Access::kRules) return {};
  const FetchSummary& fetch = decision.entry->last_fetch;
  std::string cause = fetch.kind == FetchKind::kResponse ? "HTTP " + std::to_string(fetch.status)
                                                         : std::string(to_string(fetch.kind));
  if (!fetch.error.empty()) cause += ": " + printable(fetch.error, kShowWhole);
  return std::string(to_string(decision.state.access)) + ": " + cause + "; " +
         std::string(to_string(decision.state.reason));
}

// Descriptors one transfer may hold at once: its socket, a second one while both
// address families are tried, and the resolver's socket pair during a lookup.
constexpr rlim_t kDescriptorsPerTransfer = 4;
// Kept free for standard streams, libcurl's own pipes and the CA store.
constexpr rlim_t kDescriptorsReserved = 16;

// The concurrency the descriptor limit allows: raised to the hard limit if needed, and
// failing that, `wanted` lowered (said on stderr) rather than sockets failing.
std::size_t concurrency_within_descriptor_limit(std::size_t wanted) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
  rlim_t open_now = 0;
  std::error_code ignored;
  for (auto fd = std::filesystem::directory_iterator("/proc/self/fd", ignored);
       fd != std::filesystem::directory_iterator(); fd.increment(ignored)) {
    ++open_now;
  }
  const rlim_t needed = open_now + kDescriptorsReserved + kDescriptorsPerTransfer * wanted;
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < needed) {
    rlimit raised = limit;
    raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? needed : std::min(needed, limit.rlim_max);
    if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
  }
  if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= needed) return wanted;
  const rlim_t spare = limit.rlim_cur > open_now + kDescriptorsReserved
                           ? limit.rlim_cur - open_now - kDescriptorsReserved
                           : 0;
  const std::size_t allowed =
      std::max<std::size_t>(1, static_cast<std::size_t>(spare / kDescriptorsPerTransfer));
  std::cerr << "robotstxt fetch: concurrency lowered from " << wanted << " to " << allowed
            << ": the process may open only " << limit.rlim_cur << " files (ulimit -n)\n";
  return allowed;
}

// Lines are answered in windows of this many: each window's origins are fetched
// concurrently (each once; later windows find them in the cache), then its lines are
// printed in order. Memory depends on the window and the cache bounds, not the input.
constexpr std::size_t kWindowLines = 16384;

// --polite: the schedule `serve` keeps, here for this run (or, with --redis, shared with
// every serve instance and fetch run on that Redis).
PolitenessOptions polite_options(const FetchCommandOptions& options) {
  PolitenessOptions polite;
  polite.default_spacing =
      std::chrono::milliseconds(std::llround(options.polite_spacing_seconds * 1000.0));
  if (options.redis_address) {
    polite.shared_schedule = std::make_shared<RedisScheduleStore>(
        std::make_shared<RedisStore>(RedisStoreOptions{.address = *options.redis_address}));
  }
  return polite;
}

std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// Waits for `slot`'s time; a slot the schedule could not give yet (full up to the
// longest wait) is asked for again once it is within reach.
void wait_for_slot(Politeness& politeness, Slot& slot, const std::string& url, Agent agent) {
  while (slot.decision.allowed && !slot.reserved) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::max<std::int64_t>(slot.wait_ms, 1)));
    slot = politeness.acquire(url, agent);
  }
  if (slot.reserved) {
    const std::int64_t wait = slot.not_before_ms - unix_now_ms();
    if (wait > 0) std::this_thread::sleep_for(std::chrono::milliseconds(wait));
  }
}

int fetch_stream(FetchCommandOptions options, const OwnedAgent& who) {
  options.concurrency = concurrency_within_descriptor_limit(options.concurrency);
  RobotsClient client(client_options(options));
  std::optional<Politeness> politeness;
  if (options.polite) politeness.emplace(client, polite_options(options));
  const bool progress = isatty(STDERR_FILENO) != 0;
  int exit_code = kExitOk;
  std::size_t answered = 0;
  std::size_t undecided = 0;
  std::string first_local_error;
  std::vector<std::string> window;
  window.reserve(kWindowLines);
  const auto answer_window = [&] {
    std::vector<Slot> slots;
    if (politeness) {
      slots = politeness->acquire_all(window, who.agent());
    } else {
      std::vector<Decision> decided = client.decide_all(window, who.agent());
      slots.resize(decided.size());
      for (std::size_t i = 0; i < decided.size(); ++i) slots[i].decision = std::move(decided[i]);
    }
    for (std::size_t i = 0; i < window.size(); ++i) {
      const std::string& url = window[i];
      // Polite: each allowed line is printed at its slot, never before, so that whatever
      // reads the lines fetches each origin at the spacing the schedule gives.
      if (politeness) {
        wait_for_slot(*politeness, slots[i], url, who.agent());
        std::cout.flush();
      }
      const Decision& decision = slots[i].decision;
      if (decision.url_error != UrlError::kNone) {
        if (options.json) {
          std::cout << to_json_line(decision_json(url, decision, false, who)) << "\n";
        } else {
          std::cout << "error\t" << printable(url, kShowWhole) << "\n";
        }
        std::cerr << "robotstxt fetch: '" << printable(url)
                  << "': " << to_string(decision.url_error) << "\n";
        exit_code = kExitUsage;
        continue;
      }
      if (options.json) {
        nlohmann::json line = decision_json(url, decision, false, who);
        if (politeness && slots[i].reserved) {
          const Slot& slot = slots[i];
          line["slot"] = {{"not_before", slot.not_before_ms},
                          {"spacing_ms", slot.spacing_ms},
                          {"spacing_source", to_string(slot.spacing_source)},
                          {"capped", slot.capped},
                          {"schedule", slot.shared ? "shared" : "local"}};
        }
        std::cout << to_json_line(line) << "\n";
      } else {
        const char* verdict = decision.state.access == Access::kUndecided ? "error\t"
                              : decision.allowed                          ? "allowed\t"
                                                                          : "disallowed\t";
        std::cout << verdict << printable(url, kShowWhole);
        const std::string why = why_not_by_rules(decision);
        if (!why.empty()) std::cout << "\t" << why;
        std::cout << "\n";
      }
      if (decision.state.access == Access::kUndecided) {
        if (undecided++ == 0) first_local_error = decision.entry->last_fetch.error;
        exit_code = kExitUsage;
      }
    }
    answered += window.size();
    window.clear();
    if (progress) {
      std::cerr << "\ranswered " << answered << " URLs, " << client.cache().size()
                << " origins cached" << std::flush;
    }
  };
  std::string line;
  std::string encoded;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) continue;
    window.emplace_back(
        options.encoding.url_to_check("fetch", line, options.who.as_written(), encoded));
    if (window.size() == kWindowLines) answer_window();
  }
  // getline() ends the same way at the end of the input and on a read error (stdin a
  // directory, an I/O error): only the stream underneath can tell them apart.
  const int read_errno = errno;
  const bool read_failed = std::ferror(stdin) != 0;
  if (!window.empty()) answer_window();
  if (progress && answered > 0) std::cerr << "\n";
  std::cout.flush();
  if (undecided > 0) {
    std::cerr << "robotstxt fetch: " << undecided
              << " URLs undecided: the fetch failed on this machine (" << first_local_error
              << ")\n";
  }
  if (read_failed) {
    report_error("fetch", std::string("cannot read standard input: ") + std::strerror(read_errno));
    return kExitUsage;
  }
  return exit_code;
}

int run_fetch(FetchCommandOptions& options) {
  const std::optional<OwnedAgent> who = options.who.resolve("fetch", true);
  if (!who) return kExitUsage;
  // An unusable CA file is this machine's problem: say so before fetching anything.
  if (!options.ca_file.empty() && !std::ifstream(options.ca_file)) {
    report_error("fetch",
                 "cannot read --ca-file '" + options.ca_file + "': " + std::strerror(errno));
    return kExitUsage;
  }
  if (!options.transfer.usable("fetch")) return kExitUsage;
  if (options.redis.given()) {
    options.redis_address = options.redis.address("fetch");
    if (!options.redis_address) return kExitUsage;
    // One URL is fetched here, always, to show every step of it; the shared tier is
    // for the many URLs of '-'.
    if (options.url != "-") {
      report_error("fetch", "--redis works with URL '-' (URLs on standard input)");
      return kExitUsage;
    }
  }
  if (options.polite && options.url != "-") {
    report_error("fetch", "--polite works with URL '-' (URLs on standard input)");
    return kExitUsage;
  }
  if (!(options.polite_spacing_seconds >= 0 && options.polite_spacing_seconds <= 3600)) {
    report_error("fetch", "--polite-spacing must be a number of seconds from 0 to 3600");
    return kExitUsage;
  }
  if (options.url == "-") return fetch_stream(options, *who);

  RobotsClient client(client_options(options));
  std::string encoded;
  const std::string url(
      options.encoding.url_to_check("fetch", options.url, options.who.as_written(), encoded));
  const Decision decision = client.decide(url, who->agent());
  if (decision.url_error != UrlError::kNone) {
    report_error("fetch", "'" + url + "': " + std::string(to_string(decision.url_error)));
    return kExitUsage;
  }
  if (options.json) {
    std::cout << to_json_line(decision_json(url, decision, true, *who)) << "\n";
  } else {
    print_decision(url, options.url, decision, *who);
  }
  if (decision.state.access == Access::kUndecided) {
    std::cout.flush();
    report_error("fetch", "the fetch failed on this machine, not at the origin: " +
                              decision.entry->last_fetch.error);
    return kExitUsage;
  }
  return decision.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_fetch_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<FetchCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "fetch",
      "Fetch the robots.txt of URL's origin as a crawler must and decide for AGENT (or\n"
      "--agent LIST, or --crawler NAME).\n"
      "Shows redirects, status, bytes read, access state, cache lifetime and the verdict.\n"
      "Exit 0 allowed, 1 disallowed, 2 usage error. With URL '-', reads URLs from standard\n"
      "input (any hosts), fetches each origin once, concurrently, and prints\n"
      "'allowed<TAB>URL', 'disallowed<TAB>URL' or 'error<TAB>URL' per line, in order,\n"
      "with a third column saying why when the robots.txt rules did not decide.");
  describe_command(
      *command, "fetch an origin's robots.txt the way Google does, then decide",
      {"URL AGENT", "(--agent TOKENS | --crawler NAME | --user-agent-string HEADER) URL"});
  command->add_option("URL", options->url, "page URL (any URL of the origin); '-' for stdin")
      ->required();
  options->who.add_positional(*command);
  options->encoding.add_option(*command, options->who.add_options(*command));
  command->add_flag("--json", options->json, "one JSON object per URL");
  command
      ->add_option("--concurrency", options->concurrency,
                   "origins fetched at once with '-' (default 200)")
      ->check(CLI::Range(1, 10000));
  options->transfer.add_options(*command);
  options->redis.add_options(*command,
                             "redis://[[USER]:PASSWORD@]HOST:PORT/DB: with '-', share the cache\n"
                             "of `robotstxt serve` instances and other fetch runs (see\n"
                             "docs/serve.md \"Running a fleet\")");
  command->add_flag("--polite", options->polite,
                    "with '-': print each allowed URL at its fetch slot, never earlier:\n"
                    "per origin, the spacing `serve` gives (POST /v1/acquire); with --redis,\n"
                    "one schedule with every serve instance and fetch run on that Redis");
  command->add_option("--polite-spacing", options->polite_spacing_seconds,
                      "with --polite: seconds between two URLs of one origin at least\n"
                      "(default 1; Crawl-delay and Request-rate may ask for more)");
  command->add_option("--ca-file", options->ca_file,
                      "PEM file of CA certificates to trust instead of the system's");
  command->callback([options, &exit_code] { exit_code = run_fetch(*options); });
}

}  // namespace robotstxt::cli
