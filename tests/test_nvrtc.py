"""NVRTC, the compiler of the cuda device: it needs no GPU, so these run everywhere the CUDA
toolkit's NVRTC is installed. Kernels in the style of CuPy's documentation compile for sm_80 and
sm_90, to CUBIN and to PTX; a syntax error is a CompileError with the log and numbered source.
"""

import json
import pathlib
import threading

import pytest
from helpers.python_subprocess import run_python

import cupylike
from cupylike._core import _native

VECTOR_ADD = r"""
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y, unsigned int n) {
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < n) y[tid] = x1[tid] + x2[tid];
}
"""

# CuPy's RawModule example with name expressions, with cuda::std::complex for CuPy's complex.
TEMPLATES = r"""
#include <cuda/std/complex>
using cuda::std::complex;

template<typename T>
__global__ void my_sqrt(T* input, int N) {
    unsigned int x = blockDim.x * blockIdx.x + threadIdx.x;
    if (x < N) input[x] = sqrt(input[x]);
}

__global__ void my_func(double* input, int N) {
    unsigned int x = blockDim.x * blockIdx.x + threadIdx.x;
    if (x < N) input[x] = input[x] * input[x];
}

__device__ int counter[10];
"""

HALF = r"""
#include <cuda_fp16.h>
extern "C" __global__ void half_axpy(const __half* x, __half* y, __half a, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = __hfma(a, x[i], y[i]) + __float2half(__half2float(x[i]) * 0.5f);
}
"""

COMPLEX = r"""
#include <cuda/std/complex>
extern "C" __global__ void complex_scale(const cuda::std::complex<double>* x,
                                         cuda::std::complex<double> a,
                                         cuda::std::complex<double>* y, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + cuda::std::exp(x[i]) / cuda::std::abs(x[i]);
}
"""

KERNELS = {
    "vector_add": (VECTOR_ADD, [], ["my_add"]),
    "templates": (TEMPLATES, ["my_sqrt<float>", "my_sqrt<double>", "my_sqrt<complex<double>>",
                              "my_func", "counter"], []),
    "half": (HALF, [], ["half_axpy"]),
    "complex": (COMPLEX, [], ["complex_scale"]),
}


def compile_(source, name="kernel.cu", options=(), name_expressions=(), arch=90, ptx=False):
    image, is_cubin, lowered, log = _native._nvrtc_compile(source, name, list(options),
                                                         list(name_expressions), arch, ptx)
    return image, is_cubin, lowered, log


@pytest.mark.parametrize("arch", [80, 90])
@pytest.mark.parametrize("ptx", [False, True], ids=["cubin", "ptx"])
@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_documentation_style_kernels_compile(kernel, arch, ptx):
    source, expressions, entries = KERNELS[kernel]
    image, is_cubin, lowered, _ = compile_(source, kernel + ".cu", (), expressions, arch, ptx)
    assert is_cubin is (not ptx)
    assert len(lowered) == len(expressions)
    kernels = entries or lowered[:4]  # the templates' four functions; the fifth is a variable
    if ptx:
        text = image.decode()
        assert f".target sm_{arch}" in text and "\0" not in text
        for name in kernels:
            assert f".entry {name}(" in text, name
    else:
        assert image[:4] == b"\x7fELF"
        for name in kernels + lowered:
            assert name.encode() + b"\0" in image, name  # among the symbol names


def test_name_expressions_lower_to_mangled_names():
    _, _, lowered, _ = compile_(TEMPLATES, name_expressions=KERNELS["templates"][1])
    sqrt_float, sqrt_double, sqrt_complex, func, counter = lowered
    assert sqrt_float == "_Z7my_sqrtIfEvPT_i"
    assert sqrt_double == "_Z7my_sqrtIdEvPT_i"
    assert sqrt_complex.startswith("_Z7my_sqrtIN4cuda3std") and "complexIdE" in sqrt_complex
    assert func == "_Z7my_funcPdi"
    assert counter == "counter"  # a __device__ variable of C++ linkage keeps its name


