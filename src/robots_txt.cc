// Compiling a robots.txt into groups and indexed rules, and answering queries with them
// (SEMANTICS.md sections 2, 3 and 5).
//
// Layout: every string lives once in text_. Rules are stored group by group, and inside a
// group sorted by their literal prefix (the bytes before the first `*`), so a path finds
// the rules that can match it by narrowing a sorted range one byte at a time, like a walk
// down a trie that costs no extra memory. Only rules whose literal prefix is a prefix of
// the path are ever looked at.
#include "robotstxt/robots_txt.h"

#include <algorithm>
#include <charconv>
#include <cmath>

#include "ascii.h"
#include "glob.h"
#include "pattern_text.h"
#include "tokenizer.h"

namespace robotstxt {
namespace {

constexpr std::uint32_t kDisallowFlag = 1;
constexpr std::uint32_t kIndexHtmFlag = 2;
// The rule is its literal prefix alone (no `*`, no `$`): the common case, decided by the
// index walk without looking at the rule's text again.
constexpr std::uint32_t kPlainPrefixFlag = 4;
constexpr std::uint32_t kLineShift = 3;
constexpr std::uint16_t kGlobalToken = 0xFFFF;

// Google-specific (SEMANTICS 2.4): `*` alone, or `*` then whitespace, is the global agent.
bool is_global_agent(std::string_view value) {
  return value.starts_with('*') && (value.size() == 1 || internal::is_ascii_space(value[1]));
}

std::size_t product_token_length(std::string_view value) {
  std::size_t length = 0;
  while (length < value.size() && internal::is_token_char(value[length])) ++length;
  return length;
}

// Directives are kept varint-packed: most are a few bytes, and a file of nothing but
// short unknown lines must still compile to less than three times its size.
void put_varint(std::string& out, std::uint32_t value) {
  while (value >= 0x80) {
    out += static_cast<char>((value & 0x7F) | 0x80);
    value >>= 7;
  }
  out += static_cast<char>(value);
}

std::uint32_t get_varint(std::string_view data, std::size_t& pos) {
  std::uint32_t value = 0;
  for (int shift = 0; pos < data.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(data[pos++]);
    value |= static_cast<std::uint32_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) break;
  }
  return value;
}

// Copies with capacity equal to size: a compiled file keeps no slack.
template <typename T>
std::vector<T> exact_copy(const std::vector<T>& items) {
  return std::vector<T>(items.begin(), items.end());
}

}  // namespace

// The running best match of a query: strongest allow and disallow, earliest line on ties
// (Google keeps the first rule in file order among equally strong ones).
struct RobotsTxt::Best {
  std::uint32_t allow_strength = 0, allow_line = 0;
  std::uint32_t disallow_strength = 0, disallow_line = 0;
  const CompiledRule* allow_rule = nullptr;
  const CompiledRule* disallow_rule = nullptr;

  void offer(const CompiledRule& rule, std::uint32_t strength) noexcept {
    const std::uint32_t line = rule.line_and_flags >> kLineShift;
    const bool disallow = (rule.line_and_flags & kDisallowFlag) != 0;
    std::uint32_t& best_strength = disallow ? disallow_strength : allow_strength;
    std::uint32_t& best_line = disallow ? disallow_line : allow_line;
    // Strength 0 never decides (SEMANTICS 5.2), so it never needs recording.
    if (strength > best_strength ||
        (strength == best_strength && strength > 0 && line < best_line)) {
      best_strength = strength;
      best_line = line;
      (disallow ? disallow_rule : allow_rule) = &rule;
    }
  }
};

// Builds a RobotsTxt from the tokenizer's lines.
class Compiler {
 public:
  struct SortKey {
    std::uint64_t high, low;  // literal prefix bytes 0-7 and 8-15
    std::uint32_t index;
  };
  // Scratch buffers a thread reuses from one compile to the next, so that compiling many
  // files neither regrows vectors nor touches fresh pages for each one (simdjson's lesson).
  struct Scratch {
    RobotsTxt work;
    std::vector<SortKey> keys;
    std::vector<RobotsTxt::CompiledRule> sorted;
  };

  explicit Compiler(Scratch& scratch)
      : out_(scratch.work), keys_(scratch.keys), sorted_(scratch.sorted) {}

