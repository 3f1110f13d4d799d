/**
 * @file body_limit.h
 * @brief How much of a robots.txt counts (docs/semantics.md 1.1): its first 500 KiB.
 *
 * One limit for every reader of a body: the fetcher stops reading there
 * (FetchOptions::max_body_bytes), the tokenizer behind describe_lines() and
 * RobotsTxt::parse() and the linter ignore what follows, and the tools read no more of
 * a file than that.
 */
#ifndef ROBOTSTXT_BODY_LIMIT_H_
#define ROBOTSTXT_BODY_LIMIT_H_

#include <cstddef>

namespace robotstxt {

/// Only this many bytes of a body count (docs/semantics.md 1.1): 500 KiB.
inline constexpr std::size_t kMaxBodyBytes = 512000;

}  // namespace robotstxt

#endif  // ROBOTSTXT_BODY_LIMIT_H_
