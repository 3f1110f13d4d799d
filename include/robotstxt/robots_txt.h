/**
 * @file robots_txt.h
 * @brief A robots.txt parsed once and compiled for matching (docs/semantics.md 2, 3, 6).
 *
 * Pipeline position: url -> fetcher -> policy -> cache -> **RobotsTxt**, the last stage:
 * parse() tokenizes and compiles a body (the fetch library calls it in the policy and
 * when it reads a shared-tier record), and the result chooses the groups and matches
 * their compiled rules for every URL asked. Build one with RobotsTxt::parse() per host, keep it as
 * long as the cache does, and ask it about as many URLs as you like, from as many threads as you
 * like. Every question takes an Agent (agent.h): product tokens, or a crawler of the
 * catalogue.
 *
 * @code
 *   auto robots = robotstxt::RobotsTxt::parse("User-agent: *\nDisallow: /private\n");
 *   robots.allowed("https://example.com/private/a", "Googlebot");  // false
 *   robots.allowed("https://example.com/public", {"FooBot", "Foo"});  // true
 * @endcode
 *
 * Results that hold views (Verdict::pattern, Group, Directive, sitemaps) point into the
 * RobotsTxt that made them; asking a temporary for them does not compile.
 */
#ifndef ROBOTSTXT_ROBOTS_TXT_H_
#define ROBOTSTXT_ROBOTS_TXT_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/verdict.h"

namespace robotstxt {

/// A user-agent line of a group. Views stay valid while the RobotsTxt lives.
struct AgentLine {
  std::uint32_t line = 0;
  std::string_view value;  ///< as written, e.g. "FooBot/1.2"
  std::string_view token;  ///< product token it becomes (docs/semantics.md 2.4), e.g. "FooBot"
  bool global = false;     ///< `*` or `* text`
};

/// An allow/disallow line of a group: the pattern it is matched by and its value as
/// written, which is kept only where normalising changed it (most values are their own
/// pattern).
struct RuleLine {
  std::uint32_t line = 0;
  RuleKind kind = RuleKind::kAllow;
  std::string_view pattern;  ///< normalised (docs/semantics.md 1.8); what is matched
  std::string_view written;  ///< the line's trimmed value as written, e.g. "/caf\xC3\xA9"
};

/// One group (docs/semantics.md 2.1): its user-agent lines and its rules, in file order.
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

/// The groups whose rules apply to an agent (docs/semantics.md 3 and 8): for product tokens, the
/// groups naming any of them, or else the global groups; for a crawler, those its
/// precedence chose. Indexes into RobotsTxt::groups(), in file order.
struct GroupSelection {
  AppliedGroups applied = AppliedGroups::kNone;
  std::vector<std::size_t> groups;
  /// As in Verdict: set when a crawler asked.
  std::optional<CrawlerRule> crawler_rule;
  std::string_view crawler_token;
};

/// A request-rate value: `requests` per `seconds`, e.g. "1/5s 0600-0845" is 1 per 5 s,
/// with the optional time window "0600-0845" as written (empty when there is none).
struct RequestRate {
  double requests = 0;
  double seconds = 0;
  std::string_view window;
  [[nodiscard]] double per_second() const noexcept { return requests / seconds; }
};

/// One rule that matched the path during explain().
struct RuleMatch {
  RuleLine rule;
  std::uint32_t strength = 0;  ///< docs/semantics.md 5.1; 0 for an empty pattern
  bool via_index_htm = false;  ///< matched only through the `/index.htm` rewrite
};

/// Everything behind a verdict, for people who ask "why?".
struct Explanation {
  std::string path;  ///< what was matched (docs/semantics.md 4.1)
  AppliedGroups applied = AppliedGroups::kNone;
  std::vector<std::size_t> groups;  ///< indexes into groups() whose rules applied
  std::vector<RuleMatch> matches;   ///< every rule of those groups that matched, file order
  Verdict verdict;                  ///< identical to RobotsTxt::verdict()
};

/// An immutable, compiled robots.txt. Cheap to move; copying copies the rules.
/// Thread-safe: every member function is const. The one thing that changes after parse()
/// is invisible to callers: each group's rule index is built when a query first needs it,
/// once, under a lock that queries of an indexed group never take.
class RobotsTxt {
 public:
  /// An empty robots.txt: everything is allowed.
  RobotsTxt() noexcept;
  RobotsTxt(const RobotsTxt& other);
  RobotsTxt(RobotsTxt&& other) noexcept;
  RobotsTxt& operator=(const RobotsTxt& other);
  RobotsTxt& operator=(RobotsTxt&& other) noexcept;
  ~RobotsTxt();

