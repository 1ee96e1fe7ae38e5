"""numpy.cross: cross products of 3-vectors (and, under NumPy 2.4, its deprecated 2-vectors;
2.5 removed them) along chosen axes, broadcast, on the multiply and subtract ufuncs."""

import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native, _numpy_version
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS

_multiply = UFUNCS["multiply"]
_subtract = UFUNCS["subtract"]
_negative = UFUNCS["negative"]


def _components(v, dtype):
    """The components of vectors along the last axis, a missing z as None (taken as 0)."""
    v = v.astype(dtype, copy=False)
    return [v[..., k] for k in range(v.shape[-1])] + [None] * (3 - v.shape[-1])


def _difference(p, q, r, s, out):
    """out = p * q - r * s, where a None factor stands for a zero component."""
    if p is None or q is None:
        _multiply(r, s, out=out)
        _negative(out, out=out)
    elif r is None or s is None:
        _multiply(p, q, out=out)
    else:
        _multiply(p, q, out=out)
        _subtract(out, _multiply(r, s), out=out)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of vectors in `a` and `b` (see numpy.cross): vectors along `axisa` and
    `axisb` (or `axis`) of 3 components, the result's vectors along `axisc`; the other axes
    broadcast. Under NumPy 2.4, as there, 2 components warn DeprecationWarning (the missing z
    is 0, and two 2-vectors give the z component only); NumPy 2.5 raises ValueError."""
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = device_array(a, "cross"), device_array(b, "cross")
    if a.ndim < 1 or b.ndim < 1:
        raise ValueError("At least one array has zero dimension")
    axisa = normalize_axis_index(axisa, a.ndim, msg_prefix="axisa")
    axisb = normalize_axis_index(axisb, b.ndim, msg_prefix="axisb")
    a, b = _native.moveaxis(a, axisa, -1), _native.moveaxis(b, axisb, -1)
    if _numpy_version.NUMPY_VERSION >= (2, 5) and (a.shape[-1] != 3 or b.shape[-1] != 3):
        raise ValueError("Both input arrays must be (arrays of) 3-dimensional vectors, but they "
                         f"are {a.shape[-1]} and {b.shape[-1]} dimensional instead.")
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n"
                         "(dimension must be 2 or 3)")
    if a.shape[-1] == 2 or b.shape[-1] == 2:
        warnings.warn("Arrays of 2-dimensional vectors are deprecated. Use arrays of "
                      "3-dimensional vectors instead. (deprecated in NumPy 2.0)",
                      DeprecationWarning, stacklevel=2)
    shape = numpy.broadcast_shapes(a.shape[:-1], b.shape[:-1])
    dtype = numpy.promote_types(a.dtype, b.dtype)
    a0, a1, a2 = _components(a, dtype)
    b0, b1, b2 = _components(b, dtype)
    if a2 is None and b2 is None:
        out = _native.empty(shape, dtype)
        _difference(a0, b1, a1, b0, out)
        return out
    shape += (3,)
    axisc = normalize_axis_index(axisc, len(shape), msg_prefix="axisc")
    out = _native.empty(shape, dtype)
    _difference(a1, b2, a2, b1, out[..., 0])
    _difference(a2, b0, a0, b2, out[..., 1])
    _difference(a0, b1, a1, b0, out[..., 2])
    return _native.moveaxis(out, -1, axisc)
