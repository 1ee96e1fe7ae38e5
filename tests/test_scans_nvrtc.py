"""Every scan family (cumsum, cumprod, nancumsum, nancumprod and the accumulate of every binary
ufunc) compiles with NVRTC for sm_80 and sm_90, so the GPU paths of kernels/cupylike/scan.cuh
(a thread per slice, the block-per-chunk shared-memory scan) stay honest without a GPU."""


import pytest
from nvrtc_check import assert_all_compile, needs_nvrtc

from cupylike import _scan_api
from cupylike._scan_defs import TABLE

pytestmark = needs_nvrtc

NAMES = [name for name, entry in TABLE.items() if entry.loops]


def test_the_table_has_cumsum_cumprod_and_the_nan_scans():
    assert {"add", "multiply", "nanadd", "nanmultiply", "maximum", "subtract"} <= set(NAMES)


@pytest.mark.parametrize("arch", [80, 90])
def test_every_scan_family_compiles_with_nvrtc(arch):
    scans = {name: _scan_api._scan(name) for name in NAMES}
    assert_all_compile([(s._kernel_source(), f"scan_{name}.cu", s._kernel_names())
                        for name, s in scans.items()], arch, ["--fmad=false"])
