// The kernel compilers' and CUDA modules' entry points that the Python package and the tests
// use directly: the kernels/ folder, NVRTC, the cache folder, and (for tests on the emulated
// GPU) CUDA modules and launches. Underscored: not public API.
#include <pybind11/stl.h>

#include "jit/compile_notice.hpp"
#include "jit/nvrtc.hpp"
#include "jit/nvrtc_cache.hpp"
#include "jit/parallel_compile.hpp"
#include "jit/paths.hpp"
#include "python/bind_parts.hpp"
#include "python/bindings.hpp"
#include "runtime/cuda/cuda_module.hpp"

namespace cupylike::python {

namespace {

Device cuda_device(int index) { return Device{DeviceKind::cuda, index}; }

CUfunction as_function(uintptr_t handle) { return reinterpret_cast<CUfunction>(handle); }

Dim3 as_dim3(const std::vector<unsigned>& v) {
  Dim3 d;
  if (v.size() > 0) d.x = v[0];
  if (v.size() > 1) d.y = v[1];
  if (v.size() > 2) d.z = v[2];
  return d;
}

void bind_nvrtc(py::module_& m) {
  m.def(
      "_nvrtc_compile",
      [](const std::string& source, const std::string& name,
         const std::vector<std::string>& options, const std::vector<std::string>& expressions,
         int arch, bool ptx) {
        jit::NvrtcOutput out;
        {
          py::gil_scoped_release release;
          out = jit::nvrtc_compile(source, name, options, expressions, arch, ptx);
        }
        return py::make_tuple(py::bytes(out.image), out.is_cubin, out.lowered_names, out.log);
      },
      py::arg("source"), py::arg("name"), py::arg("options"), py::arg("name_expressions"),
      py::arg("arch"), py::arg("ptx"),
      "Compiles CUDA C++ with NVRTC: (image bytes, is_cubin, lowered names, log).");
  m.def(
      "_nvrtc_compile_cached",
      [](const std::string& source, const std::string& name,
         const std::vector<std::string>& options, const std::vector<std::string>& expressions,
         int arch, bool ptx) {
        std::shared_ptr<const jit::NvrtcOutput> out;
        {
          py::gil_scoped_release release;
          out = jit::nvrtc_compile_cached(source, name, options, expressions, arch, ptx);
        }
        return py::make_tuple(py::bytes(out->image), out->is_cubin, out->lowered_names, out->log);
      },
      py::arg("source"), py::arg("name"), py::arg("options"), py::arg("name_expressions"),
      py::arg("arch"), py::arg("ptx"), "_nvrtc_compile through the memory and disk caches.");
  m.def("_nvrtc_cache_key", &jit::nvrtc_cache_key);
  m.def("_set_compile_notice", &jit::set_compile_notice, py::arg("enabled"),
        "Turns the first-run compile notice on stderr on or off for this process.");
  m.def("_compile_notice_shown", &jit::compile_notice_shown,
        "Whether this process has shown the compile notice.");
  m.def("_compile_slots", &jit::compile_slots,
        "How many host compilers this process runs at once (CUPYLIKE_COMPILE_JOBS, else its "
        "CPUs).");
  m.def("_nvrtc_cache_stats", [] {
    jit::NvrtcCacheStats s = jit::nvrtc_cache_stats();
    return py::dict(py::arg("memory_hits") = s.memory_hits, py::arg("disk_hits") = s.disk_hits,
                    py::arg("compiles") = s.compiles);
  });
  m.def("_nvrtc_options", &jit::nvrtc_options, py::arg("options"), py::arg("arch"), py::arg("ptx"),
        "The full option list _nvrtc_compile passes to NVRTC.");
  m.def("_nvrtc_version", &jit::nvrtc_version, "NVRTC's version, major * 1000 + minor * 10.");
  m.def("_nvrtc_supported_archs", &jit::nvrtc_supported_archs);
  m.def(
      "_nvrtc_choose_arch",
      [](int device_cc) {
        bool ptx = false;
        int arch = jit::choose_arch(device_cc, ptx);
        return py::make_tuple(arch, ptx);
      },
      py::arg("device_cc"), "(arch, use_ptx) for a device of this compute capability.");
}

void bind_cuda_module(py::module_& m) {
  py::class_<CudaModule>(m, "_CudaModule", "A CUBIN or PTX image loaded on a CUDA device.")
      .def(py::init([](int device, const py::bytes& image) {
             return std::make_unique<CudaModule>(cuda_device(device), std::string(image));
           }),
           py::arg("device"), py::arg("image"))
      .def(py::init([](int device, const py::bytes& image, const std::string& code,
                       const std::string& name, const std::vector<std::string>& options,
                       const std::vector<std::string>& name_expressions,
                       const std::vector<std::string>& lowered_names) {
             const std::vector<std::string> includes = jit::cuda_include_dirs();
             ModuleSource source{
                 code, name, options, name_expressions, lowered_names, jit::kernel_dir(), includes};
             return std::make_unique<CudaModule>(cuda_device(device), std::string(image), &source);
           }),
           py::arg("device"), py::arg("image"), py::kw_only(), py::arg("source"), py::arg("name"),
           py::arg("options"), py::arg("name_expressions"), py::arg("lowered_names"),
           "With the source NVRTC compiled the image from, which the emulated GPU runs.")
      .def(
          "function",
          [](CudaModule& self, const std::string& name) {
            return reinterpret_cast<uintptr_t>(self.function(name));
          },
          "The CUfunction handle of a kernel, as an integer.")
      .def("get_global", &CudaModule::global, "(device address, size in bytes).");
  m.def("_cuda_kernel_attributes", [](int device, uintptr_t fn) {
    return attributes_dict(kernel_attributes(cuda_device(device), as_function(fn)));
  });
  m.def("_cuda_param_sizes",
        [](int device, uintptr_t fn) { return param_sizes(cuda_device(device), as_function(fn)); });
  m.def(
      "_cuda_launch",
      [](int device, uintptr_t fn, const std::vector<unsigned>& grid,
         const std::vector<unsigned>& block, unsigned shared_bytes, uintptr_t stream,
         const std::vector<std::string>& args) {
        std::vector<void*> pointers;
        for (const std::string& a : args) pointers.push_back(const_cast<char*>(a.data()));
        launch(cuda_device(device), as_function(fn), as_dim3(grid), as_dim3(block), shared_bytes,
               reinterpret_cast<StreamHandle>(stream), pointers.data());
      },
      py::arg("device"), py::arg("function"), py::arg("grid"), py::arg("block"),
      py::arg("shared_bytes"), py::arg("stream"), py::arg("args"),
      "Launches a kernel with each argument given as its bytes (for tests).");
}

}  // namespace

py::dict attributes_dict(const KernelAttributes& a) {
  py::dict d;
  d["max_threads_per_block"] = a.max_threads_per_block;
  d["shared_size_bytes"] = a.shared_size_bytes;
  d["const_size_bytes"] = a.const_size_bytes;
  d["local_size_bytes"] = a.local_size_bytes;
  d["num_regs"] = a.num_regs;
  d["ptx_version"] = a.ptx_version;
  d["binary_version"] = a.binary_version;
  d["cache_mode_ca"] = a.cache_mode_ca;
  d["max_dynamic_shared_size_bytes"] = a.max_dynamic_shared_size_bytes;
  d["preferred_shared_memory_carveout"] = a.preferred_shared_memory_carveout;
  return d;
}

void bind_jit(py::module_& m) {
  m.def("_set_kernel_dir", &jit::set_kernel_dir, py::arg("path"),
        "Sets the kernels/ folder the kernel compilers include from (cupylike's __init__).");
  m.def("_kernel_dir", &jit::kernel_dir);
  m.def("_cache_dir", &jit::cache_dir, "The kernel cache's folder (created if missing).");
  m.def("_cuda_include_dirs", &jit::cuda_include_dirs,
        "The CUDA header folders the kernel compilers include from (jit/paths.hpp).");
  bind_nvrtc(m);
  bind_cuda_module(m);
}

}  // namespace cupylike::python
