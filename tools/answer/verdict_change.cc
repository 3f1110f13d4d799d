// The sentence for a changed verdict (see verdict_change.h).
#include "answer/verdict_change.h"

#include <algorithm>
#include <vector>

#include "answer/verdict_reason.h"

namespace robotstxt::cli {
namespace {

std::string answer_word(bool allowed) { return allowed ? "allowed" : "disallowed"; }

// "`disallow: /x` (line 7)", or "(old line 7)" for a rule of the old file.
std::string rule_words(const Verdict& verdict, const ParsedFile& file, bool old) {
  return "`" + file.rule_text(verdict.kind, verdict.line) + "` (" + (old ? "old line " : "line ") +
         std::to_string(verdict.line) + ")";
}

// Whether the groups `explanation` applied hold a rule of this kind and pattern: a rule
// that exists in both files only moved, it was neither added nor removed.
bool groups_hold(const Explanation& explanation, const ParsedFile& file, const Verdict& rule) {
  return std::any_of(
      explanation.groups.begin(), explanation.groups.end(), [&](const std::size_t group) {
        const std::vector<RuleLine>& rules = file.groups()[group].rules;
        return std::any_of(rules.begin(), rules.end(), [&rule](const RuleLine& line) {
          return line.kind == rule.kind && line.pattern == rule.pattern;
        });
      });
}

// The line of the first group `explanation` applied.
std::uint32_t first_group_line(const Explanation& explanation, const ParsedFile& file) {
  if (explanation.groups.empty()) return 0;
  const Group& group = file.groups()[explanation.groups.front()];
  return group.agents.empty() ? 0 : group.agents.front().line;
}

// Whose groups applied when they were specific: "GPTBot has its own group", or for a
// crawler that fell back to another token's (docs/semantics.md 8.1), "Googlebot-Image
// follows the group of Googlebot"; `now` false for the same in the past.
std::string specific_words(const Verdict& verdict, std::string_view who, bool now) {
  if (verdict.crawler_rule == CrawlerRule::kFallbackToken) {
    return std::string(who) + (now ? " follows" : " no longer follows") + " the group of " +
           std::string(verdict.crawler_token);
  }
  return std::string(who) + (now ? " has its own group" : " no longer has its own group");
}

// What changed in the kind of groups that apply; "" when the same kind applies.
std::string groups_change(const Explanation& before, const ParsedFile& old_file,
                          const Explanation& after, const ParsedFile& new_file,
                          std::string_view who, bool plural) {
  if (before.applied == after.applied) return "";
  const std::string old_line = std::to_string(first_group_line(before, old_file));
  const std::string new_line = std::to_string(first_group_line(after, new_file));
  // Several tokens merged are named by a group naming any of them, not "their own".
  if (after.applied == AppliedGroups::kSpecific) {
    return (plural ? "a group naming " + std::string(who) + " applies"
                   : specific_words(after.verdict, who, true)) +
           " since line " + new_line;
  }
  if (before.applied == AppliedGroups::kSpecific) {
    return (plural ? "no group names " + std::string(who) + " any more"
                   : specific_words(before.verdict, who, false)) +
           " (old line " + old_line + "), so " +
           (after.applied == AppliedGroups::kGlobal ? "the * group applies (line " + new_line + ")"
                                                    : std::string("no group applies"));
  }
  if (after.applied == AppliedGroups::kGlobal) return "a * group was added (line " + new_line + ")";
  return "the * group (old line " + old_line + ") was removed";
}

// What changed in the rules, when no group change explains it.
std::string rules_change(const Explanation& before, const ParsedFile& old_file,
                         const Explanation& after, const ParsedFile& new_file) {
  const Verdict& old_verdict = before.verdict;
  const Verdict& new_verdict = after.verdict;
  const VerdictReason reason = verdict_reason(after);
  if (!new_verdict.has_decisive_rule()) {
    if (!old_verdict.has_decisive_rule()) return reason.text;
    const std::string old_rule = rule_words(old_verdict, old_file, true);
    const std::string gone =
        groups_hold(after, new_file, old_verdict) ? " no longer decides" : " was removed";
    // "No rule matches" is what a removed rule leaves; any other reason is worth saying.
    return old_rule + gone + (reason.code == "no-match" ? "" : "; " + reason.text);
  }
  const std::string new_rule = rule_words(new_verdict, new_file, false);
  const bool added = !groups_hold(before, old_file, new_verdict);
  if (!old_verdict.has_decisive_rule()) {
    return new_rule + (added ? " was added and decides" : " decides instead of no rule");
  }
  const std::string old_rule = rule_words(old_verdict, old_file, true);
  if (!groups_hold(after, new_file, old_verdict)) {
    return old_rule + (added ? " was removed and " + new_rule + " added"
                             : " was removed, so " + new_rule + " decides");
  }
  if (added) {
    return new_rule + " was added and " +
           (reason.code == "tie-allow" ? "is as strong as " + old_rule + ": a tie goes to allow"
                                       : "is stronger than " + old_rule);
  }
  return new_rule + " decides instead of " + old_rule;
}

}  // namespace

bool verdict_changed(const Verdict& before, const Verdict& after) {
  return before.allowed != after.allowed ||
         before.has_decisive_rule() != after.has_decisive_rule() || before.kind != after.kind ||
         before.pattern != after.pattern;
}

std::string verdict_change(const Explanation& before, const ParsedFile& old_file,
                           const Explanation& after, const ParsedFile& new_file,
                           std::string_view who, bool plural) {
  const bool flipped = before.verdict.allowed != after.verdict.allowed;
  const std::string answer = flipped ? "now " + answer_word(after.verdict.allowed) + ": "
                                     : "still " + answer_word(after.verdict.allowed) + ", but ";
  const std::string groups = groups_change(before, old_file, after, new_file, who, plural);
  if (groups.empty()) return answer + rules_change(before, old_file, after, new_file);
  if (!after.verdict.has_decisive_rule())
    return answer + groups + ", and " + verdict_reason(after).text;
  std::string text =
      answer + groups + ", and " + rule_words(after.verdict, new_file, false) + " decides";
  if (before.verdict.has_decisive_rule())
    text += " instead of " + rule_words(before.verdict, old_file, true);
  return text;
}

}  // namespace robotstxt::cli
