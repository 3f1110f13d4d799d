#include "cli/url_encoding.h"

#include <iostream>

#include "answer/cli_support.h"
#include "robotstxt/url.h"

namespace robotstxt::cli {

void UrlEncoding::add_option(CLI::App& command, CLI::Option* as_written) {
  // An empty group keeps it out of --help, the manual page and the completions; it also
  // leaves it without a name for CLI11's own "excludes" message, hence the check here.
  CLI::Option* encode = command.add_flag("--encode", encode_, "")->group("");
  command.parse_complete_callback([encode, as_written] {
    if (encode->count() > 0 && as_written->count() > 0) {
      throw CLI::ValidationError("--encode and --as-written",
                                 "the first matches URLs as a crawler requests them (the "
                                 "default), the second as given: give one");
    }
  });
}

std::string_view UrlEncoding::url_to_check(std::string_view command, std::string_view url,
                                           bool as_written, std::string& storage) {
  const std::string_view requested = normalize_url(url, storage);
  if (!as_written) return requested;
  if (!noted_ && requested != url) {
    noted_ = true;
    std::cerr << "robotstxt " << command << ": note: '" << printable(url)
              << "' is matched as written; a crawler would request '" << printable(requested)
              << "' (without --as-written, that form is matched)\n";
  }
  return url;
}

}  // namespace robotstxt::cli
