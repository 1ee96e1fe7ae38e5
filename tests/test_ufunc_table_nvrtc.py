"""Every loop of the ufunc table compiles with NVRTC for sm_80 and sm_90: each ufunc's family
in one NVRTC call, with the library's options. The slowest test of the suite with a cold
cache; conftest.py schedules the *_nvrtc.py files first."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check
from helpers.ufunc_table_cases import NAMES, ours


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_every_loop_compiles_with_nvrtc(arch):
    families = [ours(name) for name in NAMES]
    assert_all_compile([(u._kernel_source(), f"ufunc_{u.__name__}.cu", u._kernel_names())
                        for u in families], arch, ["--fmad=false"])  # the library's options