  void on_line(const LineFacts& line) {
    out_.line_count_ = line.number;
    switch (line.kind) {
      case LineKind::kUserAgent:
        add_agent(line);
        break;
      case LineKind::kAllow:
      case LineKind::kDisallow:
        add_rule(line);
        break;
      case LineKind::kSitemap:
        out_.sitemaps_.push_back(store(line.value));
        out_.sitemaps_.push_back(static_cast<std::uint32_t>(line.value.size()));
        break;
      case LineKind::kOther:
        add_directive(line);
        break;
      default:
        break;
    }
  }

  void finish() {
    close_group();
    build_agent_index();
  }

 private:
  using CompiledRule = RobotsTxt::CompiledRule;

  std::uint32_t store(std::string_view text) {
    const auto offset = static_cast<std::uint32_t>(out_.text_.size());
    out_.text_.append(text);
    return offset;
  }

  void add_agent(const LineFacts& line) {
    // SEMANTICS 2.1: a user-agent line after a rule starts a new group.
    if (!in_group_ || group_has_rules_) {
      close_group();
      const auto index = static_cast<std::uint32_t>(out_.rules_.size());
      const auto agent_index = static_cast<std::uint32_t>(out_.agents_.size());
      out_.groups_.push_back({index, index, agent_index, agent_index});
      in_group_ = true;
      group_has_rules_ = false;
      group_is_global_ = false;
    }
    const bool global = is_global_agent(line.value);
    RobotsTxt::CompiledAgent agent{};
    agent.value_offset = store(line.value);
    agent.line = line.number;
    agent.group = static_cast<std::uint32_t>(out_.groups_.size() - 1);
    agent.value_length = static_cast<std::uint16_t>(line.value.size());
    agent.token_length =
        global ? kGlobalToken : static_cast<std::uint16_t>(product_token_length(line.value));
    out_.agents_.push_back(agent);
    out_.groups_.back().agent_end = static_cast<std::uint32_t>(out_.agents_.size());
    if (global && !group_is_global_) {
      group_is_global_ = true;
      out_.global_groups_.push_back(agent.group);
    }
  }

  void add_rule(const LineFacts& line) {
    if (!in_group_) return;  // SEMANTICS 2.3: before any user-agent line, ignored.
    group_has_rules_ = true;

    CompiledRule rule{};
    rule.pattern_offset = static_cast<std::uint32_t>(out_.text_.size());
    internal::append_normalized_pattern(line.value, out_.text_);
    const std::string_view pattern(out_.text_.data() + rule.pattern_offset,
                                   out_.text_.size() - rule.pattern_offset);
    rule.pattern_length = static_cast<std::uint16_t>(pattern.size());
    rule.written_length = rule.pattern_length;
    rule.literal_length = literal_length(pattern, pattern.ends_with('$'));
    rule.line_and_flags =
        (line.number << kLineShift) | (line.kind == LineKind::kDisallow ? kDisallowFlag : 0);
    if (rule.literal_length == rule.pattern_length) rule.line_and_flags |= kPlainPrefixFlag;
    out_.rules_.push_back(rule);

    // SEMANTICS 4.4: an allow of ".../index.htm..." also allows ".../" exactly. Kept as a
    // rule of its own with an implied `$`; it can only win when the original fails,
    // because the original is always the longer of the two.
    if (line.kind == LineKind::kAllow) {
      const std::size_t slash = pattern.rfind('/');
      if (slash != std::string_view::npos && pattern.substr(slash).starts_with("/index.htm")) {
        CompiledRule rewrite = rule;
        rewrite.pattern_length = static_cast<std::uint16_t>(slash + 1);
        rewrite.literal_length = literal_length(pattern.substr(0, slash + 1), false);
        rewrite.line_and_flags = (rewrite.line_and_flags & ~kPlainPrefixFlag) | kIndexHtmFlag;
        out_.rules_.push_back(rewrite);
      }
    }
  }

  // Bytes before the first `*`, not counting a final anchoring `$`.
  static std::uint16_t literal_length(std::string_view pattern, bool anchored) {
    if (anchored) pattern.remove_suffix(1);
    return static_cast<std::uint16_t>(std::min(pattern.find('*'), pattern.size()));
  }

