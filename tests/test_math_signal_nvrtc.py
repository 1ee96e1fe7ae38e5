"""Every kernel of the math and signal functions and the windows (sinc, i0, the windows,
gradient, interp, convolve's direct kernel) also compiles with NVRTC for sm_80 and sm_90."""

import re

import numpy
import pytest
from helpers.nvrtc_check import assert_all_compile, compile_check

import cupylike as cp
from cupylike._core import _native

NAMES = {"cupylike_i0", "cupylike_sinc_real", "cupylike_sinc_complex", "cupylike_cosine_window",
         "cupylike_bartlett_window", "cupylike_kaiser_argument", "cupylike_gradient_uniform",
         "cupylike_interp_real", "cupylike_interp_complex", "cupylike_convolve_direct"}


def _run_everything():
    x = cp.asarray(numpy.linspace(-3, 3, 10))
    cp.sinc(x), cp.sinc(x.astype(numpy.complex128)), cp.i0(x.astype(numpy.float32))
    cp.hanning(5), cp.bartlett(5), cp.kaiser(5, 2.0)
    cp.gradient(x.reshape(2, 5)), cp.gradient(x.astype(numpy.complex64))
    cp.interp(x, x, x), cp.interp(x, x, x.astype(numpy.complex128))
    cp.convolve(x, x[:3]), cp.convolve(x.astype(numpy.int8), x[:3].astype(numpy.int8))


@compile_check
@pytest.mark.parametrize("arch", [80, 90])
def test_math_signal_kernels_compile_with_nvrtc(arch):
    _run_everything()
    # Every dtype instantiation of a kernel: the kernels' bodies differ in how T is used.
    ours = {(name, source) for source, name in _native._elementwise_kernel_sources()
            if _kernel_name(name) in NAMES}
    assert {_kernel_name(name) for name, _ in ours} == NAMES
    assert_all_compile([(source, "signal.cu", [name]) for name, source in sorted(ours)], arch,
                       ["--fmad=false"])


def _kernel_name(instantiation):
    """The kernel's name in `ew_user_kernel<cupylike_user::NAME, ...>`."""
    found = re.search(r"cupylike_user::(\w+),", instantiation)
    return found and found.group(1)
