// Compiling a robots.txt: the tokenizer's lines become groups, agents and indexed rules
// (SEMANTICS.md sections 1.8, 2 and 4.4). The layout is described in compiled_layout.h.
#include <algorithm>
#include <bit>
#include <cstring>

#include "byte_signature.h"
#include "compiled_layout.h"
#include "percent_encoding.h"
#include "robotstxt/agent.h"
#include "tokenizer.h"

namespace robotstxt {
namespace {

// Copies with capacity equal to size: a compiled file keeps no slack.
template <typename T>
std::vector<T> exact_copy(const std::vector<T>& items) {
  return std::vector<T>(items.begin(), items.end());
}

}  // namespace

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
    std::vector<SortKey> radix_buffer;
    std::vector<RobotsTxt::CompiledRule> sorted;
  };

  explicit Compiler(Scratch& scratch)
      : out_(scratch.work),
        keys_(scratch.keys),
        radix_buffer_(scratch.radix_buffer),
        sorted_(scratch.sorted) {}

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
    agent.token_length = global ? RobotsTxt::CompiledAgent::kGlobalToken
                                : static_cast<std::uint16_t>(product_token(line.value).size());
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
    rule.line_and_flags = (line.number << CompiledRule::kLineShift) |
                          (line.kind == LineKind::kDisallow ? CompiledRule::kDisallowFlag : 0);
    if (rule.literal_length == rule.pattern_length) {
      rule.line_and_flags |= CompiledRule::kPlainPrefixFlag;
    }
    const std::uint64_t signature = rest_signature(pattern, rule.literal_length);
    if (signature != 0) rule.line_and_flags |= CompiledRule::kSignatureFlag;
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
        rewrite.line_and_flags = (rewrite.line_and_flags & ~(CompiledRule::kPlainPrefixFlag |
                                                             CompiledRule::kSignatureFlag)) |
                                 CompiledRule::kIndexHtmFlag;
        out_.rules_.push_back(rewrite);
      }
    }
    // Last: appending may move text_, and `pattern` points into it.
    if (signature != 0) {
      char bytes[sizeof signature];
      std::memcpy(bytes, &signature, sizeof signature);
      out_.text_.append(bytes, sizeof bytes);
    }
  }

  // The signature of the literal bytes a path needs beyond the literal prefix (0 when
  // there are none, e.g. `/a*` or `/a$`, where a signature could reject nothing).
  static std::uint64_t rest_signature(std::string_view pattern, std::size_t literal_length) {
    if (pattern.ends_with('$')) pattern.remove_suffix(1);
    std::uint64_t signature = 0;
    for (const char c : pattern.substr(literal_length)) {
      if (c != '*') signature |= internal::kByteBits[static_cast<unsigned char>(c)];
    }
    return signature;
  }

  // Bytes before the first `*`, not counting a final anchoring `$`.
  static std::uint16_t literal_length(std::string_view pattern, bool anchored) {
    if (anchored) pattern.remove_suffix(1);
    return static_cast<std::uint16_t>(std::min(pattern.find('*'), pattern.size()));
  }

  void add_directive(const LineFacts& line) {
    const std::uint32_t group = in_group_ ? static_cast<std::uint32_t>(out_.groups_.size()) : 0;
    // One resize and direct writes: four varints and two strings appended one by one
    // cost more than the bytes themselves on a file of short unknown lines.
    std::string& out = out_.directives_;
    const std::size_t old_size = out.size();
    out.resize(old_size + 4 * internal::kMaxVarintBytes + line.key.size() + line.value.size());
    char* end = out.data() + old_size;
    end = internal::write_varint(end, line.number - last_directive_line_);
    end = internal::write_varint(end, group - last_directive_group_);
    end = internal::write_varint(end, static_cast<std::uint32_t>(line.key.size()));
    end = std::copy(line.key.begin(), line.key.end(), end);
    end = internal::write_varint(end, static_cast<std::uint32_t>(line.value.size()));
    end = std::copy(line.value.begin(), line.value.end(), end);
    out.resize(static_cast<std::size_t>(end - out.data()));
    last_directive_line_ = line.number;
    last_directive_group_ = group;
  }

  void close_group() {
    if (!in_group_) return;
    RobotsTxt::CompiledGroup& group = out_.groups_.back();
    group.rule_end = static_cast<std::uint32_t>(out_.rules_.size());
    sort_by_literal_prefix(group.rule_begin, group.rule_end);
  }

  // Sorts one group's rules by literal prefix, then file order (the order they were
  // added: an index.htm rewrite follows its rule). The first sixteen bytes of each
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
    const auto less = [&](const SortKey& a, const SortKey& b) {
      if (a.high != b.high) return a.high < b.high;
      if (a.low != b.low) return a.low < b.low;
      const CompiledRule& x = rules[a.index];
      const CompiledRule& y = rules[b.index];
      const std::string_view x_literal(text + x.pattern_offset, x.literal_length);
      const std::string_view y_literal(text + y.pattern_offset, y.literal_length);
      if (const int order = x_literal.compare(y_literal); order != 0) return order < 0;
      return a.index < b.index;
    };
    // Files often list a group's rules in order already; checking costs one pass.
    if (std::is_sorted(keys_.begin(), keys_.end(), less)) return;
    if (keys_.size() < kRadixSortFrom) {
      std::sort(keys_.begin(), keys_.end(), less);
    } else {
      // Large groups: a radix sort on the first sixteen bytes puts the keys in place in
      // linear time, keeping file order among equal ones; only runs that share all
      // sixteen bytes (longer prefixes) may still need comparing.
      radix_sort(&SortKey::low);
      radix_sort(&SortKey::high);
      for (auto run = keys_.begin(); run != keys_.end();) {
        const auto run_end = std::find_if(run, keys_.end(), [&run](const SortKey& key) {
          return key.high != run->high || key.low != run->low;
        });
        if (!std::is_sorted(run, run_end, less)) std::sort(run, run_end, less);
        run = run_end;
      }
    }
    sorted_.clear();
    for (const SortKey& key : keys_) sorted_.push_back(rules[key.index]);
    std::copy(sorted_.begin(), sorted_.end(), out_.rules_.begin() + begin);
  }

  // Sixteen counting passes beat n log n comparisons only for large groups: on the
  // corpus, whose groups are smaller, comparison sorting costs fewer instructions.
  static constexpr std::size_t kRadixSortFrom = 4096;

  // By one 64-bit half of the keys, least significant byte first, each pass stable; a
  // pass where every key has the same byte (the leading '/', a shared directory) moves
  // nothing and is skipped.
  void radix_sort(std::uint64_t SortKey::*half) {
    radix_buffer_.resize(keys_.size());
    for (int shift = 0; shift < 64; shift += 8) {
      const auto digit = [half, shift](const SortKey& key) {
        return static_cast<std::size_t>((key.*half >> shift) & 0xFF);
      };
      std::size_t counts[256] = {};
      for (const SortKey& key : keys_) ++counts[digit(key)];
      if (counts[digit(keys_.front())] == keys_.size()) continue;
      std::size_t next = 0;
      for (std::size_t& count : counts) {
        const std::size_t start = next;
        next += count;
        count = start;
      }
      for (const SortKey& key : keys_) radix_buffer_[counts[digit(key)]++] = key;
      keys_.swap(radix_buffer_);
    }
  }

  // Bytes [from, from + 8) of `text` as a big-endian integer, zero-padded: comparing
  // two of these compares the bytes lexicographically.
  static std::uint64_t pack_big_endian(std::string_view text, std::size_t from) {
    if (from >= text.size()) return 0;
    std::uint64_t packed = 0;
    std::memcpy(&packed, text.data() + from, std::min<std::size_t>(8, text.size() - from));
    if constexpr (std::endian::native == std::endian::little) packed = __builtin_bswap64(packed);
    return packed;
  }

  void build_agent_index() {
    // Empty tokens (`user-agent: *bot`) are indexed too: no real agent equals them, but
    // Google's matcher lets an empty queried agent match them, and so do we.
    for (std::uint32_t i = 0; i < out_.agents_.size(); ++i) {
      if (!out_.agents_[i].is_global()) out_.agent_order_.push_back(i);
    }
    const RobotsTxt& robots = out_;
    const auto less = [&robots](std::uint32_t a, std::uint32_t b) {
      const int order = internal::compare_ignoring_case(robots.token_of(a), robots.token_of(b));
      return order != 0 ? order < 0 : a < b;
    };
    // Often sorted already (one agent, or the same one over and over): one pass.
    if (std::is_sorted(out_.agent_order_.begin(), out_.agent_order_.end(), less)) return;
    std::sort(out_.agent_order_.begin(), out_.agent_order_.end(), less);
  }

  RobotsTxt& out_;
  std::vector<SortKey>& keys_;
  std::vector<SortKey>& radix_buffer_;
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

}  // namespace robotstxt