  void add_directive(const LineFacts& line) {
    const std::uint32_t group = in_group_ ? static_cast<std::uint32_t>(out_.groups_.size()) : 0;
    put_varint(out_.directives_, line.number - last_directive_line_);
    put_varint(out_.directives_, group - last_directive_group_);
    put_varint(out_.directives_, static_cast<std::uint32_t>(line.key.size()));
    out_.directives_.append(line.key);
    put_varint(out_.directives_, static_cast<std::uint32_t>(line.value.size()));
    out_.directives_.append(line.value);
    last_directive_line_ = line.number;
    last_directive_group_ = group;
  }

  void close_group() {
    if (!in_group_) return;
    RobotsTxt::CompiledGroup& group = out_.groups_.back();
    group.rule_end = static_cast<std::uint32_t>(out_.rules_.size());
    sort_by_literal_prefix(group.rule_begin, group.rule_end);
  }

  // Sorts one group's rules by literal prefix, then line. The first sixteen bytes of each
  // prefix are packed big-endian into two integers so that most comparisons are integer
  // compares; patterns never contain NUL, so zero padding sorts shorter prefixes first.
  void sort_by_literal_prefix(std::uint32_t begin, std::uint32_t end) {
    if (end - begin < 2) return;
    const char* const text = out_.text_.data();
    keys_.clear();
    for (std::uint32_t i = begin; i < end; ++i) {
      const CompiledRule& rule = out_.rules_[i];
      const std::string_view literal(text + rule.pattern_offset, rule.literal_length);
      keys_.push_back({pack_big_endian(literal, 0), pack_big_endian(literal, 8), i});
    }
    const std::vector<CompiledRule>& rules = out_.rules_;
    std::sort(keys_.begin(), keys_.end(), [&](const SortKey& a, const SortKey& b) {
      if (a.high != b.high) return a.high < b.high;
      if (a.low != b.low) return a.low < b.low;
      const CompiledRule& x = rules[a.index];
      const CompiledRule& y = rules[b.index];
      const std::string_view x_literal(text + x.pattern_offset, x.literal_length);
      const std::string_view y_literal(text + y.pattern_offset, y.literal_length);
      if (const int order = x_literal.compare(y_literal); order != 0) return order < 0;
      return x.line_and_flags < y.line_and_flags;
    });
    sorted_.clear();
    for (const SortKey& key : keys_) sorted_.push_back(rules[key.index]);
    std::copy(sorted_.begin(), sorted_.end(), out_.rules_.begin() + begin);
  }

  static std::uint64_t pack_big_endian(std::string_view text, std::size_t from) {
    std::uint64_t packed = 0;
    for (std::size_t b = 0; b < 8 && from + b < text.size(); ++b) {
      packed |= std::uint64_t{static_cast<unsigned char>(text[from + b])} << (56 - 8 * b);
    }
    return packed;
  }

  void build_agent_index() {
    // Empty tokens (`user-agent: *bot`) are indexed too: no real agent equals them, but
    // Google's matcher lets an empty queried agent match them, and so do we.
    for (std::uint32_t i = 0; i < out_.agents_.size(); ++i) {
      if (out_.agents_[i].token_length != kGlobalToken) out_.agent_order_.push_back(i);
    }
    const RobotsTxt& robots = out_;
    std::sort(out_.agent_order_.begin(), out_.agent_order_.end(),
              [&robots](std::uint32_t a, std::uint32_t b) {
                const int order =
                    internal::compare_ignoring_case(robots.token_of(a), robots.token_of(b));
                return order != 0 ? order < 0 : a < b;
              });
  }

  RobotsTxt& out_;
  std::vector<SortKey>& keys_;
  std::vector<CompiledRule>& sorted_;
  bool in_group_ = false;
  bool group_has_rules_ = false;
  bool group_is_global_ = false;
  std::uint32_t last_directive_line_ = 0;
  std::uint32_t last_directive_group_ = 0;
};

