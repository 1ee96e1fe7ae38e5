"""The statistics kernels (kernels/cupylike/select.cuh and histogram.cuh) compile with NVRTC
for sm_80 and sm_90: the very modules the library builds, every element type in them, so their
GPU path stays honest on machines without a GPU. Results go through the NVRTC disk cache."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

from cupylike._core._statistics_kernels import source_of
from cupylike._statistics._histograms import kernel_names
from cupylike._statistics._quantiles import select_names

# The library's modules exactly (same source and instantiations).
FAMILIES = {
    "select": ("cupylike/select.cuh", select_names()),
    "histogram": ("cupylike/histogram.cuh", kernel_names()),
}


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
@pytest.mark.parametrize("family", list(FAMILIES))
def test_statistics_kernels_compile_with_nvrtc(family, arch):
    header, instantiations = FAMILIES[family]
    assert_all_compile([(source_of(header), f"{family}.cu", instantiations)], arch,
                       ["--fmad=false"])


def test_every_dtype_has_its_kernels():
    assert len(select_names()) == 14  # every dtype
    assert len(kernel_names()) == 2 + 12 * 4  # bincount; histogram for the real dtypes
