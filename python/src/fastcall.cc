#include "fastcall.h"

#include <cstddef>
#include <string>

namespace robotstxt::python {

namespace {

std::string signature(const char* function, std::span<const char* const> names) {
  std::string text = std::string(function) + "(";
  for (std::size_t i = 0; i < names.size(); ++i)
    text += (i > 0 ? ", " : "") + std::string(names[i]);
  return text + ")";
}

}  // namespace

void bind_named_arguments(const char* function, std::span<const char* const> names,
                          std::span<PyObject*> bound, PyObject* const* args, Py_ssize_t positional,
                          PyObject* keyword_names) {
  if (positional < 0 || static_cast<std::size_t>(positional) > names.size()) {
    throw py::type_error(signature(function, names) + " takes " + std::to_string(names.size()) +
                         " arguments, got " + std::to_string(positional));
  }
  std::size_t given = 0;
  for (; given < static_cast<std::size_t>(positional); ++given) bound[given] = args[given];
  for (std::size_t i = given; i < names.size(); ++i) bound[i] = nullptr;
  const Py_ssize_t keywords = keyword_names != nullptr ? PyTuple_GET_SIZE(keyword_names) : 0;
  for (Py_ssize_t k = 0; k < keywords; ++k) {
    PyObject* keyword = PyTuple_GET_ITEM(keyword_names, k);
    std::size_t slot = 0;
    while (slot < names.size() && PyUnicode_CompareWithASCIIString(keyword, names[slot]) != 0) {
      ++slot;
    }
    if (slot == names.size() || bound[slot] != nullptr) {
      throw py::type_error(signature(function, names) +
                           " got an unexpected or repeated argument '" +
                           py::str(keyword).cast<std::string>() + "'");
    }
    bound[slot] = args[positional + k];
  }
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (bound[i] == nullptr) {
      throw py::type_error(signature(function, names) + " is missing its argument '" + names[i] +
                           "'");
    }
  }
}

void add_fastcall_method(py::handle python_class, PyMethodDef& method) {
  PyObject* descriptor =
      PyDescr_NewMethod(reinterpret_cast<PyTypeObject*>(python_class.ptr()), &method);
  if (descriptor == nullptr) throw py::error_already_set();
  python_class.attr(method.ml_name) = py::reinterpret_steal<py::object>(descriptor);
}

}  // namespace robotstxt::python
