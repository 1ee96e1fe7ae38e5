"""The reduction kernels compile with NVRTC for sm_80 and sm_90: every family of the table (the
ufunc.reduce ones generated from the ufunc table included), each in one NVRTC call.

NVRTC checks the operation struct of every loop of a family whatever it instantiates (they are
not templates), so each family instantiates the kernel for its first loop only; the template's
type-dependent paths are instantiated for every loop of a few families that span them (plain
same-type loops of each dtype, the arg search, the ordered fold, loops reading another type).
Instantiating all of the table's loops for both archs takes NVRTC about ten minutes on two
cores; this takes under a minute and is cached after.
"""


import pytest
from helpers.nvrtc_check import COMPILE_CHECKS, assert_all_compile

from cupylike._core._reductions import REDUCTIONS

EVERY_LOOP = ["maximum", "argmax", "nanargmin", "subtract", "logical_and", "abs2_add"]


def _jobs(names, count):
    return [(REDUCTIONS[name]._kernel_source(), f"reduction_{name}.cu",
             REDUCTIONS[name]._kernel_names()[:count]) for name in names]


pytestmark = COMPILE_CHECKS


@pytest.mark.parametrize("arch", [80, 90])
def test_every_reduction_family_compiles_with_nvrtc(arch):
    assert_all_compile(_jobs(sorted(REDUCTIONS), 1), arch, ["--fmad=false"])


def test_every_loop_of_the_spanning_families_compiles_with_nvrtc():
    assert_all_compile(_jobs(EVERY_LOOP, None), 80, ["--fmad=false"])