  /// Parses and compiles `body`. Never fails and never throws on any byte sequence;
  /// only the first kMaxBodyBytes count. The result does not refer to `body`.
  [[nodiscard]] static RobotsTxt parse(std::string_view body);

  /// Fast form: may `agent` fetch `url`? `url` is used exactly as given (it must
  /// already be percent-encoded; see docs/semantics.md 4.1; normalize_url() in url.h
  /// encodes one as a crawler requests it, which the tools do first). Tokens compare ASCII
  /// case-insensitively with the product tokens of the file. Product tokens are merged
  /// (docs/semantics.md 2.5); a crawler follows its precedence (docs/semantics.md 8): the first of
  /// its tokens that a group names decides alone, `*` only when none is named and the crawler does
  /// not ignore it, always allowed when robots.txt does not bind it.
  [[nodiscard]] bool allowed(std::string_view url, Agent agent) const noexcept;

  /// Many agents, one URL: answers[i] = allowed(url, agents[i]) for each token alone (not
  /// merged as an Agent merges a list), with the URL's path read once for all of them.
  /// Answers min(agents.size(), answers.size()) and returns that count.
  std::size_t allowed_each(std::string_view url, std::span<const std::string_view> agents,
                           std::span<bool> answers) const noexcept;
  /// allowed_each() for any agents (merged tokens, catalogue crawlers): answers[i] =
  /// allowed(url, agents[i]), the path read once and each group matched once for all of
  /// them. Answers min(agents.size(), answers.size()) and returns that count.
  std::size_t allowed_each_agent(std::string_view url, std::span<const Agent> agents,
                                 std::span<bool> answers) const noexcept;

  /// Full form: the verdict with its decisive rule and how the groups were chosen. Its
  /// views point into *this (and into the crawler that asked).
  [[nodiscard]] Verdict verdict(std::string_view url, Agent agent) const& noexcept;
  Verdict verdict(std::string_view url, Agent agent) const&& = delete;

  /// The same decision spelled out: every rule that matched and why one won.
  [[nodiscard]] Explanation explain(std::string_view url, Agent agent) const&;
  Explanation explain(std::string_view url, Agent agent) const&& = delete;

  /// Which groups apply to `agent` (docs/semantics.md 3, 8): own groups, else global, else none.
  [[nodiscard]] GroupSelection select_groups(Agent agent) const;
  /// The same, written over `into` (its list keeps its room): for asking many agents.
  void select_groups(Agent agent, GroupSelection& into) const;
  /// The global (`*`) groups, in file order.
  [[nodiscard]] std::vector<std::size_t> global_groups() const;

  /// Sitemap URLs in file order, as written.
  [[nodiscard]] std::vector<std::string_view> sitemaps() const&;
  std::vector<std::string_view> sitemaps() const&& = delete;
  /// Every other directive (docs/semantics.md 6), in file order.
  [[nodiscard]] std::vector<Directive> directives() const&;
  std::vector<Directive> directives() const&& = delete;
  /// The directives named `key` (ASCII case-insensitive) in the groups that apply to
  /// `agent` (select_groups()), in file order. The first valid one is what a crawler
  /// uses; crawl_delay() and request_rate() are built on this.
  [[nodiscard]] std::vector<Directive> directives_for(std::string_view key, Agent agent) const&;
  std::vector<Directive> directives_for(std::string_view key, Agent agent) const&& = delete;
  /// All groups in file order; Directive::group indexes this.
  [[nodiscard]] std::vector<Group> groups() const&;
  std::vector<Group> groups() const&& = delete;

