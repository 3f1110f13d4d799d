// Conversions shared by the compiled classes of the package (bindings.cc, client.cc):
// a Crawler argument to the catalogue's C++ crawler, a C++ Verdict to the Verdict tuple.
// Both need the GIL and the module's result types, set when the module is imported.
#ifndef ROBOTSTXT_PYTHON_RESULTS_H_
#define ROBOTSTXT_PYTHON_RESULTS_H_

#include <pybind11/pybind11.h>

#include "robotstxt/crawler_catalogue.h"
#include "robotstxt/verdict.h"

namespace robotstxt::python {

namespace py = pybind11;

/// The C++ crawler of a robotstxt.Crawler tuple, found again by its name; nullptr when
/// `obj` is not a Crawler (then it is an agent argument). Raises ValueError for a Crawler
/// the catalogue does not have.
[[nodiscard]] const Crawler* crawler_of(py::handle obj);

/// `verdict` as a robotstxt.Verdict tuple (copies its views).
[[nodiscard]] py::object verdict_tuple(const Verdict& verdict);

#ifdef ROBOTSTXT_PYTHON_FETCH
/// Adds robotstxt.RobotsClient (client.cc) to `module`: built only with the fetch library.
void add_robots_client(py::module_& module);
#endif

}  // namespace robotstxt::python

#endif  // ROBOTSTXT_PYTHON_RESULTS_H_
