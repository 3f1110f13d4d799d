// URLs as a crawler requests them: pasted from a browser bar, a URL holds raw non-ASCII
// bytes and spaces that a crawler sends percent-encoded, so every command matches that
// form (normalize_url(), url.h). --as-written matches the URL as given, as the library and the
// conformance cases do, and the user is told once how a crawler would request it.
#ifndef ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_
#define ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace robotstxt::cli {

/// The URLs of one subcommand, and the note said once per run.
class UrlEncoding {
 public:
  /// Registers --encode on `command`, hidden: what it asked for is the default now, and
  /// scripts that give it keep working. With `as_written`, the --as-written flag, it is
  /// a usage error.
  void add_option(CLI::App& command, CLI::Option* as_written);

  /// The URL to match: `url` as a crawler requests it (normalize_url(), url.h), a view of `url` or
  /// of `storage`. With `as_written`, `url` itself, and the first URL holding a byte a
  /// crawler would percent-encode gets one note on stderr.
  std::string_view url_to_check(std::string_view command, std::string_view url, bool as_written,
                                std::string& storage);

 private:
  bool encode_ = false;
  bool noted_ = false;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_
