// Compiling a robots.txt: the tokenizer's lines become groups, agents and indexed rules
// (SEMANTICS.md sections 1.8, 2 and 4.4). The layout is described in compiled_layout.h.
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <memory>
#include <utility>

#include "byte_buffer.h"
#include "byte_copy.h"
#include "byte_signature.h"
#include "compiled_layout.h"
#include "compiled_rule_order.h"
#include "percent_encoding.h"
#include "robotstxt/agent.h"
#include "tokenizer.h"

namespace robotstxt {
// Builds a RobotsTxt from the tokenizer's lines.
class Compiler {
 public:
  // Bytes of a literal prefix a sort key holds at a time.
  static constexpr std::uint32_t kPackedBytes = 8;
  // A rule's literal prefix, eight bytes of it packed big-endian into an integer: bytes
  // 0-7 at first, and the next eight each time a range of keys shares them all. Sixteen
  // bytes in two integers cost more: each pass moved half as many bytes again, and a
  // range sharing eight bytes repacks its keys for less than that pass's moves cost.
  struct SortKey {
    std::uint64_t packed;  // bytes [start, start + 8) of the prefix
    std::uint32_t index;   // into rules
    std::uint32_t rest;    // bytes of the prefix from start on (start: literal_length - rest)
  };
  struct AgentKey {
    std::uint64_t packed;  // the token's first eight bytes, lower case, big-endian
    std::uint32_t agent;   // into agents
  };
  struct KeyRange {
    std::uint32_t begin, end;  // positions in keys_ and radix_buffer_
    bool in_buffer;            // which of the two holds the range's keys
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
    std::uint32_t line_count = 1;

    void clear() noexcept;
    [[nodiscard]] std::size_t capacity_bytes() const noexcept;
  };
  // Scratch buffers a thread reuses from one compile to the next, so that compiling many
  // files neither regrows vectors nor touches fresh pages for each one (simdjson's lesson).
  struct Scratch {
    Parts work;
    std::vector<SortKey> keys;
    std::vector<SortKey> radix_buffer;
    std::vector<KeyRange> pending_ranges;
    std::vector<AgentKey> agent_keys;
    internal::ByteBuffer records;  // the directive records being written
  };

  explicit Compiler(Scratch& scratch)
      : out_(scratch.work),
        keys_(scratch.keys),
        radix_buffer_(scratch.radix_buffer),
        pending_ranges_(scratch.pending_ranges),
        agent_keys_(scratch.agent_keys),
        records_(scratch.records) {
    records_.clear();
  }

  static std::vector<internal::CompiledRulePlace> rule_order(const RobotsTxt& robots) {
    std::vector<internal::CompiledRulePlace> places;
    for (std::uint32_t group = 0; group < robots.groups_.size(); ++group) {
      const RobotsTxt::CompiledGroup& bounds = robots.groups_[group];
      for (std::uint32_t i = bounds.rule_begin; i < bounds.rule_end; ++i) {
        const CompiledRule& rule = robots.rules_[i];
        places.push_back(
            {group, std::string_view(robots.text_).substr(rule.pattern_offset, rule.literal_length),
             rule.line(), rule.is_index_htm_rewrite()});
      }
    }
    return places;
  }

