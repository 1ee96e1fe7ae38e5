"""nonzero, flatnonzero, argwhere, take, compress and extract: NumPy's functions on top of the
mask compaction and the advanced-indexing gathers of csrc/ops/indexing.cpp (reached through
``x[key]``). The mask-based ones read the number of selected elements back from the device
to size their result, as CuPy does; take reads back its index check."""

import operator
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native, _numpy_version
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS

_remainder = UFUNCS["remainder"]
_clip = UFUNCS["_clip"]


def nonzero(a):
    """The indices of the nonzero elements, one int64 array per axis, in C order (see
    numpy.nonzero). ValueError for a 0-d array, as NumPy 2."""
    a = device_array(a, "nonzero")
    if a.ndim == 0:
        raise ValueError("Calling nonzero on 0d arrays is not allowed. Use "
                         "np.atleast_1d(scalar).nonzero() instead. If the context of this error "
                         "is of the form `arr[nonzero(cond)]`, just use `arr[cond]`.")
    return _native._nonzero(a)


def flatnonzero(a):
    """Indices of the nonzero elements of ``a.ravel()`` (see numpy.flatnonzero)."""
    return _native._nonzero(device_array(a, "flatnonzero").ravel())[0]


def argwhere(a):
    """The indices of the nonzero elements grouped by element: shape (N, a.ndim) (see
    numpy.argwhere); a 0-d array gives shape (1, 0) or (0, 0)."""
    a = device_array(a, "argwhere")
    if a.ndim == 0:
        return _native.empty((int(bool(a)), 0), numpy.int64)
    coords = _native._nonzero(a)
    out = _native.empty((coords[0].size, a.ndim), numpy.int64)
    for d, c in enumerate(coords):
        out[:, d] = c
    return out


def index_array(indices):
    """take's indices as NumPy converts them: arrays of integers or bools (anything else is a
    TypeError under 'same_kind'), other sequences and scalars element by element with int()."""
    if isinstance(indices, (_native.ndarray, numpy.ndarray)):
        if indices.dtype.kind not in "biu":
            raise TypeError(f"Cannot cast array data from {indices.dtype!r} to dtype('int64') "
                            "according to the rule 'same_kind'")
        return _native.asarray(indices).astype(numpy.int64, copy=False)
    return _native.asarray(numpy.array(indices, dtype=numpy.int64))


def take(a, indices, axis=None, out=None, mode="raise"):
    """Elements of `a` at `indices` along `axis` (the flattened array when None); see
    numpy.take. mode 'raise' checks the indices (IndexError), 'wrap' wraps them around,
    'clip' clips them to the axis."""
    a = device_array(a, "take")
    if axis is None:
        a, axis = a.ravel(), 0
    else:
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    idx = index_array(indices)
    n = a.shape[axis]
    if mode == "wrap":
        if n == 0 and idx.size:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        idx = _remainder(idx, max(n, 1))
    elif mode == "clip":
        if n == 0 and idx.size:
            raise IndexError("cannot do a non-empty take from an empty axes.")
        idx = _clip(idx, 0, max(n - 1, 0))
    elif mode != "raise":
        raise ValueError(f"clipmode must be one of 'clip', 'raise', or 'wrap' (got {mode!r})")
    result = a[(slice(None),) * axis + (idx,)]
    return result if out is None else _into_out(result, out)


def _into_out(result, out):
    """take's and compress's out=: NumPy's checks of its shape and dtype, then the copy."""
    if not isinstance(out, _native.ndarray):
        raise TypeError("out must be a cupylike.ndarray")
    if out.shape != result.shape:
        raise ValueError("output array does not match result of ndarray.take")
    if _numpy_version.NUMPY_VERSION >= (2, 5):
        # NumPy 2.5 checks the cast of the result to out (same_kind), deprecating what fails.
        if not numpy.can_cast(result.dtype, out.dtype, "same_kind"):
            warnings.warn(f"Casting the result ({result.dtype}) to out's dtype ({out.dtype}) "
                          "is not a same_kind cast; NumPy 2.5 deprecates it (it will raise)",
                          DeprecationWarning, stacklevel=3)
    elif not numpy.can_cast(out.dtype, result.dtype, "safe"):
        # NumPy 2.4 checks the opposite direction: out's dtype to the array's, safely.
        raise TypeError(f"Cannot cast array data from {out.dtype!r} to {result.dtype!r} "
                        "according to the rule 'safe'")
    out[...] = result
    return out


def compress(condition, a, axis=None, out=None):
    """The slices of `a` along `axis` where `condition` (1-d, at most the axis' length) is
    true (see numpy.compress)."""
    a = device_array(a, "compress")
    cond = condition if isinstance(condition, _native.ndarray) else _native.asarray(
        numpy.asarray(condition))
    if cond.ndim != 1:
        raise ValueError("condition must be a 1-d array")
    if axis is None:
        a, axis = a.ravel(), 0
    else:
        axis = normalize_axis_index(operator.index(axis), a.ndim)
    n = a.shape[axis]
    if cond.size > n:
        raise IndexError(f"index {cond.size - 1} is out of bounds for axis {axis} with size {n}")
    positions = _native._nonzero(cond.astype(numpy.bool_))[0]
    result = a[(slice(None),) * axis + (positions,)]
    return result if out is None else _into_out(result, out)


def extract(condition, arr):
    """The elements of ``arr.ravel()`` where ``condition.ravel()`` is nonzero (see
    numpy.extract)."""
    arr = device_array(arr, "extract")
    cond = device_array(condition, "extract").ravel()
    flat = arr.ravel()
    if cond.size > flat.size:
        raise IndexError(f"index {flat.size} is out of bounds for axis 0 with size {flat.size}")
    return flat[_native._nonzero(cond)[0]]
