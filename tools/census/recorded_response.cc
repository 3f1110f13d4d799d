#include "census/recorded_response.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include "base/ascii.h"
#include "fetch/content_decoder.h"
#include "robotstxt/body_limit.h"

namespace robotstxt::census {
namespace {

using internal::equals_ignoring_case;
using internal::is_ascii_digit;
using internal::trim_ascii_space;

// "HTTP/1.1 200 OK", "HTTP/1.1 200", "HTTP/2 404": the three digits after the version.
std::optional<int> status_of(std::string_view line) {
  if (!line.starts_with("HTTP/")) return std::nullopt;
  const std::size_t space = line.find(' ');
  if (space == std::string_view::npos) return std::nullopt;
  const std::string_view rest = line.substr(space + 1);
  if (rest.size() < 3 || !is_ascii_digit(rest[0]) || !is_ascii_digit(rest[1]) ||
      !is_ascii_digit(rest[2]) || (rest.size() > 3 && rest[3] != ' ')) {
    return std::nullopt;
  }
  return (rest[0] - '0') * 100 + (rest[1] - '0') * 10 + (rest[2] - '0');
}

// Undoes the chunked transfer coding (RFC 9112 7.1). False when the chunks are broken or
// end before the last chunk; `out` then holds what came before.
bool dechunk(std::string_view body, std::string& out) {
  while (true) {
    const std::size_t line_end = body.find('\n');
    if (line_end == std::string_view::npos) return false;
    std::string_view size_text = body.substr(0, line_end);
    size_text = trim_ascii_space(size_text.substr(0, size_text.find(';')));
    std::uint64_t size = 0;
    const auto [end, error] =
        std::from_chars(size_text.data(), size_text.data() + size_text.size(), size, 16);
    if (size_text.empty() || error != std::errc() || end != size_text.data() + size_text.size()) {
      return false;
    }
    body.remove_prefix(line_end + 1);
    if (size == 0) return true;  // trailer fields, if any, say nothing a crawler reads
    if (size > body.size()) {
      out.append(body);
      return false;
    }
    out.append(body.substr(0, size));
    body.remove_prefix(size);
    if (body.starts_with("\r\n")) {
      body.remove_prefix(2);
    } else if (body.starts_with("\n")) {
      body.remove_prefix(1);
    } else {
      return false;
    }
  }
}

}  // namespace

RecordedResponse read_recorded_response(std::string_view block, std::uint64_t block_bytes) {
  RecordedResponse response;
  const std::size_t status_end = block.find('\n');
  if (status_end == std::string_view::npos) return response;
  const std::optional<int> status = status_of(trim_ascii_space(block.substr(0, status_end)));
  if (!status) return response;
  std::size_t head_end = block.find("\r\n\r\n", status_end - 1);
  std::size_t body_start = head_end == std::string_view::npos ? 0 : head_end + 4;
  const std::size_t lf_end = block.find("\n\n", status_end);
  if (lf_end != std::string_view::npos &&
      (head_end == std::string_view::npos || lf_end < head_end)) {
    head_end = lf_end;
    body_start = lf_end + 2;
  }
  if (head_end == std::string_view::npos) {
    // A head alone, without the empty line: a response without a body.
    if (block.size() < block_bytes) return response;
    head_end = block.size();
    body_start = block.size();
  }
  response.is_http = true;
  response.status = *status;

  bool chunked = false;
  std::string content_encoding;
  std::string_view fields =
      block.substr(status_end + 1, head_end - std::min(head_end, status_end + 1));
  while (!fields.empty()) {
    const std::size_t line_end = fields.find('\n');
    const std::string_view line = fields.substr(0, line_end);
    fields.remove_prefix(line_end == std::string_view::npos ? fields.size() : line_end + 1);
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) continue;
    const std::string_view name = trim_ascii_space(line.substr(0, colon));
    const std::string_view value = trim_ascii_space(line.substr(colon + 1));
    if (equals_ignoring_case(name, "Transfer-Encoding")) {
      chunked = value.find("chunked") != std::string_view::npos ||
                value.find("CHUNKED") != std::string_view::npos;
    } else if (equals_ignoring_case(name, "Location")) {
      // A redirect is followed to the first Location, as the fetcher's libcurl does.
      if (response.location.empty()) response.location = value;
    } else if (equals_ignoring_case(name, "Content-Encoding")) {
      if (!content_encoding.empty()) content_encoding += ", ";
      content_encoding += value;
    }
  }

  const bool block_cut = block.size() < block_bytes;
  std::string_view body = block.substr(body_start);
  std::string dechunked;
  if (chunked) {
    // A block cut by the reader ends mid-chunk: the body as far as it goes.
    response.body_intact = dechunk(body, dechunked) || block_cut;
    body = dechunked;
  }
  if (content_encoding.empty()) {
    response.body_bytes = chunked ? body.size() : block_bytes - body_start;
    response.body.assign(body.substr(0, kMaxBodyBytes));
    return response;
  }
  internal::ContentDecoder decoder;
  decoder.reset(content_encoding);
  const bool decoded = decoder.decode(body, response.body, kMaxBodyBytes + 1);
  // A compressed stream that stops short, unless the decoder stopped at the limit or the
  // reader cut the block.
  const bool stops_short =
      response.body.size() <= kMaxBodyBytes && !decoder.complete() && !block_cut;
  response.body_intact = decoded && !stops_short;
  response.body_bytes = response.body.size();
  response.body.resize(std::min(response.body.size(), kMaxBodyBytes));
  return response;
}

}  // namespace robotstxt::census
