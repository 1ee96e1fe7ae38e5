"""NumPy's window functions — bartlett, blackman, hamming, hanning, kaiser — each M points made
by one elementwise kernel on the current device (float64, as NumPy's)."""

import functools

import numpy

from cupylike._core import _native
from cupylike._math._special_functions import i0

# Sample k of M sits at n = 1 - M + 2k (NumPy's arange(1 - M, M, 2)); cosine windows are
# a0 + a1 cos(pi n / (M - 1)) + a2 cos(2 pi n / (M - 1)), the sums NumPy writes per window.
_SOURCES = {
    "cosine_window": (
        "float64 M, float64 a0, float64 a1, float64 a2", "float64 w",
        "double n = 1 - M + 2.0 * i;\n"
        "w = a0 + a1 * cos(3.141592653589793 * n / (M - 1));\n"
        "if (a2 != 0) w += a2 * cos(2.0 * 3.141592653589793 * n / (M - 1));"),
    "bartlett_window": (
        "float64 M", "float64 w",
        "double n = 1 - M + 2.0 * i;\n"
        "w = n <= 0 ? 1 + n / (M - 1) : 1 - n / (M - 1);"),
    # The argument of i0 in kaiser's numerator: beta sqrt(1 - ((k - alpha) / alpha)^2).
    "kaiser_argument": (
        "float64 alpha, float64 beta", "float64 w",
        "double r = (i - alpha) / alpha;\n"
        "w = beta * sqrt(1 - r * r);"),
}


@functools.cache
def _kernel(name):
    params, outputs, body = _SOURCES[name]
    return _native.ElementwiseKernel(params, outputs, body, f"cupylike_{name}")


def _window(M, make):
    """The window of M points that make(M, out) writes into out: M is converted as NumPy
    converts it (ints and floats; TypeError otherwise), and the points are those of
    arange(1 - M, M, 2), so a fractional M rounds up."""
    M = numpy.array([0.0, M])[1]  # noqa: N806 (NumPy's name)
    if M < 1:
        return _native.empty((0,), numpy.float64)
    if M == 1:
        return _native.ones((1,), numpy.float64)
    out = _native.empty((int(numpy.ceil(M - 0.5)),), numpy.float64)
    return make(float(M), out)


def bartlett(M):
    """The Bartlett (triangular) window of M points (see numpy.bartlett)."""
    return _window(M, lambda m, out: _kernel("bartlett_window")(m, out))


def _cosine(M, a0, a1, a2):
    return _window(M, lambda m, out: _kernel("cosine_window")(m, a0, a1, a2, out))


def blackman(M):
    """The Blackman window of M points (see numpy.blackman)."""
    return _cosine(M, 0.42, 0.5, 0.08)


def hamming(M):
    """The Hamming window of M points (see numpy.hamming)."""
    return _cosine(M, 0.54, 0.46, 0.0)


def hanning(M):
    """The Hann window of M points (see numpy.hanning)."""
    return _cosine(M, 0.5, 0.5, 0.0)


def kaiser(M, beta):
    """The Kaiser window of M points and shape beta (see numpy.kaiser):
    i0(beta sqrt(1 - ((n - alpha) / alpha)^2)) / i0(beta), alpha = (M - 1) / 2, for n in
    arange(0, M) (so M < 1 but positive gives one point, as NumPy's)."""
    M, beta = numpy.array([0.0, M, beta])[1:]  # NumPy's own conversion
    if M == 1:
        return _native.ones((1,), numpy.float64)
    out = _native.empty((max(int(numpy.ceil(M)), 0),), numpy.float64)
    _kernel("kaiser_argument")((float(M) - 1) / 2.0, float(beta), out)
    return i0(out) / float(numpy.i0(beta))
