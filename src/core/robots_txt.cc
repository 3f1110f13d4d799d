// Answering queries with a compiled robots.txt (docs/semantics.md 3 and 5): which
// groups apply, which of their rules match, and which match decides. The hot path.
#include "robotstxt/robots_txt.h"

#include <algorithm>
#include <cstring>

#include "base/byte_equality.h"
#include "base/byte_signature.h"
#include "base/uninitialized_array.h"
#include "core/compiled_layout.h"
#include "core/glob.h"
#include "robotstxt/url_path.h"

namespace robotstxt {
namespace {

constexpr std::uint32_t kNoMatch = 0xFFFFFFFF;

}  // namespace

// The running best match of a query: strongest allow and disallow, earliest line on ties
// (Google keeps the first rule in file order among equally strong ones). It keeps copies
// of the rules, not their addresses: a group that was scanned unindexed may be sorted in
// place by another thread before the query reads its best rule.
struct RobotsTxt::Best {
  std::uint32_t allow_strength = 0, allow_line = 0;
  std::uint32_t disallow_strength = 0, disallow_line = 0;
  // Meaningful when the strength beside them is above 0: strength 0 is never recorded.
  CompiledRule allow_rule{}, disallow_rule{};

  void offer(const CompiledRule& rule, std::uint32_t strength) noexcept {
    const std::uint32_t line = rule.line();
    const bool disallow = rule.is_disallow();
    std::uint32_t& best_strength = disallow ? disallow_strength : allow_strength;
    std::uint32_t& best_line = disallow ? disallow_line : allow_line;
    // Strength 0 never decides (docs/semantics.md 5.2), so it never needs recording.
    if (strength > best_strength ||
        (strength == best_strength && strength > 0 && line < best_line)) {
      best_strength = strength;
      best_line = line;
      (disallow ? disallow_rule : allow_rule) = rule;
    }
  }

  // Merges the best matches of other groups: the strongest of the strongest, earliest
  // line on ties, is what offering each of their rules here would have kept.
  void absorb(const Best& other) noexcept {
    if (other.allow_strength > 0) offer(other.allow_rule, other.allow_strength);
    if (other.disallow_strength > 0) offer(other.disallow_rule, other.disallow_strength);
  }
};

// The path being matched. Its signature is computed on first use: most queries only meet
// plain rules and never need it, and one query needs it once for all its groups.
struct RobotsTxt::QueryPath {
  // The groups already matched against this path and their best matches: the agents
  // asked about one URL (allowed_each) often share groups, `*` above all.
  struct Memo {
    static constexpr std::size_t kGroups = 8;
    std::uint32_t groups[kGroups];
    Best best[kGroups];
    std::size_t count = 0;
  };

  std::string_view bytes;
  Memo* memo = nullptr;
  std::uint64_t signature = 0;
  bool signed_yet = false;

