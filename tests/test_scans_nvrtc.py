"""Every scan family (cumsum, cumprod, nancumsum, nancumprod and the accumulate of every binary
ufunc) compiles with NVRTC for sm_80 and sm_90, so the GPU paths of kernels/cupylike/scan.cuh
(a thread per slice, the block-per-chunk shared-memory scan) stay honest without a GPU.

As for the reductions (test_reductions_nvrtc.py): NVRTC checks the operation struct of every
loop of a family whatever it instantiates (they are not templates), so each family
instantiates the kernel for its first loop only, and a few families that span the template's
type-dependent paths (integer upcasts, float16, complex, bool results, the ordered scans, the
NaN-skipping loads) instantiate every loop. All 263 loops for both archs take NVRTC about five
minutes on two cores; this takes about a minute.
"""


import pytest
from helpers.nvrtc_check import COMPILE_CHECKS, assert_all_compile

from cupylike._core import _scans
from cupylike._core._scan_defs import TABLE

pytestmark = COMPILE_CHECKS

NAMES = [name for name, entry in TABLE.items() if entry.loops]


def test_the_table_has_cumsum_cumprod_and_the_nan_scans():
    assert {"add", "multiply", "nanadd", "nanmultiply", "maximum", "subtract"} <= set(NAMES)


SPANNING = ["add", "subtract", "maximum", "logical_and", "nanadd", "multiply"]


@pytest.mark.parametrize("arch", [80, 90])
def test_every_scan_family_compiles_with_nvrtc(arch):
    jobs = []
    for name in NAMES:
        scan = _scans.scan(name)
        names = scan._kernel_names() if name in SPANNING else scan._kernel_names()[:1]
        jobs.append((scan._kernel_source(), f"scan_{name}.cu", names))
    assert_all_compile(jobs, arch, ["--fmad=false"])
