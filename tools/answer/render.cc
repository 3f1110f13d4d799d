#include "answer/render.h"

#include "answer/agent_label.h"
#include "answer/cli_support.h"

namespace robotstxt::cli {

nlohmann::json line_json(const Verdict& verdict) {
  return verdict.has_decisive_rule() ? nlohmann::json(verdict.line) : nlohmann::json();
}

std::string rule_text(RuleKind kind, std::string_view written) {
  return std::string(to_string(kind)) + ": " + std::string(written);
}

nlohmann::json verdict_json(const Verdict& verdict) {
  const bool decided = verdict.has_decisive_rule();
  const auto text_or_null = [](bool present, std::string_view text) {
    return present ? nlohmann::json(text) : nlohmann::json();
  };
  return {{"allowed", verdict.allowed},
          {"line", line_json(verdict)},
          {"kind", text_or_null(decided, to_string(verdict.kind))},
          {"pattern", text_or_null(decided, verdict.pattern)},
          {"strength", verdict.strength},
          {"via_index_htm", verdict.via_index_htm},
          {"applied", to_string(verdict.applied)},
          {"rule", text_or_null(decided, verdict.rule)},
          {"crawler_rule", text_or_null(verdict.crawler_rule.has_value(),
                                        verdict.crawler_rule ? to_string(*verdict.crawler_rule)
                                                             : std::string_view())},
          {"crawler_token", text_or_null(!verdict.crawler_token.empty(), verdict.crawler_token)}};
}

void add_crawler_json(nlohmann::json& json, const Agent& agent) {
  const Crawler* const crawler = agent.crawler();
  if (crawler != nullptr) json["crawler"] = crawler->name;
}

nlohmann::json usage_json(const std::optional<UsagePreferences>& usage) {
  if (!usage) return nullptr;
  return {{"train-ai", to_string(usage->train_ai)},
          {"search", to_string(usage->search)},
          {"lines", usage->lines}};
}

void write_usage_json(JsonText& json, const std::optional<UsagePreferences>& usage) {
  if (!usage) {
    json.raw(ObjectText::kNull);
    return;
  }
  ObjectText object(json);
  object.key("lines").raw('[');
  for (std::size_t i = 0; i < usage->lines.size(); ++i) {
    if (i != 0) json.raw(',');
    json.number(usage->lines[i]);
  }
  json.raw(']');
  object.word("search", to_string(usage->search));
  object.word("train-ai", to_string(usage->train_ai));
}

void write_check_json(JsonText& json, std::string_view url, const Verdict& verdict,
                      const std::optional<UsagePreferences>& usage, const OwnedAgent& who,
                      std::uint64_t bytes_past_limit) {
  const bool decided = verdict.has_decisive_rule();
  ObjectText object(json);
  object.boolean("allowed", verdict.allowed);
  object.word("applied", to_string(verdict.applied));
  if (bytes_past_limit > 0) {
    object.key("bytes_past_limit").number(static_cast<std::int64_t>(bytes_past_limit));
  }
  write_usage_json(object.key("content_usage"), usage);
  if (const Crawler* const crawler = who.agent().crawler(); crawler != nullptr) {
    object.string("crawler", crawler->name);
  }
  object.word_or_null("crawler_rule", verdict.crawler_rule.has_value(),
                      verdict.crawler_rule ? to_string(*verdict.crawler_rule) : "");
  object.string_or_null("crawler_token", !verdict.crawler_token.empty(), verdict.crawler_token);
  object.word_or_null("kind", decided, to_string(verdict.kind));
  object.number_or_null("line", decided ? verdict.line : 0);
  if (is_merged(who)) {
    object.key("merged").raw('[');
    bool first = true;
    for (const std::string& token : who.tokens()) {
      if (!first) json.raw(',');
      first = false;
      json.string(token);
    }
    json.raw(']');
  }
  object.string_or_null("pattern", decided, verdict.pattern);
  object.string_or_null("rule", decided, verdict.rule);
  object.key("strength").number(verdict.strength);
  object.string("url", url);
  object.boolean("via_index_htm", verdict.via_index_htm);
}

std::string usage_text(const std::optional<UsagePreferences>& usage) {
  if (!usage ||
      (usage->train_ai == Preference::kUnknown && usage->search == Preference::kUnknown)) {
    return "";
  }
  std::string text = " (usage: train-ai=" + std::string(to_string(usage->train_ai)) +
                     ", search=" + std::string(to_string(usage->search));
  for (std::size_t i = 0; i < usage->lines.size(); ++i) {
    text += i == 0 ? (usage->lines.size() == 1 ? "; line " : "; lines ") : ", ";
    text += std::to_string(usage->lines[i]);
  }
  return text + ")";
}

std::string usage_compact(const std::optional<UsagePreferences>& usage) {
  if (!usage) return "";
  std::string text;
  const auto add = [&text](std::string_view label, Preference preference) {
    if (preference == Preference::kUnknown) return;
    text += (text.empty() ? "" : " ") + std::string(label) +
            (preference == Preference::kAllowed ? "=y" : "=n");
  };
  add("train-ai", usage->train_ai);
  add("search", usage->search);
  return text;
}

std::string usage_rule_text(std::uint32_t line, const ParsedFile& file) {
  return "content-usage: " + std::string(file.written(line));
}

std::string decisive_rule(const Verdict& verdict) {
  if (!verdict.has_decisive_rule()) return "no rule matched";
  // Text only (JSON has "rule"): the rule's bytes are escaped for the terminal.
  return "by line " + std::to_string(verdict.line) + ": " +
         printable(rule_text(verdict.kind, verdict.rule), kShowWhole);
}

std::string verdict_text(const Verdict& verdict) {
  std::string text = verdict.allowed ? "ALLOWED" : "DISALLOWED";
  if (!verdict.has_decisive_rule()) return text + ": no rule matched";
  text += " " + decisive_rule(verdict);
  if (verdict.via_index_htm) text += " (index.htm also allows its directory)";
  return text;
}

std::string describe_groups(AppliedGroups applied, std::string_view agents) {
  const std::string names(agents.empty() ? "an empty agent" : agents);
  switch (applied) {
    case AppliedGroups::kSpecific:
      return "group naming " + names + "; * rules do not apply";
    case AppliedGroups::kGlobal:
      return "the * group: no group names " + names;
    case AppliedGroups::kNone:
      break;
  }
  return "no group names " + names + " and there is no * group";
}

namespace {

std::string describe_crawler_groups(const Crawler& crawler, CrawlerRule rule,
                                    std::string_view token) {
  std::string tokens;
  for (const std::string_view name : crawler.tokens) {
    tokens += (tokens.empty() ? "" : " or ") + std::string(name);
  }
  const std::string first = crawler.tokens.empty() ? "" : std::string(crawler.tokens.front());
  switch (rule) {
    case CrawlerRule::kOwnToken:
      return "group naming " + std::string(token) + "; * rules do not apply";
    case CrawlerRule::kFallbackToken:
      return "groups naming " + std::string(token) + ": no group names " + first;
    case CrawlerRule::kGlobal:
      return "the * group: no group names " + tokens;
    case CrawlerRule::kGlobalIgnored:
      return "* ignored: " + std::string(crawler.name) + " must be named";
    case CrawlerRule::kNotSubject:
      return "not subject to robots.txt";
    case CrawlerRule::kNoGroups:
      break;
  }
  return "no group names " + tokens + " and there is no * group";
}

}  // namespace

std::string describe_groups(const Verdict& verdict, const OwnedAgent& who) {
  if (who.crawler() != nullptr && verdict.crawler_rule) {
    return describe_crawler_groups(*who.crawler(), *verdict.crawler_rule, verdict.crawler_token);
  }
  return describe_groups(verdict.applied, agent_label(who));
}

namespace {

std::string group_numbers(const GroupSelection& selection) {
  std::string groups;
  for (const std::size_t g : selection.groups) {
    groups += (groups.empty() ? "group " : ", ") + std::to_string(g + 1);
  }
  return groups;
}

}  // namespace

std::string describe_selection(const GroupSelection& selection, std::string_view agents) {
  const std::string groups = group_numbers(selection);
  const std::string names(agents);
  switch (selection.applied) {
    case AppliedGroups::kSpecific:
      return groups + ": named there; the * group does not apply";
    case AppliedGroups::kGlobal:
      return groups + ": the * group, as no group names " + names;
    case AppliedGroups::kNone:
      break;
  }
  return "none: no group names " + names + " and there is no * group, so everything is allowed";
}

std::string describe_selection(const GroupSelection& selection, const OwnedAgent& who) {
  if (who.crawler() == nullptr || !selection.crawler_rule) {
    return describe_selection(selection, agent_label(who));
  }
  const std::string why =
      describe_crawler_groups(*who.crawler(), *selection.crawler_rule, selection.crawler_token);
  if (selection.groups.empty()) return "none (" + why + "), so everything is allowed";
  return group_numbers(selection) + " (" + why + ")";
}

std::string applied_words(AppliedGroups applied) {
  switch (applied) {
    case AppliedGroups::kSpecific:
      return "a group of its own";
    case AppliedGroups::kGlobal:
      return "the * group";
    case AppliedGroups::kNone:
      break;
  }
  return "no group (everything allowed)";
}

nlohmann::json lint_json(const std::string& file, const LintReport& report) {
  nlohmann::json findings = nlohmann::json::array();
  for (const Finding& finding : report.findings) {
    findings.push_back({{"code", finding.code},
                        {"severity", to_string(finding.severity)},
                        {"line", finding.line},
                        {"column", finding.column},
                        {"text", finding.text},
                        {"message", finding.message}});
  }
  const LintSummary& summary = report.summary;
  return {{"file", file},
          {"findings", findings},
          {"summary",
           {{"lines", summary.lines},
            {"directives", summary.directives},
            {"ignored", summary.ignored},
            {"blank", summary.blank},
            {"comments", summary.comments},
            {"errors", summary.errors},
            {"warnings", summary.warnings},
            {"infos", summary.infos},
            {"agents", summary.agents},
            {"sitemaps", summary.sitemaps}}}};
}

}  // namespace robotstxt::cli
