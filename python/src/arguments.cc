#include "arguments.h"

#include <Python.h>

#include <utility>

#include "results.h"

namespace robotstxt::python {

std::string ArgumentName::text() const {
  return index < 0 ? name : std::string(name) + "[" + std::to_string(index) + "]";
}

std::string type_name(py::handle obj) { return Py_TYPE(obj.ptr())->tp_name; }

void throw_not_text(py::handle obj, ArgumentName what) {
  throw py::type_error(what.text() + " must be str or bytes, not " + type_name(obj));
}

bool is_single_text(py::handle obj) {
  return PyUnicode_Check(obj.ptr()) || PyBytes_Check(obj.ptr()) || PyByteArray_Check(obj.ptr());
}

std::string_view text_of_other(py::handle obj, ArgumentName what, std::string& storage) {
  PyObject* object = obj.ptr();
  if (PyUnicode_Check(object)) {
    Py_ssize_t size = 0;
    if (const char* utf8 = PyUnicode_AsUTF8AndSize(object, &size)) {
      return {utf8, static_cast<std::size_t>(size)};
    }
    // Lone surrogates (e.g. from decoding with surrogateescape) have no UTF-8 form;
    // surrogateescape maps them back to the bytes they stand for. Others raise
    // UnicodeEncodeError, which is a ValueError.
    PyErr_Clear();
    PyObject* encoded = PyUnicode_AsEncodedString(object, "utf-8", "surrogateescape");
    if (encoded == nullptr) throw py::error_already_set();
    const auto holder = py::reinterpret_steal<py::bytes>(encoded);
    storage.assign(PyBytes_AS_STRING(encoded), static_cast<std::size_t>(PyBytes_GET_SIZE(encoded)));
    return storage;
  }
  if (PyBytes_Check(object)) {
    return {PyBytes_AS_STRING(object), static_cast<std::size_t>(PyBytes_GET_SIZE(object))};
  }
  if (PyByteArray_Check(object) || PyMemoryView_Check(object)) {
    // Mutable buffers: copy, so that the bytes cannot change under a released GIL.
    Py_buffer buffer;
    if (PyObject_GetBuffer(object, &buffer, PyBUF_SIMPLE) != 0) throw py::error_already_set();
    storage.assign(static_cast<const char*>(buffer.buf), static_cast<std::size_t>(buffer.len));
    PyBuffer_Release(&buffer);
    return storage;
  }
  throw_not_text(obj, what);
}

py::str to_python(std::string_view text) {
  PyObject* decoded =
      PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
  if (decoded == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(decoded);
}

py::tuple tuple_of(py::handle obj, const char* not_a_sequence_message) {
  if (!is_single_text(obj)) {
    if (PyObject* tuple = PySequence_Tuple(obj.ptr())) {
      return py::reinterpret_steal<py::tuple>(tuple);
    }
    PyErr_Clear();
  }
  throw py::type_error(std::string(not_a_sequence_message) + ", not " + type_name(obj));
}

std::string_view TextViews::view(py::handle obj, ArgumentName what) {
  std::string copy;
  const std::string_view text = text_of(obj, what, copy);
  if (text.data() != copy.data()) return text;  // a view into `obj` itself
  return copies_.emplace_front(std::move(copy));
}

OwnedAgent agent_of(py::handle agents) {
  if (const Crawler* crawler = crawler_of(agents)) return OwnedAgent(*crawler);
  std::string copy;
  if (is_single_text(agents)) return OwnedAgent(std::string(text_of(agents, {"agent"}, copy)));
  const py::tuple items = tuple_of(agents, "agent must be str, bytes or a sequence of them");
  if (items.empty()) {
    throw py::value_error("agent must name at least one agent; got an empty sequence");
  }
  std::vector<std::string> names;
  names.reserve(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    names.emplace_back(text_of(items[i], {"agent", static_cast<std::ptrdiff_t>(i)}, copy));
  }
  return OwnedAgent(std::move(names));
}

}  // namespace robotstxt::python
