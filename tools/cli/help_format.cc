#include "cli/help_format.h"

#include <algorithm>
#include <memory>
#include <sstream>

#include "base/ascii.h"
#include "base/edit_distance.h"

namespace robotstxt::cli {

std::string HelpFormatter::make_help(const CLI::App* app, std::string name,
                                     CLI::AppFormatMode mode) const {
  if (mode == CLI::AppFormatMode::Sub) return CLI::Formatter::make_help(app, name, mode);
  std::string help = make_usage(app, std::move(name));
  const std::string description = make_description(app);
  if (!description.empty()) help += "\n" + description;
  help += make_positionals(app);
  help += make_groups(app, mode);
  help += make_subcommands(app, mode);
  help += "\n" + make_footer(app);
  return help;
}

std::string HelpFormatter::make_usage(const CLI::App* app, std::string name) const {
  if (usages_.empty()) return CLI::Formatter::make_usage(app, std::move(name));
  // GNU's layout, which help2man turns into one SYNOPSIS line per form.
  std::string usage;
  for (const std::string& form : usages_) {
    usage += usage.empty() ? "Usage: " : "  or:  ";
    usage += name + " [OPTIONS]";
    if (!form.empty()) usage += " " + form;
    usage += "\n";
  }
  return usage;
}

std::string HelpFormatter::make_subcommand(const CLI::App* command) const {
  const auto described = std::dynamic_pointer_cast<const HelpFormatter>(command->get_formatter());
  const std::string& summary =
      described != nullptr ? described->summary() : command->get_description();
  std::ostringstream line;
  CLI::detail::format_help(line, command->get_name(), summary, get_column_width());
  return line.str();
}

void describe_command(CLI::App& command, std::string summary, std::vector<std::string> usages) {
  command.formatter(std::make_shared<HelpFormatter>(std::move(summary), std::move(usages)));
}

std::string nearest_command(const CLI::App& app, std::string_view name) {
  // As for crawler names: a command the word begins (three letters at least), else one
  // at most two edits away (a third of the word for long ones); the nearest first, then
  // the first listed.
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  std::string nearest;
  std::size_t nearest_distance = limit + 1;
  for (const CLI::App* command : app.get_subcommands({})) {
    const std::string& known = command->get_name();
    const bool begins = name.size() >= 3 && known.size() > name.size() &&
                        internal::equals_ignoring_case(known.substr(0, name.size()), name);
    const std::size_t distance = begins ? 0 : internal::edits_within(name, known, limit);
    if (distance < nearest_distance) {
      nearest = known;
      nearest_distance = distance;
    }
  }
  return nearest;
}

}  // namespace robotstxt::cli
