"""The kernels of packbits, unpackbits and histogramdd's flat bins compile with NVRTC for
sm_80 and sm_90 (the GPU path, checked without a GPU)."""

import re

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native

NAMES = ("cupylike_packbits", "cupylike_unpackbits", "cupylike_histogramdd_bin_1d",
         "cupylike_histogramdd_bin_3d")


def _run_everything():
    cupylike.unpackbits(cupylike.packbits(cupylike.asarray([1, 0, 1], dtype=numpy.int32)))
    cupylike.histogramdd(cupylike.ones((4, 3), dtype=numpy.float32), 2)
    cupylike.histogramdd(cupylike.arange(4), 2)


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_kernels_compile_with_nvrtc(arch):
    _run_everything()
    ours = {}  # our kernel -> (its name expression, its source)
    for source, name in _native._elementwise_kernel_sources():
        match = re.search(r"cupylike_user::(\w+)", name)
        if match and match.group(1) in NAMES:
            ours.setdefault(match.group(1), (name, source))
    assert sorted(ours) == sorted(NAMES)
    assert_all_compile([(source, "bits.cu", [name]) for name, source in ours.values()], arch)