  /// Crawl-delay in seconds for `agent`: the first valid crawl-delay of the groups that
  /// apply to it (select_groups()). A valid value is a finite, non-negative decimal
  /// number ("10", "0.5", " 2 "). Google ignores it; other crawlers read it.
  [[nodiscard]] std::optional<double> crawl_delay(Agent agent) const;
  /// Request-rate for `agent`: the first valid request-rate of the groups that apply.
  /// Valid: "N/T" with T in seconds or with a unit s, m, h or d ("1/5s", "10/1m"), then
  /// optionally a time window ("1/5s 0600-0845"); N >= 0, T > 0.
  [[nodiscard]] std::optional<RequestRate> request_rate(Agent agent) const&;
  std::optional<RequestRate> request_rate(Agent agent) const&& = delete;

  /// AI usage preferences for `url` (docs/semantics.md 9): from the content-usage rules of the
  /// groups that apply (select_groups()), the matching rules of greatest path strength,
  /// ties combined; every category unknown when none matches. std::nullopt when `url`
  /// may not be fetched: no preferences, not unknown ones (9.4). Never changes a verdict.
  [[nodiscard]] std::optional<UsagePreferences> usage(std::string_view url, Agent agent) const;
  /// Whether any line of the file is a content-usage rule. When none is, usage() is
  /// every category unknown for each URL that may be fetched, so a caller holding the
  /// verdict already (a service answering thousands) need not ask it.
  [[nodiscard]] bool states_usage() const noexcept;
  /// The Content-Signal lines of the groups that apply, in file order, as written and
  /// parsed (docs/semantics.md 9.7). Views point into *this.
  [[nodiscard]] std::vector<ContentSignal> content_signals(Agent agent) const&;
  std::vector<ContentSignal> content_signals(Agent agent) const&& = delete;

  /// Number of lines in the body as counted by docs/semantics.md 1.3.
  [[nodiscard]] std::uint32_t line_count() const noexcept { return line_count_; }
  /// Heap and object bytes this object holds (for memory budgets and reports).
  [[nodiscard]] std::size_t memory_usage() const noexcept;

 private:
  friend class Compiler;
  // The compiled layout lives in src/core/compiled_layout.h: users never see it, and it can
  // change without touching this header.
  struct CompiledRule;
  struct CompiledGroup;
  struct CompiledAgent;
  struct Best;       // running best allow/disallow during a query
  struct QueryPath;  // the path of a query, with its byte signature once needed

