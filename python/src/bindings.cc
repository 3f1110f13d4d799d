// The compiled half of the Python package `robotstxt` (module robotstxt._robotstxt):
// RobotsTxt, Verdict and Directive over the C++ library. The pure-Python package
// re-exports these names; python/robotstxt/__init__.pyi documents the API for editors.
//
// Arguments arrive as py::handle and are converted by hand against the CPython API rather
// than through pybind11's type casters (std::variant, overloads): allowed() is the call
// crawlers make millions of times, and generic conversion would cost more than the match.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "robotstxt/matcher.h"
#include "robotstxt/parser.h"
#include "robotstxt/robots_txt.h"

namespace py = pybind11;

namespace {

std::string type_name(py::handle obj) { return Py_TYPE(obj.ptr())->tp_name; }

// Names an argument in error messages: "url", or "urls[3]" for an item of a sequence.
// Built only when an error is raised, since the hot path passes one per call.
struct ArgumentName {
  const char* name;
  std::ptrdiff_t index = -1;

  [[nodiscard]] std::string text() const {
    return index < 0 ? name : std::string(name) + "[" + std::to_string(index) + "]";
  }
};

[[noreturn]] void throw_not_text(py::handle obj, ArgumentName what) {
  throw py::type_error(what.text() + " must be str or bytes, not " + type_name(obj));
}

// Text the library returns (rule values, sitemap URLs, directive keys) may be any bytes.
// It becomes str decoded as UTF-8 with errors="surrogateescape", so that
// `value.encode("utf-8", "surrogateescape")` gives back exactly the bytes of the file.
py::str to_python(std::string_view text) {
  PyObject* decoded =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

// The bytes of a str (as UTF-8) or bytes argument. A view into the object when it can be
// (the UTF-8 form CPython caches for a str, the buffer of a bytes): both are immutable and
// live as long as the caller's reference. Otherwise the bytes are copied into `storage`,
// which must then outlive the view. `what` names the argument in error messages.
std::string_view text_of(py::handle obj, ArgumentName what, std::string& storage) {
  PyObject* raw = obj.ptr();
  if (PyUnicode_Check(raw)) {
    Py_ssize_t size = 0;
    if (const char* utf8 = PyUnicode_AsUTF8AndSize(raw, &size)) {
      return {utf8, static_cast<std::size_t>(size)};
    }
    // Lone surrogates (e.g. from decoding with surrogateescape) have no UTF-8 form;
    // surrogateescape maps them back to the bytes they stand for. Others raise
    // UnicodeEncodeError, which is a ValueError.
    PyErr_Clear();
    PyObject* encoded = PyUnicode_AsEncodedString(raw, "utf-8", "surrogateescape");
    if (encoded == nullptr) throw py::error_already_set();
    const auto holder = py::reinterpret_steal<py::bytes>(encoded);
    storage.assign(PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded)));
    return storage;
  }
  if (PyBytes_Check(raw)) {
    return {PyBytes_AS_STRING(raw), static_cast<std::size_t>(PyBytes_GET_SIZE(raw))};
  }
  if (PyByteArray_Check(raw) || PyMemoryView_Check(raw)) {
    // Mutable buffers: copy, so that the bytes cannot change under a released GIL.
    Py_buffer buffer;
    if (PyObject_GetBuffer(raw, &buffer, PyBUF_SIMPLE) != 0) throw py::error_already_set();
    storage.assign(static_cast<const char*>(buffer.buf), static_cast<std::size_t>(buffer.len));
    PyBuffer_Release(&buffer);
    return storage;
  }
  throw_not_text(obj, what);
}

bool is_single_text(py::handle obj) {
  return PyUnicode_Check(obj.ptr()) || PyBytes_Check(obj.ptr()) || PyByteArray_Check(obj.ptr());
}

