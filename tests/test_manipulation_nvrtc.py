"""The manipulation kernels (kernels/cupylike/roll.cuh) compile with NVRTC for sm_80 and sm_90:
the very module the library builds, every unit type in it, so its GPU path stays honest on
machines without a GPU. Results go through the NVRTC disk cache."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

from cupylike._core._statistics_kernels import source_of
from cupylike._manipulation._roll_rows import kernel_names


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_roll_kernels_compile_with_nvrtc(arch):
    assert_all_compile([(source_of("cupylike/roll.cuh"), "roll.cu", kernel_names())], arch,
                       ["--fmad=false"])


def test_every_unit_has_its_kernel():
    assert len(kernel_names()) == 4  # units of 8, 4, 2 and 1 bytes
