// `robotstxt fetch URL AGENT`: fetches the robots.txt of URL's origin the way a crawler
// must (SEMANTICS 7) and shows every step: redirects, status, size, the access state
// the policy derives, how long it may be cached, and the verdict. `robotstxt fetch -`
// does the same for URLs on standard input, fetching each origin once, concurrently.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_set>
#include <vector>

#include "cli_support.h"
#include "commands.h"
#include "robotstxt/crawler.h"

namespace robotstxt::cli {
namespace {

struct FetchCommandOptions {
  std::string url;
  std::string agent_argument;
  std::string agent_option;
  bool json = false;
  double timeout_seconds = 30;
  std::string user_agent_header;
  std::vector<std::string> connect_to;
  std::string ca_file;
  std::size_t concurrency = 200;
};

// The normalised pattern: the compiled file keeps no raw text, and the body is not kept.
std::string rule_text(const Verdict& verdict) {
  return std::string(to_string(verdict.kind)) + ": " + std::string(verdict.pattern);
}

long long cache_seconds(const Decision& decision) {
  return std::chrono::duration_cast<std::chrono::seconds>(decision.entry->fresh_until -
                                                          decision.entry->fetched_at)
      .count();
}

std::string describe_duration(long long seconds) {
  if (seconds % 3600 == 0) return std::to_string(seconds / 3600) + " h";
  if (seconds % 60 == 0) return std::to_string(seconds / 60) + " min";
  return std::to_string(seconds) + " s";
}

nlohmann::json decision_json(const std::string& url, const Decision& decision, bool details) {
  nlohmann::json json;
  json["url"] = url;
  json["allowed"] = decision.allowed;
  if (decision.url_error != UrlError::kNone) {
    json["error"] = to_string(decision.url_error);
    return json;
  }
  json["robots_url"] = decision.robots_url;
  json["access"] = to_string(decision.state.access);
  json["reason"] = to_string(decision.state.reason);
  const bool has_rule = decision.verdict.has_decisive_rule();
  json["line"] = has_rule ? nlohmann::json(decision.verdict.line) : nlohmann::json();
  json["rule"] = has_rule ? nlohmann::json(rule_text(decision.verdict)) : nlohmann::json();
  if (!details) return json;
  const FetchSummary& fetch = decision.entry->last_fetch;
  nlohmann::json hops = nlohmann::json::array();
  for (const RedirectHop& hop : fetch.hops) {
    hops.push_back({{"from", hop.from}, {"status", hop.status}, {"to", hop.to}});
  }
  json["redirects"] = hops;
  json["outcome"] = to_string(fetch.kind);
  json["status"] = fetch.status == 0 ? nlohmann::json() : nlohmann::json(fetch.status);
  json["http_version"] =
      fetch.http_version == 0 ? nlohmann::json() : nlohmann::json(fetch.http_version / 10.0);
  json["fetch_error"] = fetch.error.empty() ? nlohmann::json() : nlohmann::json(fetch.error);
  json["bytes"] = fetch.body_bytes;
  json["truncated"] = fetch.truncated;
  json["cache_control"] = fetch.cache_control;
  json["cache_seconds"] = cache_seconds(decision);
  return json;
}

void print_decision(const Decision& decision) {
  const FetchSummary& fetch = decision.entry->last_fetch;
  std::cout << "robots.txt  " << decision.robots_url << "\n";
  for (std::size_t i = 0; i < fetch.hops.size(); ++i) {
    const RedirectHop& hop = fetch.hops[i];
    std::cout << "redirect " << i + 1 << "  " << hop.status << " " << hop.from << " -> " << hop.to
              << "\n";
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
  if (!fetch.error.empty()) std::cout << " (" << fetch.error << ")";
  std::cout << "\n";
  std::cout << "bytes       " << fetch.body_bytes;
  if (fetch.truncated) std::cout << " (truncated: the rest of the body is not read)";
  std::cout << "\n";
  std::cout << "access      " << to_string(decision.state.access) << ": "
            << to_string(decision.state.reason) << "\n";
  std::cout << "cache       " << (decision.entry->errors_since ? "retry in " : "fresh for ")
            << describe_duration(cache_seconds(decision));
  if (!fetch.cache_control.empty()) std::cout << " (Cache-Control: " << fetch.cache_control << ")";
  std::cout << "\n";
  std::cout << "verdict     " << (decision.allowed ? "ALLOWED" : "DISALLOWED");
  if (decision.verdict.has_decisive_rule()) {
    std::cout << " by line " << decision.verdict.line << ": " << rule_text(decision.verdict);
  } else if (decision.state.access == Access::kRules) {
    std::cout << ": no rule matched";
  } else {
    std::cout << ": " << to_string(decision.state.access);
  }
  std::cout << "\n";
}

RobotsClientOptions client_options(const FetchCommandOptions& options) {
  RobotsClientOptions client;
  const auto timeout = std::chrono::milliseconds(
      static_cast<long long>(std::llround(options.timeout_seconds * 1000.0)));
  client.fetch.total_timeout = timeout;
  client.fetch.connect_timeout = std::min(client.fetch.connect_timeout, timeout);
  if (!options.user_agent_header.empty()) client.fetch.user_agent = options.user_agent_header;
  client.fetch.connect_to = options.connect_to;
  client.fetch.ca_file = options.ca_file;
  client.fetch.max_concurrent_transfers = options.concurrency;
  return client;
}

// Fetches every origin first, in slices, so that a terminal can show progress; the
// answers then all come from the cache.
void prefetch_with_progress(RobotsClient& client, const std::vector<std::string>& urls,
                            const std::vector<std::string_view>& agents, std::size_t slice) {
  std::vector<std::string> one_per_origin;
  std::unordered_set<std::string> seen;
  for (const std::string& url : urls) {
    const OriginResult origin = origin_of(url);
    if (origin && seen.insert(origin->key()).second) one_per_origin.push_back(url);
  }
  for (std::size_t done = 0; done < one_per_origin.size();) {
    const std::size_t count = std::min(slice, one_per_origin.size() - done);
    (void)client.allowed_all(std::span(one_per_origin).subspan(done, count), agents);
    done += count;
    std::cerr << "\rfetched " << done << " of " << one_per_origin.size() << " origins"
              << std::flush;
  }
  if (!one_per_origin.empty()) std::cerr << "\n";
}

int fetch_stream(const FetchCommandOptions& options, const std::vector<std::string_view>& agents) {
  std::vector<std::string> urls;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) urls.push_back(line);
  }
  RobotsClient client(client_options(options));
  if (isatty(STDERR_FILENO) != 0) {
    prefetch_with_progress(client, urls, agents, std::max<std::size_t>(options.concurrency, 1));
  }
  const std::vector<Decision> decisions = client.allowed_all(urls, agents);
  int exit_code = kExitOk;
  for (std::size_t i = 0; i < urls.size(); ++i) {
    const Decision& decision = decisions[i];
    if (options.json) {
      std::cout << to_json_line(decision_json(urls[i], decision, false)) << "\n";
    } else if (decision.url_error != UrlError::kNone) {
      std::cout << "error\t" << urls[i] << "\n";
    } else {
      std::cout << (decision.allowed ? "allowed\t" : "disallowed\t") << urls[i] << "\n";
    }
    if (decision.url_error != UrlError::kNone) {
      std::cerr << "robotstxt fetch: '" << urls[i] << "': " << to_string(decision.url_error)
                << "\n";
      exit_code = kExitUsage;
    }
  }
  std::cout.flush();
  return exit_code;
}

int run_fetch(const FetchCommandOptions& options) {
  const std::string agent_text =
      options.agent_option.empty() ? options.agent_argument : options.agent_option;
  const std::vector<std::string> agent_names = split_agents(agent_text);
  if (agent_names.empty()) {
    report_error("fetch", "an AGENT is required (as the second argument or with --agent)");
    return kExitUsage;
  }
  if (!(options.timeout_seconds > 0) || options.timeout_seconds > 86400) {
    report_error("fetch", "--timeout must be a number of seconds above 0 (at most 86400)");
    return kExitUsage;
  }
  const std::vector<std::string_view> agents = as_views(agent_names);
  if (options.url == "-") return fetch_stream(options, agents);

  const OriginResult origin = origin_of(options.url);
  if (!origin) {
    report_error("fetch", "'" + options.url + "': " + std::string(to_string(origin.error)));
    return kExitUsage;
  }
  RobotsClient client(client_options(options));
  const Decision decision = client.allowed(options.url, agents);
  if (options.json) {
    std::cout << to_json_line(decision_json(options.url, decision, true)) << "\n";
  } else {
    print_decision(decision);
  }
  return decision.allowed ? kExitOk : kExitNegative;
}

}  // namespace

