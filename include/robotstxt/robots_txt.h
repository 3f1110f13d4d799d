/**
 * @file robots_txt.h
 * @brief A robots.txt parsed once and compiled for matching (SEMANTICS.md 2, 3, 6).
 *
 * Pipeline position: fetcher -> policy -> cache -> **RobotsTxt** -> matcher. Build one
 * with RobotsTxt::parse() per host, keep it as long as the cache does, and ask it about
 * as many URLs as you like, from as many threads as you like.
 *
 * @code
 *   auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
 *   robots.allowed("https://example.com/private/a", "Googlebot");  // false
 *   robots.allowed("https://example.com/public", {"FooBot", "Foo"});  // true
 * @endcode
 */
#ifndef ROBOTSTXT_ROBOTS_TXT_H_
#define ROBOTSTXT_ROBOTS_TXT_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/matcher.h"

namespace robotstxt {

/// A user-agent line of a group. Views stay valid while the RobotsTxt lives.
struct AgentLine {
  std::uint32_t line = 0;
  std::string_view value;  ///< as written, e.g. "FooBot/1.2"
  std::string_view token;  ///< product token it becomes (SEMANTICS 2.4), e.g. "FooBot"
  bool global = false;     ///< `*` or `* text`
};

/// An allow/disallow line of a group. Only the normalised pattern is kept (keeping the
/// text as written too would cost up to 4x the body for non-ASCII rules); the text as
/// written is describe_lines(body)[line - 1].value.
struct RuleLine {
  std::uint32_t line = 0;
  RuleKind kind = RuleKind::kAllow;
  std::string_view pattern;  ///< normalised (SEMANTICS 1.8); what is matched
};

/// One group (SEMANTICS 2.1): its user-agent lines and its rules, in file order.
struct Group {
  std::vector<AgentLine> agents;
  std::vector<RuleLine> rules;
};

/// A line that is neither user-agent, allow, disallow nor sitemap: crawl-delay, host,
/// an unknown key... `group` indexes groups(); -1 when it sits before any group.
struct Directive {
  std::uint32_t line = 0;
  std::string_view key;    ///< as written, e.g. "Crawl-delay"
  std::string_view value;  ///< as written
  std::int32_t group = -1;
};

/// One rule that matched the path during explain().
struct RuleMatch {
  RuleLine rule;
  std::uint32_t strength = 0;  ///< SEMANTICS 5.1; 0 for an empty pattern
  bool via_index_htm = false;  ///< matched only through the `/index.htm` rewrite
};

/// Everything behind a verdict, for people who ask "why?".
struct Explanation {
  std::string path;  ///< what was matched (SEMANTICS 4.1)
  AppliedGroups applied = AppliedGroups::kNone;
  std::vector<std::size_t> groups;  ///< indexes into groups() whose rules applied
  std::vector<RuleMatch> matches;   ///< every rule of those groups that matched, file order
  Verdict verdict;                  ///< identical to RobotsTxt::verdict()
};

/// An immutable, compiled robots.txt. Cheap to move; copying copies the rules.
/// Thread-safe: every member function is const and touches no shared mutable state.
class RobotsTxt {
 public:
  /// An empty robots.txt: everything is allowed.
  RobotsTxt() = default;

  /// Parses and compiles `body`. Never fails and never throws on any byte sequence;
  /// only the first kMaxBodyBytes count. The result does not refer to `body`.
  [[nodiscard]] static RobotsTxt parse(std::string_view body);

  /// Fast form: may `agent` fetch `url`? `url` is used exactly as given (it must
  /// already be percent-encoded; see SEMANTICS 4.1). Agents compare ASCII
  /// case-insensitively with the product tokens of the file.
  [[nodiscard]] bool allowed(std::string_view url, std::string_view agent) const noexcept;
  /// Several names for one crawler: a group applies if it names any of them.
  [[nodiscard]] bool allowed(std::string_view url,
                             std::span<const std::string_view> agents) const noexcept;
  [[nodiscard]] bool allowed(std::string_view url,
                             std::initializer_list<std::string_view> agents) const noexcept {
    return allowed(url, std::span<const std::string_view>(agents.begin(), agents.size()));
  }

