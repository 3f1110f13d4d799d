// Reading a batch body with nlohmann's event parser (see batch_body.h).
#include "service/batch_body.h"

#include <cstdint>
#include <utility>

#include <nlohmann/json.hpp>

namespace robotstxt::service {
namespace {

using nlohmann::json;

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
      if (member_ == Member::kAgent) body_.agent = std::move(value);
      if (member_ == Member::kCrawler) body_.crawler = std::move(value);
      if (member_ == Member::kUrls) body_.urls_is_array = false;
    } else if (in_urls()) {
      ++body_.url_count;
      url_ends_.push_back(body_.url_bytes.size() + value.size());
      body_.url_bytes += value;
    }
    return true;
  }

  // The views, once the buffer has stopped growing.
  void make_views() {
    body_.urls.reserve(url_ends_.size());
    std::size_t start = 0;
    for (const std::size_t end : url_ends_) {
      body_.urls.emplace_back(body_.url_bytes.data() + start, end - start);
      start = end;
    }
  }

  bool start_object(std::size_t /*elements*/) { return open(false); }
  bool start_array(std::size_t /*elements*/) { return open(true); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& name) {
    if (depth_ != 1) return true;
    member_ = name == "agent"     ? Member::kAgent
              : name == "crawler" ? Member::kCrawler
              : name == "urls"    ? Member::kUrls
                                  : Member::kOther;
    return true;
  }

  bool parse_error(std::size_t /*position*/, const std::string& /*token*/,
                   const nlohmann::detail::exception& /*error*/) {
    return false;
  }

 private:
  enum class Member : std::uint8_t { kOther, kAgent, kCrawler, kUrls };

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
  body = BatchBody{};
  BatchBodyReader reader(body);
  if (!json::sax_parse(text, &reader)) return false;
  reader.make_views();
  return true;
}

}  // namespace robotstxt::service