  std::string_view token_of(std::uint32_t agent) const noexcept;
  std::string_view pattern_of(const CompiledRule& rule) const noexcept;
  std::string_view written_of(const CompiledRule& rule) const noexcept;
  RuleLine rule_line(const CompiledRule& rule) const;
  // Strength of `rule` for `path`, or kNoMatch. `literal_matched`: the caller already
  // knows the path starts with the rule's literal prefix.
  std::uint32_t match_strength(const CompiledRule& rule, std::string_view path,
                               bool literal_matched) const noexcept;
  void match_group(const CompiledGroup& group, QueryPath& path, Best& best) const noexcept;
  void try_rule(const CompiledRule& rule, QueryPath& path, Best& best) const noexcept;
  // The lazy rule index (compiled_layout.h). A group's first checks scan its rules
  // (scan_group()) through match_unindexed(), which returns false once the group is
  // indexed instead; other readers call ensure_indexed() first; build_index() sorts the
  // rules (rule_index.cc); index_all() does it for every group.
  void scan_group(const CompiledGroup& group, QueryPath& path, Best& best) const noexcept;
  bool match_unindexed(const CompiledGroup& group, QueryPath& path, Best& best) const noexcept;
  void ensure_indexed(const CompiledGroup& group) const noexcept;
  void build_index(const CompiledGroup& group) const noexcept;
  void index_all() const noexcept;
  // Where group `group`'s agents end in agents_.
  std::uint32_t agent_end_of(std::size_t group) const noexcept;
  // The best allow and disallow of the groups `agents` select for `path`; returns
  // whether a group named them (else the global groups, if any, were matched).
  bool match_path(QueryPath& path, std::span<const std::string_view> agents,
                  Best& best) const noexcept;
  bool allowed_path(QueryPath& path, std::span<const std::string_view> agents) const noexcept;
  Verdict decide(std::string_view url, std::span<const std::string_view> agents) const noexcept;
  Verdict decide_path(QueryPath& path, std::span<const std::string_view> agents) const noexcept;
  AppliedGroups applied_groups(bool named) const noexcept;
  // Does some group name `token` (docs/semantics.md 2.5 equality)?
  bool names_token(std::string_view token) const noexcept;
  // Where in agent_order_ the agents whose token is `token` would begin.
  const std::uint32_t* first_agent_from(std::string_view token) const noexcept;
  // What the groups are asked with: an agent's tokens as they are, or the one token (or
  // none, leaving the `*` groups) that a crawler's precedence chose (docs/semantics.md 8).
  struct Asking {
    std::span<const std::string_view> tokens;
    bool rules_apply = true;  // false: always allowed, no group applies
    std::optional<CrawlerRule> crawler_rule;
    std::string_view crawler_token;
  };
  // Inline: allowed() for product tokens, the hot path, pays no call for it.
  Asking asking(const Agent& agent) const noexcept {
    return agent.crawler() == nullptr ? Asking{agent.tokens(), true, std::nullopt, {}}
                                      : asking(*agent.crawler());
  }
  Asking asking(const Crawler& crawler) const noexcept;
  // The directives named `key` in `groups` (indexes into groups_), file order.
  std::vector<Directive> directives_in(std::string_view key,
                                       const std::vector<std::size_t>& groups) const;
  // Calls visit(const Directive&) for each kept directive, in file order, unpacking
  // directives_ without allocating.
  template <typename Visit>
  void for_each_directive(Visit&& visit) const;
  // Whether any directive is named `key` (ASCII case-insensitive), in any group.
  bool mentions(std::string_view key) const noexcept;
  template <typename Visit>
  bool for_each_group_of(std::span<const std::string_view> agents, Visit&& visit) const;

  // A run of T inside storage_, read like the vector it was compiled in.
  template <typename T>
  struct Run {
    const T* first = nullptr;
    std::size_t count = 0;
    const T* data() const noexcept { return first; }
    std::size_t size() const noexcept { return count; }
    bool empty() const noexcept { return count == 0; }
    const T* begin() const noexcept { return first; }
    const T* end() const noexcept { return first + count; }
    const T& operator[](std::size_t i) const noexcept { return first[i]; }
  };
  // Points every run and view at `to`, a copy of `from`'s storage.
  void rebase(const std::byte* from, const std::byte* to) noexcept;
  // Every run, view and count of `other`, as they are: still into other's storage.
  void share_views(const RobotsTxt& other) noexcept;
  void forget() noexcept;  // an empty robots.txt again, without freeing storage_

  // Everything below lies in this one exactly sized block: one allocation per compiled
  // file, and no capacity beyond what it holds.
  std::unique_ptr<std::byte[]> storage_;
  std::size_t storage_bytes_ = 0;
  Run<CompiledRule> rules_;           // grouped by group; each group's indexed on first use
  Run<CompiledGroup> groups_;         // file order
  Run<CompiledAgent> agents_;         // file order
  Run<std::uint32_t> agent_order_;    // named agents sorted by token (ignoring case)
  Run<std::uint32_t> global_groups_;  // file order
  Run<std::uint32_t> sitemaps_;       // pairs: offset, length in text_
  // Triples: line, offset, length in text_ of the value as written of each rule whose
  // pattern differs from it; in line order.
  Run<std::uint32_t> written_rules_;
  std::string_view text_;        // every string the object owns
  std::string_view directives_;  // other directives, varint-packed
  std::uint32_t line_count_ = 1;
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_ROBOTS_TXT_H_