  /// Full form: the verdict with its decisive rule. Its views point into *this.
  [[nodiscard]] Verdict verdict(std::string_view url, std::string_view agent) const noexcept;
  [[nodiscard]] Verdict verdict(std::string_view url,
                                std::span<const std::string_view> agents) const noexcept;
  [[nodiscard]] Verdict verdict(std::string_view url,
                                std::initializer_list<std::string_view> agents) const noexcept {
    return verdict(url, std::span<const std::string_view>(agents.begin(), agents.size()));
  }

  /// The same decision spelled out: every rule that matched and why one won.
  [[nodiscard]] Explanation explain(std::string_view url,
                                    std::span<const std::string_view> agents) const;

  /// Sitemap URLs in file order, as written.
  [[nodiscard]] std::vector<std::string_view> sitemaps() const;
  /// Every other directive (SEMANTICS 6), in file order.
  [[nodiscard]] std::vector<Directive> directives() const;
  /// All groups in file order; Directive::group indexes this.
  [[nodiscard]] std::vector<Group> groups() const;

  /// Crawl-delay in seconds for `agent`: from a group naming the agent if one has a
  /// valid crawl-delay, else from a `*` group; the first valid value in file order.
  /// A valid value is a finite, non-negative decimal number ("10", "0.5", " 2 ").
  [[nodiscard]] std::optional<double> crawl_delay(std::string_view agent) const;

  /// Number of lines in the body as counted by SEMANTICS 1.3.
  [[nodiscard]] std::uint32_t line_count() const noexcept { return line_count_; }
  /// Heap and object bytes this object holds (for memory budgets and reports).
  [[nodiscard]] std::size_t memory_usage() const noexcept;

 private:
  friend class Compiler;

  // A rule as compiled: text offsets into text_, sorted within its group by literal
  // prefix so that a path finds its candidate rules by walking down the sorted range.
  struct CompiledRule {
    std::uint32_t pattern_offset;  // normalised pattern in text_
    std::uint32_t line_and_flags;  // line << 3 | plain << 2 | index_htm << 1 | disallow
    std::uint16_t pattern_length;  // for an index.htm rewrite: up to the '/'; `$` implied
    std::uint16_t literal_length;  // bytes before the first wildcard
    std::uint16_t written_length;  // the whole pattern as written (differs for rewrites)
  };
  struct CompiledGroup {
    std::uint32_t rule_begin, rule_end;    // into rules_
    std::uint32_t agent_begin, agent_end;  // into agents_
  };
  struct CompiledAgent {
    std::uint32_t value_offset;  // in text_
    std::uint32_t line;
    std::uint32_t group;
    std::uint16_t value_length;
    std::uint16_t token_length;  // 0xFFFF marks a global (`*`) agent
  };

  struct Best;  // running best allow/disallow during a query
  static constexpr std::uint32_t kNoMatch = 0xFFFFFFFF;

  std::string_view token_of(std::uint32_t agent) const noexcept;
  std::string_view pattern_of(const CompiledRule& rule) const noexcept;
  RuleLine rule_line(const CompiledRule& rule) const;
  void clear_keeping_capacity() noexcept;
  // Strength of `rule` for `path`, or kNoMatch. `literal_matched`: the caller already
  // knows the path starts with the rule's literal prefix.
  std::uint32_t match_strength(const CompiledRule& rule, std::string_view path,
                               bool literal_matched) const noexcept;
  void match_group(const CompiledGroup& group, std::string_view path, Best& best) const noexcept;
  Verdict decide(std::string_view url, std::span<const std::string_view> agents,
                 bool want_details) const noexcept;
  template <typename Visit>
  bool for_each_group_of(std::span<const std::string_view> agents, Visit&& visit) const;

  std::string text_;                        // every string the object owns
  std::vector<CompiledRule> rules_;         // grouped by group, sorted by literal prefix
  std::vector<CompiledGroup> groups_;       // file order
  std::vector<CompiledAgent> agents_;       // file order
  std::vector<std::uint32_t> agent_order_;  // named agents sorted by token (ignoring case)
  std::vector<std::uint32_t> global_groups_;
  std::vector<std::uint32_t> sitemaps_;  // pairs: offset, length in text_
  std::string directives_;               // other directives, varint-packed
  std::uint32_t line_count_ = 1;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_ROBOTS_TXT_H_
