// A group's rule index, built once a group has been checked often enough to pay for it
// (compiled_layout.h): its rules sorted in place into the order the index walk needs,
// once, whichever of the threads sharing the RobotsTxt gets there first. Until then each
// check scans the rules in file order.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <vector>

#include "base/atomic_byte.h"
#include "core/compiled_layout.h"
#include "core/literal_prefix_sort.h"

namespace robotstxt {

// Scans and other readers of an unindexed group hold its lock shared, the sort holds it
// exclusive; readers and builders of different groups mostly take different locks. The
// lock is found by the group's address, which stays put when its RobotsTxt moves (the
// compiled block is on the heap), so the object itself needs no lock of its own and
// stays as small and as movable as it was.
std::shared_mutex& internal::rule_lock(const void* group, std::size_t group_bytes) noexcept {
  constexpr std::size_t kLocks = 64;
  // Never destroyed: a RobotsTxt may still be asked during another static's destructor.
  union NeverDestroyed {
    NeverDestroyed() : locks() {}
    ~NeverDestroyed() {}  // leaves the locks alone
    std::array<std::shared_mutex, kLocks> locks;
  };
  static NeverDestroyed held;
  return held.locks[reinterpret_cast<std::uintptr_t>(group) / group_bytes % kLocks];
}

bool RobotsTxt::match_unindexed(const CompiledGroup& group, QueryPath& query,
                                Best& best) const noexcept {
  {
    const std::shared_lock<std::shared_mutex> scanning(internal::rule_lock(&group, sizeof group));
    // Under the lock the state only counts up, and a sort waits for the scans to end.
    internal::AtomicByte state(const_cast<std::uint8_t&>(group.index_state));
    std::uint8_t scans = state.load_relaxed();
    while (scans < internal::kScansBeforeIndex) {
      if (state.compare_exchange_weak_relaxed(scans, static_cast<std::uint8_t>(scans + 1))) {
        scan_group(group, query, best);
        return true;
      }
    }
    if (scans == CompiledGroup::kIndexed) return false;
  }
  build_index(group);
  return false;
}

void RobotsTxt::build_index(const CompiledGroup& group) const noexcept {
  const std::lock_guard<std::shared_mutex> sorting(internal::rule_lock(&group, sizeof group));
  // Another thread may have built it while this one waited: the lock orders its writes
  // before this read. No scan is reading the rules: they hold the lock shared.
  internal::AtomicByte state(const_cast<std::uint8_t&>(group.index_state));
  if (state.load_relaxed() == CompiledGroup::kIndexed) return;
  // What a thread reuses from one index to the next, as a compile reuses its scratch.
  struct Scratch {
    internal::LiteralPrefixSort sort;
    std::vector<CompiledRule> rules;  // the group's rules in file order
    std::vector<char> tail;           // see below
  };
  thread_local Scratch scratch;
  const std::uint32_t count = group.rule_end - group.rule_begin;
  // The rules live in this object's mutable heap block (see CompiledGroup::indexed()).
  // Nobody else reads them now: walks wait for index_state to say they are sorted,
  // scans and other builders for this lock.
  auto* const placed = const_cast<CompiledRule*>(rules_.data()) + group.rule_begin;
  scratch.rules.assign(placed, placed + count);

  // The sort reads kReadableAfterPrefix bytes past each prefix. Inside the block they
  // are text or directives, never written after parse(); prefixes that end too close to
  // the block's end are read from a copy of its last bytes with zeros after them
  // instead, so the block carries no padding for the sort.
  constexpr std::size_t kPadding = internal::LiteralPrefixSort::kReadableAfterPrefix;
  const char* const text = text_.data();
  const std::size_t readable =
      text == nullptr ? 0
                      : static_cast<std::size_t>(reinterpret_cast<const char*>(storage_.get()) +
                                                 storage_bytes_ - text);
  std::uint32_t tail_from = 0xFFFFFFFF;  // offset in text_ from which prefixes use the copy
  for (const CompiledRule& rule : scratch.rules) {
    if (rule.pattern_offset + std::size_t{rule.literal_length} + kPadding > readable) {
      tail_from = std::min(tail_from, rule.pattern_offset);
    }
  }
  const char* tail = nullptr;
  if (tail_from != 0xFFFFFFFF) {
    const std::size_t kept = readable > tail_from ? readable - tail_from : 0;
    scratch.tail.assign(kept + kPadding, '\0');
    if (kept > 0) std::memcpy(scratch.tail.data(), text + tail_from, kept);
    tail = scratch.tail.data();
  }
  const CompiledRule* const rules = scratch.rules.data();
  const auto literal_prefix = [text, tail, tail_from, rules](std::uint32_t rule) {
    const std::uint32_t offset = rules[rule].pattern_offset;
    const char* const at = offset >= tail_from ? tail + (offset - tail_from) : text + offset;
    return std::string_view(at, rules[rule].literal_length);
  };
  const auto place = [placed, rules](std::uint32_t rule, std::uint32_t position) {
    placed[position] = rules[rule];
  };
  // Rules are numbered in file order (an index.htm rewrite right after its allow), which
  // the sort keeps among equal prefixes; a group in order already is left as it is.
  scratch.sort.sort(0, count, literal_prefix, place);

  state.store_release(CompiledGroup::kIndexed);
  // One huge group should not pin its buffers to the thread for good.
  if (count > (std::uint32_t{1} << 16)) scratch = Scratch();
}

void RobotsTxt::index_all() const noexcept {
  for (const CompiledGroup& group : groups_) ensure_indexed(group);
}

}  // namespace robotstxt
