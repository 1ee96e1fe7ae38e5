// The one place where core error kinds become Python exception types.
#include <pybind11/numpy.h>

#include "array/ndarray.hpp"
#include "core/error.hpp"
#include "python/objects.hpp"
#include "runtime/cpu/kernel_fault.hpp"
#include "runtime/interrupt.hpp"

namespace cupylike::python {

namespace {
PyObject* g_out_of_memory = nullptr;
PyObject* g_cuda_unavailable = nullptr;
PyObject* g_cuda_driver = nullptr;
PyObject* g_cuda_runtime = nullptr;
PyObject* g_axis_error = nullptr;
PyObject* g_compile_error = nullptr;
PyObject* g_kernel_error = nullptr;
PyObject* g_launch_error = nullptr;

PyObject* python_type(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::value:
      return PyExc_ValueError;
    case ErrorKind::type:
      return PyExc_TypeError;
    case ErrorKind::index:
      return PyExc_IndexError;
    case ErrorKind::key_error:
      return PyExc_KeyError;
    case ErrorKind::axis:
      return g_axis_error;
    case ErrorKind::memory:
      return PyExc_MemoryError;
    case ErrorKind::out_of_memory:
      return g_out_of_memory;
    case ErrorKind::not_implemented:
      return PyExc_NotImplementedError;
    case ErrorKind::runtime:
      return PyExc_RuntimeError;
    case ErrorKind::cuda_unavailable:
      return g_cuda_unavailable;
    case ErrorKind::cuda_driver:
      return g_cuda_driver;
    case ErrorKind::cuda_runtime:
      return g_cuda_runtime;
    case ErrorKind::compile:
      return g_compile_error;
    case ErrorKind::overflow:
      return PyExc_OverflowError;
    case ErrorKind::kernel:
      return g_kernel_error;
    case ErrorKind::launch:
      return g_launch_error;
    case ErrorKind::buffer:
      return PyExc_BufferError;
    case ErrorKind::attribute:
      return PyExc_AttributeError;
  }
  return PyExc_RuntimeError;
}

// A CompileError carrying what CuPy's CompileException does: the log, the source, the file name
// and the options, as attributes.
void set_compile_error(const CompileFailure& e) {
  py::object error = py::reinterpret_borrow<py::object>(g_compile_error)(e.what());
  error.attr("log") = e.log;
  error.attr("source") = e.source;
  error.attr("name") = e.name;
  py::tuple options(e.options.size());
  for (size_t i = 0; i < e.options.size(); ++i) options[i] = py::str(e.options[i]);
  error.attr("options") = options;
  PyErr_SetObject(g_compile_error, error.ptr());
}

PyObject* new_exception(py::module_& m, const char* qualified, const char* name, PyObject* base,
                        const char* doc) {
  PyObject* type = PyErr_NewExceptionWithDoc(qualified, doc, base, nullptr);
  if (!type) throw py::error_already_set();
  m.add_object(name, py::handle(type));
  return type;
}
}  // namespace

py::module_& numpy() {
  static py::module_* np = new py::module_(py::module_::import("numpy"));
  return *np;
}

py::handle numpy_bool_type() {
  static py::object* t = new py::object(numpy().attr("bool_"));
  return *t;
}

py::handle numpy_generic() {
  static py::object* t = new py::object(numpy().attr("generic"));
  return *t;
}

bool is_array_like(py::handle obj) {
  if (py::isinstance<NDArray>(obj)) return true;
  return py::isinstance<py::array>(obj) && py::reinterpret_borrow<py::array>(obj).ndim() > 0;
}

void bind_errors(py::module_& m) {
  g_out_of_memory = new_exception(
      m, "cupylike.cuda.memory.OutOfMemoryError", "OutOfMemoryError", PyExc_MemoryError,
      "A memory pool could not provide a block, even after freeing its cached blocks.");
  g_cuda_unavailable = new_exception(
      m, "cupylike.cuda.CUDAUnavailableError", "CUDAUnavailableError", PyExc_RuntimeError,
      "CUDA was asked for but cannot be used here (no driver, no device, or no such device).");
  g_cuda_driver = new_exception(m, "cupylike.cuda.CUDADriverError", "CUDADriverError",
                                PyExc_RuntimeError, "A CUDA driver API call failed.");
  g_cuda_runtime = new_exception(
      m, "cupylike.cuda.runtime.CUDARuntimeError", "CUDARuntimeError", PyExc_RuntimeError,
      "CuPy's error of the CUDA runtime API; raised for a device ordinal that names no device, "
      "with CUDA's message (cudaErrorInvalidDevice: invalid device ordinal).");
  g_compile_error = new_exception(
      m, "cupylike.CompileError", "CompileError", PyExc_RuntimeError,
      "A kernel's source did not compile. Attributes: log (the compiler's messages), source, "
      "name (the file name in the log) and options (what the compiler was given).");
  g_kernel_error = new_exception(m, "cupylike.cuda.KernelError", "KernelError", PyExc_RuntimeError,
                                 "A kernel failed while running: it trapped, an assert failed, its "
                                 "threads deadlocked, it faulted (a bad address, an integer "
                                 "division by zero, a stack overflow) or it ran past "
                                 "CUPYLIKE_KERNEL_TIMEOUT.");
  // A CUDADriverError, as CuPy raises for these, and a ValueError: the arguments are wrong.
  py::tuple launch_bases = py::make_tuple(py::handle(g_cuda_driver), py::handle(PyExc_ValueError));
  g_launch_error = new_exception(
      m, "cupylike.cuda.LaunchError", "LaunchError", launch_bases.ptr(),
      "A kernel launch that breaks a GPU's limits (grid, block, threads the kernel allows, "
      "shared memory); the message names the kernel and the CUDA error a GPU gives. Raised "
      "before the launch, on every device.");
  g_axis_error =
      py::object(py::module_::import("numpy.exceptions").attr("AxisError")).release().ptr();
  install_interrupt_handler();
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Interrupted&) {
      // Python's SIGINT handler, run now, raises what the user expects (KeyboardInterrupt, or
      // their own handler's exception); if it raised nothing the work was still cut short.
      if (PyErr_CheckSignals() == 0) PyErr_SetNone(PyExc_KeyboardInterrupt);
    } catch (const CompileFailure& e) {
      set_compile_error(e);
    } catch (const cpu::KernelFault& e) {
      // The kernel was cut short wherever its threads stood. A warning filter that turns the
      // warning into an error would hide the KernelError, which says more: keep the latter.
      if (PyErr_WarnEx(PyExc_RuntimeWarning,
                       "a kernel stopped part-way; memory it wrote may be inconsistent", 1) < 0)
        PyErr_Clear();
      PyErr_SetString(g_kernel_error, e.what());
    } catch (const Error& e) {
      PyErr_SetString(python_type(e.kind()), e.what());
    }
  });
}

}  // namespace cupylike::python
