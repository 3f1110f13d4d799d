#include "census/body_templates.h"

#include <algorithm>
#include <cstdio>
#include <limits>

#include <xxhash.h>

namespace robotstxt::census {
namespace {

// The set orders by hosts, then by hash from the largest: its first element is the one
// that comes last in ranked(), so that trimming keeps what is written first.
std::pair<std::uint64_t, std::uint64_t> order_key(std::uint64_t hosts, std::uint64_t hash) {
  return {hosts, std::numeric_limits<std::uint64_t>::max() - hash};
}

std::uint64_t key_hash(const std::pair<std::uint64_t, std::uint64_t>& key) {
  return std::numeric_limits<std::uint64_t>::max() - key.second;
}

// A line cut at `bytes`, backed off to the start of a UTF-8 sequence so that no
// character is cut in two.
std::string cut_line(std::string_view line, std::size_t bytes) {
  if (line.size() <= bytes) return std::string(line);
  std::size_t end = bytes;
  while (end > 0 && (static_cast<unsigned char>(line[end]) & 0xC0) == 0x80) --end;
  return std::string(line.substr(0, end));
}

struct TemplateError {
  std::string message;
};

std::uint64_t count_at(const nlohmann::json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_number_unsigned()) {
    throw TemplateError{std::string("\"") + key + "\" is not a count"};
  }
  return object[key].get<std::uint64_t>();
}

}  // namespace

void template_of(std::string_view body, BodyTemplate& out) {
  if (body.substr(0, 3) == "\xEF\xBB\xBF") body.remove_prefix(3);
  // Most bodies have no CR and are hashed as they are; the others are read into the
  // reused buffer with CR LF and lone CR as LF first.
  std::string_view text = body;
  if (body.find('\r') != std::string_view::npos) {
    out.scratch.clear();
    out.scratch.reserve(body.size());
    std::size_t start = 0;
    for (std::size_t cr = body.find('\r'); cr != std::string_view::npos;
         cr = body.find('\r', start)) {
      out.scratch.append(body.data() + start, cr - start);
      out.scratch.push_back('\n');
      start = cr + 1;
      if (start < body.size() && body[start] == '\n') ++start;
    }
    out.scratch.append(body.data() + start, body.size() - start);
    text = out.scratch;
  }
  out.hash = XXH3_64bits(text.data(), text.size());
  out.first_lines.clear();
  std::size_t line_start = 0;
  while (line_start < text.size() && out.first_lines.size() < kTemplateLines) {
    std::size_t end = text.find('\n', line_start);
    if (end == std::string_view::npos) end = text.size();
    out.first_lines.push_back(
        cut_line(text.substr(line_start, end - line_start), kTemplateLineBytes));
    line_start = end + 1;
  }
}

std::string hash_text(std::uint64_t hash) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(hash));
  return text;
}

void BodyTemplates::set_hosts(std::uint64_t hash, Entry& entry, std::uint64_t hosts) {
  // The node moves to its new place, not freed and allocated again: this runs for every
  // host whose body was seen before.
  auto node = by_hosts_.extract(order_key(entry.hosts, hash));
  entry.hosts = hosts;
  node.value() = order_key(entry.hosts, hash);
  by_hosts_.insert(std::move(node));
}

void BodyTemplates::add(const BodyTemplate& body) {
  ++hosts_;
  const auto found = entries_.find(body.hash);
  if (found != entries_.end()) {
    set_hosts(body.hash, found->second, found->second.hosts + 1);
    return;
  }
  if (entries_.size() >= kTrackedTemplates) {
    // The least counted template gives way: no body left out was served by more hosts
    // than it, so the newcomer may have been served that many times before (its error).
    const auto least = by_hosts_.begin();
    floor_ = std::max(floor_, least->first);
    entries_.erase(key_hash(*least));
    by_hosts_.erase(least);
  }
  Entry& entry = entries_[body.hash];
  entry.hosts = floor_ + 1;
  entry.error = floor_;
  entry.first_lines = body.first_lines;
  by_hosts_.insert(order_key(entry.hosts, body.hash));
}

