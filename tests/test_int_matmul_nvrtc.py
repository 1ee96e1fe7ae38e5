"""The integer and bool matrix product kernel (kernels/cupylike/int_matmul.cuh) compiles with
NVRTC for sm_80 and sm_90: the very module the library builds, every dtype in it."""

import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

from cupylike._core._statistics_kernels import source_of
from cupylike.linalg._int_matmul import DTYPES, kernel_names


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_int_matmul_kernels_compile_with_nvrtc(arch):
    assert_all_compile([(source_of("cupylike/int_matmul.cuh"), "int_matmul.cu", kernel_names())],
                       arch, ["--fmad=false"])


def test_every_integer_dtype_and_bool_has_a_kernel():
    assert {d.kind for d in DTYPES} == {"b", "i", "u"} and len(kernel_names()) == 9
