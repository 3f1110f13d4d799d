// URLs pasted from a browser bar: raw non-ASCII bytes and spaces. They are checked as
// written, as conformance requires (no percent-encoded rule matches them), and the user
// is told once how a crawler would request such a URL; --encode checks that form.
#ifndef ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_
#define ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_

#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

namespace robotstxt::cli {

/// --encode on one subcommand, and the note said once per run.
class UrlEncoding {
 public:
  /// Registers --encode on `command`.
  void add_option(CLI::App& command);

  /// The URL to check: `url` as written, or its percent-encoded form with --encode
  /// (normalize_url(), url.h). Without --encode, the first URL holding a byte a crawler
  /// would percent-encode (non-ASCII, a space, a control) gets one note on stderr.
  std::string url_to_check(std::string_view command, std::string_view url);

  /// --encode was given.
  bool enabled() const { return encode_; }

 private:
  bool encode_ = false;
  bool noted_ = false;
};

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_CLI_URL_ENCODING_H_
