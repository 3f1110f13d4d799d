// The compiled half of the Python package `robotstxt` (module robotstxt._robotstxt): the
// class RobotsTxt over the C++ library. Its results are the named tuples of
// robotstxt/_results.py; robotstxt/__init__.pyi documents the API for editors.
//
// Arguments arrive as py::handle and are converted by hand (arguments.h) rather than by
// pybind11's type casters, and allowed(), allowed_many() and __init__ bypass pybind11's
// dispatcher altogether (fastcall.h): allowed() is the call crawlers make millions of
// times, and generic conversion would cost more than the match; allowed_many() must cost
// no more per URL than allowed(); and pybind11 silently ignores a second __init__.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arguments.h"
#include "fastcall.h"
#include "results.h"
#include "robotstxt/agent.h"
#include "robotstxt/body_limit.h"
#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/robots_txt.h"
#include "robotstxt/usage_preferences.h"
#include "robotstxt/version.h"

namespace py = pybind11;
using robotstxt::OwnedAgent;
using robotstxt::RobotsTxt;
using namespace robotstxt::python;

namespace {

// What a Python RobotsTxt holds: the parsed file, and the bytes it was parsed from, which
// the C++ object does not keep. pickle ships those bytes and the receiver parses them
// again: the only form from which an identical object (line numbers, sitemaps, every
// directive as written) is certain to come back. Only the first kMaxBodyBytes are kept,
// since nothing after them counts (docs/semantics.md 1.1).
struct ParsedRobots {
  RobotsTxt robots;
  py::bytes body;
};

// The result types from robotstxt._results, set once at import. Deliberately never
// released: a static py::object would be destroyed after the interpreter is gone.
py::handle verdict_type;
py::handle directive_type;
py::handle crawler_type;
py::handle usage_type;
py::handle content_signal_type;

py::object crawler_tuple(const robotstxt::Crawler& crawler) {
  py::tuple tokens(crawler.tokens.size());
  for (std::size_t i = 0; i < crawler.tokens.size(); ++i) tokens[i] = to_python(crawler.tokens[i]);
  py::tuple sources(crawler.sources.size());
  for (std::size_t i = 0; i < crawler.sources.size(); ++i) {
    sources[i] = to_python(crawler.sources[i]);
  }
  const py::object user_agent = crawler.user_agent_substring.empty()
                                    ? py::object(py::none())
                                    : py::object(to_python(crawler.user_agent_substring));
  return crawler_type(to_python(crawler.name), tokens, py::bool_(crawler.ignores_global_group),
                      py::bool_(crawler.obeys_robots_txt), to_python(crawler.operator_name),
                      to_python(to_string(crawler.purpose)), sources, py::bool_(crawler.verified),
                      to_python(crawler.notes), user_agent);
}

// The RobotsTxt inside `self`. pybind11 hands methods the raw, unconstructed memory of an
// object made by RobotsTxt.__new__() whose __init__ never ran: refuse it rather than read
// garbage, and refuse objects of other types (a method taken from the class can be called
// on anything).
const ParsedRobots& parsed_of(py::handle self) {
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(ParsedRobots));
  if (!PyObject_TypeCheck(self.ptr(), info->type)) {
    throw py::type_error("a RobotsTxt method was called on " + type_name(self));
  }
  const auto value_and_holder =
      reinterpret_cast<py::detail::instance*>(self.ptr())->get_value_and_holder(info);
  if (!value_and_holder.holder_constructed()) {
    throw py::type_error("this RobotsTxt was never initialised: RobotsTxt.__init__ did not run");
  }
  return *value_and_holder.value_ptr<ParsedRobots>();
}

const RobotsTxt& robots_of(py::handle self) { return parsed_of(self).robots; }

ParsedRobots parse_body(py::handle body) {
  std::string storage;
  const std::string_view text = text_of(body, {"body"}, storage);
  RobotsTxt robots;
  {
    // Parsing a large file takes a while; other Python threads may run meanwhile. `text`
    // views either `storage` or an immutable object the caller holds.
    py::gil_scoped_release release;
    robots = RobotsTxt::parse(text);
  }
  const std::string_view counted = text.substr(0, robotstxt::kMaxBodyBytes);
  // A bytes body is shared rather than copied when all of it counts.
  if (PyBytes_CheckExact(body.ptr()) && counted.size() == text.size()) {
    return {std::move(robots), py::reinterpret_borrow<py::bytes>(body)};
  }
  return {std::move(robots), py::bytes(counted.data(), counted.size())};
}

