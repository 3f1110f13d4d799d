// Python arguments as the bytes the C++ library takes, and its text back as Python str,
// for the bindings in bindings.cc. Every function needs the GIL.
#ifndef ROBOTSTXT_PYTHON_ARGUMENTS_H_
#define ROBOTSTXT_PYTHON_ARGUMENTS_H_

#include <pybind11/pybind11.h>

#include <cstddef>
#include <forward_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "robotstxt/agent.h"
#include "robotstxt/owned_agent.h"

namespace robotstxt::python {

namespace py = pybind11;

/// Names an argument in error messages: "url", or "urls[3]" for an item of a sequence.
/// Only turned into text when an error is raised, since the hot path passes one per call.
struct ArgumentName {
  const char* name;
  std::ptrdiff_t index = -1;

  [[nodiscard]] std::string text() const;
};

/// The name of `obj`'s type, for error messages ("int", "NoneType").
[[nodiscard]] std::string type_name(py::handle obj);

/// Raises TypeError: "<what> must be str or bytes, not <type>".
[[noreturn]] void throw_not_text(py::handle obj, ArgumentName what);

/// True for the argument types that are one piece of text: str, bytes, bytearray.
[[nodiscard]] bool is_single_text(py::handle obj);

/// text_of() for the arguments that are not ASCII str or bytes.
[[nodiscard]] std::string_view text_of_other(py::handle obj, ArgumentName what,
                                             std::string& storage);

/// The bytes of a str (as UTF-8; surrogate escapes become the bytes they stand for),
/// bytes, bytearray or memoryview argument. A view into the object when it is immutable
/// (str's cached UTF-8 form, a bytes buffer), valid as long as the caller's reference;
/// otherwise a copy in `storage`, which must then outlive the view. Raises TypeError for
/// other types and UnicodeEncodeError for a str with unpaired surrogates.
[[nodiscard]] inline std::string_view text_of(py::handle obj, ArgumentName what,
                                              std::string& storage) {
  // Inline for the two types nearly every URL and agent has: an ASCII str is its own
  // UTF-8, and bytes are used as they are.
  PyObject* object = obj.ptr();
  if (PyUnicode_CheckExact(object) && PyUnicode_IS_COMPACT_ASCII(object)) {
    return {static_cast<const char*>(PyUnicode_DATA(object)),
            static_cast<std::size_t>(PyUnicode_GET_LENGTH(object))};
  }
  if (PyBytes_CheckExact(object)) {
    return {PyBytes_AS_STRING(object), static_cast<std::size_t>(PyBytes_GET_SIZE(object))};
  }
  return text_of_other(obj, what, storage);
}

/// Text from the library as str: UTF-8 decoded with errors="surrogateescape", so that
/// `.encode("utf-8", "surrogateescape")` gives back exactly the bytes of the file.
[[nodiscard]] py::str to_python(std::string_view text);

/// The items of `obj` in a new tuple: other threads changing the original list cannot
/// then free an item we hold a view into. str and bytes are refused even though they are
/// iterable (a URL list of single characters is always a mistake): TypeError with
/// "<not_a_sequence_message>, not <type>".
[[nodiscard]] py::tuple tuple_of(py::handle obj, const char* not_a_sequence_message);

/// Views of text arguments (text_of()), keeping alive the copies that some of them need
/// (bytearray, memoryview, surrogate-escaped str). Costs no allocation while no argument
/// needs a copy, which is the common case: str and bytes are viewed in place.
class TextViews {
 public:
  /// text_of(obj, what), valid as long as both `obj` and this object.
  [[nodiscard]] std::string_view view(py::handle obj, ArgumentName what);

 private:
  std::forward_list<std::string> copies_;  // a list: adding a copy never moves the others
};

/// The agent argument of allowed(), verdict() and the other questions, as the library holds
/// who asks: one name, a non-empty sequence of names (merged), or a robotstxt.Crawler of the
/// catalogue. One short name or a crawler costs no allocation. Raises TypeError for wrong
/// types, ValueError for an empty sequence or a Crawler the catalogue does not have.
[[nodiscard]] OwnedAgent agent_of(py::handle agent);

}  // namespace robotstxt::python

#endif  // ROBOTSTXT_PYTHON_ARGUMENTS_H_
