"""NumPy's index tricks: the grid builders mgrid and ogrid, the concatenators r_ and c_, and
NumPy's own s_, index_exp and ndindex (pure index arithmetic on the host).

The grids and the concatenated arrays are built on the device (arange, linspace, indices,
concatenate). Literal lists in ``r_[...]`` become device arrays as ``cupylike.array`` makes
them; the ``'r'`` and ``'c'`` directives and string keys, which make NumPy matrices, raise
NotImplementedError: cupylike has no matrix class.
"""

import math

import numpy
from numpy import index_exp, ndindex, s_

from cupylike._core import _native
from cupylike._indexing._index_grids import indices
from cupylike._manipulation._joining import concatenate

_COMPLEX_STEP = (complex, numpy.complexfloating)


def _bounds(key):
    """start, stop and step of a slice with NumPy's defaults (start 0, step 1)."""
    start = 0 if key.start is None else key.start
    step = 1 if key.step is None else key.step
    return start, key.stop, step


class _Grid:
    """``mgrid`` (dense) and ``ogrid`` (sparse): slices become ranges; a complex step's
    magnitude is the number of points, stop included (see numpy.mgrid)."""

    def __init__(self, sparse):
        self.sparse = sparse

    def __getitem__(self, key):
        if isinstance(key, slice):
            return self._range(key)
        sizes, bounds = [], [0]
        for k in key:
            start, stop, step = _bounds(k)
            if isinstance(step, _COMPLEX_STEP):
                step = abs(step)  # a point count: it makes the grid float, not complex
                sizes.append(int(step))
            else:
                sizes.append(int(math.ceil((stop - start) / (step * 1.0))))
            bounds += [start, stop, step]
        # The dtype arange would choose for all of the bounds: at least the default integer.
        dtype = numpy.result_type(*bounds)
        if self.sparse:
            grids = [_native.arange(n, dtype=dtype) for n in sizes]
        else:
            grids = indices(sizes, dtype)
        for axis, k in enumerate(key):
            start, _, step = _bounds(k)
            if isinstance(step, _COMPLEX_STEP):
                count = int(abs(step))
                step = 1 if count == 1 else (k.stop - start) / float(count - 1)
            # Written back into the dense grid, so its dtype stays the bounds' one.
            grids[axis] = grids[axis] * step + start
        if not self.sparse:
            return grids
        return tuple(g.reshape((1,) * axis + (g.size,) + (1,) * (len(grids) - axis - 1))
                     for axis, g in enumerate(grids))

    @staticmethod
    def _range(key):
        start, stop, step = _bounds(key)
        if not isinstance(step, _COMPLEX_STEP):
            return _native.arange(start, stop, step)
        count = int(abs(step))
        dtype = numpy.result_type(start, stop, abs(step))
        spacing = 1 if count == 1 else (stop - start) / float(count - 1)
        return _native.arange(0, count, 1, dtype=dtype) * spacing + start


mgrid = _Grid(sparse=False)
ogrid = _Grid(sparse=True)


def _directive(item, axis, ndmin, trans1d):
    """The (axis, ndmin, trans1d) a string directive at the head of the key sets."""
    if item in ("r", "c"):
        raise NotImplementedError("the 'r' and 'c' directives make a numpy.matrix, which "
                                  "cupylike does not have")
    try:
        if "," in item:
            values = [int(v) for v in item.split(",")]
            axis, ndmin = values[:2]
            if len(values) == 3:
                trans1d = values[2]
            return axis, ndmin, trans1d
        return int(item), ndmin, trans1d
    except (ValueError, TypeError) as e:
        raise ValueError(f"unknown special directive {item!r}") from e


def _with_ndmin(a, ndmin, trans1d, item_ndim):
    """`a` with at least `ndmin` axes, its own axes placed where `trans1d` says."""
    a = _native.array(a, copy=None, ndmin=ndmin)
    if trans1d != -1 and item_ndim < ndmin:
        k2 = ndmin - item_ndim
        k1 = trans1d + k2 + 1 if trans1d < 0 else trans1d
        axes = list(range(ndmin))
        a = a.transpose(axes[:k1] + axes[k2:] + axes[k1:k2])
    return a


class _Concatenator:
    """``r_`` and ``c_``: slices, scalars and arrays joined along an axis (see numpy.r_)."""

    def __init__(self, axis, ndmin, trans1d):
        self.axis, self.ndmin, self.trans1d = axis, ndmin, trans1d

    def __getitem__(self, key):
        if isinstance(key, str):
            raise NotImplementedError("a string key makes a numpy.matrix, which cupylike does "
                                      "not have")
        key = key if isinstance(key, tuple) else (key,)
        axis, ndmin, trans1d = self.axis, self.ndmin, self.trans1d
        objs, kinds = [], []
        for k, item in enumerate(key):
            if isinstance(item, str):
                if k != 0:
                    raise ValueError("special directives must be the first entry.")
                axis, ndmin, trans1d = _directive(item, axis, ndmin, trans1d)
                continue
            if isinstance(item, slice):
                start, stop, step = _bounds(item)
                if isinstance(step, _COMPLEX_STEP):
                    obj = _native.linspace(start, stop, num=int(abs(step)))
                else:
                    obj = _native.arange(start, stop, step)
                if ndmin > 1:
                    obj = _native.array(obj, copy=None, ndmin=ndmin)
                    if trans1d != -1:
                        obj = obj.swapaxes(-1, trans1d)
                kinds.append(obj.dtype)
            elif type(item) in numpy.ScalarType:
                obj = item
                kinds.append(item)
            else:
                if not isinstance(item, _native.ndarray):
                    if isinstance(item, numpy.ndarray):
                        raise TypeError("r_/c_ take cupylike arrays, not numpy.ndarray (move "
                                        "host data with cupylike.asarray first)")
                    item = _native.array(item)
                obj = _with_ndmin(item, ndmin, trans1d, item.ndim)
                kinds.append(obj.dtype)
            objs.append(obj)
        if kinds:
            dtype = numpy.result_type(*kinds)
            objs = [_native.array(o, dtype=dtype, copy=None, ndmin=ndmin) for o in objs]
        return concatenate(tuple(objs), axis=axis)

    def __len__(self):
        return 0


r_ = _Concatenator(axis=0, ndmin=1, trans1d=-1)
c_ = _Concatenator(axis=-1, ndmin=2, trans1d=0)

__all__ = ["c_", "index_exp", "mgrid", "ndindex", "ogrid", "r_", "s_"]
