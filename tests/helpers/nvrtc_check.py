"""NVRTC checks shared by the tests that compile generated kernels for GPUs: whether an NVRTC
library is here at all, and compiling many sources at once with a message per failure."""

from concurrent.futures import ThreadPoolExecutor

import pytest

import cupylike
from cupylike._core import _native


def _nvrtc_available():
    try:
        _native._nvrtc_compile('extern "C" __global__ void k() {}', "probe.cu", [], [], 80, False)
        return True
    except cupylike.cuda.CUDAUnavailableError:
        return False


needs_nvrtc = pytest.mark.skipif(not _nvrtc_available(), reason="no NVRTC library here")
# What NVRTC makes of a source does not depend on the device the suite runs on.
_any_device = pytest.mark.any_device(reason="an NVRTC compile check, the same on every device")
# For pytestmark: the marks of a file of compile checks.
COMPILE_CHECKS = [needs_nvrtc, _any_device]


def compile_check(test):
    """Marks a test that compiles kernels with NVRTC and runs none (COMPILE_CHECKS)."""
    return needs_nvrtc(_any_device(test))


def compile_failure(source, filename, names, arch, options=()):
    """None when `source` compiles for sm_`arch` into a cubin that holds every kernel in
    `names`, else what went wrong (the head of the compiler's log)."""
    try:
        image, is_cubin, lowered, _ = _native._nvrtc_compile_cached(
            source, filename, list(options), list(names), arch, False)
    except cupylike.CompileError as e:
        return f"{filename}: " + "\n".join(str(e).splitlines()[:12])
    if not (image and is_cubin and len(lowered) == len(names)):
        return f"{filename}: {len(lowered)} of {len(names)} kernels"
    return None


def assert_all_compile(jobs, arch, options=()):
    """Compiles each (source, filename, names) of `jobs`, four at a time: NVRTC runs without
    the GIL, and a cold cache makes these the slowest tests."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        failures = [f for f in pool.map(lambda j: compile_failure(*j, arch, options), jobs) if f]
    assert not failures, "\n".join(failures)
