// Type promotion and casting (numpy.result_type, promote_types, can_cast) over the core tables.
#include <vector>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

namespace {

WeakKind weak_kind(py::handle obj) {
  PyObject* o = obj.ptr();
  if (PyBool_Check(o)) return WeakKind::none;  // Python bool is a strong bool under NEP 50
  if (PyLong_CheckExact(o)) return WeakKind::int_;
  if (PyFloat_CheckExact(o)) return WeakKind::float_;
  if (PyComplex_CheckExact(o)) return WeakKind::complex_;
  return WeakKind::none;
}

// The dtype of an array, a NumPy scalar or a dtype-like object.
DType strong_dtype(py::handle obj) {
  if (py::isinstance<NDArray>(obj)) return obj.cast<NDArray&>().dtype();
  if (PyBool_Check(obj.ptr())) return DType::bool_;
  if (!PyType_Check(obj.ptr()) && !py::isinstance<py::dtype>(obj) && py::hasattr(obj, "dtype"))
    return dtype_from_py(obj.attr("dtype"));
  return dtype_from_py(obj);
}

py::object result_type(py::args args) {
  std::vector<DType> strong;
  std::vector<WeakKind> weak;
  for (py::handle a : args) {
    WeakKind w = weak_kind(a);
    if (w != WeakKind::none)
      weak.push_back(w);
    else
      strong.push_back(strong_dtype(a));
  }
  return dtype_to_py(cupylike::result_type(strong, weak));
}

bool can_cast(py::handle from, py::handle to, const std::string& casting) {
  if (weak_kind(from) != WeakKind::none)
    raise(ErrorKind::type,
          "can_cast() does not support Python ints, floats, and complex because the result "
          "used to depend on the value.");
  return cupylike::can_cast(strong_dtype(from), dtype_from_py(to), casting_from_string(casting));
}

}  // namespace

void bind_dtype(py::module_& m) {
  {
    py::options options;
    options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
    m.def("result_type", &result_type,
          with_signature("result_type(*arrays_and_dtypes) -> numpy.dtype",
                         "numpy.result_type: the dtype NumPy 2 gives when combining arrays, "
                         "dtypes and scalars.\nPython int, float and complex are weak (NEP 50); "
                         "arrays and NumPy scalars are not.")
              .c_str());
    m.def(
        "promote_types",
        [](py::handle a, py::handle b) {
          return dtype_to_py(cupylike::promote_types(dtype_from_py(a), dtype_from_py(b)));
        },
        py::arg("type1"), py::arg("type2"), py::pos_only(),
        with_signature("promote_types(type1, type2, /) -> numpy.dtype",
                       "numpy.promote_types: the smallest dtype both can be safely cast to.")
            .c_str());
    m.def("can_cast", &can_cast, py::arg("from_"), py::arg("to"), py::arg("casting") = "safe",
          with_signature("can_cast(from_, to, casting='safe') -> bool",
                         "numpy.can_cast for dtypes and arrays, with casting 'no', 'equiv', "
                         "'safe', 'same_kind' or 'unsafe'.")
              .c_str());
  }
  m.def(
      "_promotion_table",
      [] {
        py::dict table;
        for (int a = 0; a < kNumDTypes; ++a)
          for (int b = 0; b < kNumDTypes; ++b)
            table[py::make_tuple(dtype_name(DType(a)), dtype_name(DType(b)))] =
                dtype_name(cupylike::promote_types(DType(a), DType(b)));
        return table;
      },
      "The promotion table as {(name, name): name}, to print and diff against NumPy.");
  m.def(
      "_dtype_names",
      [] {
        py::list names;
        for (int i = 0; i < kNumDTypes; ++i) names.append(dtype_name(DType(i)));
        return names;
      },
      "The names of the dtypes cupylike supports, in the core's order.");
  m.def(
      "_c_types",
      [] {
        py::dict types;
        for (int i = 0; i < kNumDTypes; ++i) types[dtype_to_py(DType(i))] = kernel_type(DType(i));
        return types;
      },
      "{dtype: the C++ element type kernels name it by}, in the core's order (its one table).");
  m.def(
      "_compute_c_types",
      [] {
        py::dict types;
        for (int i = 0; i < kNumDTypes; ++i) types[dtype_to_py(DType(i))] = compute_type(DType(i));
        return types;
      },
      "{dtype: the C++ type kernels compute in} (float for float16, as NumPy's loops do).");
}

}  // namespace cupylike::python