RobotsTxt RobotsTxt::parse(std::string_view body) {
  thread_local Compiler::Scratch scratch;
  scratch.work.clear_keeping_capacity();
  Compiler compiler(scratch);
  internal::for_each_line(body, [&compiler](const LineFacts& line) { compiler.on_line(line); });
  compiler.finish();

  const RobotsTxt& work = scratch.work;
  RobotsTxt robots;
  robots.text_ = work.text_;
  robots.directives_ = work.directives_;
  robots.rules_ = exact_copy(work.rules_);
  robots.groups_ = exact_copy(work.groups_);
  robots.agents_ = exact_copy(work.agents_);
  robots.agent_order_ = exact_copy(work.agent_order_);
  robots.global_groups_ = exact_copy(work.global_groups_);
  robots.sitemaps_ = exact_copy(work.sitemaps_);
  robots.line_count_ = work.line_count_;
  // One huge file should not pin its buffers to the thread for good.
  if (work.memory_usage() > (std::size_t{8} << 20)) scratch = Compiler::Scratch();
  return robots;
}

void RobotsTxt::clear_keeping_capacity() noexcept {
  text_.clear();
  directives_.clear();
  rules_.clear();
  groups_.clear();
  agents_.clear();
  agent_order_.clear();
  global_groups_.clear();
  sitemaps_.clear();
  line_count_ = 1;
}

std::string_view RobotsTxt::token_of(std::uint32_t agent) const noexcept {
  const CompiledAgent& entry = agents_[agent];
  return {text_.data() + entry.value_offset,
          entry.token_length == kGlobalToken ? std::size_t{0} : entry.token_length};
}

std::uint32_t RobotsTxt::match_strength(const CompiledRule& rule, std::string_view path,
                                        bool literal_matched) const noexcept {
  if (rule.line_and_flags & kPlainPrefixFlag) {
    const bool matches =
        literal_matched ||
        path.starts_with(std::string_view(text_.data() + rule.pattern_offset, rule.literal_length));
    return matches ? rule.pattern_length : kNoMatch;
  }
  const char* const pattern = text_.data() + rule.pattern_offset;
  const bool index_htm = (rule.line_and_flags & kIndexHtmFlag) != 0;
  const bool anchored = index_htm || pattern[rule.pattern_length - 1] == '$';
  const std::uint32_t strength = rule.pattern_length + (index_htm ? 1u : 0u);
  if (!literal_matched && !path.starts_with(std::string_view(pattern, rule.literal_length))) {
    return kNoMatch;
  }
  const std::size_t rest_end = rule.pattern_length - (anchored && !index_htm ? 1u : 0u);
  const std::string_view rest(pattern + rule.literal_length, rest_end - rule.literal_length);
  return internal::glob_matches(path.substr(rule.literal_length), rest, anchored) ? strength
                                                                                  : kNoMatch;
}

void RobotsTxt::match_group(const CompiledGroup& group, std::string_view path,
                            Best& best) const noexcept {
  const CompiledRule* low = rules_.data() + group.rule_begin;
  const CompiledRule* high = rules_.data() + group.rule_end;
  const char* const text = text_.data();
  // Invariant: every rule in [low, high) has a literal prefix that starts with
  // path[0, depth). Those whose literal prefix is exactly that long sort first.
  for (std::size_t depth = 0; low < high; ++depth) {
    while (low < high && low->literal_length == depth) {
      const std::uint32_t strength = match_strength(*low, path, true);
      if (strength != kNoMatch) best.offer(*low, strength);
      ++low;
    }
    if (low == high || depth == path.size()) break;
    const char next = path[depth];
    const auto byte_at_depth = [text, depth](const CompiledRule& rule) {
      return static_cast<unsigned char>(text[rule.pattern_offset + depth]);
    };
    const auto wanted = static_cast<unsigned char>(next);
    low = std::partition_point(
        low, high, [&](const CompiledRule& rule) { return byte_at_depth(rule) < wanted; });
    high = std::partition_point(
        low, high, [&](const CompiledRule& rule) { return byte_at_depth(rule) == wanted; });
  }
}

template <typename Visit>
bool RobotsTxt::for_each_group_of(std::span<const std::string_view> agents, Visit&& visit) const {
  bool named = false;
  for (const std::string_view agent : agents) {
    const auto less = [this](std::uint32_t entry, std::string_view wanted) {
      return internal::compare_ignoring_case(token_of(entry), wanted) < 0;
    };
    auto it = std::lower_bound(agent_order_.begin(), agent_order_.end(), agent, less);
    for (; it != agent_order_.end() && internal::equals_ignoring_case(token_of(*it), agent); ++it) {
      named = true;
      visit(agents_[*it].group);
    }
  }
  if (named) return true;
  for (const std::uint32_t group : global_groups_) visit(group);
  return false;
}

