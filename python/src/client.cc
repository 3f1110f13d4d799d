// robotstxt.RobotsClient: the C++ RobotsClient (robots_client.h) for Python. Only built
// with the fetch library (ROBOTSTXT_BUILD_FETCH); the rest of the module does without.
//
// Every call that may fetch releases the GIL first: a fetch can take seconds, and the
// crawl's other Python threads (and any Python web server the fetch talks to) must run
// meanwhile. Arguments are turned into C++ values before, and results into Python values
// after, with the GIL held.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arguments.h"
#include "results.h"
#include "robotstxt/redis_settings.h"
#include "robotstxt/redis_store.h"
#include "robotstxt/robots_client.h"

namespace robotstxt::python {
namespace {

py::handle decision_type;  // robotstxt._results.Decision; never released (see bindings.cc)

std::chrono::milliseconds milliseconds_of(double seconds, const char* what) {
  if (!std::isfinite(seconds) || seconds <= 0 || seconds > 86400.0 * 365) {
    throw py::value_error(std::string(what) + " must be a positive number of seconds");
  }
  return std::chrono::milliseconds(static_cast<std::int64_t>(std::ceil(seconds * 1000)));
}

std::size_t positive(std::int64_t value, const char* what) {
  if (value <= 0) throw py::value_error(std::string(what) + " must be positive");
  return static_cast<std::size_t>(value);
}

// connect_to: one 'HOST:PORT:CONNECT_HOST:CONNECT_PORT' or a list or tuple of them. A str
// is one entry, not a sequence of one-letter entries.
std::vector<std::string> connect_to_entries(py::handle value) {
  std::string storage;
  if (is_single_text(value)) return {std::string(text_of(value, {"connect_to"}, storage))};
  if (!PyList_Check(value.ptr()) && !PyTuple_Check(value.ptr())) {
    throw py::type_error("connect_to must be str or a list of str, not " + type_name(value));
  }
  const auto items = py::reinterpret_borrow<py::sequence>(value);
  std::vector<std::string> entries;
  entries.reserve(items.size());
  for (std::size_t index = 0; index < items.size(); ++index) {
    const py::object item = items[index];
    if (!is_single_text(item)) {
      throw_not_text(item, {"connect_to", static_cast<std::ptrdiff_t>(index)});
    }
    entries.emplace_back(
        text_of(item, {"connect_to", static_cast<std::ptrdiff_t>(index)}, storage));
  }
  return entries;
}

// RobotsClient(**options); it holds a cache and a mutex, so it is made in place.
std::unique_ptr<RobotsClient> make_client(
    const std::string& user_agent, double connect_timeout, double total_timeout,
    std::int64_t max_concurrent_transfers, std::int64_t max_redirects, const std::string& ca_file,
    py::handle connect_to, std::int64_t cache_max_entries, std::int64_t cache_max_bytes,
    const std::optional<std::string>& redis, const std::optional<std::string>& redis_sentinel,
    const std::optional<std::string>& redis_master,
    const std::optional<std::string>& redis_password_file) {
  RobotsClientOptions options;
  options.fetch.user_agent = user_agent;
  options.fetch.connect_timeout = milliseconds_of(connect_timeout, "connect_timeout");
  options.fetch.total_timeout = milliseconds_of(total_timeout, "total_timeout");
  options.fetch.max_concurrent_transfers =
      positive(max_concurrent_transfers, "max_concurrent_transfers");
  if (max_redirects < 0) throw py::value_error("max_redirects must not be negative");
  options.fetch.max_redirects = static_cast<std::size_t>(max_redirects);
  options.fetch.ca_file = ca_file;
  options.fetch.connect_to = connect_to_entries(connect_to);
  options.cache.max_entries = positive(cache_max_entries, "cache_max_entries");
  options.cache.max_bytes = positive(cache_max_bytes, "cache_max_bytes");
  // The same URL syntax and the same store as `robotstxt serve --redis`, so that Python
  // crawlers and serve instances on one Redis are one fleet with one cache.
  // The sentinel and password-file options read as the CLI's flags of those names
  // (robotstxt/redis_settings.h), spelled with underscores.
  const RedisSettingsResult address =
      redis_address_from({.url = redis.value_or(""),
                          .sentinels = redis_sentinel.value_or(""),
                          .master_name = redis_master.value_or(""),
                          .password_file = redis_password_file.value_or("")});
  if (!address.error.empty()) {
    // The options as Python spells them, in the error's words too.
    std::string message = address.option + ": " + address.error;
    for (const std::string_view name : {"redis-sentinel", "redis-master", "redis-password-file"}) {
      std::string spelled(name);
      std::replace(spelled.begin(), spelled.end(), '-', '_');
      for (std::size_t at = message.find(name); at != std::string::npos;
           at = message.find(name, at + spelled.size())) {
        message.replace(at, name.size(), spelled);
      }
    }
    throw py::value_error(message);
  }
  if (address.address) {
    options.shared_store =
        std::make_shared<RedisStore>(RedisStoreOptions{.address = *address.address});
  }
  return std::make_unique<RobotsClient>(std::move(options));
}

py::object optional_text(std::string_view text) {
  return text.empty() ? py::object(py::none()) : py::object(to_python(text));
}

py::object decision_tuple(const Decision& decision) {
  if (decision.url_error != UrlError::kNone) {
    // Nothing was looked up for a URL with no origin: no access, no tier to claim.
    const py::none none;
    return decision_type(py::bool_(decision.allowed), to_python(word(decision.url_error)), none,
                         none, none, verdict_tuple(decision.verdict), py::int_(0), none, none);
  }
  const int status = decision.entry ? decision.entry->last_fetch.status : 0;
  const std::string_view fetch_error =
      decision.entry ? std::string_view(decision.entry->last_fetch.error) : std::string_view();
  return decision_type(py::bool_(decision.allowed), py::none(), to_python(decision.robots_url),
                       to_python(word(decision.state.access)),
                       to_python(word(decision.state.reason)), verdict_tuple(decision.verdict),
                       py::int_(status), to_python(to_string(decision.cache)),
                       optional_text(fetch_error));
}

// The URLs of a batch as the strings decide_all() takes; one URL is a batch of one.
std::vector<std::string> urls_of(py::handle urls) {
  const py::tuple items = tuple_of(urls, "urls must be a sequence of str or bytes");
  std::vector<std::string> result;
  result.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::string storage;
    const std::string_view url =
        text_of(items[i], {"urls", static_cast<std::ptrdiff_t>(i)}, storage);
    result.emplace_back(url);
  }
  return result;
}

std::vector<std::string> one_url(py::handle url) {
  if (!is_single_text(url)) throw_not_text(url, {"url"});
  std::string storage;
  return {std::string(text_of(url, {"url"}, storage))};
}

std::vector<Decision> decide_all(RobotsClient& client, const std::vector<std::string>& urls,
                                 py::handle agents) {
  // The agent views `agents` and copies it holds: both outlive the call.
  const OwnedAgent agent = agent_of(agents);
  py::gil_scoped_release release;
  return client.decide_all(urls, agent.agent());
}

py::list allowed_list(const std::vector<Decision>& decisions) {
  py::list result;
  for (const Decision& decision : decisions) result.append(py::bool_(decision.allowed));
  return result;
}

py::list decision_list(const std::vector<Decision>& decisions) {
  py::list result;
  for (const Decision& decision : decisions) result.append(decision_tuple(decision));
  return result;
}

// A plain dict, not a result type: counters that go straight into a metrics system.
py::object shared_tier_stats(const RobotsClient& client) {
  const SharedCache* shared = client.shared_cache();
  if (shared == nullptr) return py::none();
  const SharedCacheStats stats = shared->stats();
  py::dict result;
  result["hits"] = stats.hits;
  result["misses"] = stats.misses;
  result["waits"] = stats.waits;
  result["wait_timeouts"] = stats.wait_timeouts;
  result["writes"] = stats.writes;
  result["errors"] = stats.errors;
  result["bad_records"] = stats.bad_records;
  return result;
}

}  // namespace

