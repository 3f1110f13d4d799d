#include "cli/url_encoding.h"

#include <algorithm>
#include <iostream>

#include "answer/cli_support.h"
#include "robotstxt/url.h"

namespace robotstxt::cli {
namespace {

// What a browser bar shows decoded but sends percent-encoded.
bool has_unencoded_bytes(std::string_view url) {
  return std::any_of(url.begin(), url.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte <= 0x20 || byte >= 0x7F;
  });
}

}  // namespace

void UrlEncoding::add_option(CLI::App& command) {
  command.add_flag("--encode", encode_,
                   "check URLs percent-encoded, as browsers and crawlers send them\n"
                   "(non-ASCII bytes and spaces as %XX); without it, URLs are taken as written");
}

std::string UrlEncoding::url_to_check(std::string_view command, std::string_view url) {
  if (encode_) return normalize_url(url);
  if (!noted_ && has_unencoded_bytes(url)) {
    noted_ = true;
    std::cerr << "robotstxt " << command << ": note: '" << printable(url)
              << "' is checked as written, with bytes no percent-encoded rule matches; a "
                 "crawler would request '"
              << printable(normalize_url(url)) << "' (--encode checks that form)\n";
  }
  return std::string(url);
}

}  // namespace robotstxt::cli