// value_and_holder of `self` for RobotsTxt.__init__, which pybind11's tp_new allocated.
py::detail::value_and_holder holder_of(py::handle self) {
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(ParsedRobots));
  if (!PyObject_TypeCheck(self.ptr(), info->type)) {
    throw py::type_error("RobotsTxt.__init__ was called on " + type_name(self));
  }
  return reinterpret_cast<py::detail::instance*>(self.ptr())->get_value_and_holder(info);
}

void refuse_initialised(const py::detail::value_and_holder& holder) {
  if (holder.holder_constructed()) {
    throw py::type_error(
        "this RobotsTxt is already initialised and is immutable: "
        "__init__ cannot run again; make a new RobotsTxt(body) instead");
  }
}

// RobotsTxt(body). A second __init__ on the same object is an error rather than a
// re-parse: the object is documented immutable and may be in use by other threads.
PyObject* init_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t positional,
                        PyObject* keyword_names) {
  return translating_exceptions([&]() -> PyObject* {
    static constexpr const char* kNames[] = {"body"};
    PyObject* bound[1];
    bind_arguments("RobotsTxt", kNames, bound, args, positional, keyword_names);
    refuse_initialised(holder_of(self));
    ParsedRobots parsed = parse_body(bound[0]);
    // Checked again: parse_body() released the GIL, so another thread may have
    // initialised the object meanwhile.
    py::detail::value_and_holder holder = holder_of(self);
    refuse_initialised(holder);
    // What pybind11's own constructors do: the value, then the holder that owns it.
    holder.value_ptr() = new ParsedRobots(std::move(parsed));
    holder.type->init_instance(reinterpret_cast<py::detail::instance*>(self), nullptr);
    Py_RETURN_NONE;
  });
}

// Calls ask(Agent) with the agent argument, for one call that keeps the GIL: a single name
// is viewed where it lies instead of being copied into the OwnedAgent that agent_of() builds,
// which costs allowed() a twentieth of its time. What is accepted and raised is agent_of()'s.
template <typename Ask>
decltype(auto) ask_as(py::handle agents, Ask&& ask) {
  if (is_single_text(agents)) {
    std::string storage;
    return ask(robotstxt::Agent(text_of(agents, {"agent"}, storage)));
  }
  const OwnedAgent owned = agent_of(agents);
  return ask(owned.agent());
}

// allowed() as a METH_FASTCALL method, without pybind11's dispatcher, whose cost per
// call is larger than the check's own (bench/python_bench.py times the calls).
PyObject* allowed_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t positional,
                           PyObject* keyword_names) {
  return translating_exceptions([&]() -> PyObject* {
    static constexpr const char* kNames[] = {"url", "agent"};
    PyObject* bound[2];
    bind_arguments("allowed", kNames, bound, args, positional, keyword_names);
    const RobotsTxt& robots = robots_of(self);
    std::string url_storage;
    const std::string_view url = text_of(bound[0], {"url"}, url_storage);
    return Py_NewRef(
        ask_as(bound[1], [&](robotstxt::Agent agent) { return robots.allowed(url, agent); })
            ? Py_True
            : Py_False);
  });
}

// Below this many URLs matching takes less time than handing the GIL to another thread
// and taking it back, so small batches keep it.
constexpr Py_ssize_t kReleaseGilFromUrls = 32;

PyObject* allowed_many(const RobotsTxt& robots, py::handle urls, py::handle agents) {
  // A tuple of the items: other threads changing a list while the GIL is released cannot
  // then free a URL whose bytes are being matched.
  const py::tuple items = tuple_of(urls, "urls must be a sequence of str or bytes");
  const OwnedAgent asking = agent_of(agents);
  const robotstxt::Agent agent = asking.agent();
  const auto allowed = [&](std::string_view url) { return robots.allowed(url, agent); };
  const Py_ssize_t count = PyTuple_GET_SIZE(items.ptr());
  py::object result = py::reinterpret_steal<py::object>(PyList_New(count));
  if (!result) throw py::error_already_set();
  if (count < kReleaseGilFromUrls) {
    for (Py_ssize_t i = 0; i < count; ++i) {
      std::string storage;
      const std::string_view url = text_of(PyTuple_GET_ITEM(items.ptr(), i), {"urls", i}, storage);
      PyList_SET_ITEM(result.ptr(), i, Py_NewRef(allowed(url) ? Py_True : Py_False));
    }
    return result.release().ptr();
  }
  TextViews texts;
  std::vector<std::string_view> views(static_cast<std::size_t>(count));
  for (Py_ssize_t i = 0; i < count; ++i) {
    views[i] = texts.view(PyTuple_GET_ITEM(items.ptr(), i), {"urls", i});
  }
  std::vector<std::uint8_t> answers(static_cast<std::size_t>(count));
  {
    // Safe without the GIL: `items`, `asking` and the caller's `self` keep every viewed
    // object alive, and RobotsTxt is immutable (its const members share no state).
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < views.size(); ++i) {
      answers[i] = allowed(views[i]) ? 1 : 0;
    }
  }
  for (Py_ssize_t i = 0; i < count; ++i) {
    PyList_SET_ITEM(result.ptr(), i, Py_NewRef(answers[i] != 0 ? Py_True : Py_False));
  }
  return result.release().ptr();
}

