"""Every kernel cupylike.random generates also compiles with NVRTC for sm_80 and sm_90 (the
GPU path, checked without a GPU)."""

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike.random as cr
from cupylike._core import _native


def _draw_everything():
    g = cr.default_rng(0)
    g.random(4)
    g.random(4, dtype=numpy.float32)
    g.standard_normal(5)
    g.uniform(1.0, 2.0, 3)
    g.exponential(1.0, 3)
    g.integers(0, 9, 3)
    g.gamma(0.5, 1.0, 3)
    g.binomial(30, 0.5, 3)
    g.poisson([1.0, 20.0])
    g.integers([0, 1], 9)


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_random_kernels_compile_with_nvrtc(arch):
    _draw_everything()
    # One source per kernel: the dtypes other tests instantiate change only the types.
    ours = {}
    for source, name in _native._elementwise_kernel_sources():
        if "cupylike_random_" in name:
            ours.setdefault(name, source)
    assert len(ours) >= 10, list(ours)
    assert_all_compile([(source, "random.cu", [name]) for name, source in ours.items()], arch)
