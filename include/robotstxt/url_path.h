/**
 * @file url_path.h
 * @brief The part of a URL that rules are matched against (docs/semantics.md 4.1).
 *
 * The matcher's input: RobotsTxt computes it once per query; tools and bindings use it to
 * show what was matched.
 */
#ifndef ROBOTSTXT_URL_PATH_H_
#define ROBOTSTXT_URL_PATH_H_

#include <string>
#include <string_view>

namespace robotstxt {

/// The part of `url` that rules are matched against (docs/semantics.md 4.1), e.g.
/// "https://a.com/x?y#z" -> "/x?y". When the path needs a `/` in front
/// ("http://a.com?q" -> "/?q") the result is built in `storage`; otherwise the result
/// is a view into `url` and `storage` is untouched. The path ends at a NUL byte, as it
/// does in Google's matcher, which reads the path as a C string.
[[nodiscard]] std::string_view path_of(std::string_view url, std::string& storage);

/// Convenience form of path_of() that always returns an owned string.
[[nodiscard]] std::string path_of(std::string_view url);

}  // namespace robotstxt

#endif  // ROBOTSTXT_URL_PATH_H_