PyObject* allowed_many_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t positional,
                                PyObject* keyword_names) {
  return translating_exceptions([&]() -> PyObject* {
    static constexpr const char* kNames[] = {"urls", "agent"};
    PyObject* bound[2];
    bind_arguments("allowed_many", kNames, bound, args, positional, keyword_names);
    return allowed_many(robots_of(self), bound[0], bound[1]);
  });
}

py::object verdict(py::handle self, py::handle url, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
  std::string url_storage;
  const std::string_view url_text = text_of(url, {"url"}, url_storage);
  // The verdict's views point into `robots`, which `self` keeps alive until copied here.
  const OwnedAgent agent = agent_of(agents);
  return verdict_tuple(robots.verdict(url_text, agent.agent()));
}

py::object crawl_delay(py::handle self, py::handle agent) {
  // One name or a crawler, as documented: a list of names is refused, not merged.
  if (!is_single_text(agent) && crawler_of(agent) == nullptr) throw_not_text(agent, {"agent"});
  const OwnedAgent asking = agent_of(agent);
  const std::optional<double> delay = robots_of(self).crawl_delay(asking.agent());
  return delay ? py::object(py::float_(*delay)) : py::none();
}

py::str product_token(py::handle user_agent) {
  if (!is_single_text(user_agent)) throw_not_text(user_agent, {"user_agent"});
  std::string storage;
  std::string_view text = text_of(user_agent, {"user_agent"}, storage);
  // A User-Agent header may start with blanks; a user-agent line's value never does.
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  return to_python(robotstxt::product_token(text));
}

py::list sitemaps(py::handle self) {
  py::list result;
  for (const std::string_view url : robots_of(self).sitemaps()) result.append(to_python(url));
  return result;
}

py::list directive_list(const std::vector<robotstxt::Directive>& directives) {
  py::list result;
  for (const robotstxt::Directive& directive : directives) {
    const py::object group =
        directive.group >= 0 ? py::object(py::int_(directive.group)) : py::none();
    result.append(directive_type(py::int_(directive.line), to_python(directive.key),
                                 to_python(directive.value), group));
  }
  return result;
}

py::list directives(py::handle self) { return directive_list(robots_of(self).directives()); }

py::list directives_for(py::handle self, py::handle key, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
  if (!is_single_text(key)) throw_not_text(key, {"key"});
  std::string key_storage;
  const std::string_view key_text = text_of(key, {"key"}, key_storage);
  const OwnedAgent agent = agent_of(agents);
  return directive_list(robots.directives_for(key_text, agent.agent()));
}

// AI usage preferences (docs/semantics.md 9) as plain values: each category as the words of
// to_string(Preference), the deciding lines as a tuple of ints.
py::object usage_tuple(const robotstxt::UsagePreferences& usage) {
  py::tuple lines(usage.lines.size());
  for (std::size_t i = 0; i < usage.lines.size(); ++i) lines[i] = py::int_(usage.lines[i]);
  return usage_type(to_python(to_string(usage.train_ai)), to_python(to_string(usage.search)),
                    lines);
}

py::object usage_or_none(const std::optional<robotstxt::UsagePreferences>& usage) {
  return usage ? usage_tuple(*usage) : py::object(py::none());
}

py::object usage(py::handle self, py::handle url, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
  std::string url_storage;
  const std::string_view url_text = text_of(url, {"url"}, url_storage);
  const OwnedAgent agent = agent_of(agents);
  return usage_or_none(robots.usage(url_text, agent.agent()));
}

