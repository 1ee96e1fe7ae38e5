"""Every kernel the library generates from kernels/cupylike/ (all dtype pairs of copy/cast,
fill, arange, linspace and power, indexing, where='s masked copy) compiles with NVRTC for
sm_80 and sm_90, so the GPU path stays honest on machines without a GPU. NVRTC needs no GPU;
results go through the NVRTC disk cache, so only the first run after a kernel change pays for
the compiles."""


import pytest
from helpers.nvrtc_check import COMPILE_CHECKS, assert_all_compile

from cupylike._core import _native
from cupylike.testing import ALL_DTYPES

FAMILIES = _native._library_kernel_families()


pytestmark = COMPILE_CHECKS


def test_the_families_cover_every_dtype_pair():
    names = {name for name, _, _ in FAMILIES}
    assert {f"copy_from_{d.name}" for d in ALL_DTYPES} <= names
    assert {"fill", "arange", "linspace", "ufunc_masked_move"} <= names
    copies = sum(len(inst) for name, _, inst in FAMILIES if name.startswith("copy_from_"))
    assert copies == 14 * 14


@pytest.mark.parametrize("arch", [80, 90])
def test_every_library_kernel_compiles_with_nvrtc(arch):
    # Every template of a family must be instantiated: compile_failure counts them.
    assert_all_compile([(source, f"{name}.cu", instantiations)
                        for name, source, instantiations in FAMILIES], arch,
                       ["--fmad=false"])  # the library's options