def test_a_syntax_error_raises_compile_error_with_log_and_numbered_source():
    source = 'extern "C" __global__ void broken(float* y) {\n    float x = 1.0f\n    y[0] = x;\n}\n'
    with pytest.raises(cupylike.CompileError) as info:
        compile_(source, "broken.cu", options=["-DVALUE=2"])
    e = info.value
    assert cupylike.CompileException is cupylike.CompileError
    assert cupylike.cuda.CompileException is cupylike.CompileError
    assert isinstance(e, RuntimeError)
    assert "broken.cu(3): error" in e.log  # the line after the missing ';'
    assert e.source == source and e.name == "broken.cu"
    assert "-DVALUE=2" in e.options and "-arch=sm_90" in e.options
    message = str(e)
    assert e.log in message
    assert "  1 | extern \"C\" __global__ void broken(float* y) {\n" in message
    assert "  2 |     float x = 1.0f\n" in message and "  4 | }\n" in message
    assert "  5 |" not in message  # the final newline starts no line


def test_numbered_source_widens_for_long_sources():
    source = "\n".join(f"// line {i}" for i in range(1, 1001)) + "\n#error stop here\n"
    with pytest.raises(cupylike.CompileError) as info:
        compile_(source, "long.cu")
    message = str(info.value)
    assert "   1 | // line 1\n" in message and "1001 | #error stop here\n" in message
    assert "long.cu(1001): catastrophic error: #error" in info.value.log


def test_bad_options_and_name_expressions_are_compile_errors():
    with pytest.raises(cupylike.CompileError, match="unrecognized option --no-such-option"):
        compile_(VECTOR_ADD, options=["--no-such-option"])
    with pytest.raises(cupylike.CompileError, match="no_such_kernel"):
        compile_(VECTOR_ADD, name_expressions=["no_such_kernel<int>"])


def test_default_options_follow_cupy_without_flushing_denormals():
    options = _native._nvrtc_options([], 90, False)
    assert not any(o.startswith(("-ftz", "--ftz")) for o in options)
    assert "--std=c++17" in options and options[-1] == "-arch=sm_90"
    for include in _native._cuda_include_dirs():
        assert "-I" + include in options
    assert "-I" + _native._kernel_dir() in options
    assert _native._nvrtc_options([], 80, True)[-1] == "-arch=compute_80"
    # A standard or an architecture the user names replaces ours; user options come last.
    options = _native._nvrtc_options(["-std=c++20", "-ftz=true"], 90, False)
    assert "--std=c++17" not in options and options[-2:] == ["-std=c++20", "-ftz=true"]
    assert "-arch=sm_90" not in _native._nvrtc_options(["-arch=sm_80"], 90, False)


def test_a_user_architecture_decides_between_cubin_and_ptx():
    image, is_cubin, _, _ = compile_(VECTOR_ADD, options=["-arch=compute_80"], ptx=False)
    assert not is_cubin and b".target sm_80" in image
    image, is_cubin, _, _ = compile_(VECTOR_ADD, options=["--gpu-architecture=sm_80"], ptx=True)
    assert is_cubin and image[:4] == b"\x7fELF"


def test_kernel_dir_is_the_package_kernels_folder_and_on_the_include_path(tmp_path):
    folder = pathlib.Path(_native._kernel_dir())
    assert folder.name == "kernels" and (folder / "README.md").is_file()
    (tmp_path / "probe.cuh").write_text("#define PROBE_VALUE 7\n")
    source = '#include "probe.cuh"\nextern "C" __global__ void k(int* y) { y[0] = PROBE_VALUE; }'
    _native._set_kernel_dir(str(tmp_path))
    try:
        assert compile_(source)[0][:4] == b"\x7fELF"
    finally:
        _native._set_kernel_dir(str(folder))
    with pytest.raises(cupylike.CompileError, match="probe.cuh"):
        compile_(source)


@pytest.mark.parametrize("header", ["<assert.h>", "<cassert>"])
def test_kernels_may_include_the_assert_header_as_with_nvcc(header):
    source = (f"#include {header}\n"
              'extern "C" __global__ void checks(const int* x) { assert(x[threadIdx.x] < 5); }')
    image, _, _, _ = compile_(source, ptx=True)
    assert b"__assertfail" in image


