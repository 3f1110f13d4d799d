// The compiled form of a robots.txt, private to the library (robots_txt.h declares these
// types, the compiler fills them, the query and description code read them).
//
// Layout: every string lives once in RobotsTxt::text_. Rules are stored group by group.
// A group's index is its rules sorted by their literal prefix (the bytes before the first
// `*`), so that a path finds the rules that can match it by narrowing a sorted range one
// byte at a time, like a walk down a trie that costs no extra memory. The walk compares
// the few rules of a small range each in full (kCompareEachUpTo), so such a range need
// not be ordered: what the order promises is spelled out beside that constant.
//
// The index is built lazily: parse() leaves every group's rules in file order. The first
// checks of a group compare each of its rules with the path (RobotsTxt::scan_group()),
// and the check after kScansBeforeIndex of them sorts the group's rules in place, once
// (rule_index.cc). A group of at most kCompareEachUpTo rules is in a walkable order as it
// is, and is compiled indexed. Most files are asked about a few groups only, or a few
// times, and sorting every group at parse was a third of what a parse cost.
#ifndef ROBOTSTXT_SRC_CORE_COMPILED_LAYOUT_H_
#define ROBOTSTXT_SRC_CORE_COMPILED_LAYOUT_H_

#include <algorithm>
#include <cstdint>
#include <shared_mutex>
#include <string>
#include <string_view>

#include "base/ascii.h"
#include "base/atomic_byte.h"
#include "robotstxt/robots_txt.h"

namespace robotstxt {

// One allow/disallow rule (or the index.htm rewrite of an allow). Packed to 12 bytes
// because the matcher walks arrays of these and the compiler sorts them; read the packed
// word through the accessors.
struct RobotsTxt::CompiledRule {
  static constexpr std::uint32_t kDisallowFlag = 1;
  static constexpr std::uint32_t kIndexHtmFlag = 2;
  // The rule is its literal prefix alone (no `*`, no `$`): the common case, decided by
  // the index walk without looking at the rule's text again.
  static constexpr std::uint32_t kPlainPrefixFlag = 4;
  // The 8 bytes after the written pattern in text_ hold the byte signature of the
  // literal bytes after the literal prefix (byte_signature.h). Only rules with such bytes
  // carry one, so files of plain rules compile no larger.
  static constexpr std::uint32_t kSignatureFlag = 8;
  static constexpr std::uint32_t kLineShift = 4;

  std::uint32_t pattern_offset;  // normalised pattern in text_
  std::uint32_t line_and_flags;  // line << kLineShift | the flags above
  std::uint16_t pattern_length;  // the whole pattern as written (a rewrite: its allow's)
  std::uint16_t literal_length;  // bytes before the first wildcard

  [[nodiscard]] std::uint32_t line() const noexcept { return line_and_flags >> kLineShift; }
  [[nodiscard]] bool is_disallow() const noexcept { return line_and_flags & kDisallowFlag; }
  [[nodiscard]] RuleKind kind() const noexcept {
    return is_disallow() ? RuleKind::kDisallow : RuleKind::kAllow;
  }
  // docs/semantics.md 4.4: the `/index.htm` rewrite of an allow rule, kept as a rule of its own.
  [[nodiscard]] bool is_index_htm_rewrite() const noexcept {
    return line_and_flags & kIndexHtmFlag;
  }
  [[nodiscard]] bool is_plain_prefix() const noexcept { return line_and_flags & kPlainPrefixFlag; }
  // How many bytes of the pattern at `pattern` (this rule's, in text_) a path is matched
  // against: all of them, but an index.htm rewrite those up to its allow's last '/'
  // (the rewrite's `$` is implied). Worked out when asked rather than stored: rewrites
  // are rare, and a field of their own made every rule four bytes longer.
  [[nodiscard]] std::uint32_t matched_length(const char* pattern) const noexcept {
    if (!is_index_htm_rewrite()) return pattern_length;
    return static_cast<std::uint32_t>(std::string_view(pattern, pattern_length).rfind('/')) + 1;
  }
  [[nodiscard]] bool has_signature() const noexcept { return line_and_flags & kSignatureFlag; }
};

// A group's agents run from agent_begin to the next group's agent_begin (or the end of
// agents_): every agent is in the group it follows, so the end is not stored, and its
// four bytes hold the index state instead at no cost in size.
struct RobotsTxt::CompiledGroup {
  // index_state: kIndexed, the rules [rule_begin, rule_end) are in the walk's order for
  // good; else how many checks scanned them in file order so far. Scans hold the
  // group's lock shared and the sort holds it exclusive (rule_index.cc).
  static constexpr std::uint8_t kUnindexed = 0;
  static constexpr std::uint8_t kIndexed = 0xFF;

  std::uint32_t rule_begin, rule_end;  // into rules_
  std::uint32_t agent_begin;           // into agents_
  // The only byte of a compiled file that changes after parse(), so it is only ever read
  // and written atomically: counted up by scans, then set to kIndexed (release) by the
  // thread that sorted the rules, and read with acquire before the rules are walked.
  std::uint8_t index_state;

