"""Generator.permuted: every slice along an axis (or the flattened array) shuffled on its
own, by sorting random 64-bit keys along that axis."""

import operator

from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._indexing._indexing import take
from cupylike._indexing._placement import take_along_axis
from cupylike._manipulation._rearranging import copyto
from cupylike._sorting._sort import argsort


def permuted(bg, x, axis=None, out=None):
    """x with each slice along `axis` permuted independently (axis=None: all elements), into
    `out` if given (same shape; x cast into it safely) or a new array."""
    arr = x if isinstance(x, _native.ndarray) else _native.asarray(x)
    if axis is None:
        if arr.ndim == 0:
            raise TypeError("len() of unsized object")
    else:
        axis = normalize_axis_index(operator.index(axis), arr.ndim)
    if out is None:
        out = arr.copy()
    else:
        if not isinstance(out, _native.ndarray):
            raise TypeError("out must be a cupylike.ndarray")
        if out.shape != arr.shape:
            raise ValueError("out must have the same shape as x")
        copyto(out, arr, casting="safe")
    if out.size == 0:
        return out
    if axis is None:
        order = argsort(bg.words64((out.size,)))
        out[...] = take(out.ravel(), order).reshape(out.shape)
    else:
        order = argsort(bg.words64(out.shape), axis=axis)
        out[...] = take_along_axis(out, order, axis)
    return out