void add_robots_client(py::module_& module) {
  decision_type = py::object(py::module_::import("robotstxt._results").attr("Decision")).release();
  const RobotsClientOptions defaults;
  py::class_<RobotsClient>(
      module, "RobotsClient",
      "Fetches, caches and asks robots.txt files, as docs/semantics.md 7 describes: one fetch\n"
      "per origin shared by every thread, 4xx meaning full allow and 5xx, 429 or a\n"
      "network failure full disallow for the first 12 hours.\n\n"
      "Thread-safe: share one client among all crawl threads. The GIL is released\n"
      "while fetching.\n\n"
      ">>> client = RobotsClient(user_agent='MyBot/1.0 (+https://example.com/bot)')\n"
      ">>> client.allowed('https://example.com/page', 'MyBot')  # doctest: +SKIP\n"
      "True")
      .def(py::init(&make_client), py::kw_only(), py::arg("user_agent") = defaults.fetch.user_agent,
           py::arg("connect_timeout") =
               std::chrono::duration<double>(defaults.fetch.connect_timeout).count(),
           py::arg("total_timeout") =
               std::chrono::duration<double>(defaults.fetch.total_timeout).count(),
           py::arg("max_concurrent_transfers") = defaults.fetch.max_concurrent_transfers,
           py::arg("max_redirects") = defaults.fetch.max_redirects,
           py::arg("ca_file") = std::string(), py::arg("connect_to") = py::tuple(),
           py::arg("cache_max_entries") = defaults.cache.max_entries,
           py::arg("cache_max_bytes") = defaults.cache.max_bytes, py::arg("redis") = py::none(),
           py::arg("redis_sentinel") = py::none(), py::arg("redis_master") = py::none(),
           py::arg("redis_password_file") = py::none(),
           "RobotsClient(*, user_agent: str = ..., connect_timeout: float = 10.0,\n"
           "             total_timeout: float = 30.0, max_concurrent_transfers: int = 200,\n"
           "             max_redirects: int = 5, ca_file: str = '',\n"
           "             connect_to: str | Sequence[str] = (), cache_max_entries: int = 100000,\n"
           "             cache_max_bytes: int = 536870912, redis: str | None = None,\n"
           "             redis_sentinel: str | None = None, redis_master: str | None = None,\n"
           "             redis_password_file: str | None = None)\n\n"
           "user_agent is the User-Agent header of the fetches (say who you are; it is not\n"
           "the robots.txt agent); timeouts are in seconds, total_timeout covering every\n"
           "redirect hop; connect_to sends a host's requests elsewhere\n"
           "('HOST:PORT:CONNECT_HOST:CONNECT_PORT', or a list of them, for staging and\n"
           "tests; TypeError for anything else). The cache\n"
           "keeps at most cache_max_entries origins and cache_max_bytes bytes.\n"
           "redis ('redis://HOST:PORT/DB') adds the shared tier of `robotstxt serve`: every\n"
           "client and serve instance on that Redis fetches each origin once for all. A\n"
           "Redis that is down is skipped (counted in shared_tier_stats), never raised.\n"
           "redis_sentinel ('HOST:PORT,HOST:PORT') and redis_master ('NAME') find the\n"
           "master through Sentinel instead; redis_password_file holds the password\n"
           "(read once, here), as serve's --redis-sentinel, --redis-master and\n"
           "--redis-password-file.\n"
           "ValueError for a bad option or Redis URL.")
      .def(
          "allowed",
          [](RobotsClient& client, py::handle url, py::handle agent) {
            return decide_all(client, one_url(url), agent).front().allowed;
          },
          py::arg("url"), py::arg("agent"),
          "allowed(url: str | bytes, agent: str | bytes | Sequence[str | bytes] | Crawler)\n"
          "    -> bool\n\n"
          "May `agent` fetch `url`? Fetches the origin's robots.txt unless the cache has\n"
          "it. False also for a URL without an origin and when the fetch failed on this\n"
          "machine (decide() tells these apart).")
      .def(
          "allowed_many",
          [](RobotsClient& client, py::handle urls, py::handle agent) {
            return allowed_list(decide_all(client, urls_of(urls), agent));
          },
          py::arg("urls"), py::arg("agent"),
          "allowed_many(urls: Sequence[str | bytes], agent: ...) -> list[bool]\n\n"
          "allowed() for every URL, in order. Each origin is fetched at most once, and all\n"
          "the missing ones at the same time.")
      .def(
          "decide",
          [](RobotsClient& client, py::handle url, py::handle agent) {
            return decision_tuple(decide_all(client, one_url(url), agent).front());
          },
          py::arg("url"), py::arg("agent"),
          "decide(url: str | bytes, agent: ...) -> Decision\n\n"
          "Like allowed(), with everything behind the answer: the robots.txt URL, the\n"
          "access state and why, the matcher's verdict, the HTTP status, and which\n"
          "cache tier answered.")
      .def(
          "decide_many",
          [](RobotsClient& client, py::handle urls, py::handle agent) {
            return decision_list(decide_all(client, urls_of(urls), agent));
          },
          py::arg("urls"), py::arg("agent"),
          "decide_many(urls: Sequence[str | bytes], agent: ...) -> list[Decision]\n\n"
          "decide() for every URL, in order, fetching as allowed_many() does.")
      .def_property_readonly(
          "cached_origins", [](RobotsClient& client) { return client.cache().size(); },
          "Number of origins whose robots.txt state the cache holds.")
      .def_property_readonly(
          "shared_tier_stats", &shared_tier_stats,
          "The shared (Redis) tier's counters since the client was made, as a dict of\n"
          "int: hits, misses, waits, wait_timeouts, writes, errors, bad_records (see\n"
          "shared_cache.h); None without the redis option.");
}

}  // namespace robotstxt::python
