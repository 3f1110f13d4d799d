// The one tokenizer (docs/semantics.md 1): splits a body into lines and each line into
// key and value. describe_lines() and the RobotsTxt compiler both consume its events, so
// the linter's facts and the matcher's rules can never disagree. Header-only so that the
// per-line callback inlines into each consumer.
#ifndef ROBOTSTXT_SRC_CORE_TOKENIZER_H_
#define ROBOTSTXT_SRC_CORE_TOKENIZER_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "base/ascii.h"
#include "base/byte_marks.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/line_facts.h"

namespace robotstxt::internal {

/// Kind of a directive key, recognised by case-insensitive prefix in docs/semantics.md 1.7 order.
/// Sets `typo` when only an accepted misspelling matched.
inline LineKind classify_key(std::string_view key, bool& typo) noexcept {
  typo = false;
  // Every recognised key starts with u, a, d or s, and only the keys of its own letter
  // can match: an unknown key costs one compare, or a few of its letter's keys.
  if (key.empty()) return LineKind::kOther;
  switch (to_ascii_lower(key.front())) {
    case 'u':
      if (starts_with_ignoring_case(key, "user-agent")) return LineKind::kUserAgent;
      if (starts_with_ignoring_case(key, "useragent") ||
          starts_with_ignoring_case(key, "user agent")) {
        typo = true;
        return LineKind::kUserAgent;
      }
      return LineKind::kOther;
    case 'a':
      return starts_with_ignoring_case(key, "allow") ? LineKind::kAllow : LineKind::kOther;
    case 'd': {
      if (starts_with_ignoring_case(key, "disallow")) return LineKind::kDisallow;
      static constexpr std::string_view kMisspellings[] = {"dissallow", "dissalow", "disalow",
                                                           "diasllow", "disallaw"};
      for (const std::string_view misspelling : kMisspellings) {
        if (starts_with_ignoring_case(key, misspelling)) {
          typo = true;
          return LineKind::kDisallow;
        }
      }
      return LineKind::kOther;
    }
    case 's':
      if (starts_with_ignoring_case(key, "sitemap")) return LineKind::kSitemap;
      if (starts_with_ignoring_case(key, "site-map")) {
        typo = true;
        return LineKind::kSitemap;
      }
      return LineKind::kOther;
    default:
      return LineKind::kOther;
  }
}

/// Fills kind, key, value and the key-related flags of `line` from its content, which
/// is already cut at NUL and `#` (docs/semantics.md 1.5-1.7). `colon` is the position of the
/// content's first `:`, or npos when it has none.
inline void split_directive(std::string_view content, std::size_t colon, LineFacts& line) noexcept {
  std::string_view key;
  std::string_view value;
  if (colon != std::string_view::npos) {
    // Content holding a colon is never empty, and trimming the key and the value trims
    // the content's ends too.
    key = content.substr(0, colon);
    value = content.substr(colon + 1);
  } else {
    content = trim_ascii_space(content);
    if (content.empty()) {
      line.kind = line.has_comment ? LineKind::kComment : LineKind::kEmpty;
      return;
    }
    // Google-specific: `disallow /x` is accepted when the line is exactly two words.
    // Loops in place: find_first_of(" \t") calls memchr for every byte it passes.
    const auto is_blank = [](char c) { return c == ' ' || c == '\t'; };
    std::size_t gap = 0;
    while (gap < content.size() && !is_blank(content[gap])) ++gap;
    if (gap == content.size()) {
      line.kind = LineKind::kInvalid;
      return;
    }
    key = content.substr(0, gap);
    std::size_t value_begin = gap;
    while (is_blank(content[value_begin])) ++value_begin;  // content is trimmed: stops inside
    value = content.substr(value_begin);
    if (std::any_of(value.begin(), value.end(), is_blank)) {
      line.kind = LineKind::kInvalid;
      return;
    }
    line.missing_colon = true;
  }
  key = trim_ascii_space(key);
  if (key.empty()) {
    line.kind = LineKind::kInvalid;
    line.missing_colon = false;
    return;
  }
  line.key = key;
  line.value = trim_ascii_space(value);
  line.kind = classify_key(key, line.typo);
  // line.unsupported is the linter's business: describe_lines() sets it, so that compiling
  // a file of unknown keys does not compare each of them with twelve known ones.
}

/// What the tokenizer saw of an allow or disallow value's bytes, from the marks it has
/// anyway: most values are their own normalised pattern (docs/semantics.md 1.8), and
/// telling the compiler so spares it a second look at each of their bytes.
struct RuleValue {
  enum class Shape : std::uint8_t {
    kNormalize,  // holds a `%` or a byte >= 0x80 (or is no rule's value): to be normalised
    kPlain,      // no `*`, `%` or byte >= 0x80: all literal (4.2)
    kStars,      // `*` but no `%` nor byte >= 0x80: its own pattern, literal up to a `*`
  };
  Shape shape = Shape::kNormalize;
  std::uint16_t first_star = 0;  // kStars: bytes before the value's first `*`
};

/// Calls `on_line(const LineFacts&, RuleValue value)` for every line of `body` in order
/// (outside_group and unsupported are left false: groups and lint facts are the
/// consumer's business). `value` describes an allow or disallow line's value.
template <typename OnLine>
void for_each_line(std::string_view body, OnLine&& on_line) {
  if (body.size() > kMaxBodyBytes) body = body.substr(0, kMaxBodyBytes);

  // docs/semantics.md 1.2: the BOM is skipped byte by byte and only while it keeps matching.
  std::size_t pos = 0;
  static constexpr unsigned char kBom[] = {0xEF, 0xBB, 0xBF};
  while (pos < 3 && pos < body.size() && static_cast<unsigned char>(body[pos]) == kBom[pos]) ++pos;

  const char* const data = body.data();
  const std::size_t size = body.size();
  // One pass marks every line end, `#` and rule special byte (byte_marks.h); each line
  // then finds its own with bit scans, and its colon among its first bytes
  // (first_colon()). The next `#` and NUL are only searched again once passed: most lines
  // hold no `#`. NUL is rare enough for memchr, searched once in most files.
  thread_local std::vector<BlockMarks> thread_marks;
  mark_bytes(data, size, thread_marks);
  // Copied out once: neither a thread-local nor a vector is read again for each line.
  const BlockMarks* const marks = thread_marks.data();
  const std::size_t block_count = thread_marks.size();
  const auto next = [marks, block_count, size](std::uint64_t BlockMarks::*mask, std::size_t from) {
    return next_marked(marks, block_count, mask, from, size);
  };
  const auto next_nul_from = [data, size](std::size_t from) {
    // An empty body may come with no buffer at all (a default string_view, or NULL and 0
    // through the C ABI): memchr must never see a null pointer, even for 0 bytes.
    if (from >= size) return size;
    const void* found = std::memchr(data + from, '\0', size - from);
    return found == nullptr ? size
                            : static_cast<std::size_t>(static_cast<const char*>(found) - data);
  };
  std::size_t next_nul = next_nul_from(pos);
  std::size_t next_hash = next(&BlockMarks::hash, pos);
  std::size_t next_special = next(&BlockMarks::pattern_special, pos);
  std::uint32_t number = 0;
  LineEnds line_ends(marks, block_count, pos, size);
  while (true) {
    const std::size_t end = line_ends.take();
    LineFacts line;
    line.number = ++number;
    line.offset = static_cast<std::uint32_t>(pos);
    line.length = static_cast<std::uint32_t>(end - pos);
    RuleValue rule_value;
    // An empty line is all LineFacts' defaults say: a file of blank lines costs a bit
    // scan per line.
    if (end != pos) [[likely]] {
      if (next_nul < pos) next_nul = next_nul_from(pos);
      if (next_hash < pos) next_hash = next(&BlockMarks::hash, pos);
      std::string_view content(data + pos, end - pos);
      if (content.size() > kMaxLineBytes) {
        line.too_long = true;
        content = content.substr(0, kMaxLineBytes);
      }
      if (next_nul - pos < content.size()) {
        line.has_nul = true;
        content = content.substr(0, next_nul - pos);
      }
      if (next_hash - pos < content.size()) {
        line.has_comment = true;
        content = content.substr(0, next_hash - pos);
      }
      const std::size_t colon_at =
          content.empty() ? pos : first_colon(data, pos, pos + content.size(), size);
      const std::size_t colon =
          colon_at - pos < content.size() ? colon_at - pos : std::string_view::npos;
      split_directive(content, colon, line);
      if (line.kind == LineKind::kAllow || line.kind == LineKind::kDisallow) {
        const auto value_begin = static_cast<std::size_t>(line.value.data() - data);
        const std::size_t value_end = value_begin + line.value.size();
        if (next_special < value_begin)
          next_special = next(&BlockMarks::pattern_special, value_begin);
        if (next_special >= value_end) {
          rule_value.shape = RuleValue::Shape::kPlain;
        } else {
          // The value's marked bytes, usually a `*` or two: when each is a `*`, the
          // value needs no normalising.
          std::size_t special = next_special;
          while (special < value_end && data[special] == '*') {
            special = next(&BlockMarks::pattern_special, special + 1);
          }
          if (special >= value_end) {
            rule_value.shape = RuleValue::Shape::kStars;
            rule_value.first_star = static_cast<std::uint16_t>(next_special - value_begin);
          }
        }
      }
    }
    on_line(static_cast<const LineFacts&>(line), rule_value);

    if (end == size) break;
    pos = end + 1;
    // docs/semantics.md 1.3: CR LF is one line ending; the LF's mark is the next one.
    if (data[end] == '\r' && pos < size && data[pos] == '\n') {
      ++pos;
      line_ends.take();
    }
  }
}

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_TOKENIZER_H_
