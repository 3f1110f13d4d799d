// The shared tier's record format (see shared_record.h).
#include "fetch/shared_record.h"

#include <charconv>
#include <cstdint>
#include <utility>

namespace robotstxt::internal {
namespace {

constexpr std::string_view kHeader = "robotstxt-record 1\n";

std::int64_t to_millis(TimePoint time) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
}

TimePoint from_millis(std::int64_t millis) {
  return TimePoint(std::chrono::duration_cast<Clock::duration>(std::chrono::milliseconds(millis)));
}

void add_line(std::string& out, std::string_view name, std::string_view value) {
  out.append(name);
  out.push_back('=');
  for (char c : value) out.push_back(c == '\n' || c == '\r' ? ' ' : c);
  out.push_back('\n');
}

void add_time(std::string& out, std::string_view name, const std::optional<TimePoint>& time) {
  add_line(out, name, time ? std::to_string(to_millis(*time)) : std::string());
}

// The latest time a record can hold: TimePoint's range in whole milliseconds (later
// ones would overflow when converted back).
constexpr std::int64_t kLatestMillis =
    std::chrono::duration_cast<std::chrono::milliseconds>(Clock::duration::max()).count();

// libcurl reports any three-digit status line (600 and 999 reach the fetcher from an
// origin, and the policy counts them as server errors), and 0 when no response came.
constexpr int kLowestStatus = 100;
constexpr int kHighestStatus = 999;

// Reads the record front to back; any surprise makes ok() false for good.
class Reader {
 public:
  explicit Reader(std::string_view text) : rest_(text) {}

  bool ok() const { return ok_; }
  std::string_view rest() const { return rest_; }

  bool expect(std::string_view literal) {
    if (!ok_ || !rest_.starts_with(literal)) return ok_ = false;
    rest_.remove_prefix(literal.size());
    return true;
  }

  // One line, without its '\n'. The writer turns '\r' into a space: one here is not its.
  std::string_view line() {
    const std::size_t end = rest_.find('\n');
    if (!ok_ || end == std::string_view::npos) {
      ok_ = false;
      return {};
    }
    const std::string_view value = rest_.substr(0, end);
    rest_.remove_prefix(end + 1);
    if (value.find('\r') != std::string_view::npos) ok_ = false;
    return value;
  }

  std::string_view field(std::string_view name) {
    if (!expect(name) || !expect("=")) return {};
    return line();
  }

  // A number as the writer spells it (std::to_string): digits without a sign or a
  // leading zero, in [low, high]. Any other spelling would re-encode differently.
  template <typename Number>
  Number number(std::string_view text, Number low, Number high) {
    Number value{};
    const bool canonical = !text.empty() && text.front() != '-' && text.front() != '+' &&
                           (text.size() == 1 || text.front() != '0');
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (!canonical || error != std::errc() || end != text.data() + text.size() || value < low ||
        value > high) {
      ok_ = false;
      return low;
    }
    return value;
  }

  template <typename Number>
  Number number_field(std::string_view name, Number low, Number high) {
    return number<Number>(field(name), low, high);
  }

  TimePoint time(std::string_view text) {
    return from_millis(number<std::int64_t>(text, 0, kLatestMillis));
  }

  std::optional<TimePoint> optional_time(std::string_view name) {
    const std::string_view text = field(name);
    if (text.empty()) return std::nullopt;
    return time(text);
  }

  bool flag(std::string_view name) {
    const std::string_view text = field(name);
    if (text != "0" && text != "1") ok_ = false;
    return text == "1";
  }

  // Fails the record unless `holds`: for facts that tie several fields together.
  void require(bool holds) {
    if (!holds) ok_ = false;
  }

 private:
  std::string_view rest_;
  bool ok_ = true;
};

// Only outcomes about the origin are shared: SharedCache::publish never writes a local
// failure (kLocalError, kRefused), so a record naming one was not written by us.
std::optional<FetchKind> shared_fetch_kind_named(std::string_view name) {
  for (FetchKind kind :
       {FetchKind::kResponse, FetchKind::kTooManyRedirects, FetchKind::kRedirectLoop,
        FetchKind::kUnfollowableRedirect, FetchKind::kNetworkError}) {
    if (to_string(kind) == name) return kind;
  }
  return std::nullopt;
}

bool http_version_is_known(int version) {
  return version == 0 || version == 10 || version == 11 || version == 20 || version == 30;
}

}  // namespace

