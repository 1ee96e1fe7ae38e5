"""block and row_stack: arrays assembled from nested lists of blocks, as NumPy has them. The
list structure is checked on the host; the blocks are joined by concatenate (one copy kernel
per block and level)."""

import numbers
import warnings

import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._manipulation._joining import concatenate, vstack


def _as_block(x):
    """A leaf of block's nesting as a cupylike array: Python and NumPy scalars become 0-d
    arrays (NumPy takes them too), host arrays are refused as everywhere else."""
    if isinstance(x, (numbers.Number, numpy.generic)):
        return _native.asarray(x)
    return device_array(x, "block")


def _index(path):
    return "arrays" + "".join(f"[{i}]" for i in path)


def _check_depths(arrays, path=()):
    """(the leaves with their paths, the list depth, the largest leaf ndim) with NumPy's
    errors for tuples, empty lists and lists of uneven depth."""
    if isinstance(arrays, tuple):
        raise TypeError(f"{_index(path)} is a tuple. Only lists can be used to arrange blocks, "
                        "and np.block does not allow implicit conversion from tuple to ndarray.")
    if not isinstance(arrays, list):
        leaf = _as_block(arrays)
        return [leaf], len(path), leaf.ndim, path
    if not arrays:
        raise ValueError(f"List at {_index(path)} cannot be empty")
    leaves, depth, ndim, first_path = None, None, 0, None
    for i, item in enumerate(arrays):
        sub_leaves, sub_depth, sub_ndim, sub_path = _check_depths(item, path + (i,))
        if depth is None:
            leaves, depth, first_path = sub_leaves, sub_depth, sub_path
        elif sub_depth != depth:
            raise ValueError(f"List depths are mismatched. First element was at depth {depth}, "
                             f"but there is an element at depth {sub_depth} "
                             f"({_index(sub_path)})")
        else:
            leaves = leaves + sub_leaves
        ndim = max(ndim, sub_ndim)
    return leaves, depth, ndim, first_path


def _assemble(arrays, depth, result_ndim, level=0):
    if not isinstance(arrays, list):
        a = _as_block(arrays)
        return a.reshape((1,) * (result_ndim - a.ndim) + a.shape)
    parts = [_assemble(item, depth, result_ndim, level + 1) for item in arrays]
    return concatenate(parts, axis=-(depth - level))


def block(arrays):
    """An array assembled from nested lists of blocks (see numpy.block): the innermost lists
    join along the last axis, the outermost along the first of the list depth's axes."""
    _, depth, ndim, _ = _check_depths(arrays)
    result_ndim = max(depth, ndim)
    if depth == 0:  # a lone array: NumPy returns a copy
        return _as_block(arrays).copy()
    return _assemble(arrays, depth, result_ndim)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """vstack under its old name, deprecated in NumPy 2 with the same warning."""
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.",
                  DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)
