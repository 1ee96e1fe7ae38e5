"""Argument rules of numpy.fft (NumPy 2.4), shared by the transforms: norm, n and s/axes, the
dtypes a transform computes in, and the final scale."""

import math
import operator
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

_NORMS = (None, "backward", "ortho", "forward")


def check_norm(norm):
    if norm not in _NORMS:
        raise ValueError(f'Invalid norm value {norm}; should be "backward", "ortho" or '
                         '"forward".')
    return norm


def swap_direction(norm):
    """The norm of the opposite direction (hfft is an irfft, ihfft an rfft, with it)."""
    return {None: "forward", "backward": "forward", "ortho": "ortho",
            "forward": "backward"}[check_norm(norm)]


def scale(norm, sizes, forward, half_first=None):
    """The factor on an unnormalised transform of math.prod(sizes) points (1 when none
    applies). `half_first`: the index in `sizes` of NumPy's first 1-d step on float16 input,
    whose factor NumPy computes in float16 (later steps see complex64 and use float32)."""
    def factor(n, real):
        if norm == "ortho":
            return float(numpy.reciprocal(numpy.sqrt(real(n))))
        if (norm == "forward") == forward:  # forward: "forward"; inverse: "backward"/None
            return float(numpy.reciprocal(real(n)))
        return 1

    if half_first is None:
        return factor(math.prod(sizes), numpy.float64)
    rest = math.prod(sizes) // sizes[half_first]
    return factor(sizes[half_first], numpy.float16) * factor(rest, numpy.float64)


def check_points(n):
    if n < 1:
        raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    return n


def one_axis(a, n, axis, norm, default=None):
    """([n], [axis]) of a 1-d transform, checked in NumPy's order: without n, the axis first
    (NumPy reads the input's length along it), then the length and norm; with n, n and norm
    before the axis. `default` gives n from the input's length."""
    if n is None:
        axis = normalize_axis_index(operator.index(axis), a.ndim)
        n = check_points(a.shape[axis] if default is None else default(a.shape[axis]))
        check_norm(norm)
    else:
        n = check_points(operator.index(n))
        check_norm(norm)
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    return [n], [axis]


def nd_axes(a, s, axes, inverse_real=False):
    """(s, axes) of an n-d transform as NumPy's _cook_nd_args makes them: axes normalised
    (repeats allowed: an axis repeated is transformed again), s[i] of -1 the input's length,
    None the 1-d default (deprecated), and NumPy's deprecation warnings."""
    shapeless = s is None
    if axes is None:
        if not shapeless:
            warnings.warn("`axes` should not be `None` if `s` is not `None` (Deprecated in "
                          "NumPy 2.0). In a future version of NumPy, this will raise an error "
                          "and `s[i]` will correspond to the size along the transformed axis "
                          "specified by `axes[i]`. To retain current behaviour, pass a sequence "
                          "[0, ..., k-1] to `axes` for an array of dimension k.",
                          DeprecationWarning, stacklevel=4)
        axes = range(-len(s), 0) if not shapeless else range(a.ndim)
    axes = [normalize_axis_index(operator.index(ax), a.ndim) for ax in axes]
    s = [a.shape[ax] for ax in axes] if shapeless else list(s)
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if inverse_real and shapeless and axes:
        s[-1] = (a.shape[axes[-1]] - 1) * 2
    if any(n is None for n in s):
        warnings.warn("Passing an array containing `None` values to `s` is deprecated in NumPy "
                      "2.0 and will raise an error in a future version of NumPy.",
                      DeprecationWarning, stacklevel=4)
    sizes = []
    for i, (n, ax) in enumerate(zip(s, axes, strict=True)):
        if n is None:
            last = inverse_real and i == len(axes) - 1
            n = (a.shape[ax] - 1) * 2 if last else a.shape[ax]
        n = operator.index(n)
        sizes.append(a.shape[ax] if n == -1 else check_points(n))
    return sizes, axes


def complex_dtype(dtype):
    """The complex type a transform of `dtype` computes in: single precision stays single
    (float16 too, as NumPy 2's pocketfft does), everything else double."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == "c":
        return dtype
    if dtype in (numpy.float16, numpy.float32):
        return numpy.dtype(numpy.complex64)
    return numpy.dtype(numpy.complex128)


def real_dtype(dtype):
    """The real type of `dtype`'s transforms (float32 for single precision, else float64)."""
    return numpy.dtype(numpy.float32 if complex_dtype(dtype) == numpy.complex64 else
                       numpy.float64)