  [[nodiscard]] bool indexed() const noexcept {
    // The object lives in a RobotsTxt's mutable heap block: const here is the query
    // methods' promise to callers, not a property of the storage.
    return internal::AtomicByte(const_cast<std::uint8_t&>(index_state)).load_acquire() == kIndexed;
  }
};

// Sorts `group`'s rules into the walk's order unless they are already; then one acquire
// load. A reader that needs them in that order calls it first (compiled_rule_order(), a
// copy); others hold the group's lock shared while they read an unindexed group
// (hold_rules(), the scans), so that none ever sees rules while they are sorted.
inline void RobotsTxt::ensure_indexed(const CompiledGroup& group) const noexcept {
  if (group.indexed()) [[likely]]
    return;
  build_index(group);
}

namespace internal {

/// The lock of a group's rules (rule_index.cc): held shared by whoever reads an unindexed
/// group's rules, exclusive by the sort.
std::shared_mutex& rule_lock(const void* group, std::size_t group_bytes) noexcept;

/// Keeps a group's rules where they are while a reader that takes them in any order
/// (explain(), groups()) reads them, without indexing them: nothing to hold when the
/// group is indexed, as its rules never move again; else its lock, shared.
template <typename CompiledGroup>
std::shared_lock<std::shared_mutex> hold_rules(const CompiledGroup& group) {
  if (group.indexed()) return {};
  return std::shared_lock<std::shared_mutex>(rule_lock(&group, sizeof group));
}

}  // namespace internal

inline std::uint32_t RobotsTxt::agent_end_of(std::size_t group) const noexcept {
  return group + 1 < groups_.size() ? groups_[group + 1].agent_begin
                                    : static_cast<std::uint32_t>(agents_.size());
}

struct RobotsTxt::CompiledAgent {
  // token_length of a global (`*`) agent: no product token can be that long.
  static constexpr std::uint16_t kGlobalToken = 0xFFFF;

  std::uint32_t value_offset;  // in text_
  std::uint32_t line;
  std::uint32_t group;
  std::uint16_t value_length;
  std::uint16_t token_length;

  [[nodiscard]] bool is_global() const noexcept { return token_length == kGlobalToken; }
  // The product token in `text`, the text_ this agent was compiled into; empty for `*`.
  [[nodiscard]] std::string_view token_in(std::string_view text) const noexcept {
    return {text.data() + value_offset, is_global() ? std::size_t{0} : token_length};
  }
};

// The first entry of agent_order_ whose token is not less than `token` ignoring case:
// where the agents named `token` (docs/semantics.md 2.5) begin, if any is.
inline const std::uint32_t* RobotsTxt::first_agent_from(std::string_view token) const noexcept {
  const auto less = [this](std::uint32_t entry, std::string_view wanted) {
    return internal::compare_ignoring_case(token_of(entry), wanted) < 0;
  };
  return std::lower_bound(agent_order_.begin(), agent_order_.end(), token, less);
}

// Calls visit(group index) for every group naming one of `agents`, or, when none does,
// for every global group. Returns whether a group named an agent. A template so that the
// hot query path inlines its visitor.
template <typename Visit>
bool RobotsTxt::for_each_group_of(std::span<const std::string_view> agents, Visit&& visit) const {
  bool named = false;
  for (const std::string_view agent : agents) {
    for (const std::uint32_t* it = first_agent_from(agent);
         it != agent_order_.end() && internal::equals_ignoring_case(token_of(*it), agent); ++it) {
      named = true;
      visit(agents_[*it].group);
    }
  }
  if (named) return true;
  for (const std::uint32_t group : global_groups_) visit(group);
  return false;
}

namespace internal {

/// When the index walk has narrowed a group to at most this many rules, it compares each
/// one's literal prefix whole instead of narrowing further. The order an indexed group
/// promises follows from that: a group's rules are sorted by literal prefix (bytes
/// unsigned, a prefix before the longer ones it starts), except that wherever at most
/// this many rules are all of the group's rules that start with some bytes, they may be
/// in any order among themselves. Sorting those cost about a mispredicted branch per rule
/// and told the walk nothing.
inline constexpr std::ptrdiff_t kCompareEachUpTo = 8;

/// How many checks of a group scan its rules in file order before the next one sorts
/// them (CompiledGroup::index_state). Over the corpus, a check that scans cost about
/// twice one that walks the index, and the sort about fourteen walks: after eight scans
/// what they cost beyond walks is about half a sort, and a group checked fewer times,
/// as a census or one command checks most, is never sorted.
inline constexpr std::uint8_t kScansBeforeIndex = 8;

// Directives are kept varint-packed: most are a few bytes, and a file of nothing but
// short unknown lines must still compile to less than three times its size.
inline constexpr std::size_t kMaxVarintBytes = 5;  // 32 bits, 7 per byte

/// Writes `value` at `out`, which has room for kMaxVarintBytes; returns the end.
inline char* write_varint(char* out, std::uint32_t value) {
  while (value >= 0x80) {
    *out++ = static_cast<char>((value & 0x7F) | 0x80);
    value >>= 7;
  }
  *out++ = static_cast<char>(value);
  return out;
}

inline std::uint32_t get_varint(std::string_view data, std::size_t& pos) {
  std::uint32_t value = 0;
  for (int shift = 0; pos < data.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(data[pos++]);
    value |= static_cast<std::uint32_t>(byte & 0x7F) << shift;
    if ((byte & 0x80) == 0) break;
  }
  return value;
}

}  // namespace internal
}  // namespace robotstxt

#endif  // ROBOTSTXT_SRC_CORE_COMPILED_LAYOUT_H_
