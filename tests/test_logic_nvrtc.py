"""The kernels of cupylike's logic functions also compile with NVRTC for sm_80 and sm_90 (the
GPU path, checked without a GPU)."""

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_isclose_kernel_compiles_with_nvrtc(arch):
    for dtype in (numpy.float32, numpy.float64):
        a = cupylike.ones(3, dtype=dtype)
        cupylike.isclose(a, a)
    ours = {}
    for source, name in _native._elementwise_kernel_sources():
        if "cupylike_isclose" in name:
            ours.setdefault(source, name)
    assert len(ours) >= 2, list(ours.values())
    assert_all_compile([(source, "isclose.cu", [name]) for source, name in ours.items()], arch)
