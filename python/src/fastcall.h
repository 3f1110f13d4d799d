// Methods called through CPython's vectorcall protocol (METH_FASTCALL | METH_KEYWORDS)
// instead of pybind11's dispatcher, for the calls where the dispatcher would cost more
// than the work (allowed(), allowed_many()) or where it does the wrong thing (__init__,
// which pybind11 silently skips on an object already initialised).
#ifndef ROBOTSTXT_PYTHON_FASTCALL_H_
#define ROBOTSTXT_PYTHON_FASTCALL_H_

#include <Python.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <exception>
#include <new>
#include <span>

namespace robotstxt::python {

namespace py = pybind11;

/// bind_arguments() for calls with keywords or the wrong number of arguments.
void bind_named_arguments(const char* function, std::span<const char* const> names,
                          std::span<PyObject*> bound, PyObject* const* args, Py_ssize_t positional,
                          PyObject* keyword_names);

/// Matches the positional and keyword arguments of a vectorcall to `names`, in order,
/// into `bound` (same size as `names`). Every argument is required. Raises TypeError,
/// naming `function`, for a missing, unknown, repeated or extra argument.
inline void bind_arguments(const char* function, std::span<const char* const> names,
                           std::span<PyObject*> bound, PyObject* const* args, Py_ssize_t positional,
                           PyObject* keyword_names) {
  // The common call, every argument by position, without the general loop.
  if (keyword_names == nullptr && static_cast<std::size_t>(positional) == names.size()) {
    for (std::size_t i = 0; i < names.size(); ++i) bound[i] = args[i];
    return;
  }
  bind_named_arguments(function, names, bound, args, positional, keyword_names);
}

/// Runs `call` (returning a new reference) and turns a C++ exception into the Python
/// exception pybind11 would raise for it, returning nullptr then.
template <typename Call>
PyObject* translating_exceptions(Call&& call) noexcept {
  try {
    return call();
  } catch (py::error_already_set& error) {
    error.restore();
  } catch (const py::builtin_exception& error) {
    error.set_error();
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
  }
  return nullptr;
}

/// Sets `method` (static: the class refers to it for as long as it exists) as a method of
/// `python_class`, replacing what pybind11 put there under the same name.
void add_fastcall_method(py::handle python_class, PyMethodDef& method);

}  // namespace robotstxt::python

#endif  // ROBOTSTXT_PYTHON_FASTCALL_H_
