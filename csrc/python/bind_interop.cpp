// Exchange with other libraries without copies: DLPack (ndarray.__dlpack__,
// __dlpack_device__, from_dlpack and CuPy's toDlpack / fromDlpack) and the CUDA array
// interface (ndarray.__cuda_array_interface__; asarray reads it).
#include "python/bindings.hpp"
#include "python/cuda_array_interface.hpp"
#include "python/dlpack_capsule.hpp"
#include "python/dlpack_exchange.hpp"

namespace cupylike::python {

void bind_interop(py::module_& m) {
  // Docstrings that start with the signature in CPython's "name(...)\n--\n\n" form, so
  // inspect.signature reads the same signatures as NumPy's.
  py::options options;
  options.disable_function_signatures();
  auto cls = py::reinterpret_borrow<py::class_<NDArray, ArrayPtr>>(m.attr("ndarray"));
  cls.def("__dlpack__", &array_dlpack, py::kw_only(), py::arg("stream") = py::none(),
          py::arg("max_version") = py::none(), py::arg("dl_device") = py::none(),
          py::arg("copy") = py::none(),
          "__dlpack__(self, /, *, stream=None, max_version=None, dl_device=None, copy=None)\n--\n\n"
          "A DLPack capsule over the array's memory ('dltensor_versioned' when max_version >= "
          "(1, 0), else 'dltensor').")
      .def("__dlpack_device__", &array_dlpack_device,
           "__dlpack_device__(self, /)\n--\n\n"
           "(device type, device id) in DLPack's terms: (1, 0) for the cpu device, (2, N) for "
           "cuda:N.")
      .def_property_readonly("__cuda_array_interface__", &cuda_array_interface,
                             "The CUDA array interface (version 3) of an array on a CUDA "
                             "device; arrays on the cpu device have none.");
  m.def("from_dlpack", &from_dlpack, py::arg("x"), py::pos_only(), py::kw_only(),
        py::arg("device") = py::none(), py::arg("copy") = py::none(),
        "from_dlpack(x, /, *, device=None, copy=None)\n--\n\n"
        "An array over the memory of any DLPack producer (zero copy on the same device).");
  m.def("fromDlpack", &from_dlpack_capsule, py::arg("dltensor"),
        "fromDlpack(dltensor)\n--\n\n"
        "CuPy's fromDlpack: an array over a DLPack capsule's tensor.");
  m.def(
      "toDlpack", [](const ArrayPtr& a) { return capsule_of(a, false, false); }, py::arg("array"),
      "toDlpack(array)\n--\n\n"
      "CuPy's toDlpack: a legacy 'dltensor' capsule over the array.");
}

}  // namespace cupylike::python
