// cupylike.RawKernel and cupylike.RawModule, with CuPy's signatures.
#include <pybind11/stl.h>

#include <chrono>

#include "core/error.hpp"
#include "jit/module_cache.hpp"
#include "jit/raw_module.hpp"
#include "jit/warning.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "python/convert.hpp"
#include "python/kernel_args.hpp"
#include "python/memory_pointer.hpp"
#include "runtime/blocking.hpp"
#include "runtime/cpu/worker_pool.hpp"
#include "runtime/cuda/cuda_module.hpp"
#include "runtime/device.hpp"
#include "runtime/launch.hpp"

namespace cupylike::python {

namespace {

std::vector<std::string> strings(py::handle seq, const char* what) {
  std::vector<std::string> out;
  if (seq.is_none()) return out;
  if (py::isinstance<py::str>(seq)) return {seq.cast<std::string>()};
  for (py::handle item : py::reinterpret_borrow<py::iterable>(seq)) {
    if (!py::isinstance<py::str>(item))
      raise(ErrorKind::type, std::string(what) + " must be strings");
    out.push_back(item.cast<std::string>());
  }
  return out;
}

void check_unsupported(const std::string& backend, bool translate_cucomplex, bool cooperative,
                       bool jitify) {
  if (backend != "nvrtc" && backend != "nvcc")
    raise(ErrorKind::value, "backend must be 'nvrtc' or 'nvcc', got '" + backend + "'");
  if (translate_cucomplex)
    raise(ErrorKind::not_implemented,
          "translate_cucomplex=True is not supported (cuComplex.h "
          "itself works on both devices)");
  if (cooperative) raise(ErrorKind::not_implemented, "cooperative launches are not supported");
  if (jitify) raise(ErrorKind::not_implemented, "jitify is not supported");
}

Dim3 dims(py::handle obj, const char* what) {
  DimVector v = ints_from_py(obj, what);
  if (v.empty() || v.size() > 3)
    raise(ErrorKind::value, std::string(what) + " must be an int or a tuple of 1 to 3 ints");
  // Zero passes on: the launch check reports it as a GPU would.
  for (int64_t d : v)
    if (d < 0 || d > 0xffffffffll)
      raise(ErrorKind::value, std::string(what) +
                                  " dimensions must be between 0 and 2**32 - 1, got " +
                                  std::to_string(d));
  return Dim3{unsigned(v[0]), unsigned(v.size() > 1 ? v[1] : 1), unsigned(v.size() > 2 ? v[2] : 1)};
}

/// A kernel of a module; compiled for a device on its first launch there.
struct Kernel {
  std::shared_ptr<RawModule> module;
  std::string name;
  std::shared_ptr<LoadedKernel> last;  // the device of the latest call, kept for speed

  LoadedKernel& on(Device d) {
    if (!last || last->device != d) {
      py::gil_scoped_release unlocked;  // compiling takes a while; other threads go on
      last = module->kernel(d, name);
    }
    return *last;
  }

  void call(py::handle grid, py::handle block, py::handle args, size_t shared_mem,
            py::handle stream) {
    Device d = current_device();
    const LoadedKernel& k = on(d);
    LaunchDims config{dims(grid, "grid"), dims(block, "block")};
    const Stream& s = stream_or_current(stream, d);
    KernelArgs packed(args, d, k.param_sizes, k.param_kinds, name);
    py::gil_scoped_release unlocked;
    k.launch(config, shared_mem, s, packed.pointers());
  }

  py::dict attributes() { return attributes_dict(on(current_device()).attributes()); }