std::string encode_shared_record(const RobotsEntry& entry, std::string_view good_body) {
  const FetchSummary& fetch = entry.last_fetch;
  std::string out(kHeader);
  out.reserve(512 + good_body.size());
  add_line(out, "fetched_at", std::to_string(to_millis(entry.fetched_at)));
  add_line(out, "fresh_until", std::to_string(to_millis(entry.fresh_until)));
  add_time(out, "last_answer", entry.last_answer);
  add_time(out, "errors_since", entry.errors_since);
  add_line(out, "server_answered_error", entry.server_answered_error ? "1" : "0");
  add_line(out, "kind", to_string(fetch.kind));
  add_line(out, "status", std::to_string(fetch.status));
  add_line(out, "http_version", std::to_string(fetch.http_version));
  add_line(out, "body_bytes", std::to_string(fetch.body_bytes));
  add_line(out, "truncated", fetch.truncated ? "1" : "0");
  add_line(out, "robots_url", fetch.robots_url);
  add_line(out, "cache_control", fetch.cache_control);
  add_line(out, "error", fetch.error);
  add_line(out, "hops", std::to_string(fetch.hops.size()));
  for (const RedirectHop& hop : fetch.hops) {
    // Hop URLs are percent-encoded by the fetcher (fetcher.h), so they hold no space.
    add_line(out, "hop", std::to_string(hop.status) + " " + hop.from + " " + hop.to);
  }
  add_line(out, "good_body", entry.good_copy ? std::to_string(good_body.size()) : std::string());
  if (entry.good_copy) out.append(good_body);
  return out;
}

std::optional<SharedRecord> decode_shared_record(std::string_view text) {
  Reader reader(text);
  SharedRecord record;
  RobotsEntry& entry = record.entry;
  FetchSummary& fetch = entry.last_fetch;
  reader.expect(kHeader);
  entry.fetched_at = reader.time(reader.field("fetched_at"));
  entry.fresh_until = reader.time(reader.field("fresh_until"));
  reader.require(entry.fresh_until >= entry.fetched_at);
  entry.last_answer = reader.optional_time("last_answer");
  entry.errors_since = reader.optional_time("errors_since");
  entry.server_answered_error = reader.flag("server_answered_error");
  const std::optional<FetchKind> kind = shared_fetch_kind_named(reader.field("kind"));
  reader.require(kind.has_value());
  fetch.kind = kind.value_or(FetchKind::kNetworkError);
  // Only an answer from the server can be a server error that the server answered.
  reader.require(!entry.server_answered_error || fetch.kind == FetchKind::kResponse);
  fetch.status = reader.number_field<int>("status", 0, kHighestStatus);
  reader.require(fetch.status >= kLowestStatus ||
                 (fetch.status == 0 && fetch.kind != FetchKind::kResponse));
  fetch.http_version = reader.number_field<int>("http_version", 0, 30);
  reader.require(http_version_is_known(fetch.http_version));
  fetch.body_bytes = reader.number_field<std::size_t>("body_bytes", 0, SIZE_MAX);
  fetch.truncated = reader.flag("truncated");
  fetch.robots_url = reader.field("robots_url");
  reader.require(!fetch.robots_url.empty());
  fetch.cache_control = reader.field("cache_control");
  fetch.error = reader.field("error");
  // Bounded by the record's own lines: each hop needs one.
  const std::size_t hops = reader.number_field<std::size_t>("hops", 0, SIZE_MAX);
  for (std::size_t i = 0; reader.ok() && i < hops; ++i) {
    // "<status> <from> <to>": a hop's `from` was requested, so it is percent-encoded and
    // holds no space; `to` may ("(not followed)").
    const std::string_view hop = reader.field("hop");
    const std::size_t first = hop.find(' ');
    const std::size_t second = first == std::string_view::npos ? first : hop.find(' ', first + 1);
    reader.require(second != std::string_view::npos && second > first + 1 &&
                   second + 1 < hop.size());
    if (!reader.ok()) break;
    RedirectHop parsed;
    parsed.status = reader.number<int>(hop.substr(0, first), 300, 399);
    parsed.from = hop.substr(first + 1, second - first - 1);
    parsed.to = hop.substr(second + 1);
    fetch.hops.push_back(std::move(parsed));
  }
  const std::string_view body_size = reader.field("good_body");
  if (!reader.ok()) return std::nullopt;
  if (!body_size.empty()) {
    const std::size_t size = reader.number<std::size_t>(body_size, 0, reader.rest().size());
    if (!reader.ok() || reader.rest().size() != size) return std::nullopt;
    record.good_body = reader.rest();
  } else {
    // A 2xx that started no error run always leaves its rules (policy.h, next_entry).
    const bool answered_2xx = fetch.kind == FetchKind::kResponse && fetch.status >= 200 &&
                              fetch.status < 300 && !entry.errors_since;
    if (answered_2xx || !reader.rest().empty()) return std::nullopt;
  }
  // Parsed last, once everything else holds: the costly step is never spent on a bad record.
  if (!body_size.empty()) {
    entry.good_copy = std::make_shared<const RobotsTxt>(RobotsTxt::parse(record.good_body));
  }
  return record;
}

}  // namespace robotstxt::internal