def test_version_and_architecture_choice():
    version = _native._nvrtc_version()
    assert version >= 12000 and version % 10 == 0
    archs = _native._nvrtc_supported_archs()
    assert archs == sorted(archs) and 80 in archs and 90 in archs
    choose = _native._nvrtc_choose_arch
    assert choose(90) == (90, False) and choose(80) == (80, False)
    # A CUBIN runs on later minors of its major version.
    lower_minor = max(a for a in archs if a // 10 == 8 and a <= 89)
    assert choose(89) == (lower_minor, False)
    # A device newer than NVRTC gets PTX for NVRTC's newest architecture.
    newest = archs[-1]
    assert choose((newest // 10 + 1) * 10) == (newest, True)
    with pytest.raises(cupylike.cuda.CUDAUnavailableError, match="cannot compile for compute"):
        choose(archs[0] - 10)


def test_threads_compile_concurrently():
    results, errors = [], []

    def work(arch):
        try:
            results.append(compile_(VECTOR_ADD, arch=arch)[1])
        except Exception as e:
            errors.append(e)

    threads = [threading.Thread(target=work, args=(arch,)) for arch in (80, 86, 89, 90) * 2]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and results == [True] * 8


def test_a_library_that_is_not_nvrtc_is_a_clear_error():
    proc = run_python(
        "import cupylike\n"
        "try:\n"
        "    cupylike._core._native._nvrtc_version()\n"
        "except cupylike.cuda.CUDAUnavailableError as e:\n"
        "    print(e)\n", CUPYLIKE_LIBNVRTC="libm.so.6")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("the NVRTC library libm.so.6 lacks nvrtcGetErrorString"), \
        proc.stdout


CACHED = """
import hashlib, json
from cupylike._core import _native
image, is_cubin, lowered, log = _native._nvrtc_compile_cached(
    {source!r}, "cached.cu", {options!r}, ["my_sqrt<float>"], 90, False)
again = _native._nvrtc_compile_cached({source!r}, "cached.cu", {options!r}, ["my_sqrt<float>"],
                                    90, False)
assert again[0] == image and again[2] == lowered
print(json.dumps(dict(_native._nvrtc_cache_stats(), digest=hashlib.sha256(image).hexdigest(),
                      lowered=lowered, is_cubin=is_cubin)))
"""


def _compile_in_new_process(cache_dir, options=()):
    proc = run_python(CACHED.format(source=TEMPLATES, options=list(options)),
                      CUPYLIKE_CACHE_DIR=str(cache_dir))
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_compiled_images_are_cached_on_disk_across_processes(tmp_path):
    first = _compile_in_new_process(tmp_path)
    assert (first["compiles"], first["disk_hits"], first["memory_hits"]) == (1, 0, 1)
    assert first["lowered"] == ["_Z7my_sqrtIfEvPT_i"] and first["is_cubin"]
    entries = list(tmp_path.glob("*.nvrtc"))
    assert len(entries) == 1 and len(entries[0].stem) == 64
    second = _compile_in_new_process(tmp_path)
    assert (second["compiles"], second["disk_hits"]) == (0, 1)
    assert second["digest"] == first["digest"] and second["lowered"] == first["lowered"]
    other = _compile_in_new_process(tmp_path, options=["-DOTHER=1"])  # another key
    assert other["compiles"] == 1 and len(list(tmp_path.glob("*.nvrtc"))) == 2
    assert not list(tmp_path.glob("*.tmp-*"))


def test_a_corrupt_cache_entry_is_recompiled(tmp_path):
    first = _compile_in_new_process(tmp_path)
    (entry,) = tmp_path.glob("*.nvrtc")
    data = bytearray(entry.read_bytes())
    data[-100] ^= 0xFF  # one flipped bit of the image
    entry.write_bytes(bytes(data))
    again = _compile_in_new_process(tmp_path)
    assert (again["compiles"], again["disk_hits"]) == (1, 0)
    assert again["digest"] == first["digest"]
    assert _compile_in_new_process(tmp_path)["disk_hits"] == 1  # rewritten whole


def test_cache_keys_cover_options_target_and_source():
    key = _native._nvrtc_cache_key
    base = key(VECTOR_ADD, "k.cu", [], [], 90, False)
    assert len(base) == 64 and base == key(VECTOR_ADD, "k.cu", [], [], 90, False)
    assert base != key(VECTOR_ADD, "k.cu", ["-DX"], [], 90, False)
    assert base != key(VECTOR_ADD, "k.cu", [], [], 80, False)
    assert base != key(VECTOR_ADD, "k.cu", [], [], 90, True)
    assert base != key(VECTOR_ADD + " ", "k.cu", [], [], 90, False)
    assert base != key(VECTOR_ADD, "k.cu", [], ["my_add"], 90, False)
