"""Every kernel of cupylike.random's continuous distributions also compiles with NVRTC for sm_80
and sm_90 (the GPU path, checked without a GPU)."""

import re

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike.random as cr
from cupylike._core import _native
from cupylike.random import _continuous_kernels


def _draw_everything():
    g = cr.default_rng(0)
    for name in _continuous_kernels._SOURCES:
        args = {"standard_cauchy": (), "triangular": (0.0, 1.0, 2.0)}.get(
            name, (1.0, 2.0) if name in ("gumbel", "laplace", "logistic", "wald") else (2.0,))
        getattr(g, name)(*args, 3)
    g.vonmises(0.0, 1.0, 3)
    g.noncentral_f(3.0, 4.0, 1.0, 3)
    g.dirichlet([1.0, 2.0], 3)


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_continuous_kernels_compile_with_nvrtc(arch):
    _draw_everything()
    names = {f"cupylike_random_{n}" for n in _continuous_kernels._SOURCES} | {
        "cupylike_random_vonmises_candidate", "cupylike_random_noncentral_chisquare_finish",
        "cupylike_random_ratio", "cupylike_random_normalize", "cupylike_random_log_gamma",
        "cupylike_random_exp_shifted"}
    # One source per kernel (names are instantiations: ...<cupylike_user::NAME, ...>).
    ours = {}
    for source, name in _native._elementwise_kernel_sources():
        user = re.search(r"cupylike_user::(\w+)", name)
        if user and user.group(1) in names:
            ours.setdefault(user.group(1), (source, name))
    assert ours.keys() == names
    assert_all_compile([(source, "random.cu", [name]) for source, name in ours.values()], arch)
