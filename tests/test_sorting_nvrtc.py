"""The sort and search kernels (kernels/cupylike/sort.cuh) compile with NVRTC for sm_80 and
sm_90: the very module the library builds, every key policy in it, so the GPU's sorting path
stays honest on machines without a GPU."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

from cupylike._core._statistics_kernels import source_of
from cupylike._sorting._kernels import KEYS, kernel_names


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_sort_kernels_compile_with_nvrtc(arch):
    assert_all_compile([(source_of("cupylike/sort.cuh"), "sort.cu", kernel_names())], arch,
                       ["--fmad=false"])


def test_every_dtype_has_a_key_policy():
    assert len(KEYS) == 14
    assert len(kernel_names()) == 6 * len(set(KEYS.values()))
