#include "jit/host_compiler.hpp"

#include <cpu_runtime_abi.h>
#include <cupylike/params.h>
#include <gnu/libc-version.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <optional>
#include <sstream>

#include "core/error.hpp"
#include "jit/compile_notice.hpp"
#include "jit/cpu_glue.hpp"
#include "jit/disk_cache.hpp"
#include "jit/parallel_compile.hpp"
#include "jit/paths.hpp"
#include "jit/precompiled_header.hpp"
#include "jit/sha256.hpp"
#include "jit/source_text.hpp"
#include "jit/subprocess.hpp"
#include "runtime/cpu/elf_symbols.hpp"
#include "runtime/gpu_limits.hpp"

namespace cupylike::jit {

namespace fs = std::filesystem;

namespace {

static_assert(CUPYLIKE_CPU_DYNAMIC_SHARED_BYTES >= gpu_limits::kSharedOptin,
              "a launch the launch check allows must fit the cpu device's shared buffer");

std::string file_identity(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return path;
  return path + ":" + std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

bool compiler_is_clang() {
  const std::string& p = host_compiler_path();
  return p.substr(p.rfind('/') + 1).find("clang") != std::string::npos;
}

// glibc's vector math library, complete from 2.35 (kernels/cpu/mvec.h explains its use).
bool use_libmvec() {
#if defined(__x86_64__) && defined(__GLIBC__)
  static const bool ok = [] {
    int major = 0, minor = 0;
    std::sscanf(gnu_get_libc_version(), "%d.%d", &major, &minor);
    return !compiler_is_clang() && (major > 2 || (major == 2 && minor >= 35));
  }();
  return ok;
#else
  return false;
#endif
}

// The CPU the modules are built for (-march=native): part of the cache key, so a cache shared
// between machines never hands one a module with instructions it lacks.
const std::string& cpu_identity() {
  static const std::string id = [] {
    std::ifstream in("/proc/cpuinfo");
    std::string line, model, flags;
    while (std::getline(in, line) && (model.empty() || flags.empty())) {
      if (model.empty() && line.rfind("model name", 0) == 0) model = line;
      if (flags.empty() && (line.rfind("flags", 0) == 0 || line.rfind("Features", 0) == 0))
        flags = line;
    }
    return model + "\n" + flags;
  }();
  return id;
}

std::vector<std::string> base_flags() {
  std::string k = kernel_dir();
  std::vector<std::string> f = {
      "-O2", "-fPIC", "-fno-math-errno", "-ffp-contract=off", "-w",
      // Signed integers wrap, as NumPy's integer arithmetic does (C leaves overflow undefined).
      "-fwrapv",
      // The module runs on this machine only (the cache key names the CPU).
      "-march=native",
      // A large local array is probed page by page as its frame opens, so a stack overflow
      // faults in the stack's guard region, where the fault handler recognises it, instead of
      // writing into whatever lies below.
      "-fstack-clash-protection",
      // GCC 12's basic-block vectoriser turns complex arithmetic into fused multiply-adds
      // (vfmsubadd) even under -ffp-contract=off; loop vectorisation, which the elementwise
      // loops need, is unaffected.
      "-fno-tree-slp-vectorize"};
  if (!compiler_is_clang()) {
    f.push_back("-fno-extern-tls-init");
#if defined(__x86_64__)
    // TLS descriptors: the cheapest thread-local access a dlopen'ed module can have
    // (research/cpu_backend.md §2: 3.1 vs 5.6 ns per CUDA thread).
    f.push_back("-mtls-dialect=gnu2");
#endif
  }
  if (use_libmvec()) {
    f.push_back("-DCUPYLIKE_CPU_LIBMVEC");
    // Elementwise loops need a runtime alias check to vectorise, which -O2's default "very
    // cheap" cost model refuses.
    f.push_back("-fvect-cost-model=dynamic");
  }
  for (std::string include :
       {std::string("-include"), k + "/cpu_prelude.h", "-I" + k + "/cpu_shims", "-I" + k})
    f.push_back(include);
  for (const std::string& dir : cuda_include_dirs()) f.push_back("-I" + dir);
  return f;
}

std::vector<std::string> link_flags() {
  // -Bsymbolic: the module's own functions bind to themselves, so a kernel named like a C
  // library function (write, abs) is not replaced by it when the module is loaded.
  std::vector<std::string> f = {"-shared", "-Wl,-Bsymbolic"};
  if (use_libmvec()) f.push_back("-lmvec");
  return f;
}

// Whether NVRTC would fuse multiply-adds for these options: its default, unless the last
// --fmad option says false.
bool nvrtc_fuses(const std::vector<std::string>& options) {
  bool fuse = true;
  for (const std::string& o : options) {
    if (o == "--fmad=false" || o == "-fmad=false") fuse = false;
    if (o == "--fmad=true" || o == "-fmad=true") fuse = true;
  }
  return fuse;
}

// The flavour's own flags, after base_flags (so the flavour header follows the prelude). The
// GPU flavour contracts a * b + c into fused multiply-adds where NVRTC would, so a kernel
// whose results depend on it differs from NumPy on the emulated GPU as on a real one.
std::vector<std::string> flavour_flags(const HostModuleSpec& spec) {
  if (!spec.gpu_flavour) return {};
  std::vector<std::string> f = {"-include", kernel_dir() + "/gpu_flavour.h"};
  if (nvrtc_fuses(spec.options)) f.push_back("-ffp-contract=fast");
  return f;
}

// NVRTC-style options that mean something to a host compiler; the rest (architectures,
// -lineinfo, --use_fast_math, ...) describe the GPU and are dropped.
std::vector<std::string> translate_options(const std::vector<std::string>& options) {
  std::vector<std::string> out;
  bool has_std = false;
  for (size_t i = 0; i < options.size(); ++i) {
    const std::string& o = options[i];
    if (o.rfind("-D", 0) == 0 || o.rfind("-U", 0) == 0 || o.rfind("-I", 0) == 0) {
      out.push_back(o);
      if ((o == "-D" || o == "-U" || o == "-I") && i + 1 < options.size())
        out.push_back(options[++i]);
    } else if (o.rfind("--std=", 0) == 0 || o.rfind("-std=", 0) == 0) {
      out.push_back("-std=" + o.substr(o.find('=') + 1));
      has_std = true;
    } else if (o.rfind("--define-macro=", 0) == 0) {
      out.push_back("-D" + o.substr(15));
    } else if (o.rfind("--include-path=", 0) == 0) {
      out.push_back("-I" + o.substr(15));
    }
  }
  if (!has_std) out.push_back("-std=c++17");
  return out;
}

std::string write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) raise(ErrorKind::runtime, "cannot write " + path.string());
  return path.string();
}

// Aliases every undefined TLS symbol of `object` to one dynamic shared memory buffer.
std::string shared_memory_stub(const std::vector<std::string>& symbols) {
  std::string s = "  .section .tbss,\"awT\",@nobits\n  .p2align 6\n";
  s +=
      "__cpuk_dynamic_shared:\n  .zero " + std::to_string(CUPYLIKE_CPU_DYNAMIC_SHARED_BYTES) + "\n";
  s += "  .type __cpuk_dynamic_shared, @object\n";
  for (const std::string& name : symbols)
    s += "  .globl " + name + "\n  .hidden " + name + "\n  .type " + name +
         ", @tls_object\n  .set " + name + ", __cpuk_dynamic_shared\n";
  s += "  .section .note.GNU-stack,\"\",@progbits\n";
  return s;
}

[[noreturn]] void compile_failed(const HostModuleSpec& spec, const std::string& log,
                                 const std::string& tmp) {
  std::string clean = log;  // messages name the temporary folder; show just the file names
  for (size_t p; (p = clean.find(tmp + "/")) != std::string::npos;) clean.erase(p, tmp.size() + 1);
  std::string target = spec.gpu_flavour ? "the emulated GPU" : "the cpu device";
  std::string message = "compiling " + spec.name + " for " + target + " failed (" +
                        host_compiler_path() + "):\n" + clean + "\n" + numbered_source(spec.source);
  throw CompileFailure(message, clean, spec.source, spec.name, spec.options);
}

struct TempDir {
  std::string path;
  TempDir() {
    std::string tmpl = (fs::temp_directory_path() / "cupylike-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) raise(ErrorKind::runtime, "cannot create a temporary folder");
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

}  // namespace

const std::string& host_compiler_path() {
  static const std::string path = [] {
    for (const char* env : {"CUPYLIKE_CXX", "CXX"}) {
      const char* v = std::getenv(env);
      if (v && *v) {
        std::string p = find_program(v);
        if (!p.empty()) return p;
      }
    }
    for (const char* name : {"g++", "c++", "clang++"}) {
      std::string p = find_program(name);
      if (!p.empty()) return p;
    }
    return std::string();
  }();
  return path;
}

namespace {

// What decides a binary besides its flags and source: the runtime's ABI, the compiler, the
// kernels folder (the prelude, shims and library templates) and the CPU.
std::string setup_identity() {
  return std::to_string(CUPYLIKE_CPU_ABI_VERSION) + '\0' + file_identity(host_compiler_path()) +
         '\0' + kernel_dir_digest() + '\0' + cpu_identity();
}

// The compile command's flags: the options, then the base and the flavour's flags.
std::vector<std::string> compile_flags(const HostModuleSpec& spec) {
  std::vector<std::string> f = translate_options(spec.options);
  for (const std::string& b : base_flags()) f.push_back(b);
  for (const std::string& v : flavour_flags(spec)) f.push_back(v);
  return f;
}

}  // namespace

std::string host_module_key(const HostModuleSpec& spec) {
  Sha256 h;
  auto part = [&h](const std::string& s) {
    h.update(s);
    h.update(std::string(1, '\0'));
  };
  part("cupylike-host-module");
  part(std::to_string(CUPYLIKE_CPU_ABI_VERSION));
  part(file_identity(host_compiler_path()));
  part(kernel_dir_digest());
  part(cpu_identity());  // the prelude, shims and library templates
  // Not whether the prelude came precompiled: the object code is the same.
  for (const std::string& f : base_flags()) part(f);
  for (const std::string& f : flavour_flags(spec)) part(f);
  for (const std::string& f : link_flags()) part(f);
  for (const std::string& o : translate_options(spec.options)) part(o);
  part(spec.source);
  part(cpu_glue(spec.kernels));  // names the kernels, and binds them to the runtime
  return h.hex_digest();
}

namespace {

// The cached module's path, if its bytes match the digest stored for `key`: dlopen of a
// damaged shared object can crash the process (SIGBUS on a truncated file), and the digest
// entry names its key, so neither file can stand in for another key's. A mismatch removes both.
std::optional<std::string> cached_module(const DiskCache& cache, const std::string& key) {
  std::optional<std::string> digest = cache.read(key, ".sha256");
  if (!digest) return std::nullopt;
  std::optional<std::string> bytes = cache.read_file(key, ".so");
  if (bytes && !bytes->empty() && sha256_hex(*bytes) == *digest) return cache.path(key, ".so");
  cache.remove(key, ".so");
  cache.remove(key, ".sha256");
  return std::nullopt;
}

}  // namespace

std::string host_compile(const HostModuleSpec& spec, const std::string& key) {
  DiskCache cache;
  if (std::optional<std::string> path = cached_module(cache, key)) return *path;
  // One compile per key: threads and processes that need it meanwhile wait, then load it.
  DiskCache::Lock lock = cache.lock(key);
  if (std::optional<std::string> path = cached_module(cache, key)) return *path;
  if (host_compiler_path().empty())
    raise(ErrorKind::runtime,
          "no C++ compiler found for the cpu device: install g++ or clang++, "
          "or name one in CUPYLIKE_CXX");
  if (kernel_dir().empty()) raise(ErrorKind::runtime, "the kernels folder is not set");
  CompileSlot slot;  // one compiler per CPU in this process
  CompileWatch watch(spec.name, spec.gpu_flavour ? "the emulated GPU" : "the cpu device",
                     host_compiler_path(), spec.gpu_flavour ? "cuda" : "cpu");
  std::function<void()> waiting = [&watch] { watch.tick(); };
  TempDir tmp;
  fs::path dir(tmp.path);
  std::string source = spec.source + "\n" + cpu_glue(spec.kernels);
  std::string src = write_file(dir / spec.name, source), obj = (dir / "kernel.o").string();
  const std::vector<std::string> flags = compile_flags(spec);
  std::vector<std::string> used = flags;
  if (precompiled_header_applies(spec.source, translate_options(spec.options), compiler_is_clang()))
    used =
        with_precompiled_header({host_compiler_path(), setup_identity(), flags, tmp.path, waiting});
  auto compile = [&](const std::vector<std::string>& with, std::string& log) {
    std::vector<std::string> cmd = {host_compiler_path()};
    cmd.insert(cmd.end(), with.begin(), with.end());
    for (const std::string& a :
         {std::string("-x"), std::string("c++"), std::string("-c"), src, std::string("-o"), obj})
      cmd.push_back(a);
    return run_process(cmd, log, waiting);
  };
  std::string log;
  int rc = compile(used, log);
  if (rc != 0 && used != flags && log.find(".pch.h") != std::string::npos) {
    discard_precompiled_header(used);  // a header the compiler rejects: compile as before
    rc = compile(flags, log);
  }
  if (rc != 0) compile_failed(spec, log, tmp.path);

  std::string out = (dir / "module.so").string();
  std::vector<std::string> link = {host_compiler_path(), "-o", out, obj};
  for (const std::string& f : link_flags()) link.push_back(f);
  std::vector<std::string> tls = cpu::undefined_tls_symbols(obj);
  if (!tls.empty()) {
    std::string stub = write_file(dir / "shared.s", shared_memory_stub(tls));
    std::string stub_obj = (dir / "shared.o").string();
    if (run_process({host_compiler_path(), "-c", stub, "-o", stub_obj}, log) != 0)
      compile_failed(spec, log, tmp.path);
    link.push_back(stub_obj);
  }
  if (run_process(link, log) != 0) compile_failed(spec, log, tmp.path);
  std::ifstream in(out, std::ios::binary);
  std::string image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (image.empty()) raise(ErrorKind::runtime, "the linker wrote no shared object");
  cache.write_file(key, ".so", image);  // the module first, then the digest that vouches for it
  cache.write(key, ".sha256", sha256_hex(image));
  std::optional<std::string> path = cached_module(cache, key);
  if (!path)
    raise(ErrorKind::runtime, "cannot store kernel modules in " + cache.dir() +
                                  "; point CUPYLIKE_CACHE_DIR at a writable folder");
  return *path;
}

}  // namespace cupylike::jit
