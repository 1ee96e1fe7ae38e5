"""The kernels cupylike.fuse generates also compile with NVRTC for sm_80 and sm_90 (the GPU
path, checked without a GPU): elementwise chains over the dtypes whose C++ differs (bool,
integers, float16, float, double, complex), in-place updates, where and astype, several
outputs, and each kind of fused reduction."""

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native


def _chain(x, y):
    z = x * y - x // (y + 1) if x.dtype.kind in "iu" else x * y - 1.5
    return z, cupylike.where(x > y, x, y), (x != y) | (y > 0), cupylike.maximum(x, y)


def _transcendental(x, y):
    return cupylike.exp(x) + cupylike.sin(y) / cupylike.hypot(x, y), cupylike.modf(x)


def _in_place(x, y):
    x += y
    x *= 2


# (kernel, dtypes): few enough that a cold cache compiles them quickly.
_REDUCTIONS = [("sum", "?beD"), ("prod", "D"), ("max", "ef"), ("min", "b"), ("all", "f"),
               ("any", "b")]


def _build_all():
    def arrays(dtype):
        return (cupylike.asarray(numpy.arange(1, 5).astype(dtype)),
                cupylike.asarray(numpy.arange(2, 6).astype(dtype)))

    cupylike.fuse(kernel_name="bools")(lambda a, b: (a & b) ^ ~a)(*arrays("?"))
    for dtype in "beD":
        cupylike.fuse(kernel_name=f"chain_{dtype}")(_chain)(*arrays(dtype))
    for dtype in "ed":
        cupylike.fuse(kernel_name=f"math_{dtype}")(_transcendental)(*arrays(dtype))
    cupylike.fuse(kernel_name="in_place")(_in_place)(arrays("f")[0], 1.5)
    for kind, dtypes in _REDUCTIONS:
        for dtype in dtypes:
            cupylike.fuse(kernel_name=f"{kind}_{dtype}")(
                lambda a, b, kind=kind: getattr(a * b, kind)(axis=0))(*arrays(dtype))
    cupylike.fuse(kernel_name="cast")(lambda a: a.astype(numpy.float16) / 3)(
        cupylike.arange(3, dtype=numpy.int32))


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_fused_kernels_compile_with_nvrtc(arch):
    _build_all()
    jobs = []
    for sources in (_native._elementwise_kernel_sources(), _native._reduction_kernel_sources()):
        jobs += [(source, "fuse.cu", [name]) for source, name in sources
                 if "cupylike_fuse_" in name]
    assert len(jobs) >= 18, len(jobs)
    assert_all_compile(jobs, arch, ["--fmad=false"])
