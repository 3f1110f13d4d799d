#include "cli/site_input.h"

#include <sys/stat.h>

#include <iostream>
#include <string>

#include "answer/cli_support.h"
#include "base/ascii.h"
#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"
#include "robotstxt/robots_client.h"
#include "robotstxt/url.h"

namespace robotstxt::cli {
namespace {

bool starts_with_scheme(std::string_view argument) {
  return internal::starts_with_ignoring_case(argument, "http://") ||
         internal::starts_with_ignoring_case(argument, "https://");
}

// "example.com" or "www.example.com:8080": letters, digits, '-' and '.', at least one dot
// between labels, then an optional port. What a person types for a site.
bool looks_like_host(std::string_view argument) {
  const std::size_t colon = argument.find(':');
  const std::string_view host = argument.substr(0, colon);
  if (colon != std::string_view::npos) {
    const std::string_view port = argument.substr(colon + 1);
    if (port.empty() || port.size() > 5) return false;
    for (const char c : port) {
      if (!internal::is_ascii_digit(c)) return false;
    }
  }
  if (host.empty() || host.front() == '.' || host.back() == '.' ||
      host.find('.') == std::string_view::npos) {
    return false;
  }
  // The last label is a top-level domain: letters only, and not a file extension, so a
  // mistyped "robots.txt" is reported as a missing file rather than fetched.
  const std::string_view last = host.substr(host.rfind('.') + 1);
  for (const char c : last) {
    if (!internal::is_ascii_alpha(c)) return false;
  }
  for (const std::string_view extension : {"txt", "text", "htm", "html", "json", "md", "xml"}) {
    if (internal::equals_ignoring_case(last, extension)) return false;
  }
  for (const char c : host) {
    if (!internal::is_ascii_alpha(c) && !internal::is_ascii_digit(c) && c != '-' && c != '.') {
      return false;
    }
  }
  return true;
}

// "fetched https://example.com/robots.txt: HTTP 200, after 301 from http://example.com/robots.txt"
std::string what_was_fetched(const FetchOutcome& outcome) {
  std::string line =
      "fetched " + printable(outcome.final_url.empty() ? outcome.robots_url : outcome.final_url);
  line += outcome.kind == FetchKind::kResponse ? ": HTTP " + std::to_string(outcome.status)
                                               : ": " + std::string(to_string(outcome.kind));
  for (const RedirectHop& hop : outcome.hops) {
    line += ", after " + std::to_string(hop.status) + " from " + printable(hop.from);
  }
  if (!outcome.error.empty()) line += " (" + printable(outcome.error) + ")";
  return line;
}

}  // namespace

bool names_site(const std::string& argument) {
  if (starts_with_scheme(argument)) return true;
  if (argument == "-" || !looks_like_host(argument)) return false;
  struct stat status {};
  return ::stat(argument.c_str(), &status) != 0;
}

std::optional<RobotsInput> fetch_site_or_report(std::string_view command,
                                                const std::string& argument) {
  const std::string url = starts_with_scheme(argument) ? argument : "https://" + argument + "/";
  const OriginResult origin = origin_of(url);
  if (!origin) {
    report_error(command, "'" + printable(argument) +
                              "' names no site: " + std::string(to_string(origin.error)));
    return std::nullopt;
  }
  // The client `fetch` uses, with its defaults: one fetch, outside any cache.
  const RobotsClient client;
  const FetchOutcome outcome = client.fetch_outcome(*origin);
  std::cerr << "robotstxt " << command << ": " << what_was_fetched(outcome) << "\n";
  const TimePoint now = Clock::now();
  const AccessState state = access_state(next_entry(nullptr, outcome, now), now);
  RobotsInput input;
  switch (state.access) {
    case Access::kRules:
      input.head = outcome.body;
      if (outcome.truncated) {
        // The fetch stopped at the limit: something followed, not counted.
        input.tail.bytes = 1;
        input.tail.counted_to_end = false;
      }
      return input;
    case Access::kFullAllow:
      // What crawlers read from such a site: nothing, so every URL is allowed.
      std::cerr << "robotstxt " << command << ": " << to_string(state.reason)
                << "; read as an empty robots.txt\n";
      return input;
    case Access::kFullDisallow:
    case Access::kUndecided:
      break;
  }
  report_io_error(command, "no robots.txt to read from " + printable(outcome.robots_url) + ": " +
                               std::string(to_string(state.access)) + ", " +
                               std::string(to_string(state.reason)));
  return std::nullopt;
}

}  // namespace robotstxt::cli
