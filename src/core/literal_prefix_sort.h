// The order a group's rules are kept in (compiled_layout.h, beside kCompareEachUpTo):
// by literal prefix, bytes unsigned, a prefix before the longer ones it starts, then in
// the order given, except that a few items that are all of those starting with some
// bytes may stay in any order. The first query of a group sorts the group's rules with it
// (rule_index.cc); the corpus benchmark times it alone, as part of the floor a compile
// that sorted every group at parse would have.
#ifndef ROBOTSTXT_SRC_CORE_LITERAL_PREFIX_SORT_H_
#define ROBOTSTXT_SRC_CORE_LITERAL_PREFIX_SORT_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "core/compiled_layout.h"

namespace robotstxt::internal {

/// Sorts items by their literal prefixes. Holds buffers that are only ever grown, so
/// that a thread sorting group after group neither regrows them nor touches fresh pages
/// for each one: keep one per thread and reuse it.
class LiteralPrefixSort {
 public:
  /// Bytes of a prefix a key holds at a time.
  static constexpr std::uint32_t kPackedBytes = 8;
  /// Bytes after the end of every prefix that must be readable: a key loads eight bytes
  /// from wherever its prefix's next bytes start, and masks off those past the end.
  static constexpr std::size_t kReadableAfterPrefix = kPackedBytes;

  /// Orders items [first_item, first_item + count). `prefix(item)` is the item's literal
  /// prefix as a std::string_view, followed by kReadableAfterPrefix readable bytes; no
  /// prefix holds NUL (none can: the tokenizer cuts lines at NUL), so zero padding sorts
  /// a prefix before the longer ones it starts. Unless the items are in that order
  /// already (then returns false and calls nothing), calls `place(item, position)` once
  /// for every item, position counted from 0, and returns true.
  template <typename Prefix, typename Place>
  bool sort(std::uint32_t first_item, std::uint32_t count, Prefix&& prefix, Place&& place) {
    if (count <= kCompareEachUpTo) return false;
    // Files often list a group's rules in order already: each key is checked against the
    // one before while it is built, until one is out of order.
    if (keys_.size() < count) keys_.resize(count);
    Key* const keys = keys_.data();
    bool in_order = true;
    for (std::uint32_t at = 0; at < count; ++at) {
      Key& key = keys[at];
      const std::string_view literal = prefix(first_item + at);
      key.item = first_item + at;
      key.rest = static_cast<std::uint32_t>(literal.size());
      key.packed = pack_big_endian(literal.data(), key.rest);
      in_order = in_order && (at == 0 || !less(key, keys[at - 1], prefix));
    }
    if (in_order) return false;
    sort_keys(count, prefix, place);
    return true;
  }

 private:
  // An item's prefix, eight bytes of it packed big-endian into an integer: bytes 0-7 at
  // first, and the next eight each time a range of keys shares them all. Sixteen bytes
  // in two integers cost more: each pass moved half as many bytes again, and a range
  // sharing eight bytes repacks its keys for less than that pass's moves cost.
  struct Key {
    std::uint64_t packed;  // bytes [start, start + 8) of the prefix
    std::uint32_t item;
    std::uint32_t rest;  // bytes of the prefix from start on (start: its length - rest)
  };
  struct KeyRange {
    std::uint32_t begin, end;  // positions in keys_ and radix_buffer_
    bool in_buffer;            // which of the two holds the range's keys
  };

  // The order sort_keys() produces, as a comparison of two keys: packed bytes, then the
  // rest of longer prefixes, then the order given, so that no two keys are ever equal.
  // Only the test for items already in order compares keys; the sort distributes.
  template <typename Prefix>
  static bool less(const Key& a, const Key& b, Prefix& prefix) {
    if (a.packed != b.packed) [[likely]]
      return a.packed < b.packed;
    // Keys compared share every byte before their packed ones: equal packed bytes are
    // equal prefixes unless one goes on past them.
    if (a.rest <= kPackedBytes && b.rest <= kPackedBytes) return a.item < b.item;
    if (const int order = prefix(a.item).compare(prefix(b.item)); order != 0) return order < 0;
    return a.item < b.item;
  }

