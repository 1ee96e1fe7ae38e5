"""Checks an installed cupylike wheel the way a user without a CUDA toolkit would use it, with
NVIDIA's components from the `cuda13` extra's wheels (tools/wheel_check.sh installs them and runs
this under CUPYLIKE_CUDA_SEARCH=wheels):

- `cupylike-demo` runs on the default device;
- a RawKernel using cuda::std::complex and __half compiles with the wheels' headers and runs on
  the cpu device, with NumPy's values;
- NVRTC from the wheel compiles a kernel for sm_90 (a CUBIN);
- cupylike.random draws, through the wheel's cuRAND;
- show_config names NVRTC, CCCL and cuRAND in this venv's site-packages.

Usage: python tools/wheel_check.py   (run outside the source tree; exits 1 on the first failure)
"""

import os
import shutil
import subprocess
import sys
import sysconfig

import numpy

import cupylike as cp
from cupylike._core import _cuda_search, _native

SITE = os.path.realpath(sysconfig.get_paths()["purelib"])

KERNEL = r"""
#include <cuda/std/complex>
#include <cuda_fp16.h>
extern "C" __global__ void magnitude_plus(const cuda::std::complex<float>* z, const __half* h,
                                          float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = cuda::std::abs(z[i]) + __half2float(h[i]);
}
"""


def check_demo():
    demo = shutil.which("cupylike-demo")
    assert demo and os.path.realpath(demo).startswith(os.path.realpath(sys.prefix)), demo
    subprocess.run([demo], check=True)
    print("cupylike-demo ran")


def check_raw_kernel():
    z = (numpy.arange(100) * (1 - 2j)).astype(numpy.complex64)
    h = numpy.linspace(-4, 4, 100).astype(numpy.float16)
    assert cp.Device().kind == "cpu", "a machine without a GPU: the default device is cpu"
    out = cp.empty(100, cp.float32)
    kernel = cp.RawKernel(KERNEL, "magnitude_plus")
    kernel((1,), (128,), (cp.asarray(z), cp.asarray(h), out, numpy.int32(100)))
    got = out.get()
    want = numpy.abs(z) + h.astype(numpy.float32)
    numpy.testing.assert_allclose(got, want, rtol=1e-6)
    print("RawKernel with cuda::std::complex and __half ran on the cpu device")


def check_nvrtc():
    image, is_cubin, _, _ = _native._nvrtc_compile(KERNEL, "magnitude_plus.cu", [], [], 90, False)
    assert is_cubin and image[:4] == b"\x7fELF", "NVRTC gave no CUBIN for sm_90"
    version = _native._nvrtc_version()
    print(f"NVRTC {version // 1000}.{version % 1000 // 10} compiled a CUBIN for sm_90 "
          f"({len(image)} bytes)")


def check_random():
    rng = cp.random.default_rng(0)
    normals = rng.standard_normal(100_000).get()
    counts = rng.poisson(4.0, 100_000).get()  # cuRAND's host generator on the cpu device
    assert abs(normals.mean()) < 0.02 and abs(normals.std() - 1) < 0.02
    assert abs(counts.mean() - 4.0) < 0.05
    print("cupylike.random drew normals and Poisson counts")


def check_config():
    cp.show_config()
    for kind, name in (("library", "nvrtc"), ("headers", "cccl"), ("library", "curand")):
        path, via = _cuda_search.found[kind, name]
        assert via == "site-packages" and os.path.realpath(path).startswith(SITE), (name, path)
    print(f"NVRTC, CCCL and cuRAND come from {SITE}")


def main():
    assert _cuda_search.wheels_only(), "run with CUPYLIKE_CUDA_SEARCH=wheels"
    check_demo()
    check_raw_kernel()
    check_nvrtc()
    check_random()
    check_config()
    print("wheel check passed")


if __name__ == "__main__":
    main()