py::list content_signals(py::handle self, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
  const OwnedAgent agent = agent_of(agents);
  const std::vector<robotstxt::ContentSignal> signals = robots.content_signals(agent.agent());
  py::list result;
  for (const robotstxt::ContentSignal& signal : signals) {
    py::tuple parsed(signal.parsed.size());
    for (std::size_t i = 0; i < signal.parsed.size(); ++i) {
      parsed[i] =
          py::make_tuple(to_python(signal.parsed[i].first), to_python(signal.parsed[i].second));
    }
    result.append(content_signal_type(py::int_(signal.line), to_python(signal.value), parsed));
  }
  return result;
}

py::object parse_content_usage(py::handle value) {
  if (!is_single_text(value)) throw_not_text(value, {"value"});
  std::string storage;
  return usage_tuple(robotstxt::parse_content_usage(text_of(value, {"value"}, storage)));
}

robotstxt::Preference preference_of(py::handle word, const char* what) {
  for (const auto preference : {robotstxt::Preference::kUnknown, robotstxt::Preference::kAllowed,
                                robotstxt::Preference::kDisallowed}) {
    if (py::str(to_python(to_string(preference))).equal(word)) return preference;
  }
  throw py::value_error(std::string(what) + " must be 'allowed', 'disallowed' or 'unknown', not " +
                        std::string(py::repr(word)));
}

// A UsagePreferences tuple back in C++. Only the named tuple is accepted: a bare tuple
// could have its fields in any order.
robotstxt::UsagePreferences usage_of(py::handle obj, const char* what) {
  if (!PyObject_TypeCheck(obj.ptr(), reinterpret_cast<PyTypeObject*>(usage_type.ptr()))) {
    throw py::type_error(std::string(what) + " must be a UsagePreferences, not " + type_name(obj));
  }
  robotstxt::UsagePreferences usage;
  usage.train_ai = preference_of(PyTuple_GET_ITEM(obj.ptr(), 0), "train_ai");
  usage.search = preference_of(PyTuple_GET_ITEM(obj.ptr(), 1), "search");
  for (const py::handle line :
       tuple_of(PyTuple_GET_ITEM(obj.ptr(), 2), "lines must be a sequence of line numbers")) {
    usage.lines.push_back(line.cast<std::uint32_t>());
  }
  // combine() merges the lines of both in file order.
  std::sort(usage.lines.begin(), usage.lines.end());
  usage.lines.erase(std::unique(usage.lines.begin(), usage.lines.end()), usage.lines.end());
  return usage;
}

py::object combine(py::handle a, py::handle b) {
  return usage_tuple(robotstxt::combine(usage_of(a, "a"), usage_of(b, "b")));
}

std::string repr_of(py::handle self) {
  const RobotsTxt& robots = robots_of(self);
  return "<RobotsTxt " + std::to_string(robots.line_count()) + " lines, " +
         std::to_string(robots.groups().size()) + " groups, " +
         std::to_string(robots.sitemaps().size()) + " sitemaps>";
}

template <typename Function>
PyCFunction as_method(Function* function) {
  return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(function));
}

PyMethodDef init_method = {
    "__init__", as_method(&init_fastcall), METH_FASTCALL | METH_KEYWORDS,
    "RobotsTxt(body: bytes | str)\n\n"
    "Parse `body` (bytes or str). Any content is accepted; only the first\n"
    "MAX_BODY_BYTES bytes count. Raises TypeError for other types, and for a second\n"
    "__init__ on an object already initialised: it is immutable, make a new one."};

PyMethodDef allowed_method = {
    "allowed", as_method(&allowed_fastcall), METH_FASTCALL | METH_KEYWORDS,
    "allowed(url: str | bytes, agent: str | bytes | Sequence[str | bytes] | Crawler) -> bool\n\n"
    "May `agent` fetch `url`? `agent` is one name, or a sequence of names merged as\n"
    "Google's matcher merges them (a group applies if it names any of them), or a\n"
    "Crawler from crawlers()/find_crawler(), which follows its own precedence.\n"
    "Raises TypeError for non-text arguments and ValueError for an empty sequence."};

PyMethodDef allowed_many_method = {
    "allowed_many", as_method(&allowed_many_fastcall), METH_FASTCALL | METH_KEYWORDS,
    "allowed_many(urls: Iterable[str | bytes], agent: str | bytes | Sequence[str | "
    "bytes])\n    -> list[bool]\n\n"
    "allowed() for each URL of the sequence `urls`, in order. Releases the GIL while\n"
    "matching a batch of 32 URLs or more, so threads checking URLs in batches run in\n"
    "parallel."};

}  // namespace

