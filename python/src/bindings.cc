// The compiled half of the Python package `robotstxt` (module robotstxt._robotstxt): the
// class RobotsTxt over the C++ library. Its results are the named tuples of
// robotstxt/_results.py; robotstxt/__init__.pyi documents the API for editors.
//
// Arguments arrive as py::handle and are converted by hand (arguments.h) rather than by
// pybind11's type casters, and allowed() bypasses pybind11's dispatcher altogether: it is
// the call crawlers make millions of times, and generic conversion would cost more than
// the match.
#include <Python.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.h"
#include "robotstxt/line_facts.h"
#include "robotstxt/matcher.h"
#include "robotstxt/robots_txt.h"

namespace py = pybind11;
using robotstxt::RobotsTxt;
using namespace robotstxt::python;

namespace {

// The result types from robotstxt._results, set once at import. Deliberately never
// released: a static py::object would be destroyed after the interpreter is gone.
py::handle verdict_type;
py::handle directive_type;

// The RobotsTxt inside `self`. pybind11 hands methods the raw, unconstructed memory of an
// object made by RobotsTxt.__new__() whose __init__ never ran: refuse it rather than read
// garbage, and refuse objects of other types (a method taken from the class can be called
// on anything).
const RobotsTxt& robots_of(py::handle self) {
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(RobotsTxt));
  if (!PyObject_TypeCheck(self.ptr(), info->type)) {
    throw py::type_error("a RobotsTxt method was called on " + type_name(self));
  }
  const auto value_and_holder =
      reinterpret_cast<py::detail::instance*>(self.ptr())->get_value_and_holder(info);
  if (!value_and_holder.holder_constructed()) {
    throw py::type_error("this RobotsTxt was never initialised: RobotsTxt.__init__ did not run");
  }
  return *value_and_holder.value_ptr<RobotsTxt>();
}

RobotsTxt parse_body(py::handle body) {
  std::string storage;
  const std::string_view text = text_of(body, {"body"}, storage);
  // Parsing a large file takes a while; other Python threads may run meanwhile. `text`
  // views either `storage` or an immutable object the caller holds.
  py::gil_scoped_release release;
  return RobotsTxt::parse(text);
}

bool allowed(const RobotsTxt& robots, py::handle url, py::handle agents) {
  std::string url_storage;
  const std::string_view url_text = text_of(url, {"url"}, url_storage);
  if (is_single_text(agents)) {
    std::string agent_storage;
    return robots.allowed(url_text, text_of(agents, {"agent"}, agent_storage));
  }
  const AgentNames names(agents);
  return robots.allowed(url_text, names.names());
}

// allowed() as a METH_FASTCALL method: about 70 ns a call against about 160 ns through
// pybind11's dispatcher. Parses url and agent, positional or keyword, and turns C++
// exceptions into Python ones as pybind11 would.
PyObject* allowed_fastcall(PyObject* self, PyObject* const* args, Py_ssize_t positional,
                           PyObject* keyword_names) {
  try {
    PyObject* url = positional > 0 ? args[0] : nullptr;
    PyObject* agent = positional > 1 ? args[1] : nullptr;
    const Py_ssize_t keywords = keyword_names != nullptr ? PyTuple_GET_SIZE(keyword_names) : 0;
    for (Py_ssize_t i = 0; i < keywords; ++i) {
      const std::string name = py::str(PyTuple_GET_ITEM(keyword_names, i));
      PyObject** slot = name == "url" ? &url : name == "agent" ? &agent : nullptr;
      if (slot == nullptr || *slot != nullptr) {
        throw py::type_error("allowed() got an unexpected or repeated argument '" + name + "'");
      }
      *slot = args[positional + i];
    }
    if (positional > 2 || url == nullptr || agent == nullptr) {
      throw py::type_error("allowed() takes exactly two arguments: url and agent");
    }
    return py::bool_(allowed(robots_of(self), url, agent)).release().ptr();
  } catch (py::error_already_set& error) {
    error.restore();
  } catch (const py::builtin_exception& error) {
    error.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
  }
  return nullptr;
}

py::object verdict(py::handle self, py::handle url, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
  std::string url_storage;
  const std::string_view url_text = text_of(url, {"url"}, url_storage);
  const AgentNames names(agents);
  // The verdict's views point into `robots`, which `self` keeps alive until copied here.
  const robotstxt::Verdict result = robots.verdict(url_text, names.names());
  const py::object kind =
      result.has_decisive_rule() ? py::object(to_python(to_string(result.kind))) : py::none();
  return verdict_type(py::bool_(result.allowed), py::int_(result.line), kind,
                      to_python(result.pattern), py::int_(result.strength),
                      py::bool_(result.via_index_htm), to_python(to_string(result.applied)));
}

