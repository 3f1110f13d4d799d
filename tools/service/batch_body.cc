// Reading a batch body (see batch_body.h): simdjson's validating parser first, and
// nlohmann's event parser for any body simdjson refuses.
#include "service/batch_body.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <simdjson.h>
#include <nlohmann/json.hpp>

namespace robotstxt::service {
namespace {

using nlohmann::json;

// body.urls, once body.url_bytes has stopped growing: URL k ends at ends[k].
void make_views(BatchBody& body, const std::vector<std::size_t>& ends) {
  body.urls.reserve(ends.size());
  std::size_t start = 0;
  for (const std::size_t end : ends) {
    body.urls.emplace_back(body.url_bytes.data() + start, end - start);
    start = end;
  }
}

}  // namespace

// The fast reading: a batch's URLs are most of a request's cost to read. False when simdjson
// refuses the body; read_batch_body() then asks the event reader, because simdjson refuses a few
// bodies that nlohmann accepts (integers beyond 64 bits, nesting deeper than 1,024 levels, a byte
// order mark), and the answer must not depend on which parser read it.
bool read_batch_body_with_simdjson(std::string_view text, BatchBody& body) {
  body = BatchBody{};
  // One parser per thread: it keeps its buffers from one request to the next.
  thread_local simdjson::dom::parser parser;
  simdjson::dom::object object;
  if (parser.parse(text.data(), text.size()).get_object().get(object) != simdjson::SUCCESS) {
    return false;
  }
  std::vector<std::size_t> ends;
  for (const simdjson::dom::key_value_pair member : object) {
    std::string_view value;
    if (member.key == "agent" || member.key == "crawler" || member.key == "user_agent") {
      std::optional<std::string>& who = member.key == "agent"     ? body.agent
                                        : member.key == "crawler" ? body.crawler
                                                                  : body.user_agent;
      if (member.value.get_string().get(value) == simdjson::SUCCESS) {
        who = std::string(value);
      } else {
        who.reset();
      }
    } else if (member.key == "urls") {
      // A repeated "urls" replaces the earlier one.
      simdjson::dom::array urls;
      body.urls_is_array = member.value.get_array().get(urls) == simdjson::SUCCESS;
      body.urls_all_strings = true;
      body.url_count = 0;
      body.url_bytes.clear();
      ends.clear();
      if (!body.urls_is_array) continue;
      for (const simdjson::dom::element url : urls) {
        ++body.url_count;
        if (url.get_string().get(value) != simdjson::SUCCESS) {
          body.urls_all_strings = false;
          continue;
        }
        body.url_bytes.append(value);
        ends.push_back(body.url_bytes.size());
      }
    }
  }
  make_views(body, ends);
  return true;
}

namespace {

// Receives the parser's events. Depth 1 is the members of the top-level object; depth 2
// inside "urls" is its elements. Anything deeper is only checked for being JSON.
class BatchBodyReader {
 public:
  explicit BatchBodyReader(BatchBody& body) : body_(body) {}

  bool null() { return scalar(); }
  bool boolean(bool /*value*/) { return scalar(); }
  bool number_integer(json::number_integer_t /*value*/) { return scalar(); }
  bool number_unsigned(json::number_unsigned_t /*value*/) { return scalar(); }
  bool number_float(json::number_float_t /*value*/, const std::string& /*text*/) {
    return scalar();
  }
  bool binary(json::binary_t& /*value*/) { return scalar(); }

  bool string(std::string& value) {
    if (depth_ == 0) return false;  // a top-level string: not an object
    if (depth_ == 1) {
      switch (member_) {
        case Member::kAgent:
          body_.agent = std::move(value);
          break;
        case Member::kCrawler:
          body_.crawler = std::move(value);
          break;
        case Member::kUserAgent:
          body_.user_agent = std::move(value);
          break;
        case Member::kUrls:
          body_.urls_is_array = false;
          break;
        case Member::kOther:
          break;
      }
    } else if (in_urls()) {
      ++body_.url_count;
      url_ends_.push_back(body_.url_bytes.size() + value.size());
      body_.url_bytes += value;
    }
    return true;
  }

  // The views, once the buffer has stopped growing.
  void make_views() { service::make_views(body_, url_ends_); }

  bool start_object(std::size_t /*elements*/) { return open(false); }
  bool start_array(std::size_t /*elements*/) { return open(true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& name) {
    if (depth_ != 1) return true;
    member_ = name == "agent"        ? Member::kAgent
              : name == "crawler"    ? Member::kCrawler
              : name == "user_agent" ? Member::kUserAgent
              : name == "urls"       ? Member::kUrls
                                     : Member::kOther;
    return true;
  }

  bool parse_error(std::size_t /*position*/, const std::string& /*token*/,
                   const nlohmann::detail::exception& /*error*/) {
    return false;
  }

 private:
  enum class Member : std::uint8_t { kOther, kAgent, kCrawler, kUserAgent, kUrls };

  bool in_urls() const { return depth_ == 2 && urls_open_; }

  // A value that is not a string: it unsets the member it is given to.
  bool scalar() {
    if (depth_ == 0) return false;
    if (depth_ == 1) unset_member();
    if (in_urls()) {
      ++body_.url_count;
      body_.urls_all_strings = false;
    }
    return true;
  }

  bool open(bool array) {
    if (depth_ == 0 && array) return false;  // a top-level array: not an object
    if (depth_ == 1) {
      unset_member();
      if (array && member_ == Member::kUrls) {
        // A repeated "urls" replaces the earlier one.
        body_.urls_is_array = true;
        body_.urls_all_strings = true;
        body_.url_count = 0;
        body_.url_bytes.clear();
        url_ends_.clear();
        urls_open_ = true;
      }
    } else if (in_urls()) {
      ++body_.url_count;
      body_.urls_all_strings = false;
    }
    ++depth_;
    return true;
  }

  bool close() {
    --depth_;
    if (depth_ == 1) urls_open_ = false;
    return true;
  }

  void unset_member() {
    if (member_ == Member::kAgent) body_.agent.reset();
    if (member_ == Member::kCrawler) body_.crawler.reset();
    if (member_ == Member::kUserAgent) body_.user_agent.reset();
    if (member_ == Member::kUrls) body_.urls_is_array = false;
  }

  BatchBody& body_;
  std::size_t depth_ = 0;
  Member member_ = Member::kOther;
  bool urls_open_ = false;             // the array of the last "urls" member is being read
  std::vector<std::size_t> url_ends_;  // where each URL ends in body_.url_bytes
};

}  // namespace

bool read_batch_body(std::string_view text, BatchBody& body) {
  return read_batch_body_with_simdjson(text, body) || read_batch_body_with_events(text, body);
}

bool read_batch_body_with_events(std::string_view text, BatchBody& body) {
  body = BatchBody{};
  BatchBodyReader reader(body);
  if (!json::sax_parse(text, &reader)) return false;
  reader.make_views();
  return true;
}

}  // namespace robotstxt::service
