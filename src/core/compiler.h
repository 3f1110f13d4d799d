// The compiler of a robots.txt: the tokenizer's lines become groups, agents and rules
// (docs/semantics.md 1.8, 2 and 4.4), packed as compiled_layout.h describes; each group's
// rules in file order, for the first query of the group to index (rule_index.cc).
// Private: RobotsTxt::parse() (compiler.cc) and internal::parse_and_describe()
// (line_description.cc) drive it, each in its own translation unit so that parse()'s line
// loop is compiled for its one caller alone.
#ifndef ROBOTSTXT_SRC_CORE_COMPILER_H_
#define ROBOTSTXT_SRC_CORE_COMPILER_H_

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

#include "base/byte_buffer.h"
#include "base/byte_copy.h"
#include "base/byte_signature.h"
#include "base/percent_encoding.h"
#include "core/compiled_layout.h"
#include "core/compiled_rule_order.h"
#include "core/tokenizer.h"
#include "robotstxt/agent.h"

namespace robotstxt {

// Builds a RobotsTxt from the tokenizer's lines.
class Compiler {
 public:
  struct AgentKey {
    std::uint64_t packed;  // the token's first eight bytes, lower case, big-endian
    std::uint32_t agent;   // into agents
  };
  // The compiled parts as they grow. parse() packs them into the object's one block at
  // the end; until then they are buffers a thread reuses from file to file.
  struct Parts {
    internal::ByteBuffer text;
    std::vector<RobotsTxt::CompiledRule> rules;
    std::vector<RobotsTxt::CompiledGroup> groups;
    std::vector<RobotsTxt::CompiledAgent> agents;
    std::vector<std::uint32_t> agent_order;
    std::vector<std::uint32_t> global_groups;
    std::vector<std::uint32_t> sitemaps;
    std::vector<std::uint32_t> written_rules;
    std::uint32_t line_count = 1;

    void clear() noexcept;
    [[nodiscard]] std::size_t capacity_bytes() const noexcept;
  };
  // Scratch buffers a thread reuses from one compile to the next, so that compiling many
  // files neither regrows vectors nor touches fresh pages for each one (simdjson's lesson).
  struct Scratch {
    Parts work;
    std::vector<AgentKey> agent_keys;
    internal::ByteBuffer records;  // the directive records being written
  };

  // This thread's scratch buffers, cleared for the next file.
  static Scratch& thread_scratch() {
    thread_local Scratch scratch;
    scratch.work.clear();
    return scratch;
  }
  // The compiled file, packed into its one block once every line was seen.
  RobotsTxt pack(Scratch& scratch);

  // `body`: the robots.txt compiled, whose bytes (up to its end) the lines' views point into.
  Compiler(Scratch& scratch, std::string_view body)
      : out_(scratch.work),
        agent_keys_(scratch.agent_keys),
        records_(scratch.records),
        body_end_(body.data() + body.size()) {
    agent_keys_.clear();
    records_.clear();
  }

  static std::vector<internal::CompiledRulePlace> rule_order(const RobotsTxt& robots) {
    std::vector<internal::CompiledRulePlace> places;
    for (std::uint32_t group = 0; group < robots.groups_.size(); ++group) {
      const RobotsTxt::CompiledGroup& bounds = robots.groups_[group];
      robots.ensure_indexed(bounds);
      for (std::uint32_t i = bounds.rule_begin; i < bounds.rule_end; ++i) {
        const CompiledRule& rule = robots.rules_[i];
        places.push_back(
            {group, std::string_view(robots.text_).substr(rule.pattern_offset, rule.literal_length),
             rule.line(), rule.is_index_htm_rewrite()});
      }
    }
    return places;
  }

  static std::vector<bool> indexed_groups(const RobotsTxt& robots) {
    std::vector<bool> indexed;
    for (const RobotsTxt::CompiledGroup& group : robots.groups_) indexed.push_back(group.indexed());
    return indexed;
  }

