"""The kernels cupylike.vectorize generates also compile with NVRTC for sm_80 and sm_90 (the
GPU path, checked without a GPU): every construct the compiler emits, over the dtypes whose
C++ differs (bool, integers, float16, float, double, complex)."""

import math

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native

SCALE = 1.5


def _everything(x, y):
    """Arithmetic, //, %, **, comparisons, and/or/not, if/elif/else with merged variables,
    conditional expressions, abs/min/max, casts, math and ufuncs by name."""
    if x > y and not y == 0:
        z = x // y + x % y
    elif x < 0 or y < 0:
        z = x ** 2 - abs(y)
    else:
        return -1, 0
    w = min(z, x, 3) if z != 1 else max(z, y) * SCALE
    return float(w) + math.sqrt(math.fabs(float(w))) + numpy.floor(w / 2), int(w) > 0


def _complex(x):
    return numpy.exp(x) * x ** 2 - abs(x) / (x + 1j) if x != 0 else x


def _build_all():
    v = cupylike.vectorize(_everything)
    for dtypes in (("?", "?"), ("b", "B"), ("e", "e"), ("f", "i")):
        x = cupylike.asarray(numpy.arange(1, 4).astype(dtypes[0]))
        v(x, cupylike.asarray(numpy.arange(2, 5).astype(dtypes[1])))
    c = cupylike.vectorize(_complex)
    c(cupylike.asarray(numpy.arange(3).astype("D")))


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_vectorize_kernels_compile_with_nvrtc(arch):
    _build_all()
    ours = [source for source, name in _native._elementwise_kernel_sources()
            if "cupylike_vectorize_" in name]
    names = [name for _, name in _native._elementwise_kernel_sources()
             if "cupylike_vectorize_" in name]
    assert len(ours) >= 5, names
    assert_all_compile([(source, "vectorize.cu", [name]) for source, name in zip(
        ours, names, strict=True)], arch)
