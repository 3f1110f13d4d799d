// Shared plumbing of the subcommands (see cli_support.h).
#include "answer/cli_support.h"

#include <iostream>

namespace robotstxt::cli {

namespace {

std::string program_and(std::string_view command) {
  return command.empty() ? std::string("robotstxt") : "robotstxt " + std::string(command);
}

}  // namespace

void report_error(std::string_view command, std::string_view message) {
  // One line, so that scripts reading stderr get the whole reason from its first line.
  std::cerr << program_and(command) << ": error: " << printable(message, 1000) << " (see '"
            << program_and(command) << " --help')\n";
}

void report_io_error(std::string_view command, std::string_view message) {
  // The message is ours but may embed input: escaping it again is harmless (a backslash
  // is not a control byte), and the cap is far above any message of our own.
  std::cerr << program_and(command) << ": error: " << printable(message, 1000) << "\n";
}

std::string printable(std::string_view input, std::size_t max_bytes) {
  std::string shown;
  append_printable(input, max_bytes, shown);
  return shown;
}

void append_printable(std::string_view input, std::size_t max_bytes, std::string& out) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const std::size_t start = out.size();
  std::size_t used = 0;
  for (; used < input.size() && out.size() - start < max_bytes; ++used) {
    const auto byte = static_cast<unsigned char>(input[used]);
    if (byte < 0x20 || byte == 0x7F) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += static_cast<char>(byte);
    }
  }
  if (used < input.size()) {
    out += "... (" + std::to_string(input.size() - used) + " more bytes)";
  }
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

std::string to_json_line(const nlohmann::json& value) {
  return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string with_thousands(std::size_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

}  // namespace robotstxt::cli