Verdict RobotsTxt::decide(std::string_view url, std::span<const std::string_view> agents,
                          bool want_details) const noexcept {
  std::string storage;  // only used for URLs like "http://a.com?q"
  const std::string_view path = path_of(url, storage);
  Best best;
  Verdict verdict;
  const bool named = for_each_group_of(
      agents, [&](std::uint32_t group) { match_group(groups_[group], path, best); });
  verdict.applied = named                    ? AppliedGroups::kSpecific
                    : global_groups_.empty() ? AppliedGroups::kNone
                                             : AppliedGroups::kGlobal;
  verdict.allowed = best.disallow_strength <= best.allow_strength;
  if (!want_details) return verdict;

  const CompiledRule* decisive = !verdict.allowed ? best.disallow_rule : best.allow_rule;
  if (decisive == nullptr) return verdict;
  verdict.line = decisive->line_and_flags >> kLineShift;
  verdict.kind =
      (decisive->line_and_flags & kDisallowFlag) ? RuleKind::kDisallow : RuleKind::kAllow;
  verdict.via_index_htm = (decisive->line_and_flags & kIndexHtmFlag) != 0;
  verdict.strength = verdict.allowed ? best.allow_strength : best.disallow_strength;
  verdict.pattern = pattern_of(*decisive);
  return verdict;
}

std::string_view RobotsTxt::pattern_of(const CompiledRule& rule) const noexcept {
  return {text_.data() + rule.pattern_offset, rule.written_length};
}

bool RobotsTxt::allowed(std::string_view url, std::string_view agent) const noexcept {
  return decide(url, std::span<const std::string_view>(&agent, 1), false).allowed;
}

bool RobotsTxt::allowed(std::string_view url,
                        std::span<const std::string_view> agents) const noexcept {
  return decide(url, agents, false).allowed;
}

Verdict RobotsTxt::verdict(std::string_view url, std::string_view agent) const noexcept {
  return decide(url, std::span<const std::string_view>(&agent, 1), true);
}

Verdict RobotsTxt::verdict(std::string_view url,
                           std::span<const std::string_view> agents) const noexcept {
  return decide(url, agents, true);
}

}  // namespace robotstxt