void add_fetch_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<FetchCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "fetch",
      "Fetch the robots.txt of URL's origin as a crawler must and decide for AGENT.\n"
      "Shows redirects, status, bytes read, access state, cache lifetime and the verdict.\n"
      "Exit 0 allowed, 1 disallowed, 2 usage error. With URL '-', reads URLs from standard\n"
      "input (any hosts), fetches each origin once, concurrently, and prints\n"
      "'allowed<TAB>URL', 'disallowed<TAB>URL' or 'error<TAB>URL' per line, in order.");
  command->add_option("URL", options->url, "page URL (any URL of the origin); '-' for stdin")
      ->required();
  command->add_option("AGENT", options->agent_argument,
                      "product token, or a comma-separated list (Googlebot,Googlebot-Image)");
  command->add_option("--agent", options->agent_option, "the agent, instead of AGENT");
  command->add_flag("--json", options->json, "one JSON object per URL");
  command->add_option("--timeout", options->timeout_seconds,
                      "seconds allowed per robots.txt, redirects included (default 30)");
  command->add_option("--user-agent-header", options->user_agent_header,
                      "User-Agent header to send (default robotstxt/0.1 ...)");
  command
      ->add_option("--concurrency", options->concurrency,
                   "origins fetched at once with '-' (default 200)")
      ->check(CLI::Range(1, 10000));
  command
      ->add_option("--connect-to", options->connect_to,
                   "HOST:PORT:CONNECT_HOST:CONNECT_PORT, as curl's --connect-to (repeatable)")
      ->allow_extra_args(false);
  command->add_option("--ca-file", options->ca_file,
                      "PEM file of CA certificates to trust instead of the system's");
  command->callback([options, &exit_code] { exit_code = run_fetch(*options); });
}

}  // namespace robotstxt::cli
