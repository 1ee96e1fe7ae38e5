// cupylike.ndarray: attributes, views, host transfers and Python protocol methods.
#include <pybind11/numpy.h>

#include "array/views.hpp"
#include "core/error.hpp"
#include "core/layout.hpp"
#include "ops/copy.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/fast_array.hpp"
#include "python/gil.hpp"
#include "python/host_transfer.hpp"
#include "python/host_values.hpp"
#include "python/memory_pointer.hpp"
#include "python/objects.hpp"
#include "python/text_signature.hpp"

namespace cupylike::python {

namespace {

/// x.flags: the array's flags, readable by attribute or by NumPy's key names.
struct Flags {
  ArrayPtr a;

  bool get(const std::string& key) const {
    if (key == "C_CONTIGUOUS" || key == "C" || key == "CONTIGUOUS") return a->c_contiguous();
    if (key == "F_CONTIGUOUS" || key == "F" || key == "FORTRAN") return a->f_contiguous();
    if (key == "OWNDATA" || key == "O") return a->owndata();
    if (key == "WRITEABLE" || key == "W") return a->writeable();
    if (key == "ALIGNED" || key == "A") return true;  // allocations are 512-byte aligned
    raise(ErrorKind::key_error, key);
  }
};

DimVector shape_args(const py::args& args, const char* fn) {
  if (args.size() == 0)
    raise(ErrorKind::type, std::string(fn) + "() takes at least 1 argument (0 given)");
  if (args.size() == 1) return shape_from_py(args[0]);
  return shape_from_py(args);
}

}  // namespace

ArrayPtr reshape_array(const ArrayPtr& a, const DimVector& shape, char order, py::handle copy) {
  bool force = !copy.is_none() && truth_from_py(copy);
  bool never = !copy.is_none() && !force;
  if (!force) {
    ArrayPtr v = reshape_view(a, shape, order);
    if (v) return v;
    if (never) raise(ErrorKind::value, "Unable to avoid creating a copy while reshaping.");
  }
  if (order == 'A') order = a->f_contiguous() && !a->c_contiguous() ? 'F' : 'C';
  ArrayPtr c = copy_array_unlocked(a, order, *current_stream(a->device()), a->dtype());
  return reshape_view(c, shape, order);
}

ArrayPtr ravel_array(const ArrayPtr& a, char order) {
  ArrayPtr out;
  const Stream& stream = *current_stream(a->device());
  unlocked_if_large(2 * a->nbytes(), [&] { out = ravel(a, order, stream); });
  return out;
}

namespace {

// NumPy's own scalar conversion errors, without downloading arrays of more than one element:
// NumPy raises on a zero-copy stand-in of the same shape.
py::object host_for_scalar(const ArrayPtr& a) {
  if (a->size() == 1) return to_numpy(a, 'C', py::none(), *current_stream(a->device()));
  py::object zero = numpy().attr("zeros")(py::tuple(), dtype_to_py(a->dtype()));
  return numpy().attr("broadcast_to")(zero, tuple_from(a->shape()));
}

ArrayPtr construct(py::handle shape, py::handle dtype, py::handle memptr, py::handle strides,
                   py::handle order_obj) {
  DimVector dims = shape_from_py(shape);
  DType dt = dtype_or(dtype, DType::float64);
  char order = order_from_py(order_obj, 'C', "CF");
  if (memptr.is_none()) {
    if (!strides.is_none())
      raise(ErrorKind::value, "strides can only be given together with memptr");
    return empty(current_device(), dt, dims, order);
  }
  const MemoryPointer& p = memptr.cast<const MemoryPointer&>();
  int isz = itemsize(dt);
  checked_size(dims, isz);
  DimVector st =
      strides.is_none() ? fill_strides(dims, isz, order) : ints_from_py(strides, "strides");
  if (st.size() != dims.size())
    raise(ErrorKind::value, "strides, if given, must be the same length as shape");
  Extent e = byte_extent(dims, st, isz);
  int64_t capacity = p.mem ? int64_t(p.mem->size()) : 0;
  if (shape_size(dims) > 0 && (p.offset + e.lo < 0 || p.offset + e.hi > capacity))
    raise(ErrorKind::value,
          "strides is incompatible with shape of requested array and size of buffer");
  return std::make_shared<NDArray>(p.mem, p.device, NDArray::Layout{dt, dims, st, p.offset},
                                   nullptr);
}

void bind_flags(py::module_& m) {
  py::class_<Flags>(m, "flagsobj")
      .def_property_readonly("c_contiguous", [](const Flags& f) { return f.a->c_contiguous(); })
      .def_property_readonly("f_contiguous", [](const Flags& f) { return f.a->f_contiguous(); })
      .def_property_readonly("owndata", [](const Flags& f) { return f.a->owndata(); })
      .def_property_readonly("aligned", [](const Flags&) { return true; })
      .def_property(
          "writeable", [](const Flags& f) { return f.a->writeable(); },
          [](Flags& f, bool w) { f.a->set_writeable(w); })
      .def("__getitem__", &Flags::get)
      .def("__setitem__",
           [](Flags& f, const std::string& key, bool value) {
             if (key != "WRITEABLE" && key != "W")
               raise(ErrorKind::key_error, "cannot set flag " + key);
             f.a->set_writeable(value);
           })
      .def("__repr__", [](const Flags& f) {
        auto b = [](bool v) { return v ? "True" : "False"; };
        return std::string("  C_CONTIGUOUS : ") + b(f.a->c_contiguous()) +
               "\n  F_CONTIGUOUS : " + b(f.a->f_contiguous()) +
               "\n  OWNDATA : " + b(f.a->owndata()) + "\n  WRITEABLE : " + b(f.a->writeable()) +
               "\n  ALIGNED : True";
      });
}

void bind_attributes(py::class_<NDArray, ArrayPtr>& cls) {
  cls.def_property_readonly("shape", [](const NDArray& a) { return tuple_from(a.shape()); })
      .def_property_readonly("strides", [](const NDArray& a) { return tuple_from(a.strides()); })
      .def_property_readonly("dtype", [](const NDArray& a) { return dtype_to_py(a.dtype()); })
      .def_property_readonly("ndim", &NDArray::ndim)
      .def_property_readonly("size", &NDArray::size)
      .def_property_readonly("itemsize", &NDArray::itemsize)
      .def_property_readonly("nbytes", &NDArray::nbytes)
      .def_property_readonly("device", &NDArray::device)
      .def_property_readonly("base", [](const NDArray& a) { return a.base(); })
      .def_property_readonly("flags", [](const ArrayPtr& a) { return Flags{a}; })
      .def_property_readonly("data",
                             [](const NDArray& a) {
                               return MemoryPointer{a.memory(), a.offset(), a.device()};
                             })
      .def_property_readonly("T", [](const ArrayPtr& a) { return transpose(a); })
      .def_property_readonly("mT", [](const ArrayPtr& a) {
        if (a->ndim() < 2) raise(ErrorKind::value, "matrix transpose with ndim < 2 is undefined");
        return swapaxes(a, -1, -2);
      });
}

void bind_view_methods(py::class_<NDArray, ArrayPtr>& cls) {
  cls.def(
         "reshape",
         [](const ArrayPtr& a, py::args args, py::handle order, py::handle copy) {
           return reshape_array(a, shape_args(args, "reshape"), order_from_py(order, 'C', "CFA"),
                                copy);
         },
         py::kw_only(), py::arg("order") = "C", py::arg("copy") = py::none())
      .def(
          "ravel",
          [](const ArrayPtr& a, py::handle order) {
            return ravel_array(a, order_from_py(order, 'C'));
          },
          py::arg("order") = "C")
      .def("transpose",
           [](const ArrayPtr& a, py::args args) {
             if (args.size() == 0 || (args.size() == 1 && args[0].is_none())) return transpose(a);
             return transpose(
                 a, args.size() == 1 ? ints_from_py(args[0], "axes") : ints_from_py(args, "axes"));
           })
      .def("swapaxes", &swapaxes, py::arg("axis1"), py::arg("axis2"))
      .def(
          "squeeze",
          [](const ArrayPtr& a, py::handle axis) {
            if (axis.is_none()) return squeeze(a, nullptr);
            DimVector axes = ints_from_py(axis, "axis");
            return squeeze(a, &axes, !PyTuple_Check(axis.ptr()));
          },
          py::arg("axis") = py::none())
      .def(
          "view",
          [](const ArrayPtr& a, py::handle dtype) {
            return view_as(a, dtype.is_none() ? a->dtype() : dtype_from_py(dtype));
          },
          py::arg("dtype") = py::none());
}

void bind_transfer_methods(py::class_<NDArray, ArrayPtr>& cls) {
  cls.def(
         "get",
         [](const ArrayPtr& a, py::handle stream, py::handle order, py::handle out, bool) {
           const Stream& s = stream_or_current(stream, a->device());
           return to_numpy(a, order_from_py(order, 'C'), out, s);
         },
         py::arg("stream") = py::none(), py::arg("order") = "C", py::arg("out") = py::none(),
         py::arg("blocking") = true,
         "A NumPy copy on the host (order 'C', 'F', 'A' or 'K'), or written into `out`.\n"
         "Always blocks until the data has arrived.")
      .def(
          "set",
          [](const ArrayPtr& a, py::handle arr, py::handle stream) {
            set_from_numpy(a, arr, stream_or_current(stream, a->device()));
          },
          py::arg("arr"), py::arg("stream") = py::none(),
          "Copies a NumPy array of the same shape and dtype into this array.")
      .def(
          "copy",
          [](const ArrayPtr& a, py::handle order) {
            return copy_array_unlocked(a, order_from_py(order, 'C'), *current_stream(a->device()),
                                       a->dtype());
          },
          py::arg("order") = "C", "A copy laid out for `order` ('C', 'F', 'A' or 'K').")
      .def("__copy__",
           [](const ArrayPtr& a) {
             return copy_array_unlocked(a, 'K', *current_stream(a->device()), a->dtype());
           })
      .def("__deepcopy__",
           [](const ArrayPtr& a, py::handle) {
             return copy_array_unlocked(a, 'K', *current_stream(a->device()), a->dtype());
           })
      .def("tolist", [](const ArrayPtr& a) {
        return to_numpy(a, 'C', py::none(), *current_stream(a->device())).attr("tolist")();
      });
}

void bind_protocols(py::class_<NDArray, ArrayPtr>& cls) {
  py::options options;
  options.disable_function_signatures();  // the docstrings carry NumPy's (text_signature.hpp)
  cls.def(
         "__len__",
         [](const NDArray& a) {
           if (a.ndim() == 0) raise(ErrorKind::type, "len() of unsized object");
           return a.shape()[0];
         },
         with_signature("__len__(self, /)", "The length of the first axis.").c_str())
      .def(
          "__iter__",
          [](const ArrayPtr& a) {
            if (a->ndim() == 0) raise(ErrorKind::type, "iteration over a 0-d array");
            py::list items;
            for (int64_t i = 0; i < a->shape()[0]; ++i)
              items.append(basic_index(a, {IndexItem{IndexItem::integer, i}}));
            return py::iter(items);
          },
          with_signature("__iter__(self, /)", "The subarrays along the first axis.").c_str())
      .def(
          "__array__",
          [](const NDArray&, py::args, py::kwargs) {
            raise(ErrorKind::type,
                  "Implicit conversion to a NumPy array is not allowed. Please use `.get()` or "
                  "`cupylike.asnumpy()` to construct a NumPy array explicitly.");
          },
          with_signature("__array__(self, dtype=None, /, *, copy=None)",
                         "Refused: device data does not convert implicitly (TypeError).")
              .c_str())
      .def(
          "__bool__", [](const ArrayPtr& a) { return host_for_scalar(a).attr("__bool__")(); },
          with_signature("__bool__(self, /)", "The element of a one-element array.").c_str())
      .def(
          "__int__", [](const ArrayPtr& a) { return host_for_scalar(a).attr("__int__")(); },
          with_signature("__int__(self, /)", "The element of a one-element array.").c_str())
      .def(
          "__float__", [](const ArrayPtr& a) { return host_for_scalar(a).attr("__float__")(); },
          with_signature("__float__(self, /)", "The element of a one-element array.").c_str())
      .def(
          "__complex__", [](const ArrayPtr& a) { return host_for_scalar(a).attr("__complex__")(); },
          with_signature("__complex__(self, /)", "The element of a one-element array.").c_str())
      .def(
          "__index__", [](const ArrayPtr& a) { return host_for_scalar(a).attr("__index__")(); },
          with_signature("__index__(self, /)", "The element of a one-element array.").c_str())
      .def(
          "__repr__",
          [](const ArrayPtr& a) {
            return py::repr(to_numpy(a, 'K', py::none(), *current_stream(a->device())));
          },
          with_signature("__repr__(self, /)", "NumPy's repr of the elements.").c_str())
      .def(
          "__str__",
          [](const ArrayPtr& a) {
            return py::str(to_numpy(a, 'K', py::none(), *current_stream(a->device())));
          },
          with_signature("__str__(self, /)", "NumPy's str of the elements.").c_str());
  cls.attr("__hash__") = py::none();  // like NumPy arrays: mutable, so unhashable
}

}  // namespace

ArrayPtr array_arg(py::handle obj, const char* function) {
  if (!py::isinstance<NDArray>(obj))
    raise(ErrorKind::type, std::string(function) + "() expects a cupylike.ndarray, got " +
                               Py_TYPE(obj.ptr())->tp_name +
                               " (move host data with cupylike.asarray first)");
  return obj.cast<ArrayPtr>();
}

void bind_ndarray(py::module_& m) {
  bind_flags(m);
  py::class_<NDArray, ArrayPtr> cls(m, "ndarray", R"doc(
ndarray(shape, dtype=float, memptr=None, strides=None, order='C')

An n-dimensional array in device memory, with NumPy's attributes (shape, strides in bytes,
dtype, flags, base) and views. Move data with cupylike.asarray and cupylike.asnumpy / .get().)doc");
  cls.def(py::init(&construct), py::arg("shape"), py::arg("dtype") = py::none(),
          py::arg("memptr") = py::none(), py::arg("strides") = py::none(), py::arg("order") = "C");
  set_ndarray_type(reinterpret_cast<PyTypeObject*>(cls.ptr()));
  bind_attributes(cls);
  bind_view_methods(cls);
  bind_transfer_methods(cls);
  bind_array_methods(cls);
  bind_indexing_methods(cls);
  bind_protocols(cls);
}

}  // namespace cupylike::python
