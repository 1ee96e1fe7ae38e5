"""numpy.pad on the device: the array grows one axis at a time, as NumPy's does, so that the
statistics and edges of later axes see the padding of earlier ones. Index modes (edge, wrap,
reflect, symmetric) gather through positions computed on the host; the others fill blocks."""


import numpy

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._ufuncs import UFUNCS
from cupylike._manipulation._joining import concatenate
from cupylike._statistics._quantiles import median

_rint = UFUNCS["rint"]
_floor = UFUNCS["floor"]
_add = UFUNCS["add"]
_multiply = UFUNCS["multiply"]
_subtract = UFUNCS["subtract"]

_INDEX_MODES = ("edge", "wrap", "reflect", "symmetric")
_STAT_MODES = ("maximum", "minimum", "mean", "median")
_MODES = ("constant", "empty", "linear_ramp") + _INDEX_MODES + _STAT_MODES


def _pairs(value, ndim, name, integer=True):
    """NumPy's (before, after) per axis from a scalar, a pair or one pair per axis."""
    arr = numpy.asarray(value)
    if integer:
        if arr.dtype.kind not in "iu" and not (arr.dtype.kind == "f" and arr.size and
                                              numpy.all(arr == numpy.round(arr))):
            raise TypeError("`pad_width` must be of integral type.")
        arr = numpy.round(arr).astype(numpy.intp)
        if (arr < 0).any():
            raise ValueError("index can't contain negative values")
    try:
        return numpy.broadcast_to(arr, (ndim, 2)).tolist()
    except ValueError:
        raise ValueError(f"operands could not be broadcast together with remapped shapes "
                         f"[original->remapped]: {arr.shape} and requested shape ({ndim},2)"
                         ) from None


def _positions(mode, n, before, after):
    """For every position of the padded axis, the position of the original it copies."""
    p = numpy.arange(-before, n + after)
    if mode == "edge":
        return numpy.clip(p, 0, n - 1)
    if mode == "wrap":
        return p % n
    if mode == "reflect":
        if n == 1:
            return numpy.zeros_like(p)
        q = p % (2 * n - 2)
        return numpy.where(q >= n, 2 * n - 2 - q, q)
    q = p % (2 * n)  # symmetric
    return numpy.where(q >= n, 2 * n - 1 - q, q)


def _at(axis, index):
    return (slice(None),) * axis + (index,)


def _stat(mode, chunk, axis, dtype):
    fn = {"maximum": chunk.max, "minimum": chunk.min, "mean": chunk.mean}.get(mode)
    if mode == "median":
        value = median(chunk, axis=axis, keepdims=True)
    else:
        value = fn(axis=axis, keepdims=True)
    if numpy.dtype(dtype).kind in "iu" and value.dtype.kind == "f":
        value = _rint(value)  # NumPy rounds a mean or median for integer arrays
    return value.astype(dtype)


def _ramp(end, edge, width, axis, dtype, reverse):
    """NumPy's linspace(end, edge, width, endpoint=False) along `axis`, in float64."""
    shape = [1] * edge.ndim
    shape[axis] = width
    steps = _native.asarray(numpy.arange(width, dtype=numpy.float64).reshape(shape) / width)
    start = numpy.float64(end)
    ramp = _add(_multiply(_subtract(edge.astype(numpy.float64), start), steps), start)
    if reverse:
        ramp = ramp[_at(axis, slice(None, None, -1))]
    if numpy.dtype(dtype).kind in "iu":
        ramp = _floor(ramp)  # NumPy 2's linspace rounds towards -inf for integer dtypes
    return ramp.astype(dtype)


def _odd_reflect(result, axis, before, after, symmetric):
    """reflect_type='odd' as NumPy computes it, fold by fold: each fold is 2 * edge minus the
    values next to the edge (the edge itself included for 'symmetric'), as many as the filled
    part holds in whole periods of the original, so values round as NumPy's do."""
    n = result.shape[axis]
    dtype = result.dtype
    while before > 0 or after > 0:
        filled = result.shape[axis]
        length = filled // n * n if symmetric else (filled - 1) // (n - 1) * (n - 1)
        parts = [result]
        if before > 0:
            k = min(length, before)
            near = result[_at(axis, slice(k - 1, None, -1) if symmetric else slice(k, 0, -1))]
            parts.insert(0, (2 * result[_at(axis, slice(0, 1))] - near).astype(dtype))
            before -= k
        if after > 0:
            k = min(length, after)
            last = filled - 1 if symmetric else filled - 2
            near = result[_at(axis, slice(last, last - k if last - k >= 0 else None, -1))]
            edge = result[_at(axis, slice(filled - 1, filled))]
            parts.append((2 * edge - near).astype(dtype))
            after -= k
        result = concatenate(parts, axis=axis)
    return result


def pad(array, pad_width, mode="constant", **kwargs):
    """The array padded by `pad_width` (per axis (before, after)) in one of NumPy's modes:
    constant, edge, linear_ramp, maximum, mean, median, minimum, reflect, symmetric, wrap,
    empty. Callable modes are not
    supported."""
    a = device_array(array, "pad")
    if callable(mode):
        raise NotImplementedError("pad with a callable mode is not supported")
    if mode not in _MODES:
        raise ValueError(f"mode '{mode}' is not supported")
    allowed = {"constant": {"constant_values"}, "linear_ramp": {"end_values"},
               "reflect": {"reflect_type"}, "symmetric": {"reflect_type"}}.get(
                   mode, {"stat_length"} if mode in _STAT_MODES else set())
    unsupported = set(kwargs) - allowed
    if unsupported:
        raise ValueError(f"unsupported keyword arguments for mode '{mode}': {unsupported}")
    odd = kwargs.get("reflect_type", "even") == "odd"
    widths = _pairs(pad_width, a.ndim, "pad_width")
    constants = _pairs(kwargs.get("constant_values", 0), a.ndim, "constant_values", False)
    ends = _pairs(kwargs.get("end_values", 0), a.ndim, "end_values", False)
    stat_length = kwargs.get("stat_length")
    lengths = None if stat_length is None else _pairs(stat_length, a.ndim, "stat_length")
    result = a
    for axis, (before, after) in enumerate(widths):
        n = result.shape[axis]
        if before == 0 and after == 0:
            continue
        if n == 0 and mode not in ("constant", "empty"):
            raise ValueError(f"can't extend empty axis {axis} using modes other than "
                             "'constant' or 'empty'")
        if odd and mode in ("reflect", "symmetric") and n > 1:
            result = _odd_reflect(result, axis, before, after, mode == "symmetric")
            continue
        if mode in _INDEX_MODES:
            positions = _native.asarray(_positions(mode, n, before, after))
            result = result[_at(axis, positions)]
            continue
        shape = list(result.shape)
        blocks = []
        for side, width in ((0, before), (1, after)):
            shape[axis] = width
            if mode in ("constant", "empty"):
                blocks.append(_native.full(tuple(shape), constants[axis][side], a.dtype))
            elif mode == "linear_ramp":
                edge = result[_at(axis, slice(0, 1) if side == 0 else slice(n - 1, n))]
                blocks.append(_ramp(ends[axis][side], edge, width, axis, a.dtype, side == 1))
            else:
                k = n if lengths is None else max(min(lengths[axis][side], n), 1)
                chunk = result[_at(axis, slice(0, k) if side == 0 else slice(n - k, n))]
                blocks.append(_native.broadcast_to(_stat(mode, chunk, axis, a.dtype),
                                                 tuple(shape)))
        result = concatenate((blocks[0], result, blocks[1]), axis=axis)
    return result if result is not a else a.copy()