void BodyTemplates::merge(const BodyTemplates& part) {
  // A template missing from one side may have been served there by up to its floor.
  for (auto& [hash, entry] : entries_) {
    if (part.entries_.count(hash) == 0) {
      entry.error += part.floor_;
      set_hosts(hash, entry, entry.hosts + part.floor_);
    }
  }
  for (const auto& [hash, other] : part.entries_) {
    const auto found = entries_.find(hash);
    if (found != entries_.end()) {
      found->second.error += other.error;
      set_hosts(hash, found->second, found->second.hosts + other.hosts);
      continue;
    }
    Entry& entry = entries_[hash];
    entry = other;
    entry.hosts += floor_;
    entry.error += floor_;
    by_hosts_.insert(order_key(entry.hosts, hash));
  }
  hosts_ += part.hosts_;
  floor_ += part.floor_;
  trim(kTrackedTemplates);
}

void BodyTemplates::trim(std::size_t limit) {
  while (entries_.size() > limit) {
    const auto least = by_hosts_.begin();
    floor_ = std::max(floor_, least->first);
    entries_.erase(key_hash(*least));
    by_hosts_.erase(least);
  }
}

std::vector<std::pair<std::uint64_t, const BodyTemplates::Entry*>> BodyTemplates::ranked() const {
  std::vector<std::pair<std::uint64_t, const Entry*>> result;
  result.reserve(entries_.size());
  for (auto key = by_hosts_.rbegin(); key != by_hosts_.rend(); ++key) {
    const std::uint64_t hash = key_hash(*key);
    result.emplace_back(hash, &entries_.at(hash));
  }
  return result;
}

nlohmann::json BodyTemplates::to_json() const {
  const auto all = ranked();
  std::uint64_t floor = floor_;
  if (all.size() > kWrittenTemplates) floor = std::max(floor, all[kWrittenTemplates].second->hosts);
  nlohmann::json top = nlohmann::json::array();
  for (std::size_t i = 0; i < all.size() && i < kWrittenTemplates; ++i) {
    const Entry& entry = *all[i].second;
    top.push_back({{"hash", hash_text(all[i].first)},
                   {"hosts", entry.hosts},
                   {"error", entry.error},
                   {"first_lines", entry.first_lines}});
  }
  return {{"hosts", hosts_}, {"floor", floor}, {"top", std::move(top)}};
}

std::optional<BodyTemplates> BodyTemplates::from_json(const nlohmann::json& json,
                                                      std::string& error) {
  try {
    BodyTemplates templates;
    templates.hosts_ = count_at(json, "hosts");
    templates.floor_ = count_at(json, "floor");
    const nlohmann::json& top = json.contains("top") ? json["top"] : nlohmann::json();
    if (!top.is_array() || top.size() > kWrittenTemplates) {
      throw TemplateError{"\"top\" is not a list of at most " + std::to_string(kWrittenTemplates) +
                          " templates"};
    }
    for (const nlohmann::json& item : top) {
      const nlohmann::json& hash =
          item.is_object() && item.contains("hash") ? item["hash"] : nlohmann::json();
      std::uint64_t value = 0;
      if (!hash.is_string() || hash.get_ref<const std::string&>().size() != 16 ||
          hash.get_ref<const std::string&>().find_first_not_of("0123456789abcdef") !=
              std::string::npos) {
        throw TemplateError{"a template's \"hash\" is not 16 hex digits"};
      }
      value = std::stoull(hash.get<std::string>(), nullptr, 16);
      Entry entry;
      entry.hosts = count_at(item, "hosts");
      entry.error = count_at(item, "error");
      if (entry.error > entry.hosts || entry.hosts - entry.error > templates.hosts_) {
        throw TemplateError{"a template's counts do not add up"};
      }
      const nlohmann::json& lines =
          item.contains("first_lines") ? item["first_lines"] : nlohmann::json();
      if (!lines.is_array() || lines.size() > kTemplateLines) {
        throw TemplateError{"a template's \"first_lines\" is not a short list"};
      }
      for (const nlohmann::json& line : lines) {
        if (!line.is_string() ||
            line.get_ref<const std::string&>().size() > 4 * kTemplateLineBytes) {
          throw TemplateError{"a template's first line is not a short string"};
        }
        entry.first_lines.push_back(line.get<std::string>());
      }
      if (!templates.entries_.emplace(value, std::move(entry)).second) {
        throw TemplateError{"a template is listed twice"};
      }
      templates.by_hosts_.insert(order_key(templates.entries_[value].hosts, value));
    }
    return templates;
  } catch (const TemplateError& problem) {
    error = "templates: " + problem.message;
  }
  return std::nullopt;
}

}  // namespace robotstxt::census