// Immutable tuple of the items of `obj`, so that other threads changing the original
// list cannot free an item while we hold a view into it. str and bytes are refused: they
// are iterable, but a URL list of single characters is always a mistake.
py::tuple tuple_of(py::handle obj, const std::string& not_a_sequence_message) {
  if (!is_single_text(obj)) {
    if (PyObject* tuple = PySequence_Tuple(obj.ptr())) {
      return py::reinterpret_steal<py::tuple>(tuple);
    }
    PyErr_Clear();
  }
  throw py::type_error(not_a_sequence_message + ", not " + type_name(obj));
}

// The agents argument: one name (str or bytes) or a non-empty sequence of names.
class AgentNames {
 public:
  explicit AgentNames(py::handle agents) {
    if (is_single_text(agents)) {
      names_.push_back(text_of(agents, {"agent"}, storage_.emplace_back()));
      return;
    }
    items_ = tuple_of(agents, "agent must be str, bytes or a sequence of them");
    if (items_.empty()) {
      throw py::value_error("agent must name at least one agent; got an empty sequence");
    }
    names_.reserve(items_.size());
    for (std::size_t i = 0; i < items_.size(); ++i) {
      names_.push_back(
          text_of(items_[i], {"agent", static_cast<std::ptrdiff_t>(i)}, storage_.emplace_back()));
    }
  }

  [[nodiscard]] std::span<const std::string_view> names() const { return names_; }

 private:
  py::tuple items_;                  // keeps the viewed items alive
  std::deque<std::string> storage_;  // deque: growing it never moves existing strings
  std::vector<std::string_view> names_;
};

// Verdict as Python sees it: the C++ Verdict with its views copied, because a Python
// object may outlive the RobotsTxt it came from.
struct PyVerdict {
  bool allowed = true;
  std::uint32_t line = 0;
  py::object kind = py::none();  // "allow" / "disallow", None when no rule decided
  py::str pattern;
  std::uint32_t strength = 0;
  bool via_index_htm = false;
  py::str applied;

  explicit PyVerdict(const robotstxt::Verdict& verdict)
      : allowed(verdict.allowed),
        line(verdict.line),
        pattern(to_python(verdict.pattern)),
        strength(verdict.strength),
        via_index_htm(verdict.via_index_htm),
        applied(to_python(robotstxt::to_string(verdict.applied))) {
    if (verdict.has_decisive_rule()) kind = to_python(robotstxt::to_string(verdict.kind));
  }
};

struct PyDirective {
  std::uint32_t line = 0;
  py::str key;
  py::str value;
  py::object group = py::none();  // index of the group it sits in; None before any group
};

robotstxt::RobotsTxt parse_body(py::handle body) {
  std::string storage;
  const std::string_view text = text_of(body, {"body"}, storage);
  // Parsing a large file takes a while; other Python threads may run meanwhile. `text`
  // views either `storage` or an immutable object the caller holds.
  py::gil_scoped_release release;
  return robotstxt::RobotsTxt::parse(text);
}

bool allowed(const robotstxt::RobotsTxt& robots, py::handle url, py::handle agents) {
  std::string url_storage;
  const std::string_view url_text = text_of(url, {"url"}, url_storage);
  if (is_single_text(agents)) {
    std::string agent_storage;
    return robots.allowed(url_text, text_of(agents, {"agent"}, agent_storage));
  }
  const AgentNames names(agents);
  return robots.allowed(url_text, names.names());
}

py::list allowed_many(const robotstxt::RobotsTxt& robots, py::handle urls, py::handle agents) {
  const py::tuple items = tuple_of(urls, "urls must be a sequence of str or bytes");
  const AgentNames names(agents);
  const std::size_t count = items.size();
  std::deque<std::string> storage;
  std::vector<std::string_view> texts;
  texts.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    texts.push_back(
        text_of(items[i], {"urls", static_cast<std::ptrdiff_t>(i)}, storage.emplace_back()));
  }
  std::vector<std::uint8_t> answers(count);
  {
    // Safe without the GIL: `items` and `names` keep every viewed object alive, and
    // RobotsTxt is immutable (its const members touch no shared state).
    py::gil_scoped_release release;
    for (std::size_t i = 0; i < count; ++i) {
      answers[i] = robots.allowed(texts[i], names.names()) ? 1 : 0;
    }
  }
  py::list result(count);
  for (std::size_t i = 0; i < count; ++i) {
    result[i] = py::bool_(answers[i] != 0);
  }
  return result;
}