  // Most significant byte first, over ranges of keys that share every byte before their
  // packed ones: one pass finds the first packed byte where a range's keys differ, one
  // distributes them by it, stably, and each bucket becomes a range of its own; bytes
  // all keys share cost nothing, and a range that shares all eight moves on to the
  // next eight. A comparison sort of prefixes such as "/wp-content/..." spent most of
  // its time on shared bytes. A pass distributes from keys_ into radix_buffer_ or back,
  // at the same positions, rather than copying back after each pass; a range whose
  // order is final is placed from whichever array holds it. The ranges wait in a list
  // rather than on the call stack, which hostile prefixes could exhaust. Ranges are
  // distributed down to kCompareEachUpTo keys: an insertion sort of ranges of 9 to 16
  // was no faster, as with eight-byte keys it often compared whole prefixes.
  template <typename Prefix, typename Place>
  void sort_keys(std::uint32_t size, Prefix& prefix, Place& place) {
    if (radix_buffer_.size() < size) radix_buffer_.resize(size);
    pending_ranges_.assign(1, {0, size, false});
    while (!pending_ranges_.empty()) {
      const KeyRange range = pending_ranges_.back();
      pending_ranges_.pop_back();
      Key* const keys = range.in_buffer ? radix_buffer_.data() : keys_.data();
      Key* const first = keys + range.begin;
      Key* const last = keys + range.end;
      if (last - first <= kCompareEachUpTo) {
        // These keys share every byte before their packed ones, and no key outside
        // the range does: the walk takes so few in any order.
        place_all(first, last, range.begin, place);
        continue;
      }
      // The bits where any key differs from the first: the first such byte is the one
      // to distribute by.
      std::uint64_t differs = 0;
      for (const Key* key = first + 1; key != last; ++key) differs |= key->packed ^ first->packed;
      if (differs == 0) {
        // Prefixes that end within the packed bytes are equal here, and every pass left
        // them in the order given; longer ones go on with their next eight bytes.
        if (std::none_of(first, last, [](const Key& key) { return key.rest > kPackedBytes; })) {
          place_all(first, last, range.begin, place);
          continue;
        }
        for (Key* key = first; key != last; ++key) {
          const std::string_view literal = prefix(key->item);
          key->rest = key->rest > kPackedBytes ? key->rest - kPackedBytes : 0;
          key->packed = pack_big_endian(literal.data() + literal.size() - key->rest, key->rest);
        }
        pending_ranges_.push_back(range);
        continue;
      }
      // Where that byte sits in the packed integer.
      const unsigned shift = 56 - 8 * (static_cast<unsigned>(std::countl_zero(differs)) / 8);
      distribute(range, first, last, shift, place);
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
  template <typename Place>
  void distribute(const KeyRange& range, const Key* first, const Key* last, unsigned shift,
                  Place& place) {
    const auto digit = [shift](const Key& key) {
      return static_cast<std::uint32_t>((key.packed >> shift) & 0xFF);
    };
    // bucket_ends_ is all zero between passes: a pass counts into it, turns the counts
    // into each bucket's start, distributes (leaving each bucket's end), and zeroes
    // only the entries of bytes that occurred.
    std::uint32_t* const ends = bucket_ends_.data();
    SeenBytes seen;
    for (const Key* key = first; key != last; ++key) {
      const std::uint32_t d = digit(*key);
      ++ends[d];
      seen.add(d);
    }
    std::uint32_t start = 0;
    seen.for_each([&](std::uint32_t d) { start += std::exchange(ends[d], start); });
    Key* const target = (range.in_buffer ? keys_.data() : radix_buffer_.data()) + range.begin;
    for (const Key* key = first; key != last; ++key) target[ends[digit(*key)]++] = *key;
    std::uint32_t bucket_begin = 0;
    seen.for_each([&](std::uint32_t d) {
      const std::uint32_t bucket_end = std::exchange(ends[d], 0);
      // Byte 0 ends a prefix: those keys are equal prefixes, already in the order given.
      if (bucket_end - bucket_begin > 1 && d != 0) {
        pending_ranges_.push_back(
            {range.begin + bucket_begin, range.begin + bucket_end, !range.in_buffer});
      } else {
        place_all(target + bucket_begin, target + bucket_end, range.begin + bucket_begin, place);
      }
      bucket_begin = bucket_end;
    });
  }

  // Places the items of keys in their final order, from position `at`.
  template <typename Place>
  static void place_all(const Key* first, const Key* last, std::uint32_t at, Place& place) {
    for (const Key* key = first; key != last; ++key) place(key->item, at++);
  }

  static std::uint64_t to_big_endian(std::uint64_t word) {
    if constexpr (std::endian::native == std::endian::little) return __builtin_bswap64(word);
    return word;
  }

  // The first min(8, length) bytes at `bytes` as a big-endian integer, zero-padded:
  // comparing two of these compares the bytes lexicographically. Loads eight bytes
  // whatever the length and masks off the unwanted ones: branches on lengths that vary
  // from item to item were mispredicted about a third of the time.
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

  std::vector<Key> keys_;
  std::vector<Key> radix_buffer_;
  std::vector<KeyRange> pending_ranges_;
  std::array<std::uint32_t, 256> bucket_ends_{};  // per byte value; see distribute()
};

}  // namespace robotstxt::internal

#endif  // ROBOTSTXT_SRC_CORE_LITERAL_PREFIX_SORT_H_
