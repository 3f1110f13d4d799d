// A site named where a command takes a robots.txt file (`lint example.com`): its
// robots.txt fetched as `fetch` fetches it, and what was fetched said before the answer.
#ifndef ROBOTSTXT_TOOLS_CLI_SITE_INPUT_H_
#define ROBOTSTXT_TOOLS_CLI_SITE_INPUT_H_

#include <optional>
#include <string>
#include <string_view>

#include "cli/input.h"

namespace robotstxt::cli {

/// Does `argument` name a site rather than a file? An http:// or https:// URL always
/// does; a bare host name (`example.com`, `www.example.com:8080`) does when no file of
/// that name exists here, so a file called `example.com` is still read as a file. A name
/// whose last label is not letters or is a file extension (`robots.txt`) is a file.
[[nodiscard]] bool names_site(const std::string& argument);

/// The robots.txt of the site `argument` names, fetched with `fetch`'s defaults (the same
/// policy, limits, timeout and address rules), after one line on stderr saying what was
/// fetched: the robots.txt URL, the status, each redirect. A 2xx gives its body; a 4xx
/// means no robots.txt, so an empty file, everything allowed (docs/semantics.md 7.5).
/// Anything else (a server error, a failed fetch) leaves crawlers nothing to read: one
/// line on stderr saying so, and nullopt.
[[nodiscard]] std::optional<RobotsInput> fetch_site_or_report(std::string_view command,
                                                              const std::string& argument);

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_SITE_INPUT_H_