std::string repr_of(const PyVerdict& verdict) {
  std::string text = verdict.allowed ? "<Verdict allowed" : "<Verdict disallowed";
  if (verdict.line != 0) {
    text += " by line " + std::to_string(verdict.line) + " " +
            py::str(verdict.kind).cast<std::string>() + ": " +
            py::repr(verdict.pattern).cast<std::string>();
  } else {
    text += ", no decisive rule";
  }
  text += " (" + verdict.applied.cast<std::string>() + " groups)>";
  return text;
}

}  // namespace

PYBIND11_MODULE(_robotstxt, module) {
  module.doc() =
      "Google-exact robots.txt parsing and matching (RFC 9309 plus Google's leniencies).\n\n"
      "The compiled part of the `robotstxt` package; import from `robotstxt` instead.";
  // The docstrings below start with Python signatures; pybind11's own would show the
  // C++ parameter types (handle), which tell a Python reader nothing.
  py::options options;
  options.disable_function_signatures();
  module.attr("MAX_BODY_BYTES") = robotstxt::kMaxBodyBytes;

  py::class_<PyVerdict>(module, "Verdict",
                        "The answer to \"may these agents fetch this URL?\", with the reason.\n\n"
                        "Returned by RobotsTxt.verdict(). Text fields are str; bytes that are "
                        "not UTF-8 come through as surrogate escapes (errors='surrogateescape').")
      .def_readonly("allowed", &PyVerdict::allowed, "True if the URL may be fetched.")
      .def_readonly("line", &PyVerdict::line,
                    "Line number of the decisive rule; 0 when no rule decided.")
      .def_readonly("kind", &PyVerdict::kind,
                    "'allow' or 'disallow': the kind of the decisive rule; None when none.")
      .def_readonly("pattern", &PyVerdict::pattern,
                    "The decisive rule's pattern, percent-escapes normalised (for an index.htm "
                    "rewrite, the whole rule: '/a/index.html'); '' when none.")
      .def_readonly("strength", &PyVerdict::strength,
                    "Strength of the decisive rule (length of its normalised pattern); 0 when "
                    "none.")
      .def_readonly("via_index_htm", &PyVerdict::via_index_htm,
                    "True if the decisive allow matched only through the /index.htm rewrite.")
      .def_readonly("applied", &PyVerdict::applied,
                    "Whose rules applied: 'specific' (groups naming the agent), 'global' (the "
                    "'*' groups) or 'none' (no group applied: everything allowed).")
      .def("__repr__", &repr_of);

  py::class_<PyDirective>(module, "Directive",
                          "A line that is not user-agent, allow, disallow or sitemap, e.g. "
                          "Crawl-delay or Host. Google ignores these for access.")
      .def_readonly("line", &PyDirective::line, "Line number in the file (1-based).")
      .def_readonly("key", &PyDirective::key, "The key as written, e.g. 'Crawl-delay'.")
      .def_readonly("value", &PyDirective::value, "The value as written.")
      .def_readonly("group", &PyDirective::group,
                    "Index of the group the line sits in (file order, from 0); None when it "
                    "comes before any user-agent line.")
      .def("__repr__", [](const PyDirective& directive) {
        return "<Directive line " + std::to_string(directive.line) + " " +
               py::repr(directive.key).cast<std::string>() + ": " +
               py::repr(directive.value).cast<std::string>() + ">";
      });

  py::class_<robotstxt::RobotsTxt>(
      module, "RobotsTxt",
      "A robots.txt parsed once and compiled for matching, Google's way.\n\n"
      "Immutable and thread-safe: share one object per host between threads.\n\n"
      "Agents are product tokens such as 'Googlebot', compared ignoring ASCII case; pass\n"
      "'MyBot', not 'MyBot/1.0 (+https://example.com)'. URLs are matched exactly as given:\n"
      "percent-encode them first, as they go on the wire. Wherever text is accepted, str is\n"
      "encoded as UTF-8 and bytes are used as they are.\n\n"
      ">>> robots = RobotsTxt(b'User-agent: *\\nDisallow: /private\\n')\n"
      ">>> robots.allowed('https://example.com/private/a', 'Googlebot')\n"
      "False")
      .def(py::init([](py::handle body) { return parse_body(body); }), py::arg("body"),
           "RobotsTxt(body: bytes | str)\n\n"
           "Parse `body` (bytes or str). Any content is accepted; only the first\n"
           "MAX_BODY_BYTES bytes count. Raises TypeError for other types.")
      .def("allowed", &allowed, py::arg("url"), py::arg("agent"),
           "allowed(url: str | bytes, agent: str | bytes | Sequence[str | bytes]) -> bool\n\n"
           "May `agent` fetch `url`? `agent` is one name or a sequence of names for one\n"
           "crawler (its token and aliases): a group applies if it names any of them.\n"
           "Raises TypeError for non-text arguments and ValueError for an empty sequence.")
      .def(
          "verdict",
          [](const robotstxt::RobotsTxt& robots, py::handle url, py::handle agents) {
            std::string url_storage;
            const std::string_view url_text = text_of(url, {"url"}, url_storage);
            const AgentNames names(agents);
            return PyVerdict(robots.verdict(url_text, names.names()));
          },
          py::arg("url"), py::arg("agent"),
          "verdict(url: str | bytes, agent: str | bytes | Sequence[str | bytes]) -> Verdict\n\n"
          "Like allowed(), with the decisive rule: its line, kind, pattern and strength.")
      .def("allowed_many", &allowed_many, py::arg("urls"), py::arg("agent"),
           "allowed_many(urls: Iterable[str | bytes], agent: str | bytes | Sequence[str | "
           "bytes])\n    -> list[bool]\n\n"
           "allowed() for each URL of the sequence `urls`, in order. Releases the GIL while\n"
           "matching, so threads checking URLs in batches run in parallel.")
      .def(
          "crawl_delay",
          [](const robotstxt::RobotsTxt& robots, py::handle agent) -> py::object {
            if (!is_single_text(agent)) throw_not_text(agent, {"agent"});
            std::string storage;
            const std::optional<double> delay =
                robots.crawl_delay(text_of(agent, {"agent"}, storage));
            if (!delay) return py::none();
            return py::float_(*delay);
          },
          py::arg("agent"),
          "crawl_delay(agent: str | bytes) -> float | None\n\n"
          "Crawl-delay in seconds for `agent`: from a group naming it if one has a valid\n"
          "value, else from a '*' group; None when there is none. Google ignores it.")
      .def_property_readonly(
          "sitemaps",
          [](const robotstxt::RobotsTxt& robots) {
            py::list result;
            for (const std::string_view url : robots.sitemaps()) result.append(to_python(url));
            return result;
          },
          "Sitemap URLs in file order, as written (list[str]).")
      .def_property_readonly(
          "directives",
          [](const robotstxt::RobotsTxt& robots) {
            py::list result;
            for (const robotstxt::Directive& directive : robots.directives()) {
              PyDirective item;
              item.line = directive.line;
              item.key = to_python(directive.key);
              item.value = to_python(directive.value);
              if (directive.group >= 0) item.group = py::int_(directive.group);
              result.append(py::cast(std::move(item)));
            }
            return result;
          },
          "Every other directive (Crawl-delay, Host, unknown keys...) in file order "
          "(list[Directive]).")
      .def_property_readonly("line_count", &robotstxt::RobotsTxt::line_count,
                             "Number of lines in the body.")
      .def_property_readonly("memory_usage", &robotstxt::RobotsTxt::memory_usage,
                             "Bytes this object holds in memory.")
      .def("__repr__", [](const robotstxt::RobotsTxt& robots) {
        return "<RobotsTxt " + std::to_string(robots.line_count()) + " lines, " +
               std::to_string(robots.groups().size()) + " groups, " +
               std::to_string(robots.sitemaps().size()) + " sitemaps>";
      });
}
