"""Kernel engine: compile latency per compiler and cache level (cupylike's own caches: no CuPy
figure), and launch overhead (CuPy's RawKernel beside it)."""

import subprocess
import sys
import tempfile
import time
import uuid

import numpy
from harness import Case, Row, measure, per_call_seconds

import cupylike
from cupylike._core import _native

KERNEL = r"""
extern "C" __global__ void scale(float* x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
// %s
"""


def run_python(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True, cwd=tempfile.gettempdir())


def bench_host_compiler():
    code = KERNEL % uuid.uuid4().hex  # a source no cache has seen
    cold = _native._cpu_module_lookup_seconds(code, "scale", 2)
    # A disk hit in a fresh process: in this one the loader already has the file open.
    probe = ("from cupylike._core import _native\n"
             f"print(_native._cpu_module_lookup_seconds({code!r}, 'scale', 1))")
    disk = min(float(run_python(probe).stdout) for _ in range(5))
    _native._cpu_module_lookup_seconds(code, "scale", 0)  # loads it into memory
    memory = min(_native._cpu_module_lookup_seconds(code, "scale", 0) for _ in range(1000))
    return [
        Row("cpu compile, cold", cold, None, "reported", None),
        Row("cpu compile, disk hit", disk, None, "absolute", 5e-3),
        Row("cpu compile, memory hit", memory, None, "absolute", 2e-6),
    ]


def bench_nvrtc():
    code = KERNEL % uuid.uuid4().hex
    args = (code, "bench.cu", [], [], 90, False)
    t0 = time.perf_counter()
    _native._nvrtc_compile_cached(*args)
    cold = time.perf_counter() - t0
    # A disk hit in a fresh process, once NVRTC is loaded (its version is part of the key).
    probe = ("import time\nfrom cupylike._core import _native\n_native._nvrtc_version()\n"
             "t0 = time.perf_counter()\n"
             f"_native._nvrtc_compile_cached(*{args!r})\n"
             "print(time.perf_counter() - t0)")
    disk = min(float(run_python(probe).stdout) for _ in range(5))
    memory = per_call_seconds(lambda: _native._nvrtc_compile_cached(*args))
    return [
        Row("NVRTC sm_90, cold", cold, None, "reported", None),
        Row("NVRTC sm_90, disk hit", disk, None, "absolute", 5e-3),
        Row("NVRTC sm_90, memory hit", memory, None, "absolute (from Python)", 2e-6),
    ]


def bench_launch():
    def cases(xp):
        kernel = xp.RawKernel(KERNEL % "launch", "scale")
        args = (xp.zeros(32, dtype=numpy.float32), numpy.float32(1.0), numpy.int32(32))
        return [Case("RawKernel launch, 1 block", lambda: kernel((1,), (32,), args), None,
                     "reported", None)]

    return measure(cases, min_time=0.2)


def run():
    rows = bench_host_compiler() + bench_launch()
    try:
        rows += bench_nvrtc()
    except cupylike.cuda.CUDAUnavailableError:
        pass  # no NVRTC on this machine
    return rows
