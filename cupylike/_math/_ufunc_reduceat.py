"""ufunc.reduceat: reductions over the slices array[indices[i]:indices[i + 1]] along an axis,
and ufunc.identity.

NumPy's rules: segment i is indices[i]:indices[i + 1] (the last one runs to the end); where
indices[i] >= indices[i + 1] the result is array[indices[i]]; an index outside [0, n) is an
IndexError. The result's dtype is ufunc.reduce's for the input and dtype= (np.add.reduceat
of int8 gives int64), and out= receives it as an assignment does.

Each segment starts from its first element, and the rest of its elements are applied to it in
order by ufunc.at's kernel (cupylike/_math/_ufunc_at.py): one thread per output element, the
ufunc's own loop, a left fold. NumPy sums a long float segment pairwise instead, so float
add.reduceat may differ from NumPy's in the last bits (docs/differences_interop.md).
"""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufunc_table import TABLE
from cupylike._indexing._indexing import take
from cupylike._math._ufunc_at import apply_at, loop_index

# NumPy's ufunc.identity of each ufunc: the table's fact (None for ufuncs without one).
IDENTITIES = {entry.name: entry.identity for entry in TABLE}


def identity(self):
    """The identity value of the ufunc (None when it has none), as numpy.ufunc.identity."""
    return IDENTITIES.get(self.__name__)


def _indices(indices, n, name):
    """indices as NumPy's reduceat takes them: 1-d, cast to intp, each in [0, n)."""
    if isinstance(indices, _native.ndarray):
        indices = indices.get()
    indices = numpy.asarray(indices)
    if indices.ndim == 0:
        raise ValueError("object of too small depth for desired array")
    if indices.ndim > 1:
        raise ValueError("object too deep for desired array")
    indices = indices.astype(numpy.intp, casting="unsafe")
    bad = (indices < 0) | (indices >= n)
    if bad.any():
        raise IndexError(f"index {indices[bad][0]} out-of-bounds in {name}.reduceat [0, {n})")
    return indices


def _axis(axis, ndim):
    if isinstance(axis, tuple):
        if len(axis) != 1:
            raise ValueError("reduceat does not allow multiple axes")
        axis = axis[0]
    if axis is None:
        if ndim != 1:
            raise ValueError("reduceat does not allow multiple axes")
        axis = 0
    return normalize_axis_index(axis, ndim)


def _segments(indices, n):
    """(segment, element) pairs of every element after each segment's first, in order."""
    ends = numpy.append(indices[1:], n)
    lengths = numpy.where(ends > indices, ends - indices - 1, 0)
    segment = numpy.repeat(numpy.arange(indices.size), lengths)
    starts = numpy.cumsum(lengths) - lengths
    element = numpy.arange(segment.size) - starts[segment] + indices[segment] + 1
    return segment, element


def reduceat(self, array, indices, axis=0, dtype=None, out=None):
    """Reduces `array` over the slices that `indices` start along `axis`, as
    numpy.ufunc.reduceat."""
    name = self.__name__
    if self.nin != 2:
        raise ValueError("reduceat only supported for binary functions")
    if self.nout != 1:
        raise ValueError("reduceat only supported for functions returning a single value")
    device_array(array, f"{name}.reduceat")
    if array.ndim == 0:
        raise TypeError("cannot reduceat on a scalar")
    axis = _axis(axis, array.ndim)
    # reduce's dtype for one element (reduce's errors for a ufunc or dtype= without a loop).
    loop_dtype = self.reduce(_native.zeros((1,), array.dtype, device=array.device),
                             dtype=dtype).dtype
    n = array.shape[axis]
    indices = _indices(indices, n, name)
    moved = _native.moveaxis(array, axis, 0)
    device_indices = _native.asarray(indices.astype(numpy.int64), device=array.device)
    result = take(moved, device_indices, axis=0).astype(loop_dtype)
    segment, element = _segments(indices, n)
    if segment.size and result.size:
        rest = result.size // result.shape[0]
        targets = (segment[:, None] * rest + numpy.arange(rest)[None, :]).reshape(-1)
        values = take(moved, _native.asarray(element, device=array.device), axis=0)
        loop = loop_index(self, (loop_dtype, loop_dtype), loop_dtype)
        apply_at(self, loop, result, _native.asarray(targets, device=array.device), values)
    result = _native.ascontiguousarray(_native.moveaxis(result, 0, axis))
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry")
        out = out[0]
    if out is None:
        return result
    device_array(out, f"{name}.reduceat")
    out[...] = result
    return out