py::list allowed_many(py::handle self, py::handle urls, py::handle agents) {
  const RobotsTxt& robots = robots_of(self);
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
    // Safe without the GIL: `items`, `names` and the caller's `self` keep every viewed
    // object alive, and RobotsTxt is immutable (its const members share no state).
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

py::object crawl_delay(py::handle self, py::handle agent) {
  const RobotsTxt& robots = robots_of(self);
  if (!is_single_text(agent)) throw_not_text(agent, {"agent"});
  std::string storage;
  const std::optional<double> delay = robots.crawl_delay(text_of(agent, {"agent"}, storage));
  return delay ? py::object(py::float_(*delay)) : py::none();
}

py::list sitemaps(py::handle self) {
  py::list result;
  for (const std::string_view url : robots_of(self).sitemaps()) result.append(to_python(url));
  return result;
}

py::list directives(py::handle self) {
  py::list result;
  for (const robotstxt::Directive& directive : robots_of(self).directives()) {
    const py::object group =
        directive.group >= 0 ? py::object(py::int_(directive.group)) : py::none();
    result.append(directive_type(py::int_(directive.line), to_python(directive.key),
                                 to_python(directive.value), group));
  }
  return result;
}

std::string repr_of(py::handle self) {
  const RobotsTxt& robots = robots_of(self);
  return "<RobotsTxt " + std::to_string(robots.line_count()) + " lines, " +
         std::to_string(robots.groups().size()) + " groups, " +
         std::to_string(robots.sitemaps().size()) + " sitemaps>";
}

void add_fast_allowed(py::handle robots_class, const char* doc) {
  static PyMethodDef method = {
      "allowed", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(&allowed_fastcall)),
      METH_FASTCALL | METH_KEYWORDS, doc};
  PyObject* descriptor =
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(robots_class.ptr()), &method);
  if (descriptor == nullptr) throw py::error_already_set();
  robots_class.attr("allowed") = py::reinterpret_steal<py::object>(descriptor);
}

constexpr const char* kAllowedDoc =
    "allowed(url: str | bytes, agent: str | bytes | Sequence[str | bytes]) -> bool\n\n"
    "May `agent` fetch `url`? `agent` is one name or a sequence of names for one\n"
    "crawler (its token and aliases): a group applies if it names any of them.\n"
    "Raises TypeError for non-text arguments and ValueError for an empty sequence.";

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

  const py::module_ results = py::module_::import("robotstxt._results");
  verdict_type = py::object(results.attr("Verdict")).release();
  directive_type = py::object(results.attr("Directive")).release();

  py::class_<RobotsTxt> robots_class(
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
      .def(py::init(&parse_body), py::arg("body"),
           "RobotsTxt(body: bytes | str)\n\n"
           "Parse `body` (bytes or str). Any content is accepted; only the first\n"
           "MAX_BODY_BYTES bytes count. Raises TypeError for other types.")
      .def("verdict", &verdict, py::arg("url"), py::arg("agent"),
           "verdict(url: str | bytes, agent: str | bytes | Sequence[str | bytes]) -> Verdict\n\n"
           "Like allowed(), with the decisive rule: its line, kind, pattern and strength.")
      .def("allowed_many", &allowed_many, py::arg("urls"), py::arg("agent"),
           "allowed_many(urls: Iterable[str | bytes], agent: str | bytes | Sequence[str | "
           "bytes])\n    -> list[bool]\n\n"
           "allowed() for each URL of the sequence `urls`, in order. Releases the GIL while\n"
           "matching, so threads checking URLs in batches run in parallel.")
      .def("crawl_delay", &crawl_delay, py::arg("agent"),
           "crawl_delay(agent: str | bytes) -> float | None\n\n"
           "Crawl-delay in seconds for `agent`: from a group naming it if one has a valid\n"
           "value, else from a '*' group; None when there is none. Google ignores it.")
      .def_property_readonly("sitemaps", &sitemaps,
                             "Sitemap URLs in file order, as written (list[str]).")
      .def_property_readonly("directives", &directives,
                             "Every other directive (Crawl-delay, Host, unknown keys...) in "
                             "file order (list[Directive]).")
      .def_property_readonly(
          "line_count", [](py::handle self) { return robots_of(self).line_count(); },
          "Number of lines in the body.")
      .def_property_readonly(
          "memory_usage", [](py::handle self) { return robots_of(self).memory_usage(); },
          "Bytes this object holds in memory.")
      .def("__repr__", &repr_of);
  add_fast_allowed(robots_class, kAllowedDoc);
}
