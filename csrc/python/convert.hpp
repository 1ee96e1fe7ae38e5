#pragma once
/// Python objects to core values and back: dtypes (as numpy.dtype objects), shapes, axes,
/// devices and basic indices. Each raises the exception NumPy raises for the same argument.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <optional>
#include <string>
#include <vector>

#include "core/dim_vector.hpp"
#include "core/dtype.hpp"
#include "runtime/device.hpp"

namespace cupylike::python {

namespace py = pybind11;

/// A dtype from anything numpy.dtype accepts; TypeError for dtypes cupylike does not have.
DType dtype_from_py(py::handle obj);
/// dtype_from_py, with None meaning `fallback`.
DType dtype_or(py::handle obj, DType fallback);
/// The numpy.dtype object for a dtype (cached, so `x.dtype` allocates nothing).
py::object dtype_to_py(DType dtype);

/// An int or a sequence of ints (anything with __index__) as a shape or list of axes.
DimVector ints_from_py(py::handle obj, const char* what);
/// A shape: ints_from_py, with NumPy's ValueError "Maximum allowed dimension exceeded" for a
/// dimension beyond int64 (the size itself is checked where the array is made).
DimVector shape_from_py(py::handle obj);
py::tuple tuple_from(const DimVector& values);

/// An integer argument (anything with __index__, as operator.index takes), or nullopt when it does
/// not fit int64; TypeError ("'float' object cannot be interpreted as an integer") for anything
/// else. Arguments go through these rather than pybind11's casts, whose failures are RuntimeErrors.
std::optional<int64_t> int64_from_py(py::handle obj);
/// int64_from_py, with Python's OverflowError beyond int64 (what NumPy's C long gives).
int64_t int_from_py(py::handle obj);
/// int64_from_py within [lo, hi]: ValueError "<what> out of range: <value>" outside it.
int64_t int_in_range(py::handle obj, const char* what, int64_t lo, int64_t hi);
/// A real number (a float, an int, anything with __float__); TypeError otherwise.
double float_from_py(py::handle obj);
/// Python's truth value (`copy=` and the like); an array of several elements raises NumPy's
/// ValueError ("The truth value of an array ... is ambiguous").
bool truth_from_py(py::handle obj);
/// A str or a sequence of str (compiler options); TypeError naming `what` otherwise.
std::vector<std::string> strings_from_py(py::handle obj, const char* what);

/// None (the current device), a Device, 'cpu' / 'cuda' / 'cuda:N', or an int (a CUDA device).
Device device_from_py(py::handle obj);

/// NumPy's like= (NEP 35) of the creation functions: cupylike's always make cupylike arrays, so
/// only None or a cupylike array is accepted (NotImplementedError naming `function` otherwise).
void check_like(py::handle like, const char* function);

/// 'C', 'F', 'A' or 'K' from a str or None (`fallback`); ValueError otherwise.
char order_from_py(py::handle obj, char fallback, const char* allowed = "CFAK");

}  // namespace cupylike::python
