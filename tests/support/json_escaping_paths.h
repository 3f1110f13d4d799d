// URL paths that a JSON writer must escape, or keep as they are, in every way a URL can
// hold them, and that the tests' rules match differently: the two writers of one answer
// (the text writer and nlohmann's) are compared on each.
#ifndef ROBOTSTXT_TESTS_SUPPORT_JSON_ESCAPING_PATHS_H_
#define ROBOTSTXT_TESTS_SUPPORT_JSON_ESCAPING_PATHS_H_

#include <string>
#include <vector>

namespace robotstxt::testing {

/// Plain paths, quotes and backslashes, control bytes, NUL, UTF-8 of two to four bytes,
/// percent-encoding, a space, and malformed UTF-8 of each kind: bytes no sequence starts
/// with, a cut sequence, an overlong form, a surrogate and a code point past U+10FFFF.
inline std::vector<std::string> json_escaping_paths() {
  return {"/",
          "/private/x",
          "/private/ok/page",
          "/ai/item",
          "/drafts/",
          "/q?a=\"quoted\"&b=\\back\\slash",
          std::string("/ctl/\x01\x1f\t\n\r\b\f\x7f", 14),
          std::string("/nul\0after", 10),
          "/caf\xc3\xa9/\xe6\x97\xa5\xe6\x9c\xac/\xf0\x9f\x98\x80",
          "/caf%C3%A9",
          "/private folder/",
          "/bad/\xff\xfe",
          "/bad/\xc3(",
          "/bad/\xe6\x97",
          "/bad/\xc0\xaf",
          "/bad/\xed\xa0\x80",
          "/bad/\xf4\x90\x80\x80/end"};
}

}  // namespace robotstxt::testing

#endif  // ROBOTSTXT_TESTS_SUPPORT_JSON_ESCAPING_PATHS_H_