namespace robotstxt::python {

const Crawler* crawler_of(py::handle obj) {
  if (!PyObject_TypeCheck(obj.ptr(), reinterpret_cast<PyTypeObject*>(crawler_type.ptr()))) {
    return nullptr;
  }
  std::string storage;
  const std::string_view name = text_of(PyTuple_GET_ITEM(obj.ptr(), 0), {"crawler.name"}, storage);
  const robotstxt::Crawler* crawler = robotstxt::find_crawler(name);
  if (crawler == nullptr) {
    throw py::value_error("no crawler named '" + std::string(name) + "' in the catalogue");
  }
  return crawler;
}

py::object verdict_tuple(const robotstxt::Verdict& result) {
  const bool decided = result.has_decisive_rule();
  const auto text_or_none = [](bool present, std::string_view text) {
    return present ? py::object(to_python(text)) : py::object(py::none());
  };
  return verdict_type(
      py::bool_(result.allowed), py::int_(result.line),
      text_or_none(decided, to_string(result.kind)), text_or_none(decided, result.pattern),
      py::int_(result.strength), py::bool_(result.via_index_htm),
      to_python(to_string(result.applied)), text_or_none(decided, result.rule),
      text_or_none(result.crawler_rule.has_value(),
                   result.crawler_rule ? to_string(*result.crawler_rule) : std::string_view()),
      text_or_none(!result.crawler_token.empty(), result.crawler_token));
}

}  // namespace robotstxt::python

