"""Rearranging elements: flip, fliplr, flipud, rot90 and rollaxis (views), roll, repeat, tile
and resize (copies), broadcast_arrays, meshgrid, copyto, and shape/ndim/size, as NumPy has
them."""

import itertools
import math
import operator
import sys

import numpy
from numpy.lib.array_utils import normalize_axis_index, normalize_axis_tuple

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._manipulation._roll_rows import roll_rows

_where = UFUNCS["_where"]


def flip(m, axis=None):
    """A view with the order of elements reversed along the given axes (all when None)."""
    m = device_array(m, "flip")
    axes = range(m.ndim) if axis is None else normalize_axis_tuple(axis, m.ndim)
    key = [slice(None)] * m.ndim
    for a in axes:
        key[a] = slice(None, None, -1)
    return m[tuple(key)]


def fliplr(m):
    """flip along the second axis (ValueError below 2-d)."""
    if device_array(m, "fliplr").ndim < 2:
        raise ValueError("Input must be >= 2-d.")
    return m[:, ::-1]


def flipud(m):
    """flip along the first axis (ValueError for 0-d)."""
    if device_array(m, "flipud").ndim < 1:
        raise ValueError("Input must be >= 1-d.")
    return m[::-1]


def rot90(m, k=1, axes=(0, 1)):
    """A view rotated by 90 degrees k times in the plane of `axes`, from the first towards the
    second (see numpy.rot90)."""
    m = device_array(m, "rot90")
    axes = tuple(axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    if axes[0] == axes[1] or abs(axes[0] - axes[1]) == m.ndim:
        raise ValueError("Axes must be different.")
    if not (-m.ndim <= axes[0] < m.ndim and -m.ndim <= axes[1] < m.ndim):
        raise ValueError(f"Axes={axes} out of range for array of ndim={m.ndim}.")
    k = operator.index(k) % 4
    if k == 0:
        return m[...]
    if k == 2:
        return flip(flip(m, axes[0]), axes[1])
    perm = list(range(m.ndim))
    perm[axes[0]], perm[axes[1]] = perm[axes[1]], perm[axes[0]]
    if k == 1:
        return flip(m, axes[1]).transpose(perm)
    return flip(m.transpose(perm), axes[1])


def rollaxis(a, axis, start=0):
    """A view with `axis` moved to lie before `start` (see numpy.rollaxis)."""
    a = device_array(a, "rollaxis")
    n = a.ndim
    axis = normalize_axis_index(operator.index(axis), n)
    start = given = operator.index(start)
    if start < 0:
        start += n
    if not 0 <= start < n + 1:
        raise numpy.exceptions.AxisError(
            f"'start' arg requires {-n} <= start < {n + 1}, but {given} was passed in")
    if axis < start:
        start -= 1
    if axis == start:
        return a[...]
    axes = [d for d in range(n) if d != axis]
    axes.insert(start, axis)
    return a.transpose(axes)


def roll(a, shift, axis=None):
    """Elements shifted cyclically along the given axes (the flattened array when None)."""
    a = device_array(a, "roll")
    if axis is None:
        return roll(a.ravel(), shift, 0).reshape(a.shape)
    axes = normalize_axis_tuple(axis, a.ndim, allow_duplicate=True)
    pairs = numpy.broadcast(shift, axes)
    if pairs.ndim > 1:
        raise ValueError("'shift' and 'axis' should be scalars or 1D sequences")
    total = [0] * a.ndim
    for s, ax in pairs:
        total[ax] += operator.index(s)
    rolled = [ax for ax, (n, s) in enumerate(zip(a.shape, total, strict=True)) if n and s % n]
    if len(rolled) == 1 and a.size and a.flags.c_contiguous:
        ax = rolled[0]
        return roll_rows(a, ax, total[ax] % a.shape[ax])
    # Each rolled axis splits into two runs that swap places: the result is 2**k block copies.
    moves = []
    for n, s in zip(a.shape, total, strict=True):
        s = s % n if n else 0
        if s == 0:
            moves.append(((slice(None), slice(None)),))
        else:
            moves.append(((slice(n - s, None), slice(None, s)),
                          (slice(None, n - s), slice(s, None))))
    result = _native.empty(a.shape, a.dtype)
    for parts in itertools.product(*moves):
        result[tuple(dst for _, dst in parts)] = a[tuple(src for src, _ in parts)]
    return result


def repeat(a, repeats, axis=None):
    """Each element repeated (see numpy.repeat): `repeats` an int or one count per element
    along `axis` (the flattened array when None)."""
    a = device_array(a, "repeat")
    if axis is None:
        a, axis = a.ravel(), 0
    axis = normalize_axis_index(operator.index(axis), a.ndim)
    counts = repeats.get() if isinstance(repeats, _native.ndarray) else numpy.asarray(repeats)
    if counts.dtype.kind not in "iub":
        raise TypeError(f"Cannot cast array data from {counts.dtype!r} to dtype('int64') "
                        "according to the rule 'safe'")
    positions = numpy.repeat(numpy.arange(a.shape[axis]), counts)  # NumPy's checks and errors
    return a[(slice(None),) * axis + (_native.asarray(positions),)]


def tile(A, reps):
    """`A` repeated `reps` times along each axis (see numpy.tile)."""
    A = device_array(A, "tile")
    reps = tuple(operator.index(r) for r in numpy.atleast_1d(reps))
    d = max(len(reps), A.ndim)
    reps = (1,) * (d - len(reps)) + reps
    shape = (1,) * (d - A.ndim) + A.shape
    if A.size == 0:  # NumPy reshapes the empty input: only the output's shape is checked
        return _native.empty(tuple(r * s for r, s in zip(reps, shape, strict=True)), A.dtype)
    interleaved = A.reshape(tuple(x for s in shape for x in (1, s)))
    big = _native.broadcast_to(interleaved, tuple(x for r, s in zip(reps, shape, strict=True)
                                                for x in (r, s)))
    return big.copy().reshape(tuple(r * s for r, s in zip(reps, shape, strict=True)))


def resize(a, new_shape):
    """A new array of `new_shape` filled with `a`'s elements repeated in C order (zeros when
    `a` is empty); see numpy.resize."""
    a = device_array(a, "resize")
    new_shape = tuple(operator.index(s) for s in numpy.atleast_1d(new_shape))
    if any(s < 0 for s in new_shape):
        raise ValueError("all elements of `new_shape` must be non-negative")
    total = math.prod(new_shape)  # exact: NumPy's product of Python ints does not wrap
    flat = a.ravel()
    if flat.size == 0 or total == 0:
        return _native.zeros(new_shape, a.dtype)
    if -(-total // flat.size) > sys.maxsize:  # NumPy's (a,) * repeats cannot be made
        raise OverflowError("cannot fit 'int' into an index-sized integer")
    positions = numpy.arange(total) % flat.size
    return flat[_native.asarray(positions)].reshape(new_shape)


def broadcast_arrays(*args, subok=False):
    """Read-only views of the arrays broadcast to one shape (see numpy.broadcast_arrays);
    `subok` has no effect, as cupylike has no subclasses."""
    arrays = [device_array(a, "broadcast_arrays") for a in args]
    shape = numpy.broadcast_shapes(*(a.shape for a in arrays))
    return tuple(a if a.shape == shape else _native.broadcast_to(a, shape) for a in arrays)


def meshgrid(*xi, copy=True, sparse=False, indexing="xy"):
    """Coordinate arrays from 1-d coordinate vectors (see numpy.meshgrid)."""
    if indexing not in ("xy", "ij"):
        raise ValueError("Valid values for `indexing` are 'xy' and 'ij'.")
    xs = [device_array(x, "meshgrid").ravel() for x in xi]
    n = len(xs)
    shapes = [[1] * n for _ in xs]
    for i, x in enumerate(xs):
        shapes[i][i] = x.size
    if indexing == "xy" and n > 1:
        for s in shapes:
            s[0], s[1] = s[1], s[0]
    grids = [x.reshape(tuple(s)) for x, s in zip(xs, shapes, strict=True)]
    if not sparse:
        grids = list(broadcast_arrays(*grids))
    if copy:
        grids = [g.copy() for g in grids]
    return tuple(grids)


def copyto(dst, src, casting="same_kind", where=True):
    """Copies `src` (broadcast) into `dst` where `where` is true, after checking the cast
    against `casting` (see numpy.copyto)."""
    dst = device_array(dst, "copyto")
    src_dtype = src.dtype if isinstance(src, (_native.ndarray, numpy.generic)) else \
        numpy.result_type(src)
    if isinstance(src, (int, float, complex)) and not isinstance(src, bool):
        src_dtype = numpy.result_type(src, dst.dtype)  # Python scalars are weak, as in NumPy
    if not numpy.can_cast(src_dtype, dst.dtype, casting):
        raise TypeError(f"Cannot cast scalar from {src_dtype!r} to {dst.dtype!r} according to "
                        f"the rule '{casting}'")
    if where is True:
        dst[...] = src
        return
    mask = where if isinstance(where, _native.ndarray) else _native.asarray(numpy.asarray(where))
    dst[...] = _where(mask, src, dst, dtype=dst.dtype)


def shape(a):
    """The shape of an array (cupylike or anything numpy.shape accepts)."""
    return a.shape if isinstance(a, _native.ndarray) else numpy.shape(a)


def ndim(a):
    """The number of dimensions of an array."""
    return a.ndim if isinstance(a, _native.ndarray) else numpy.ndim(a)


def size(a, axis=None):
    """The number of elements, in all or along one axis."""
    if not isinstance(a, _native.ndarray):
        return numpy.size(a, axis)
    if axis is None:
        return a.size
    return a.shape[normalize_axis_index(operator.index(axis), a.ndim)]
