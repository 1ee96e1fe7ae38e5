"""The kernels of cupylike.random's discrete distributions (random/_discrete_kernels.py) also
compile with NVRTC for sm_80 and sm_90 (the GPU path, checked without a GPU)."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike.random as cr
from cupylike._core import _native
from cupylike.random._discrete_kernels import _SOURCES


def _draw_every_discrete_kernel():
    g = cr.default_rng(0)
    g.geometric(0.5, 3)
    g.negative_binomial(2.0, 0.5, 3)
    g.logseries(0.5, 3)
    g.zipf(2.0, 3)
    g.hypergeometric(5, 6, 4, 3)


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_discrete_random_kernels_compile_with_nvrtc(arch):
    _draw_every_discrete_kernel()
    wanted = {f"cupylike_random_{name}" for name in _SOURCES}
    ours = {}
    for source, name in _native._elementwise_kernel_sources():
        for kernel in wanted & set(name.replace("<", "::").replace(",", "::").split("::")):
            ours.setdefault(kernel, (source, name))
    assert set(ours) == wanted
    assert_all_compile([(source, "random.cu", [name]) for source, name in ours.values()], arch)