namespace robotstxt {

RuleLine RobotsTxt::rule_line(const CompiledRule& rule) const {
  RuleLine line;
  line.line = rule.line_and_flags >> kLineShift;
  line.kind = (rule.line_and_flags & kDisallowFlag) ? RuleKind::kDisallow : RuleKind::kAllow;
  line.pattern = pattern_of(rule);
  return line;
}

Explanation RobotsTxt::explain(std::string_view url,
                               std::span<const std::string_view> agents) const {
  Explanation explanation;
  explanation.path = path_of(url);
  const bool named =
      for_each_group_of(agents, [&](std::uint32_t group) { explanation.groups.push_back(group); });
  std::sort(explanation.groups.begin(), explanation.groups.end());
  explanation.groups.erase(std::unique(explanation.groups.begin(), explanation.groups.end()),
                           explanation.groups.end());
  for (const std::size_t group : explanation.groups) {
    for (std::uint32_t i = groups_[group].rule_begin; i < groups_[group].rule_end; ++i) {
      const std::uint32_t strength = match_strength(rules_[i], explanation.path, false);
      if (strength == kNoMatch) continue;
      explanation.matches.push_back(
          {rule_line(rules_[i]), strength, (rules_[i].line_and_flags & kIndexHtmFlag) != 0});
    }
  }
  // File order; where a rule matched both as written and through its index.htm rewrite,
  // only the stronger (as written) is a real match.
  std::sort(explanation.matches.begin(), explanation.matches.end(),
            [](const RuleMatch& a, const RuleMatch& b) {
              return a.rule.line != b.rule.line ? a.rule.line < b.rule.line
                                                : a.via_index_htm < b.via_index_htm;
            });
  explanation.matches.erase(std::unique(explanation.matches.begin(), explanation.matches.end(),
                                        [](const RuleMatch& a, const RuleMatch& b) {
                                          return a.rule.line == b.rule.line;
                                        }),
                            explanation.matches.end());
  explanation.applied = named                    ? AppliedGroups::kSpecific
                        : global_groups_.empty() ? AppliedGroups::kNone
                                                 : AppliedGroups::kGlobal;
  explanation.verdict = decide(url, agents, true);
  return explanation;
}

std::vector<std::string_view> RobotsTxt::sitemaps() const {
  std::vector<std::string_view> urls;
  urls.reserve(sitemaps_.size() / 2);
  for (std::size_t i = 0; i + 1 < sitemaps_.size(); i += 2) {
    urls.emplace_back(text_.data() + sitemaps_[i], sitemaps_[i + 1]);
  }
  return urls;
}

std::vector<Directive> RobotsTxt::directives() const {
  std::vector<Directive> result;
  const std::string_view data = directives_;
  std::uint32_t line = 0;
  std::uint32_t group = 0;
  for (std::size_t pos = 0; pos < data.size();) {
    Directive directive;
    line += get_varint(data, pos);
    group += get_varint(data, pos);
    const std::uint32_t key_length = get_varint(data, pos);
    directive.key = data.substr(pos, key_length);
    pos += key_length;
    const std::uint32_t value_length = get_varint(data, pos);
    directive.value = data.substr(pos, value_length);
    pos += value_length;
    directive.line = line;
    directive.group = static_cast<std::int32_t>(group) - 1;
    result.push_back(directive);
  }
  return result;
}

std::vector<Group> RobotsTxt::groups() const {
  std::vector<Group> result(groups_.size());
  for (std::size_t g = 0; g < groups_.size(); ++g) {
    const CompiledGroup& compiled = groups_[g];
    for (std::uint32_t a = compiled.agent_begin; a < compiled.agent_end; ++a) {
      const CompiledAgent& agent = agents_[a];
      result[g].agents.push_back({agent.line,
                                  {text_.data() + agent.value_offset, agent.value_length},
                                  token_of(a),
                                  agent.token_length == kGlobalToken});
    }
    for (std::uint32_t r = compiled.rule_begin; r < compiled.rule_end; ++r) {
      if ((rules_[r].line_and_flags & kIndexHtmFlag) == 0) {
        result[g].rules.push_back(rule_line(rules_[r]));
      }
    }
    std::sort(result[g].rules.begin(), result[g].rules.end(),
              [](const RuleLine& a, const RuleLine& b) { return a.line < b.line; });
  }
  return result;
}

namespace {

// A crawl-delay as crawlers read it: a finite, non-negative decimal number of seconds.
std::optional<double> parse_seconds(std::string_view value) {
  value = internal::trim_ascii_space(value);
  double seconds = 0;
  const auto [end, error] =
      std::from_chars(value.data(), value.data() + value.size(), seconds, std::chars_format::fixed);
  if (error != std::errc() || end != value.data() + value.size() || !std::isfinite(seconds) ||
      seconds < 0) {
    return std::nullopt;
  }
  return seconds;
}

}  // namespace

std::optional<double> RobotsTxt::crawl_delay(std::string_view agent) const {
  std::vector<bool> named_group(groups_.size(), false);
  for_each_group_of(std::span<const std::string_view>(&agent, 1),
                    [&](std::uint32_t group) { named_group[group] = true; });
  std::vector<bool> global_group(groups_.size(), false);
  for (const std::uint32_t group : global_groups_) global_group[group] = true;

  std::optional<double> global_delay;
  for (const Directive& directive : directives()) {
    if (directive.group < 0 || !internal::equals_ignoring_case(directive.key, "crawl-delay")) {
      continue;
    }
    const std::optional<double> seconds = parse_seconds(directive.value);
    if (!seconds) continue;
    const auto group = static_cast<std::size_t>(directive.group);
    if (named_group[group]) return seconds;
    if (global_group[group] && !global_delay) global_delay = seconds;
  }
  return global_delay;
}

std::size_t RobotsTxt::memory_usage() const noexcept {
  return sizeof(*this) + text_.capacity() + directives_.capacity() +
         rules_.capacity() * sizeof(CompiledRule) + groups_.capacity() * sizeof(CompiledGroup) +
         agents_.capacity() * sizeof(CompiledAgent) +
         (agent_order_.capacity() + global_groups_.capacity() + sitemaps_.capacity()) *
             sizeof(std::uint32_t);
}

}  // namespace robotstxt
