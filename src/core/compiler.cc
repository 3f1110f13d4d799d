// Compiling a robots.txt: the tokenizer's lines become groups, agents and rules
// (docs/semantics.md 1.8, 2 and 4.4). The layout is described in compiled_layout.h.
#include "core/compiler.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <utility>

#include "base/uninitialized_array.h"
#include "core/compiled_rule_order.h"

namespace robotstxt {

// Out of the loop that reads the lines: once per file, while that loop is the hot path
// and kept as small as the compiler can make it.
RobotsTxt Compiler::pack(Scratch& scratch) {
  Compiler& compiler = *this;
  compiler.finish();

  // Packed into one block, exactly sized: arrays of 4-byte fields first, so that each
  // starts aligned, then the bytes.
  const Compiler::Parts& parts = scratch.work;
  const std::string_view directives = compiler.directives();
  RobotsTxt robots;
  robots.line_count_ = parts.line_count;
  const auto bytes_of = [](const auto& items) { return items.size() * sizeof(items[0]); };
  static_assert(alignof(CompiledRule) <= 4 && alignof(RobotsTxt::CompiledGroup) <= 4 &&
                alignof(RobotsTxt::CompiledAgent) <= 4 &&
                sizeof(RobotsTxt::CompiledAgent) % 4 == 0);
  robots.storage_bytes_ = bytes_of(parts.rules) + bytes_of(parts.groups) + bytes_of(parts.agents) +
                          bytes_of(parts.agent_order) + bytes_of(parts.global_groups) +
                          bytes_of(parts.sitemaps) + bytes_of(parts.written_rules) +
                          parts.text.size() + directives.size();
  if (robots.storage_bytes_ > 0) {
    robots.storage_ = internal::make_uninitialized_array<std::byte>(robots.storage_bytes_);
  }
  std::byte* at = robots.storage_.get();
  const auto place = [&at, &bytes_of]<typename T>(RobotsTxt::Run<T>& run,
                                                  const std::vector<T>& items) {
    if (items.empty()) return;
    std::memcpy(at, items.data(), bytes_of(items));
    run = {reinterpret_cast<const T*>(at), items.size()};
    at += bytes_of(items);
  };
  place(robots.rules_, parts.rules);
  place(robots.groups_, parts.groups);
  place(robots.agents_, parts.agents);
  place(robots.agent_order_, parts.agent_order);
  place(robots.global_groups_, parts.global_groups);
  place(robots.sitemaps_, parts.sitemaps);
  place(robots.written_rules_, parts.written_rules);
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

RobotsTxt RobotsTxt::parse(std::string_view body) {
  Compiler::Scratch& scratch = Compiler::thread_scratch();
  Compiler compiler(scratch, body);
  internal::for_each_line(body, [&compiler](const LineFacts& line, internal::RuleValue value) {
    compiler.on_line(line, value);
  });
  return compiler.pack(scratch);
}

std::vector<internal::CompiledRulePlace> internal::compiled_rule_order(const RobotsTxt& robots) {
  return Compiler::rule_order(robots);
}

std::vector<bool> internal::indexed_groups(const RobotsTxt& robots) {
  return Compiler::indexed_groups(robots);
}

void Compiler::Parts::clear() noexcept {
  text.clear();
  rules.clear();
  groups.clear();
  agents.clear();
  agent_order.clear();
  global_groups.clear();
  sitemaps.clear();
  written_rules.clear();
  line_count = 1;
}

std::size_t Compiler::Parts::capacity_bytes() const noexcept {
  return text.capacity() + rules.capacity() * sizeof(RobotsTxt::CompiledRule) +
         groups.capacity() * sizeof(RobotsTxt::CompiledGroup) +
         agents.capacity() * sizeof(RobotsTxt::CompiledAgent) +
         (agent_order.capacity() + global_groups.capacity() + sitemaps.capacity() +
          written_rules.capacity()) *
             sizeof(std::uint32_t);
}

}  // namespace robotstxt