  void on_line(const LineFacts& line, internal::RuleValue value) {
    out_.line_count = line.number;
    switch (line.kind) {
      case LineKind::kUserAgent:
        add_agent(line);
        break;
      case LineKind::kDisallow:
        if (value.shape == internal::RuleValue::Shape::kPlain && in_group_) [[likely]] {
          add_plain_rule(line);
          break;
        }
        [[fallthrough]];
      case LineKind::kAllow:
        add_rule(line, value);
        break;
      case LineKind::kSitemap:
        out_.sitemaps.push_back(store(line.value));
        out_.sitemaps.push_back(static_cast<std::uint32_t>(line.value.size()));
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

  // `text`: bytes of the body, e.g. a line's value.
  std::uint32_t store(std::string_view text) {
    const auto offset = static_cast<std::uint32_t>(out_.text.size());
    out_.text.append_within(text, body_end_);
    return offset;
  }

  void add_agent(const LineFacts& line) {
    // docs/semantics.md 2.1: a user-agent line after a rule starts a new group.
    if (!in_group_ || group_has_rules_) {
      close_group();
      const auto index = static_cast<std::uint32_t>(out_.rules.size());
      const auto agent_index = static_cast<std::uint32_t>(out_.agents.size());
      out_.groups.push_back({index, index, agent_index, RobotsTxt::CompiledGroup::kIndexed});
      in_group_ = true;
      group_has_rules_ = false;
      group_is_global_ = false;
    }
    const bool global = is_global_agent(line.value);
    RobotsTxt::CompiledAgent agent{};
    agent.value_offset = store(line.value);
    agent.line = line.number;
    agent.group = static_cast<std::uint32_t>(out_.groups.size() - 1);
    agent.value_length = static_cast<std::uint16_t>(line.value.size());
    agent.token_length = global ? RobotsTxt::CompiledAgent::kGlobalToken
                                : add_agent_key(line.value, out_.agents.size());
    out_.agents.push_back(agent);
    if (global && !group_is_global_) {
      group_is_global_ = true;
      out_.global_groups.push_back(agent.group);
    }
  }

  // The length of the product token that `value` starts with (docs/semantics.md 2.4, as
  // product_token() reads it), with the agent's sort key for build_agent_index(): the
  // token's first eight bytes, lower case, packed big-endian. One pass over bytes that
  // are at hand here, where the index used to read each token again.
  std::uint16_t add_agent_key(std::string_view value, std::size_t agent) {
    std::uint64_t packed = 0;
    std::size_t length = 0;
    const std::size_t packed_bytes = std::min<std::size_t>(8, value.size());
    for (; length < packed_bytes && internal::is_token_char(value[length]); ++length) {
      packed |= static_cast<std::uint64_t>(
                    static_cast<unsigned char>(internal::to_ascii_lower(value[length])))
                << (56 - 8 * length);
    }
    if (length == 8) {
      while (length < value.size() && internal::is_token_char(value[length])) ++length;
    }
    agent_keys_.push_back({packed, static_cast<std::uint32_t>(agent)});
    return static_cast<std::uint16_t>(length);
  }

  // A rule whose value holds no `*`, `%` or byte >= 0x80 (in a group): the value is its
  // own pattern, its literal prefix all of it but a final `$`, and nothing follows that
  // prefix to sign. Inlined into on_line() for disallow lines, three lines in four of the
  // corpus: calling add_rule() for them cost more than filling the rule.
  [[gnu::always_inline]] void add_plain_rule(const LineFacts& line) {
    const bool anchored = line.value.ends_with('$');
    CompiledRule& rule = start_rule(line, anchored ? 0 : CompiledRule::kPlainPrefixFlag);
    out_.text.append_within(line.value, body_end_);
    const auto length = static_cast<std::uint16_t>(line.value.size());
    rule.pattern_length = length;
    rule.literal_length = static_cast<std::uint16_t>(length - (anchored ? 1 : 0));
  }

  // The rule of an allow or disallow line, added to the current group with its line, its
  // kind and `flags`; its pattern is to be written at the end of text. Filled where it
  // stays: a local copied in by push_back cost a store and a load of each field.
  CompiledRule& start_rule(const LineFacts& line, std::uint32_t flags) {
    group_has_rules_ = true;
    CompiledRule& rule = out_.rules.emplace_back();
    rule.pattern_offset = static_cast<std::uint32_t>(out_.text.size());
    rule.line_and_flags = (line.number << CompiledRule::kLineShift) |
                          (line.kind == LineKind::kDisallow ? CompiledRule::kDisallowFlag : 0) |
                          flags;
    return rule;
  }

  // Any allow or disallow line: plain values through add_plain_rule(), values of `*`s
  // through add_star_rule(), others normalised (docs/semantics.md 1.8) and signed; then an
  // allow's index.htm rewrite.
  [[gnu::noinline]] void add_rule(const LineFacts& line, internal::RuleValue value) {
    if (!in_group_) return;  // docs/semantics.md 2.3: before any user-agent line, ignored.
    switch (value.shape) {
      case internal::RuleValue::Shape::kPlain:
        add_plain_rule(line);
        break;
      case internal::RuleValue::Shape::kStars:
        add_star_rule(line, value.first_star);
        break;
      default:
        add_normalized_rule(line);
        break;
    }
    if (line.kind == LineKind::kAllow) add_index_htm_rewrite();
  }

  // A rule whose value holds `*`s but no `%` nor byte >= 0x80: the value is its own
  // pattern, literal up to its first `*` (the tokenizer found it), so it is neither
  // normalised, nor searched for its `*`, nor kept apart as written.
  void add_star_rule(const LineFacts& line, std::uint16_t first_star) {
    CompiledRule& rule = start_rule(line, 0);
    out_.text.append_within(line.value, body_end_);
    rule.pattern_length = static_cast<std::uint16_t>(line.value.size());
    rule.literal_length = first_star;
    add_signature(rule, rest_signature(line.value, first_star));
  }

  // Marks `rule`, the last one written, as signed by `signature` (unless 0) and writes the
  // signature after its pattern.
  void add_signature(CompiledRule& rule, std::uint64_t signature) {
    if (signature == 0) return;
    rule.line_and_flags |= CompiledRule::kSignatureFlag;
    char bytes[sizeof signature];
    std::memcpy(bytes, &signature, sizeof signature);
    out_.text.append(bytes, sizeof bytes);
  }

  void add_normalized_rule(const LineFacts& line) {
    CompiledRule& rule = start_rule(line, 0);
    internal::append_normalized_pattern(line.value, out_.text);
    const std::string_view pattern(out_.text.data() + rule.pattern_offset,
                                   out_.text.size() - rule.pattern_offset);
    rule.pattern_length = static_cast<std::uint16_t>(pattern.size());
    rule.literal_length = literal_length(pattern);
    if (rule.literal_length == rule.pattern_length) {
      rule.line_and_flags |= CompiledRule::kPlainPrefixFlag;
    }
    const std::uint64_t signature = rest_signature(pattern, rule.literal_length);
    const bool same_as_written = pattern == line.value;
    const std::uint32_t line_number = rule.line();
    // Last: appending may move text, and `pattern` points into it.
    add_signature(rule, signature);
    // What consumers show as "the rule" is the value as written; only the rules whose
    // normalisation changed it keep it apart (a plain value is its own pattern).
    if (!same_as_written) {
      out_.written_rules.push_back(line_number);
      out_.written_rules.push_back(store(line.value));
      out_.written_rules.push_back(static_cast<std::uint32_t>(line.value.size()));
    }
  }

  // docs/semantics.md 4.4: an allow of ".../index.htm..." also allows ".../" exactly. Kept as a
  // rule of its own, after the allow just added, with an implied `$`; it can only win
  // when the original fails, because the original is always the longer of the two.
  void add_index_htm_rewrite() {
    const CompiledRule& rule = out_.rules.back();
    const std::string_view pattern(out_.text.data() + rule.pattern_offset, rule.pattern_length);
    const std::size_t slash = pattern.rfind('/');
    if (slash == std::string_view::npos || !pattern.substr(slash).starts_with("/index.htm")) {
      return;
    }
    // A copy: adding the rewrite may move `rule`.
    CompiledRule rewrite = rule;
    // Its first `*`, if any, is the original's: only when that lies past the slash does
    // the rewrite's literal prefix end sooner.
    rewrite.literal_length =
        std::min(rewrite.literal_length, static_cast<std::uint16_t>(slash + 1));
    rewrite.line_and_flags = (rewrite.line_and_flags &
                              ~(CompiledRule::kPlainPrefixFlag | CompiledRule::kSignatureFlag)) |
                             CompiledRule::kIndexHtmFlag;
    out_.rules.push_back(rewrite);
  }

  // The signature of the literal bytes a path needs beyond the literal prefix (0 when
  // there are none, e.g. `/a*` or `/a$`, where a signature could reject nothing).
  // A pattern's bytes are ASCII (bytes >= 0x80 are percent-encoded), and no ASCII byte but
  // `*` has the `*`'s bit: taking that bit out of all the bytes' signature leaves exactly
  // the literal bytes', with no test per byte (a branch on `*` mispredicted often).
  static std::uint64_t rest_signature(std::string_view pattern, std::size_t literal_length) {
    static_assert([] {
      for (unsigned byte = 0; byte < 0x80; ++byte) {
        if (byte != '*' && internal::kByteBits[byte] == internal::kByteBits['*']) return false;
      }
      return true;
    }());
    if (pattern.ends_with('$')) pattern.remove_suffix(1);
    pattern.remove_prefix(literal_length);
    return internal::byte_signature(pattern) & ~internal::kByteBits['*'];
  }

  // Bytes before the first `*`, not counting a final anchoring `$`. Short patterns are
  // looked at in place, where a library search per rule cost more than the bytes; long
  // ones (a percent-encoded path triples) are worth memchr's call.
  static std::uint16_t literal_length(std::string_view pattern) {
    if (pattern.ends_with('$')) pattern.remove_suffix(1);
    constexpr std::size_t kInPlace = 32;
    if (pattern.size() > kInPlace) {
      return static_cast<std::uint16_t>(std::min(pattern.find('*'), pattern.size()));
    }
    std::size_t length = 0;
    while (length < pattern.size() && pattern[length] != '*') ++length;
    return static_cast<std::uint16_t>(length);
  }

  void add_directive(const LineFacts& line) {
    const std::uint32_t group = in_group_ ? static_cast<std::uint32_t>(out_.groups.size()) : 0;
    // Written in place: four varints and two strings appended one by one cost more than
    // the bytes themselves on a file of short unknown lines.
    char* at =
        records_.room_for(4 * internal::kMaxVarintBytes + line.key.size() + line.value.size());
    const std::uint32_t line_step = line.number - last_directive_line_;
    const std::uint32_t group_step = group - last_directive_group_;
    const auto key_size = static_cast<std::uint32_t>(line.key.size());
    if ((line_step | group_step | key_size) < 0x80) {
      // The usual record: each of the three fits in one byte.
      at[0] = static_cast<char>(line_step);
      at[1] = static_cast<char>(group_step);
      at[2] = static_cast<char>(key_size);
      at += 3;
    } else {
      at = internal::write_varint(at, line_step);
      at = internal::write_varint(at, group_step);
      at = internal::write_varint(at, key_size);
    }
    at = internal::copy_bytes(at, line.key.data(), line.key.size());
    at = internal::write_varint(at, static_cast<std::uint32_t>(line.value.size()));
    at = internal::copy_bytes(at, line.value.data(), line.value.size());
    records_.commit(at);
    last_directive_line_ = line.number;
    last_directive_group_ = group;
  }

  // A group of a few rules is in the walk's order whatever their order
  // (kCompareEachUpTo), so only larger ones are left for the first query to index.
  void close_group() {
    if (!in_group_) return;
    RobotsTxt::CompiledGroup& group = out_.groups.back();
    group.rule_end = static_cast<std::uint32_t>(out_.rules.size());
    if (group.rule_end - group.rule_begin > internal::kCompareEachUpTo) {
      group.index_state = RobotsTxt::CompiledGroup::kUnindexed;
    }
  }

  void build_agent_index() {
    // Empty tokens (`user-agent: *bot`) are indexed too: no real agent equals them, but
    // Google's matcher lets an empty queried agent match them, and so do we.
    // Sorted by token ignoring case, then file order. Each token's first eight bytes,
    // lower-cased and packed big-endian (add_agent_key()), decide most comparisons with
    // one integer compare instead of a loop through two tokens that often share
    // "googlebot".
    const Parts& parts = out_;
    const auto less = [&parts](const AgentKey& a, const AgentKey& b) {
      if (a.packed != b.packed) return a.packed < b.packed;
      // Token bytes are never NUL: equal packed bytes of tokens no longer than eight
      // are equal tokens.
      const std::string_view a_token = parts.agents[a.agent].token_in(parts.text.view());
      const std::string_view b_token = parts.agents[b.agent].token_in(parts.text.view());
      if (a_token.size() > 8 || b_token.size() > 8) {
        if (const int order = internal::compare_ignoring_case(a_token, b_token); order != 0) {
          return order < 0;
        }
      }
      return a.agent < b.agent;
    };
    // Often sorted already (one agent, or the same one over and over): one pass.
    if (!std::is_sorted(agent_keys_.begin(), agent_keys_.end(), less)) {
      std::sort(agent_keys_.begin(), agent_keys_.end(), less);
    }
    for (const AgentKey& key : agent_keys_) out_.agent_order.push_back(key.agent);
  }

  Parts& out_;
  std::vector<AgentKey>& agent_keys_;
  internal::ByteBuffer& records_;
  bool in_group_ = false;
  bool group_has_rules_ = false;
  bool group_is_global_ = false;
  std::uint32_t last_directive_line_ = 0;
  std::uint32_t last_directive_group_ = 0;
  const char* body_end_;

 public:
  std::string_view directives() const { return records_.view(); }
};

}  // namespace robotstxt

#endif  // ROBOTSTXT_SRC_CORE_COMPILER_H_
