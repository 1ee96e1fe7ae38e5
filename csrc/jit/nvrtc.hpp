#pragma once
/// NVRTC, opened with dlopen on first use (the extension links no CUDA library), compiling CUDA
/// C++ to a CUBIN for a device's architecture or to PTX for devices newer than NVRTC knows.
///
/// The library is $CUPYLIKE_LIBNVRTC, else the file the locator finds (runtime/cuda_search.hpp:
/// NVIDIA's wheels, conda, a system toolkit), else (no locator) libnvrtc.so.13, .so.12 or .so on
/// the loader's path. NVRTC needs no GPU, so this compiles (and the tests check every kernel) on
/// any machine.
#include <string>
#include <vector>

#include "runtime/cuda/library_info.hpp"

namespace cupylike::jit {

struct NvrtcOutput {
  std::string image;                       ///< CUBIN (ELF) bytes, or PTX text without its NUL
  bool is_cubin = true;                    ///< false: PTX, JIT-compiled by the driver at load
  std::vector<std::string> lowered_names;  ///< one per name expression, in their order
  std::string log;                         ///< the compiler's log (warnings), possibly empty
};

/// Compiles `source` (named `name` in the log, e.g. "my_kernel.cu") for `arch` (e.g. 90): a
/// CUBIN for sm_<arch>, or PTX for compute_<arch> when `ptx`. `name_expressions` (e.g.
/// "my_sqrt<float>") are lowered to the symbols cuModuleGetFunction / cuModuleGetGlobal take.
/// An -arch among `user_options` replaces the one made from `arch` and `ptx`.
/// Raises CompileFailure with the log and the numbered source when the source does not compile,
/// and CUDAUnavailableError when NVRTC cannot be loaded. Thread-safe; holds no lock while
/// compiling.
NvrtcOutput nvrtc_compile(const std::string& source, const std::string& name,
                          const std::vector<std::string>& user_options,
                          const std::vector<std::string>& name_expressions, int arch, bool ptx);

/// The options nvrtc_compile passes: CuPy's defaults (--std=c++17 unless `user_options` name a
/// standard, -I for the CUDA headers, CCCL, kernel_dir() and its nvrtc_shims/ folder of C
/// library stand-ins, the architecture), then
/// `user_options`. No -ftz=true: NumPy keeps denormals, so flushing them would change results.
std::vector<std::string> nvrtc_options(const std::vector<std::string>& user_options, int arch,
                                       bool ptx);

/// NVRTC's version as major * 1000 + minor * 10 (13.0 -> 13000), like CUDA_VERSION.
int nvrtc_version();
/// The NVRTC library nvrtc_compile opens, its file and nvrtcVersion's answer, or why it cannot
/// be used; never raises.
cuda::LibraryInfo nvrtc_info();
/// The architectures NVRTC can target, ascending (e.g. 75, 80, ..., 121).
const std::vector<int>& nvrtc_supported_archs();

/// The target for a device of compute capability `device_cc` (major * 10 + minor): a CUBIN
/// (`use_ptx` false) for the newest architecture NVRTC supports that the device runs, which
/// means the same major version and a minor no larger than the device's; else PTX for the
/// newest architecture below the device (the driver JIT-compiles it), as for a device newer than
/// NVRTC. CUDAUnavailableError for a device older than every architecture NVRTC supports.
int choose_arch(int device_cc, bool& use_ptx);

}  // namespace cupylike::jit