  size_t max_dynamic_shared() { return on(current_device()).max_dynamic_shared.load(); }
  void set_max_dynamic_shared(long long bytes) {
    on(current_device()).set_max_dynamic_shared(bytes);
  }
};

std::shared_ptr<RawModule> make_module(py::handle code, py::handle path, py::handle options,
                                       py::handle name_expressions) {
  if (code.is_none() == path.is_none()) raise(ErrorKind::type, "give exactly one of code and path");
  if (!path.is_none()) return RawModule::from_file(py::str(path));
  return std::make_shared<RawModule>(code.cast<std::string>(), strings(options, "options"),
                                     strings(name_expressions, "name_expressions"));
}

// Benchmark hooks: the three levels of the compile cache, timed in C++.
double cpu_module_lookup_seconds(const std::string& code, const std::string& kernel, int level) {
  jit::HostModuleSpec spec{code, "bench.cu", {}, {kernel}};
  py::gil_scoped_release unlocked;
  auto t0 = std::chrono::steady_clock::now();
  if (level == 0) {  // memory: the map of loaded modules
    jit::cpu_module(spec);
  } else {  // disk (level 1: the file must exist) or compiler (level 2)
    cpu::CpuModule module(jit::host_compile(spec, jit::host_module_key(spec)), spec.kernels);
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

void bind_kernel(py::module_& m) {
  // Compilers run without the GIL, whichever binding reached them.
  set_blocking_hooks(
      []() -> void* {
        if (!Py_IsInitialized() || !PyGILState_Check()) return nullptr;
        return PyEval_SaveThread();
      },
      [](void* state) { PyEval_RestoreThread(static_cast<PyThreadState*>(state)); });
  // The compilers' warnings (a cache folder that cannot be used) as RuntimeWarnings, from
  // whichever thread compiles. A filter that turns them into errors cannot raise from inside
  // a compile: the error is reported as unraisable instead.
  jit::set_warning_hook([](const std::string& message) {
    if (!Py_IsInitialized()) return;
    PyGILState_STATE state = PyGILState_Ensure();
    if (PyErr_WarnEx(PyExc_RuntimeWarning, message.c_str(), 1) != 0) PyErr_WriteUnraisable(nullptr);
    PyGILState_Release(state);
  });
  m.def(
      "_launch_dims",
      [](int64_t items, int64_t work, int64_t block, int64_t per_thread, int64_t max_blocks) {
        const LaunchDims d =
            launch_dims(current_device(), items, work, block, per_thread, max_blocks);
        return py::make_tuple(d.grid.x, d.block.x);
      },
      py::arg("items"), py::arg("work") = 0, py::arg("block") = 256, py::arg("per_thread") = 1,
      py::arg("max_blocks") = int64_t(1) << 20,
      "(grid, block) of the library's launch policy on the current device "
      "(runtime/launch.hpp).");
  m.def(
      "_cpu_workers", [] { return cpu::WorkerPool::instance().threads(); },
      "The cpu device's worker threads (CUPYLIKE_CPU_THREADS, else the CPUs it may use).");
  m.def("_cpu_module_lookup_seconds", &cpu_module_lookup_seconds, py::arg("code"),
        py::arg("kernel"), py::arg("level"),
        "Benchmark: seconds to get a cpu module from memory (0), disk (1) or the compiler (2).");
  py::class_<Kernel, std::shared_ptr<Kernel>>(m, "RawKernel", R"doc(
RawKernel(code, name, options=(), backend='nvrtc', translate_cucomplex=False,
          enable_cooperative_groups=False, jitify=False)

A CUDA C++ kernel from source, as CuPy's RawKernel. Call it as
``kernel(grid, block, args, shared_mem=0, stream=None)`` on the current device: NVRTC compiles
it for a GPU, the host compiler for the cpu device. Arrays pass their data pointer; NumPy
scalars keep their C type; Python ints and floats take the size of their parameter.)doc")
      .def(py::init([](const std::string& code, const std::string& name, py::handle options,
                       const std::string& backend, bool translate_cucomplex, bool cooperative,
                       bool jitify) {
             check_unsupported(backend, translate_cucomplex, cooperative, jitify);
             auto module = std::make_shared<RawModule>(code, strings(options, "options"),
                                                       std::vector<std::string>{});
             return std::make_shared<Kernel>(Kernel{module, name, nullptr});
           }),
           py::arg("code"), py::arg("name"), py::arg("options") = py::tuple(),
           py::arg("backend") = "nvrtc", py::arg("translate_cucomplex") = false,
           py::arg("enable_cooperative_groups") = false, py::arg("jitify") = false)
      .def("__call__", &Kernel::call, py::arg("grid"), py::arg("block"), py::arg("args"),
           py::kw_only(), py::arg("shared_mem") = 0, py::arg("stream") = py::none())
      .def_property_readonly("name", [](const Kernel& k) { return k.name; })
      .def_property_readonly("code", [](const Kernel& k) { return k.module->code(); })
      .def_property_readonly(
          "options", [](const Kernel& k) { return py::tuple(py::cast(k.module->options())); })
      .def_property_readonly("attributes", &Kernel::attributes)
      .def_property("max_dynamic_shared_size_bytes", &Kernel::max_dynamic_shared,
                    &Kernel::set_max_dynamic_shared,
                    "Dynamic shared memory a launch may ask for (48 KiB unless set higher).")
      // The item is read into an object here: an accessor returned as is would be read after
      // its temporary dict is freed.
      .def_property_readonly(
          "max_threads_per_block",
          [](Kernel& k) -> py::object { return k.attributes()["max_threads_per_block"]; })
      .def_property_readonly("num_regs",
                             [](Kernel& k) -> py::object { return k.attributes()["num_regs"]; })
      .def(
          "compile", [](Kernel& k, py::handle) { k.on(current_device()); },
          py::arg("log_stream") = py::none(), "Compiles for the current device now.");

  py::class_<RawModule, std::shared_ptr<RawModule>>(m, "RawModule", R"doc(
RawModule(*, code=None, path=None, options=(), backend='nvrtc', translate_cucomplex=False,
          enable_cooperative_groups=False, name_expressions=None, jitify=False)

Several kernels from one source (or, on CUDA devices, a compiled CUBIN/PTX file), as CuPy's
RawModule: ``get_function(name)`` for extern "C" kernels and for template instantiations
listed in name_expressions (``'f<float>'``), ``get_global(name)`` for global variables.)doc")
      .def(py::init([](py::handle code, py::handle path, py::handle options,
                       const std::string& backend, bool translate_cucomplex, bool cooperative,
                       py::handle name_expressions, bool jitify) {
             check_unsupported(backend, translate_cucomplex, cooperative, jitify);
             return make_module(code, path, options, name_expressions);
           }),
           py::kw_only(), py::arg("code") = py::none(), py::arg("path") = py::none(),
           py::arg("options") = py::tuple(), py::arg("backend") = "nvrtc",
           py::arg("translate_cucomplex") = false, py::arg("enable_cooperative_groups") = false,
           py::arg("name_expressions") = py::none(), py::arg("jitify") = false)
      .def(
          "get_function",
          [](std::shared_ptr<RawModule> self, const std::string& name) {
            auto k = std::make_shared<Kernel>(Kernel{self, name, nullptr});
            k->on(current_device());  // fail here, as CuPy does, for a name that is not there
            return k;
          },
          py::arg("name"))
      .def(
          "get_global",
          [](RawModule& self, const std::string& name) {
            Device d = current_device();
            std::pair<void*, size_t> g;
            {
              py::gil_scoped_release unlocked;
              g = self.global(d, name);
            }
            // The variable lives as long as the module; the pointer's memory does not own it.
            auto mem = std::make_shared<Memory>(d, g.first, g.second);
            return MemoryPointer{mem, 0, d};
          },
          py::arg("name"))
      .def(
          "compile", [](RawModule&, py::handle) {}, py::arg("log_stream") = py::none(),
          "Kernels compile on first use per device; kept for CuPy compatibility.")
      .def_property_readonly("code", &RawModule::code)
      .def_property_readonly("options",
                             [](const RawModule& m) { return py::tuple(py::cast(m.options())); });
}

}  // namespace cupylike::python
