"""numpy.convolve and numpy.correlate: one-dimensional discrete convolution and correlation.
Short filters run a direct kernel (one output per thread); long ones go through the FFT
(cupylike.fft) in double precision. Integers and bool always run the direct kernel, so their
results are NumPy's exactly (wrapping as NumPy's do)."""

import functools
import operator

import numpy

from cupylike import fft
from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS

# out[o] = sum_i a[i] * w[i + d] over the i where both exist, d = m - 1 - (o + offset): the
# full convolution of a with w reversed, from `offset` on. The partial sums (eight, each over
# every eighth term) break the chain of dependent additions, so the host compiler keeps them
# in vector registers; NumPy's float dot products (BLAS) reassociate likewise.
_DIRECT = (
    "raw T a, raw T w, int64 n, int64 m, int64 offset", "T out",
    "const T* pa = &a[0];\n"
    "const T* pw = &w[0];\n"
    "long long d = m - 1 - (i + offset);\n"
    "long long lo = d < 0 ? -d : 0, hi = n < m - d ? n : m - d;\n"
    "T part[8] = {T(0), T(0), T(0), T(0), T(0), T(0), T(0), T(0)};\n"
    "long long k = lo;\n"
    "for (; k + 8 <= hi; k += 8) {\n"
    "  for (int r = 0; r < 8; ++r) part[r] = part[r] + pa[k + r] * pw[k + r + d];\n"
    "}\n"
    "for (; k < hi; ++k) part[0] = part[0] + pa[k] * pw[k + d];\n"
    "out = ((part[0] + part[1]) + (part[2] + part[3])) +\n"
    "      ((part[4] + part[5]) + (part[6] + part[7]));",
)


@functools.cache
def _direct_kernel():
    return _native.ElementwiseKernel(*_DIRECT, "cupylike_convolve_direct")


# Where the FFT path starts, measured on the cpu device (float32 and float64, signals of 1e4 to
# 1e6 points): the direct kernel costs about 0.35 ns per product there, the overlap-add FFT
# about 55 ns per point plus 0.5 ms, so they meet near a filter of 160 points on long
# signals, and later on short ones, where the FFT's fixed cost dominates: the FFT is used
# when the shorter input has FFT_FROM points or more and the products number FFT_WORK or more.
FFT_FROM = 160
FFT_WORK = 1 << 22


_MODES = {"valid": 0, "same": 1, "full": 2}


def _mode(mode):
    if isinstance(mode, str):
        if mode in _MODES:
            return _MODES[mode]
        if mode[:1].lower() in ("v", "s", "f"):
            raise ValueError("Use one of 'valid', 'same', or 'full' for convolve/correlate mode")
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
    if isinstance(mode, bool):
        raise TypeError("convolve/correlate mode not understood")
    try:
        mode = operator.index(mode)
    except TypeError:
        raise TypeError("convolve/correlate mode not understood") from None
    if mode not in (0, 1, 2):
        raise ValueError("integer convolve/correlate mode must be 0, 1, or 2")
    return mode


def _one_dimensional(x, function):
    x = device_array(x, function)
    if x.ndim == 0:
        return _native.reshape(x, (1,))
    if x.ndim > 1:
        raise ValueError("object too deep for desired array")
    return x


def _window(mode, n, m, same_offset):
    """(offset, length) of the mode's part of the full result (n + m - 1 points)."""
    if mode == 2:
        return 0, n + m - 1
    if mode == 0:
        return min(n, m) - 1, max(n, m) - min(n, m) + 1
    return same_offset, max(n, m)


def _transforms(dtype):
    """(forward, inverse, working dtype) of the FFT path: real transforms for real data."""
    if dtype.kind == "c":
        return fft.fft, lambda x, size: fft.ifft(x, size, axis=-1), numpy.complex128
    return fft.rfft, lambda x, size: fft.irfft(x, size, axis=-1), numpy.float64