  std::uint64_t byte_signature() noexcept {
    if (!signed_yet) {
      signature = internal::byte_signature(bytes);
      signed_yet = true;
    }
    return signature;
  }
};

// Out of line because the compiled layout is complete only here.
RobotsTxt::RobotsTxt() noexcept = default;
RobotsTxt::~RobotsTxt() = default;

// The copy is indexed whole: copying the block while another thread sorts a group of it
// would copy half-sorted rules.
RobotsTxt::RobotsTxt(const RobotsTxt& other) {
  other.index_all();
  share_views(other);
  if (other.storage_bytes_ == 0) return;
  storage_ = internal::make_uninitialized_array<std::byte>(other.storage_bytes_);
  storage_bytes_ = other.storage_bytes_;
  std::memcpy(storage_.get(), other.storage_.get(), storage_bytes_);
  rebase(other.storage_.get(), storage_.get());
}

// The runs point into the heap block, which moves with its owner; the source is left an
// empty robots.txt rather than one whose views lead into storage it no longer owns.
RobotsTxt::RobotsTxt(RobotsTxt&& other) noexcept
    : storage_(std::move(other.storage_)), storage_bytes_(other.storage_bytes_) {
  share_views(other);
  other.forget();
}

RobotsTxt& RobotsTxt::operator=(const RobotsTxt& other) {
  if (this != &other) *this = RobotsTxt(other);
  return *this;
}

RobotsTxt& RobotsTxt::operator=(RobotsTxt&& other) noexcept {
  if (this == &other) return *this;
  storage_ = std::move(other.storage_);
  storage_bytes_ = other.storage_bytes_;
  share_views(other);
  other.forget();
  return *this;
}

void RobotsTxt::share_views(const RobotsTxt& other) noexcept {
  rules_ = other.rules_;
  groups_ = other.groups_;
  agents_ = other.agents_;
  agent_order_ = other.agent_order_;
  global_groups_ = other.global_groups_;
  sitemaps_ = other.sitemaps_;
  written_rules_ = other.written_rules_;
  text_ = other.text_;
  directives_ = other.directives_;
  line_count_ = other.line_count_;
}

void RobotsTxt::forget() noexcept {
  share_views(RobotsTxt());
  storage_bytes_ = 0;
}

void RobotsTxt::rebase(const std::byte* from, const std::byte* to) noexcept {
  const auto moved = [from, to]<typename T>(const T* at) {
    if (at == nullptr) return at;
    const auto offset = reinterpret_cast<const std::byte*>(at) - from;
    return reinterpret_cast<const T*>(to + offset);
  };
  const auto rebase_run = [&moved](auto& run) { run.first = moved(run.first); };
  rebase_run(rules_);
  rebase_run(groups_);
  rebase_run(agents_);
  rebase_run(agent_order_);
  rebase_run(global_groups_);
  rebase_run(sitemaps_);
  rebase_run(written_rules_);
  text_ = {moved(text_.data()), text_.size()};
  directives_ = {moved(directives_.data()), directives_.size()};
}

std::string_view RobotsTxt::token_of(std::uint32_t agent) const noexcept {
  return agents_[agent].token_in(text_);
}

std::string_view RobotsTxt::pattern_of(const CompiledRule& rule) const noexcept {
  return {text_.data() + rule.pattern_offset, rule.pattern_length};
}

std::string_view RobotsTxt::written_of(const CompiledRule& rule) const noexcept {
  constexpr std::size_t kStep = 3;  // line, offset, length
  const std::size_t count = written_rules_.size() / kStep;
  const std::uint32_t line = rule.line();
  std::size_t low = 0, high = count;
  while (low < high) {
    const std::size_t middle = (low + high) / 2;
    if (written_rules_[middle * kStep] < line) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  if (low < count && written_rules_[low * kStep] == line) {
    return {text_.data() + written_rules_[low * kStep + 1], written_rules_[low * kStep + 2]};
  }
  return pattern_of(rule);
}

std::uint32_t RobotsTxt::match_strength(const CompiledRule& rule, std::string_view path,
                                        bool literal_matched) const noexcept {
  const char* const pattern = text_.data() + rule.pattern_offset;
  if (!literal_matched && !path.starts_with(std::string_view(pattern, rule.literal_length))) {
    return kNoMatch;
  }
  if (rule.is_plain_prefix()) return rule.pattern_length;
  const bool index_htm = rule.is_index_htm_rewrite();
  const std::uint32_t length = rule.matched_length(pattern);
  const bool anchored = index_htm || pattern[length - 1] == '$';
  const std::uint32_t strength = length + (index_htm ? 1u : 0u);
  const std::size_t rest_end = length - (anchored && !index_htm ? 1u : 0u);
  const std::string_view rest(pattern + rule.literal_length, rest_end - rule.literal_length);
  return internal::glob_matches(path.substr(rule.literal_length), rest, anchored) ? strength
                                                                                  : kNoMatch;
}

// Offers `rule`, whose literal prefix the path starts with, if the rest of it matches.
inline void RobotsTxt::try_rule(const CompiledRule& rule, QueryPath& query,
                                Best& best) const noexcept {
  // Can the path hold every literal byte the rule needs beyond its literal prefix? One
  // AND that spares most wildcard rules their scan of the path (byte_signature.h).
  if (rule.has_signature()) {
    std::uint64_t needed = 0;
    std::memcpy(&needed, text_.data() + rule.pattern_offset + rule.pattern_length, sizeof needed);
    if (!internal::may_contain(query.byte_signature(), needed)) return;
  }
  const std::uint32_t strength = match_strength(rule, query.bytes, true);
  if (strength != kNoMatch) best.offer(rule, strength);
}

// A group not indexed yet, its rules in file order: each rule's literal prefix compared
// with the path's start. The same rules are tried as by the walk, and Best keeps the same
// one whatever the order they come in.
void RobotsTxt::scan_group(const CompiledGroup& group, QueryPath& query,
                           Best& best) const noexcept {
  const std::string_view path = query.bytes;
  // A file whose every string is empty has no text: memcmp must not be given null.
  const char* const text = text_.empty() ? "" : text_.data();
  const CompiledRule* const end = rules_.data() + group.rule_end;
  for (const CompiledRule* rule = rules_.data() + group.rule_begin; rule != end; ++rule) {
    if (rule->literal_length <= path.size() &&
        internal::bytes_equal(text + rule->pattern_offset, path.data(), rule->literal_length)) {
      try_rule(*rule, query, best);
    }
  }
}

void RobotsTxt::match_group(const CompiledGroup& group, QueryPath& query,
                            Best& best) const noexcept {
  if (!group.indexed() && match_unindexed(group, query, best)) [[unlikely]]
    return;
  const std::string_view path = query.bytes;
  const CompiledRule* low = rules_.data() + group.rule_begin;
  const CompiledRule* high = rules_.data() + group.rule_end;
  const char* const text = text_.data();
  const auto offer = [&](const CompiledRule& rule) { try_rule(rule, query, best); };
  // Invariant: every rule in [low, high) has a literal prefix that starts with
  // path[0, depth). Unless they are few (see kCompareEachUpTo), those whose literal
  // prefix is exactly that long sort first.
  for (std::size_t depth = 0; low < high; ++depth) {
    while (low < high && low->literal_length == depth) offer(*low++);
    if (low == high) break;
    // A few rules left: comparing each one's prefix at once is cheaper than narrowing
    // byte by byte, whose binary searches each touch scattered bytes of text_. Before
    // the end of the path stops the walk: these few may be in any order, so one whose
    // prefix is exactly the path can still be among them.
    if (high - low <= internal::kCompareEachUpTo) {
      for (; low < high; ++low) {
        const std::size_t rest = low->literal_length - depth;
        if (low->literal_length <= path.size() &&
            internal::bytes_equal(text + low->pattern_offset + depth, path.data() + depth, rest)) {
          offer(*low);
        }
      }
      break;
    }
    if (depth == path.size()) break;
    const auto byte_at_depth = [text, depth](const CompiledRule& rule) {
      return static_cast<unsigned char>(text[rule.pattern_offset + depth]);
    };
    const auto wanted = static_cast<unsigned char>(path[depth]);
    // Sorted, so when the first and last rule agree at this depth, all do: a shared
    // prefix such as "/" or "/wp-" costs two loads per byte instead of two searches.
    if (byte_at_depth(*low) == byte_at_depth(*(high - 1))) {
      if (byte_at_depth(*low) != wanted) break;
      continue;
    }
    low = std::partition_point(
        low, high, [&](const CompiledRule& rule) { return byte_at_depth(rule) < wanted; });
    high = std::partition_point(
        low, high, [&](const CompiledRule& rule) { return byte_at_depth(rule) == wanted; });
  }
}

AppliedGroups RobotsTxt::applied_groups(bool named) const noexcept {
  return named                    ? AppliedGroups::kSpecific
         : global_groups_.empty() ? AppliedGroups::kNone
                                  : AppliedGroups::kGlobal;
}

Verdict RobotsTxt::decide(std::string_view url,
                          std::span<const std::string_view> agents) const noexcept {
  std::string storage;  // only used for URLs like "http://a.com?q"
  QueryPath path{path_of(url, storage)};
  return decide_path(path, agents);
}

bool RobotsTxt::match_path(QueryPath& path, std::span<const std::string_view> agents,
                           Best& best) const noexcept {
  const auto visit = [&](std::uint32_t group) {
    QueryPath::Memo* const memo = path.memo;
    if (memo == nullptr) return match_group(groups_[group], path, best);
    for (std::size_t i = 0; i < memo->count; ++i) {
      if (memo->groups[i] == group) return best.absorb(memo->best[i]);
    }
    Best group_best;
    match_group(groups_[group], path, group_best);
    best.absorb(group_best);
    if (memo->count < QueryPath::Memo::kGroups) {
      memo->groups[memo->count] = group;
      memo->best[memo->count++] = group_best;
    }
  };
  return for_each_group_of(agents, visit);
}

// The boolean alone: no Verdict is built, so a check stores nothing it does not return.
bool RobotsTxt::allowed_path(QueryPath& path,
                             std::span<const std::string_view> agents) const noexcept {
  Best best;
  match_path(path, agents, best);
  return best.disallow_strength <= best.allow_strength;
}

Verdict RobotsTxt::decide_path(QueryPath& path,
                               std::span<const std::string_view> agents) const noexcept {
  Best best;
  const bool named = match_path(path, agents, best);
  Verdict verdict;
  verdict.applied = applied_groups(named);
  verdict.allowed = best.disallow_strength <= best.allow_strength;

  if ((verdict.allowed ? best.allow_strength : best.disallow_strength) == 0) return verdict;
  const CompiledRule* decisive = verdict.allowed ? &best.allow_rule : &best.disallow_rule;
  verdict.line = decisive->line();
  verdict.kind = decisive->kind();
  verdict.via_index_htm = decisive->is_index_htm_rewrite();
  verdict.strength = verdict.allowed ? best.allow_strength : best.disallow_strength;
  verdict.pattern = pattern_of(*decisive);
  verdict.rule = written_of(*decisive);
  return verdict;
}

bool RobotsTxt::allowed(std::string_view url, Agent agent) const noexcept {
  const Asking asked = asking(agent);
  if (!asked.rules_apply) return true;
  std::string storage;  // only used for URLs like "http://a.com?q"
  QueryPath path{path_of(url, storage)};
  return allowed_path(path, asked.tokens);
}

std::size_t RobotsTxt::allowed_each(std::string_view url, std::span<const std::string_view> agents,
                                    std::span<bool> answers) const noexcept {
  std::string storage;
  QueryPath::Memo memo;
  QueryPath path{path_of(url, storage), &memo};
  const std::size_t count = std::min(agents.size(), answers.size());
  for (std::size_t i = 0; i < count; ++i) {
    answers[i] = allowed_path(path, agents.subspan(i, 1));
  }
  return count;
}

std::size_t RobotsTxt::allowed_each_agent(std::string_view url, std::span<const Agent> agents,
                                          std::span<bool> answers) const noexcept {
  std::string storage;
  QueryPath::Memo memo;
  QueryPath path{path_of(url, storage), &memo};
  const std::size_t count = std::min(agents.size(), answers.size());
  for (std::size_t i = 0; i < count; ++i) {
    const Asking asked = asking(agents[i]);
    answers[i] = !asked.rules_apply || allowed_path(path, asked.tokens);
  }
  return count;
}

Verdict RobotsTxt::verdict(std::string_view url, Agent agent) const& noexcept {
  const Asking asked = asking(agent);
  Verdict verdict;
  if (asked.rules_apply) verdict = decide(url, asked.tokens);
  verdict.crawler_rule = asked.crawler_rule;
  verdict.crawler_token = asked.crawler_token;
  return verdict;
}

GroupSelection RobotsTxt::select_groups(Agent agent) const {
  GroupSelection selection;
  select_groups(agent, selection);
  return selection;
}

void RobotsTxt::select_groups(Agent agent, GroupSelection& selection) const {
  const Asking asked = asking(agent);
  selection.applied = AppliedGroups::kNone;
  selection.groups.clear();
  selection.crawler_rule = asked.crawler_rule;
  selection.crawler_token = asked.crawler_token;
  if (!asked.rules_apply) return;
  const bool named = for_each_group_of(
      asked.tokens, [&](std::uint32_t group) { selection.groups.push_back(group); });
  // Several agents may name one group, and agent_order_ is not in file order.
  std::sort(selection.groups.begin(), selection.groups.end());
  selection.groups.erase(std::unique(selection.groups.begin(), selection.groups.end()),
                         selection.groups.end());
  selection.applied = applied_groups(named);
}

std::vector<std::size_t> RobotsTxt::global_groups() const {
  return {global_groups_.begin(), global_groups_.end()};
}

std::size_t RobotsTxt::memory_usage() const noexcept { return sizeof(*this) + storage_bytes_; }

}  // namespace robotstxt