  void on_line(const LineFacts& line, bool plain_value) {
    out_.line_count = line.number;
    switch (line.kind) {
      case LineKind::kUserAgent:
        add_agent(line);
        break;
      case LineKind::kDisallow:
        if (plain_value && in_group_) [[likely]] {
          add_plain_rule(line);
          break;
        }
        [[fallthrough]];
      case LineKind::kAllow:
        add_rule(line, plain_value);
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

  // Writes every group's rules to `to`, which has room for all of them, each group's in
  // the order the index walk needs. Called last, with `to` in the compiled object's
  // block: sorting each group as it closed, into a buffer, then copying the rules back
  // and later into the block, moved every rule twice more.
  void write_rules(RobotsTxt::CompiledRule* to) {
    // pack() reads eight bytes from wherever a prefix's next bytes start, which can be
    // up to eight past the last text written: they are made to exist, and zero.
    std::memset(out_.text.room_for(kPackedBytes), 0, kPackedBytes);
    // Groups hold consecutive runs of rules, and every rule is in one.
    for (const RobotsTxt::CompiledGroup& group : out_.groups) {
      placed_ = to + group.rule_begin;
      if (!sort_by_literal_prefix(group.rule_begin, group.rule_end)) {
        std::copy(out_.rules.begin() + group.rule_begin, out_.rules.begin() + group.rule_end,
                  placed_);
      }
    }
  }

 private:
  using CompiledRule = RobotsTxt::CompiledRule;

  std::uint32_t store(std::string_view text) {
    const auto offset = static_cast<std::uint32_t>(out_.text.size());
    out_.text.append(text);
    return offset;
  }

  void add_agent(const LineFacts& line) {
    // SEMANTICS 2.1: a user-agent line after a rule starts a new group.
    if (!in_group_ || group_has_rules_) {
      close_group();
      const auto index = static_cast<std::uint32_t>(out_.rules.size());
      const auto agent_index = static_cast<std::uint32_t>(out_.agents.size());
      out_.groups.push_back({index, index, agent_index, agent_index});
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
                                : static_cast<std::uint16_t>(product_token(line.value).size());
    out_.agents.push_back(agent);
    out_.groups.back().agent_end = static_cast<std::uint32_t>(out_.agents.size());
    if (global && !group_is_global_) {
      group_is_global_ = true;
      out_.global_groups.push_back(agent.group);
    }
  }

  // A rule whose value holds no `*`, `%` or byte >= 0x80 (in a group): the value is its
  // own pattern, its literal prefix all of it but a final `$`, and nothing follows that
  // prefix to sign. Inlined into on_line() for disallow lines, three lines in four of the
  // corpus: calling add_rule() for them cost more than filling the rule.
  void add_plain_rule(const LineFacts& line) {
    const bool anchored = line.value.ends_with('$');
    CompiledRule& rule = start_rule(line, anchored ? 0 : CompiledRule::kPlainPrefixFlag);
    out_.text.append(line.value);
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

  // Any allow or disallow line: plain values through add_plain_rule(), others normalised
  // (SEMANTICS 1.8) and signed; then an allow's index.htm rewrite.
  [[gnu::noinline]] void add_rule(const LineFacts& line, bool plain_value) {
    if (!in_group_) return;  // SEMANTICS 2.3: before any user-agent line, ignored.
    if (plain_value) {
      add_plain_rule(line);
    } else {
      add_normalized_rule(line);
    }
    if (line.kind == LineKind::kAllow) add_index_htm_rewrite();
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
    // Last: appending may move text, and `pattern` points into it.
    if (signature != 0) {
      rule.line_and_flags |= CompiledRule::kSignatureFlag;
      char bytes[sizeof signature];
      std::memcpy(bytes, &signature, sizeof signature);
      out_.text.append(bytes, sizeof bytes);
    }
  }

  // SEMANTICS 4.4: an allow of ".../index.htm..." also allows ".../" exactly. Kept as a
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
  static std::uint64_t rest_signature(std::string_view pattern, std::size_t literal_length) {
    if (pattern.ends_with('$')) pattern.remove_suffix(1);
    std::uint64_t signature = 0;
    for (std::size_t i = literal_length; i < pattern.size(); ++i) {
      if (pattern[i] != '*')
        signature |= internal::kByteBits[static_cast<unsigned char>(pattern[i])];
    }
    return signature;
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

  void close_group() {
    if (!in_group_) return;
    RobotsTxt::CompiledGroup& group = out_.groups.back();
    group.rule_end = static_cast<std::uint32_t>(out_.rules.size());
  }

  // Puts one group's rules in the order the index walk needs (kCompareEachUpTo) at
  // placed_, unless they are in that order already (then returns false): by literal
  // prefix, then file order (the order they were added: an index.htm rewrite follows its
  // rule), where a few rules left alone keep file order. The first eight bytes of each
  // prefix are packed big-endian into an integer, so that most of the work looks at
  // integers; patterns never contain NUL, so zero padding sorts shorter prefixes first.
  bool sort_by_literal_prefix(std::uint32_t begin, std::uint32_t end) {
    if (end - begin <= internal::kCompareEachUpTo) return false;
    const std::uint32_t count = end - begin;
    const char* const text = out_.text.data();
    const KeyOrder less{out_.rules, text};
    // Only ever grown, like the sort's other buffers; the first `count` keys are this
    // group's. Files often list a group's rules in order already: each key is checked
    // against the one before while it is built, until one is out of order.
    if (keys_.size() < count) keys_.resize(count);
    SortKey* const keys = keys_.data();
    bool in_order = true;
    for (std::uint32_t at = 0; at < count; ++at) {
      SortKey& key = keys[at];
      const CompiledRule& rule = out_.rules[begin + at];
      key.index = begin + at;
      key.rest = rule.literal_length;
      pack(key, text + rule.pattern_offset);
      in_order = in_order && (at == 0 || !less(key, keys[at - 1]));
    }
    if (in_order) return false;
    sort_keys(count);
    return true;
  }

  // The order sort_keys() produces, as a comparison of two keys: packed bytes, then the
  // rest of longer prefixes, then file order, so that no two keys are ever equal. Only
  // the test for a group already in order compares keys; the sort itself distributes.
  struct KeyOrder {
    const std::vector<CompiledRule>& rules;
    const char* text;
    bool operator()(const SortKey& a, const SortKey& b) const {
      if (a.packed != b.packed) [[likely]]
        return a.packed < b.packed;
      // Keys compared share every byte before their packed ones: equal packed bytes are
      // equal prefixes unless one goes on past them.
      if (a.rest <= kPackedBytes && b.rest <= kPackedBytes) return a.index < b.index;
      const CompiledRule& x = rules[a.index];
      const CompiledRule& y = rules[b.index];
      const std::string_view x_literal(text + x.pattern_offset, x.literal_length);
      const std::string_view y_literal(text + y.pattern_offset, y.literal_length);
      if (const int order = x_literal.compare(y_literal); order != 0) return order < 0;
      return a.index < b.index;
    }
  };

  // Most significant byte first, over ranges of keys that share every byte before their
  // packed ones: one pass finds the first packed byte where a range's keys differ, one
  // distributes them by it, stably, and each bucket becomes a range of its own; bytes
  // all keys share cost nothing, and a range that shares all eight moves on to the
  // next eight. A comparison sort of prefixes such as "/wp-content/..." spent most of
  // its time on shared bytes. A pass distributes from keys_ into radix_buffer_ or back,
  // at the same positions, rather than copying back after each pass; a range whose
  // order is final writes its rules to placed_ from whichever array holds it. The
  // ranges wait in a list rather than on the call stack, which hostile prefixes could
  // exhaust. Ranges are distributed down to kCompareEachUpTo keys: an insertion sort of
  // ranges of 9 to 16 was no faster, as with eight-byte keys it often compared whole
  // prefixes.
  void sort_keys(std::uint32_t size) {
    // Only ever grown: shrinking, then growing again for the next group, would
    // value-initialise the same elements over and over.
    if (radix_buffer_.size() < size) radix_buffer_.resize(size);
    pending_ranges_.assign(1, {0, size, false});
    while (!pending_ranges_.empty()) {
      const KeyRange range = pending_ranges_.back();
      pending_ranges_.pop_back();
      SortKey* const keys = range.in_buffer ? radix_buffer_.data() : keys_.data();
      SortKey* const first = keys + range.begin;
      SortKey* const last = keys + range.end;
      if (last - first <= internal::kCompareEachUpTo) {
        // These keys share every byte before their packed ones, and no key outside
        // the range does: the walk takes so few in any order.
        place(first, last, range.begin);
        continue;
      }
      // The bits where any key differs from the first: the first such byte is the one
      // to distribute by.
      std::uint64_t differs = 0;
      for (const SortKey* key = first + 1; key != last; ++key) {
        differs |= key->packed ^ first->packed;
      }
      if (differs == 0) {
        // Prefixes that end within the packed bytes are equal here, and every pass left
        // them in file order; longer ones go on with their next eight bytes.
        if (std::none_of(first, last, [](const SortKey& key) { return key.rest > kPackedBytes; })) {
          place(first, last, range.begin);
          continue;
        }
        for (SortKey* key = first; key != last; ++key) {
          const CompiledRule& rule = out_.rules[key->index];
          key->rest = key->rest > kPackedBytes ? key->rest - kPackedBytes : 0;
          pack(*key, out_.text.data() + rule.pattern_offset + rule.literal_length - key->rest);
        }
        pending_ranges_.push_back(range);
        continue;
      }
      // Where that byte sits in the packed integer.
      const unsigned shift = 56 - 8 * (static_cast<unsigned>(std::countl_zero(differs)) / 8);
      distribute(range, first, last, shift);
    }
  }

  // The byte values a pass met, visited in increasing order: a pass costs a step per
  // value that occurs, where walking from the lowest to the highest one cost about a
  // hundred steps for the usual spread of path bytes ('-' to 'z').
  class SeenBytes {
   public:
    void add(std::uint32_t byte) noexcept { words_[byte / 64] |= std::uint64_t{1} << (byte % 64); }
    template <typename Visit>
    void for_each(Visit&& visit) const {
      for (std::uint32_t word = 0; word < 4; ++word) {
        for (std::uint64_t bits = words_[word]; bits != 0; bits &= bits - 1) {
          visit(word * 64 + static_cast<std::uint32_t>(std::countr_zero(bits)));
        }
      }
    }

   private:
    std::uint64_t words_[4] = {};
  };

  // One pass of sort_keys: distributes the range's keys by the packed byte at `shift`,
  // stably, into the other array, and queues each bucket of several keys or places it.
  void distribute(const KeyRange& range, const SortKey* first, const SortKey* last,
                  unsigned shift) {
    const auto digit = [shift](const SortKey& key) {
      return static_cast<std::uint32_t>((key.packed >> shift) & 0xFF);
    };
    // bucket_ends_ is all zero between passes: a pass counts into it, turns the counts
    // into each bucket's start, distributes (leaving each bucket's end), and zeroes
    // only the entries of bytes that occurred.
    std::uint32_t* const ends = bucket_ends_.data();
    SeenBytes seen;
    for (const SortKey* key = first; key != last; ++key) {
      const std::uint32_t d = digit(*key);
      ++ends[d];
      seen.add(d);
    }
    std::uint32_t start = 0;
    seen.for_each([&](std::uint32_t d) { start += std::exchange(ends[d], start); });
    SortKey* const target = (range.in_buffer ? keys_.data() : radix_buffer_.data()) + range.begin;
    for (const SortKey* key = first; key != last; ++key) target[ends[digit(*key)]++] = *key;
    std::uint32_t bucket_begin = 0;
    seen.for_each([&](std::uint32_t d) {
      const std::uint32_t bucket_end = std::exchange(ends[d], 0);
      // Byte 0 ends a prefix: those keys are equal prefixes, already in file order.
      if (bucket_end - bucket_begin > 1 && d != 0) {
        pending_ranges_.push_back(
            {range.begin + bucket_begin, range.begin + bucket_end, !range.in_buffer});
      } else {
        place(target + bucket_begin, target + bucket_end, range.begin + bucket_begin);
      }
      bucket_begin = bucket_end;
    });
  }

  // Writes the rules of keys in their final order to placed_, from position `at`.
  void place(const SortKey* first, const SortKey* last, std::uint32_t at) {
    for (const SortKey* key = first; key != last; ++key) placed_[at++] = out_.rules[key->index];
  }

  static std::uint64_t to_big_endian(std::uint64_t word) {
    if constexpr (std::endian::native == std::endian::little) return __builtin_bswap64(word);
    return word;
  }

  // The first min(8, length) bytes at `bytes` as a big-endian integer, zero-padded:
  // comparing two of these compares the bytes lexicographically. Loads eight bytes
  // whatever the length (write_rules makes them readable) and masks off the
  // unwanted ones: branches on lengths that vary from rule to rule were mispredicted
  // about a third of the time.
  static std::uint64_t pack_big_endian(const char* bytes, std::size_t length) {
    // kLeadingBytes[n]: the n most significant bytes set.
    static constexpr std::array<std::uint64_t, 9> kLeadingBytes = [] {
      std::array<std::uint64_t, 9> masks{};
      for (std::size_t n = 1; n <= 8; ++n) masks[n] = ~std::uint64_t{0} << (64 - 8 * n);
      return masks;
    }();
    std::uint64_t word;
    std::memcpy(&word, bytes, sizeof word);
    return to_big_endian(word) & kLeadingBytes[std::min<std::size_t>(length, 8)];
  }

  // Packs the first eight of the key's `rest` bytes at `bytes`.
  static void pack(SortKey& key, const char* bytes) {
    key.packed = pack_big_endian(bytes, key.rest);
  }

  void build_agent_index() {
    // Empty tokens (`user-agent: *bot`) are indexed too: no real agent equals them, but
    // Google's matcher lets an empty queried agent match them, and so do we.
    // Sorted by token ignoring case, then file order. Each token's first eight bytes,
    // lower-cased and packed big-endian, decide most comparisons with one integer
    // compare instead of a loop through two tokens that often share "googlebot".
    agent_keys_.clear();
    for (std::uint32_t i = 0; i < out_.agents.size(); ++i) {
      if (out_.agents[i].is_global()) continue;
      const std::string_view token = out_.agents[i].token_in(out_.text.view());
      std::uint64_t packed = 0;
      for (std::size_t at = 0; at < std::min<std::size_t>(8, token.size()); ++at) {
        packed |= static_cast<std::uint64_t>(
                      static_cast<unsigned char>(internal::to_ascii_lower(token[at])))
                  << (56 - 8 * at);
      }
      agent_keys_.push_back({packed, i});
    }
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
  std::vector<SortKey>& keys_;
  std::vector<SortKey>& radix_buffer_;
  std::array<std::uint32_t, 256> bucket_ends_{};  // per byte value; see sort_keys
  std::vector<KeyRange>& pending_ranges_;
  std::vector<AgentKey>& agent_keys_;
  CompiledRule* placed_ = nullptr;  // where the group being sorted writes its rules
  internal::ByteBuffer& records_;
  bool in_group_ = false;
  bool group_has_rules_ = false;
  bool group_is_global_ = false;
  std::uint32_t last_directive_line_ = 0;
  std::uint32_t last_directive_group_ = 0;

 public:
  std::string_view directives() const { return records_.view(); }
};

RobotsTxt RobotsTxt::parse(std::string_view body) {
  thread_local Compiler::Scratch scratch;
  scratch.work.clear();
  Compiler compiler(scratch);
  internal::for_each_line(body, [&compiler](const LineFacts& line, bool plain_value) {
    compiler.on_line(line, plain_value);
  });
  compiler.finish();

  // Packed into one block, exactly sized: arrays of 4-byte fields first, so that each
  // starts aligned, then the bytes.
  const Compiler::Parts& parts = scratch.work;
  const std::string_view directives = compiler.directives();
  RobotsTxt robots;
  robots.line_count_ = parts.line_count;
  const auto bytes_of = [](const auto& items) { return items.size() * sizeof(items[0]); };
  static_assert(alignof(CompiledRule) <= 4 && alignof(CompiledGroup) <= 4 &&
                alignof(CompiledAgent) <= 4 && sizeof(CompiledAgent) % 4 == 0);
  robots.storage_bytes_ = bytes_of(parts.rules) + bytes_of(parts.groups) + bytes_of(parts.agents) +
                          bytes_of(parts.agent_order) + bytes_of(parts.global_groups) +
                          bytes_of(parts.sitemaps) + parts.text.size() + directives.size();
  if (robots.storage_bytes_ > 0) {
    robots.storage_ = std::make_unique_for_overwrite<std::byte[]>(robots.storage_bytes_);
  }
  std::byte* at = robots.storage_.get();
  const auto place = [&at, &bytes_of]<typename T>(Run<T>& run, const std::vector<T>& items) {
    if (items.empty()) return;
    std::memcpy(at, items.data(), bytes_of(items));
    run = {reinterpret_cast<const T*>(at), items.size()};
    at += bytes_of(items);
  };
  if (!parts.rules.empty()) {
    auto* const rules = reinterpret_cast<CompiledRule*>(at);
    compiler.write_rules(rules);
    robots.rules_ = {rules, parts.rules.size()};
    at += bytes_of(parts.rules);
  }
  place(robots.groups_, parts.groups);
  place(robots.agents_, parts.agents);
  place(robots.agent_order_, parts.agent_order);
  place(robots.global_groups_, parts.global_groups);
  place(robots.sitemaps_, parts.sitemaps);
  const auto place_bytes = [&at](std::string_view& view, std::string_view bytes) {
    if (bytes.empty()) return;
    std::memcpy(at, bytes.data(), bytes.size());
    view = {reinterpret_cast<const char*>(at), bytes.size()};
    at += bytes.size();
  };
  place_bytes(robots.text_, parts.text.view());
  place_bytes(robots.directives_, directives);
  // One huge file should not pin its buffers to the thread for good.
  if (parts.capacity_bytes() + scratch.records.capacity() > (std::size_t{8} << 20)) {
    scratch = Compiler::Scratch();
  }
  return robots;
}

std::vector<internal::CompiledRulePlace> internal::compiled_rule_order(const RobotsTxt& robots) {
  return Compiler::rule_order(robots);
}

void Compiler::Parts::clear() noexcept {
  text.clear();
  rules.clear();
  groups.clear();
  agents.clear();
  agent_order.clear();
  global_groups.clear();
  sitemaps.clear();
  line_count = 1;
}

std::size_t Compiler::Parts::capacity_bytes() const noexcept {
  return text.capacity() + rules.capacity() * sizeof(RobotsTxt::CompiledRule) +
         groups.capacity() * sizeof(RobotsTxt::CompiledGroup) +
         agents.capacity() * sizeof(RobotsTxt::CompiledAgent) +
         (agent_order.capacity() + global_groups.capacity() + sitemaps.capacity()) *
             sizeof(std::uint32_t);
}

}  // namespace robotstxt
