// Shared plumbing of the subcommands (see cli_support.h).
#include "cli_support.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

namespace robotstxt::cli {

namespace {

std::string program_and(std::string_view command) {
  return command.empty() ? std::string("robotstxt") : "robotstxt " + std::string(command);
}

void report_unreadable(std::string_view command, const std::string& path) {
  report_error(command, "cannot read '" + path + "': " + std::strerror(errno));
}

}  // namespace

std::optional<std::string> read_file_or_report(std::string_view command, const std::string& path) {
  if (path == "-") {
    std::ostringstream contents;
    contents << std::cin.rdbuf();
    return contents.str();
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    report_unreadable(command, path);
    return std::nullopt;
  }
  std::string contents((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (file.bad()) {
    report_unreadable(command, path);
    return std::nullopt;
  }
  return contents;
}

void report_error(std::string_view command, std::string_view message) {
  std::cerr << program_and(command) << ": error: " << message << "\n"
            << "Run '" << program_and(command) << " --help' for usage.\n";
}

std::vector<std::string> split_agents(std::string_view comma_separated) {
  std::vector<std::string> agents;
  while (!comma_separated.empty()) {
    const std::size_t comma = comma_separated.find(',');
    std::string_view agent = comma_separated.substr(0, comma);
    while (!agent.empty() && (agent.front() == ' ' || agent.front() == '\t')) {
      agent.remove_prefix(1);
    }
    while (!agent.empty() && (agent.back() == ' ' || agent.back() == '\t')) agent.remove_suffix(1);
    if (!agent.empty()) agents.emplace_back(agent);
    if (comma == std::string_view::npos) break;
    comma_separated.remove_prefix(comma + 1);
  }
  return agents;
}

std::vector<std::string_view> as_views(const std::vector<std::string>& agents) {
  return {agents.begin(), agents.end()};
}

std::string to_json_line(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace robotstxt::cli