def _fft_full(a, w, offset, length, dtype):
    """Part of the full convolution of a with w reversed, through the FFT in double precision:
    one transform of the whole when it is short, else overlap-add of blocks of `size` points
    (a few times the filter's length, at least 8192), transformed as one batch, whose
    transforms stay in cache and cost log(size) per point instead of log(n + m)."""
    forward, inverse, work = _transforms(dtype)
    n, m = a.shape[0], w.shape[0]
    a, u = a.astype(work), w[::-1].astype(work)
    size = 1 << max(13, (4 * m - 1).bit_length())
    if size >= n + m - 1:
        size = _fast_length(n + m - 1)
        full = inverse(forward(a, size) * forward(u, size), size)
        return full[offset:offset + length].astype(dtype)
    step = size - m + 1  # each block's new points; its last m - 1 overlap the next block
    blocks = -(-n // step)
    padded = _native.zeros((blocks * step,), work)
    padded[:n] = a
    pieces = inverse(forward(_native.reshape(padded, (blocks, step)), size, axis=-1)
                     * forward(u, size), size)
    full = _native.empty(((blocks + 1) * step,), work)
    full[blocks * step:] = 0
    _native.reshape(full[:blocks * step], (blocks, step))[...] = pieces[:, :step]
    tails = _native.reshape(full[step:], (blocks, step))[:, :m - 1]
    UFUNCS["add"](tails, pieces[:, step:], out=tails)
    return full[offset:offset + length].astype(dtype)


def _fast_length(n):
    """The least 2^p 3^q 5^r >= n: lengths the FFT factors fast."""
    best = 1 << max(n - 1, 0).bit_length()
    p5 = 1
    while p5 < best:
        p35 = p5
        while p35 < best:
            p = p35
            while p < n:
                p *= 2
            best = min(best, p)
            p35 *= 3
        p5 *= 5
    return best


def _sum_products(a, w, offset, length):
    """out[o] = sum_i a[i] w[i + m - 1 - (o + offset)], for o < length, a and w of one dtype."""
    dtype = a.dtype
    n, m = a.shape[0], w.shape[0]
    if dtype.kind in "fc" and min(n, m) >= FFT_FROM and n * m >= FFT_WORK:
        return _fft_full(a, w, offset, length, dtype)
    compute = numpy.dtype(numpy.float32) if dtype == numpy.float16 else dtype
    a = _native.ascontiguousarray(a.astype(compute, copy=False))
    w = _native.ascontiguousarray(w.astype(compute, copy=False))
    out = _native.empty((length,), compute)
    _direct_kernel()(a, w, a.shape[0], w.shape[0], offset, out)
    return out.astype(dtype, copy=False)


def convolve(a, v, mode="full"):
    """The discrete linear convolution of two 1-d arrays (see numpy.convolve): 'full' (every
    overlap), 'same' (the longer input's length, centred) or 'valid' (full overlaps only)."""
    a, v = _one_dimensional(a, "convolve"), _one_dimensional(v, "convolve")
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    mode = _mode(mode)
    dtype = numpy.promote_types(a.dtype, v.dtype)
    n, m = a.shape[0], v.shape[0]
    offset, length = _window(mode, n, m, (m - 1) // 2)
    return _sum_products(a.astype(dtype, copy=False), v[::-1].astype(dtype, copy=False),
                         offset, length)


def correlate(a, v, mode="valid"):
    """The cross-correlation of two 1-d arrays (see numpy.correlate):
    c[k] = sum_n a[n + k] conj(v[n]), over the modes of convolve."""
    a, v = _one_dimensional(a, "correlate"), _one_dimensional(v, "correlate")
    mode = _mode(mode)
    if a.shape[0] == 0:
        raise ValueError("first array argument cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("second array argument cannot be empty")
    dtype = numpy.promote_types(a.dtype, v.dtype)
    n, m = a.shape[0], v.shape[0]
    # NumPy swaps a shorter `a` with v and reverses the result back, which centres 'same'
    # the other way for even lengths.
    same = (m - 1) // 2 if n >= m else (n - 1) - (n - 1) // 2
    offset, length = _window(mode, n, m, same)
    v = v.astype(dtype, copy=False)
    if dtype.kind == "c":
        v = UFUNCS["conjugate"](v)
    return _sum_products(a.astype(dtype, copy=False), v, offset, length)
