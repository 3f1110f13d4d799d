// The words JSON output (CLI and service) uses for the library's enumerations whose
// to_string() is prose ("full allow", "network error"): lower-case words joined by
// hyphens, the one spelling every enumeration value has in JSON. Text output keeps the
// prose.
#ifndef ROBOTSTXT_TOOLS_ANSWER_JSON_VOCABULARY_H_
#define ROBOTSTXT_TOOLS_ANSWER_JSON_VOCABULARY_H_

#include <string_view>

#include "robotstxt/fetcher.h"
#include "robotstxt/policy.h"

namespace robotstxt::cli {

/// "full-allow", "full-disallow", "rules", "undecided".
[[nodiscard]] std::string_view json_word(Access access) noexcept;
/// "not-fetched", "parsed", "no-robots-txt", ...: one per row of docs/semantics.md 7.
[[nodiscard]] std::string_view json_word(AccessReason reason) noexcept;
/// "response", "too-many-redirects", "redirect-loop", ...
[[nodiscard]] std::string_view json_word(FetchKind kind) noexcept;

}  // namespace robotstxt::cli

#endif  // ROBOTSTXT_TOOLS_ANSWER_JSON_VOCABULARY_H_
