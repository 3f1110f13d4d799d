#include "conformance_cases.h"

#include <fstream>

#include <nlohmann/json.hpp>

namespace robotstxt::testing {

std::string decode_base64(const std::string& text) {
  static constexpr std::string_view kAlphabet =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  unsigned int buffer = 0;
  int bits = 0;
  for (const char c : text) {
    const std::size_t value = kAlphabet.find(c);
    if (value == std::string_view::npos) continue;  // '=' padding and whitespace
    buffer = (buffer << 6) | static_cast<unsigned int>(value);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFF);
    }
  }
  return out;
}

std::vector<ConformanceCase> load_conformance_cases(const std::string& jsonl_path) {
  std::vector<ConformanceCase> cases;
  std::ifstream file(jsonl_path);
  for (std::string line; std::getline(file, line);) {
    if (line.empty()) continue;
    const nlohmann::json json = nlohmann::json::parse(line);
    ConformanceCase entry;
    entry.file = json.at("file").get<std::string>();
    entry.body = decode_base64(json.at("robotstxt_b64").get<std::string>());
    entry.url = json.at("url").get<std::string>();
    entry.agent = json.at("agent").get<std::string>();
    entry.expected_allowed = json.at("expected").get<std::string>() == "allowed";
    entry.google_specific = json.value("google_specific", false);
    cases.push_back(std::move(entry));
  }
  return cases;
}

}  // namespace robotstxt::testing