PYBIND11_MODULE(_robotstxt, module) {
  module.doc() =
      "Google-exact robots.txt parsing and matching (RFC 9309 plus Google's leniencies).\n\n"
      "The compiled part of the `robotstxt` package; import from `robotstxt` instead.";
  // The docstrings below start with Python signatures; pybind11's own would show the
  // C++ parameter types (handle), which tell a Python reader nothing.
  py::options options;
  options.disable_function_signatures();
  module.attr("MAX_BODY_BYTES") = robotstxt::kMaxBodyBytes;
  module.attr("__version__") = py::str(robotstxt::kVersion.data(), robotstxt::kVersion.size());

  const py::module_ results = py::module_::import("robotstxt._results");
  verdict_type = py::object(results.attr("Verdict")).release();
  directive_type = py::object(results.attr("Directive")).release();
  crawler_type = py::object(results.attr("Crawler")).release();
  usage_type = py::object(results.attr("UsagePreferences")).release();
  content_signal_type = py::object(results.attr("ContentSignal")).release();

  module.def(
      "crawlers",
      [] {
        py::list list;
        for (const robotstxt::Crawler& crawler : robotstxt::crawler_catalogue()) {
          list.append(crawler_tuple(crawler));
        }
        return list;
      },
      "crawlers() -> list[Crawler]\n\n"
      "The crawler catalogue (docs/semantics.md 8), in the data file's order.");
  module.def(
      "find_crawler",
      [](py::handle name) -> py::object {
        if (!is_single_text(name)) throw_not_text(name, {"name"});
        std::string storage;
        const robotstxt::Crawler* crawler =
            robotstxt::find_crawler(text_of(name, {"name"}, storage));
        return crawler != nullptr ? crawler_tuple(*crawler) : py::object(py::none());
      },
      py::arg("name"),
      "find_crawler(name: str) -> Crawler | None\n\n"
      "The crawler named `name`, ignoring case; None when the catalogue has none.");
  module.def("parse_content_usage", &parse_content_usage, py::arg("value"),
             "parse_content_usage(value: str | bytes) -> UsagePreferences\n\n"
             "Reads one AI usage preference string, e.g. an HTTP Content-Usage header\n"
             "(docs/semantics.md 9.5): 'y' is allowed, 'n' disallowed, anything else unknown, and\n"
             "a string that does not parse leaves every category unknown. lines is ().");
  module.def("combine", &combine, py::arg("a"), py::arg("b"),
             "combine(a: UsagePreferences, b: UsagePreferences) -> UsagePreferences\n\n"
             "The most restrictive of two statements about one resource (docs/semantics.md 9.3):\n"
             "disallowed if either says so, else allowed if either does, else unknown;\n"
             "the lines of both, in order. Raises TypeError for other types and\n"
             "ValueError for a category that is not 'allowed', 'disallowed' or 'unknown'.");
  module.def("product_token", &product_token, py::arg("user_agent"),
             "product_token(user_agent: str | bytes) -> str\n\n"
             "The product token a User-Agent starts with (docs/semantics.md 2.4), e.g.\n"
             "'MyBot' for 'MyBot/1.0 (+https://example.com/bot)'; '' when it starts with none.");

  py::class_<ParsedRobots> robots_class(
      module, "RobotsTxt",
      "A robots.txt parsed once and compiled for matching, Google's way.\n\n"
      "Immutable and thread-safe: share one object per host between threads.\n\n"
      "Agents are product tokens such as 'Googlebot', compared ignoring ASCII case; pass\n"
      "'MyBot', not 'MyBot/1.0 (+https://example.com)'. URLs are matched exactly as given:\n"
      "percent-encode them first, as they go on the wire. Wherever text is accepted, str is\n"
      "encoded as UTF-8 and bytes are used as they are.\n\n"
      ">>> robots = RobotsTxt(b'User-agent: *\\nDisallow: /private\\n')\n"
      ">>> robots.allowed('https://example.com/private/a', 'Googlebot')\n"
      "False");
  robots_class
      .def("verdict", &verdict, py::arg("url"), py::arg("agent"),
           "verdict(url: str | bytes, agent: str | bytes | Sequence[str | bytes] | Crawler)\n"
           "    -> Verdict\n\n"
           "Like allowed(), with the decisive rule: its line, kind, pattern, strength and\n"
           "value as written; for a Crawler, also how its groups were chosen.")
      .def("crawl_delay", &crawl_delay, py::arg("agent"),
           "crawl_delay(agent: str | bytes | Crawler) -> float | None\n\n"
           "Crawl-delay in seconds for `agent`: the first valid value in the groups that\n"
           "decide its access (its own groups, else '*'); None when there is none. Google\n"
           "ignores it.")
      .def("directives_for", &directives_for, py::arg("key"), py::arg("agent"),
           "directives_for(key: str | bytes, agent: str | bytes | Sequence[str | bytes] |\n"
           "               Crawler) -> list[Directive]\n\n"
           "The directives named `key` (ignoring ASCII case), e.g. 'request-rate', in the\n"
           "groups that decide `agent`'s access (its own, else '*'), in file order.")
      .def("usage", &usage, py::arg("url"), py::arg("agent"),
           "usage(url: str | bytes, agent: str | bytes | Sequence[str | bytes] | Crawler)\n"
           "    -> UsagePreferences | None\n\n"
           "AI usage preferences for `url` (docs/semantics.md 9): the content-usage rules of the\n"
           "groups that apply, the longest matching path deciding. None when `url` may\n"
           "not be fetched: a disallowed URL has no preferences, not unknown ones.")
      .def("content_signals", &content_signals, py::arg("agent"),
           "content_signals(agent: str | bytes | Sequence[str | bytes] | Crawler)\n"
           "    -> list[ContentSignal]\n\n"
           "The Content-Signal lines of the groups that apply, in file order, as written\n"
           "and as (key, value) pairs (docs/semantics.md 9.7).")
      .def_property_readonly("sitemaps", &sitemaps,
                             "Sitemap URLs in file order, as written (list[str]).")
      .def_property_readonly("directives", &directives,
                             "Every other directive (Crawl-delay, Host, unknown keys...) in "
                             "file order (list[Directive]).")
      .def_property_readonly(
          "line_count", [](py::handle self) { return robots_of(self).line_count(); },
          "Number of lines in the body.")
      .def_property_readonly(
          "memory_usage",
          [](py::handle self) {
            const ParsedRobots& parsed = parsed_of(self);
            return parsed.robots.memory_usage() + static_cast<std::size_t>(py::len(parsed.body));
          },
          "Bytes this object holds in memory, the body it was parsed from included.")
      .def("__repr__", &repr_of)
      // pickle, and so multiprocessing, Dask and Spark: rebuilt from the body it was
      // parsed from, by RobotsTxt(body).
      .def("__reduce__",
           [](py::handle self) {
             return py::make_tuple(py::type::of(self), py::make_tuple(parsed_of(self).body));
           })
      // Immutable, like a tuple: a copy is the object itself.
      .def("__copy__", [](py::handle self) { return py::reinterpret_borrow<py::object>(self); })
      .def(
          "__deepcopy__",
          [](py::handle self, py::handle) { return py::reinterpret_borrow<py::object>(self); },
          py::arg("memo"));
  add_fastcall_method(robots_class, init_method);
  add_fastcall_method(robots_class, allowed_method);
  add_fastcall_method(robots_class, allowed_many_method);
#ifdef ROBOTSTXT_PYTHON_FETCH
  add_robots_client(module);
#endif
}
