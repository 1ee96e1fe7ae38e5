"""The FFT facade's one kernel, the finiteness check by which a GPU sends a transform of
infinities or NaNs to the host FFT (csrc/libs/fft_nonfinite.cpp), compiles with NVRTC for its
two types (complex input is checked as its real parts)."""

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike
from cupylike._core import _native

NAME = "cupylike::red_kernel<cupylike_user::fft_all_finite>"


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_the_finiteness_check_compiles_with_nvrtc(arch):
    for dtype in (numpy.float32, numpy.complex128):  # float and double
        assert _native._fft_all_finite(cupylike.ones(3, dtype=dtype))
    sources = {source for source, name in _native._reduction_kernel_sources() if name == NAME}
    assert len(sources) == 2
    assert_all_compile([(source, "fft_all_finite.cu", [NAME]) for source in sources], arch,
                       ["--fmad=false"])
