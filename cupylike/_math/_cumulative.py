"""NumPy's cumulative sums and products — cumsum, cumprod, nancumsum, nancumprod — on the scan
objects of cupylike/_core/_scans.py, and diff / ediff1d from slicing and ufuncs."""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._device_arrays import device_array
from cupylike._core._scans import scan as _scan
from cupylike._core._ufuncs import UFUNCS
from cupylike._math._selection import where


def cumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum of the elements along an axis (see numpy.cumsum); axis None scans the
    flattened array. Bool and integers narrower than 64 bits accumulate in int64 (uint64 for
    unsigned) unless `dtype` says otherwise; float16 rounds each step to float16, as NumPy's.
    Long slices are cut into chunks scanned in parallel, so float sums may differ from NumPy's
    sequential ones by a reassociation at chunk boundaries."""
    return _scan("add")(a, axis, dtype, out, "cumsum")


def cumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product of the elements along an axis (see numpy.cumprod); accumulators as
    cumsum's."""
    return _scan("multiply")(a, axis, dtype, out, "cumprod")


def _cumulative(name, identity, x, axis, dtype, out, include_initial):
    # The Array API's form of cumsum/cumprod (NumPy 2's cumulative_sum/prod): axis may be left
    # out only for 1-d input, and include_initial puts the identity before the first element.
    x = device_array(x, name)
    if x.ndim == 0:
        x = _native.reshape(x, (1,))
    if axis is None:
        if x.ndim >= 2:
            raise ValueError("For arrays which have more than one dimension ``axis`` argument "
                             "is required.")
        axis = 0
    scan = cumsum if identity == 0 else cumprod
    if not include_initial:
        return scan(x, axis, dtype, out)
    axis = normalize_axis_index(axis, x.ndim)
    rest = [slice(None)] * x.ndim
    rest[axis] = slice(1, None)
    if out is not None:
        scan(x, axis, dtype, out[tuple(rest)])
        rest[axis] = 0
        out[tuple(rest)] = identity
        return out
    res = scan(x, axis, dtype)
    shape = list(res.shape)
    shape[axis] += 1
    full = _native.empty(tuple(shape), res.dtype, device=res.device)
    full[tuple(rest)] = res
    rest[axis] = slice(0, 1)
    full[tuple(rest)] = identity
    return full


def cumulative_sum(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative sum along an axis (see numpy.cumulative_sum): cumsum's accumulators, with the
    sum of no elements (0) first when include_initial is true."""
    return _cumulative("cumulative_sum", 0, x, axis, dtype, out, include_initial)


def cumulative_prod(x, /, *, axis=None, dtype=None, out=None, include_initial=False):
    """Cumulative product along an axis (see numpy.cumulative_prod), 1 first when
    include_initial is true."""
    return _cumulative("cumulative_prod", 1, x, axis, dtype, out, include_initial)


def _nan_scan(function, name, plain, a, axis, dtype, out):
    if device_array(a, function).dtype.kind not in "fc":
        return plain(a, axis, dtype, out)  # no NaN to replace
    if dtype is not None and numpy.dtype(dtype).kind not in "fc":
        # NaN -> identity before the cast to an integer dtype, as NumPy replaces them first.
        a = where(UFUNCS["isnan"](a), 0 if name == "add" else 1, a)
        return plain(a, axis, dtype, out)
    return _scan("nan" + name)(a, axis, dtype, out, function)


def nancumsum(a, axis=None, dtype=None, out=None):
    """Cumulative sum treating NaNs as zero (see numpy.nancumsum): leading NaNs give 0."""
    return _nan_scan("nancumsum", "add", cumsum, a, axis, dtype, out)


def nancumprod(a, axis=None, dtype=None, out=None):
    """Cumulative product treating NaNs as one (see numpy.nancumprod)."""
    return _nan_scan("nancumprod", "multiply", cumprod, a, axis, dtype, out)


def _as_array(value):
    """An edge value (prepend=, to_end=, ...) on the device: scalars and host data move."""
    return value if isinstance(value, _native.ndarray) else _native.asarray(numpy.asarray(value))


def _join(parts, axis):
    """numpy.concatenate of `parts` along `axis` (their dtypes promoted)."""
    dtype = _native.result_type(*parts)
    shape = list(parts[0].shape)
    shape[axis] = sum(p.shape[axis] for p in parts)
    result = _native.empty(tuple(shape), dtype)
    index = [slice(None)] * len(shape)
    at = 0
    for p in parts:
        index[axis] = slice(at, at + p.shape[axis])
        result[tuple(index)] = p
        at += p.shape[axis]
    return result


def _edge(value, a, axis):
    value = _as_array(value)
    if value.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        value = _native.broadcast_to(value, tuple(shape))
    return value


def diff(a, n=1, axis=-1, prepend=numpy._NoValue, append=numpy._NoValue):
    """The n-th discrete difference along `axis` (see numpy.diff): a[1:] - a[:-1] (not_equal for
    bool), n times, after joining `prepend` and `append` (scalars broadcast) to `a`."""
    if n == 0:
        return a
    if n < 0:
        raise ValueError("order must be non-negative but got " + repr(n))
    a = device_array(a, "diff")
    if a.ndim == 0:
        raise ValueError("diff requires input that is at least one dimensional")
    axis = numpy.lib.array_utils.normalize_axis_index(axis, a.ndim)
    parts = [a]
    if prepend is not numpy._NoValue:
        parts.insert(0, _edge(prepend, a, axis))
    if append is not numpy._NoValue:
        parts.append(_edge(append, a, axis))
    if len(parts) > 1:
        a = _join(parts, axis)
    later = [slice(None)] * a.ndim
    earlier = [slice(None)] * a.ndim
    later[axis] = slice(1, None)
    earlier[axis] = slice(None, -1)
    later, earlier = tuple(later), tuple(earlier)
    op = UFUNCS["not_equal"] if a.dtype == numpy.bool_ else UFUNCS["subtract"]
    for _ in range(n):
        a = op(a[later], a[earlier])
    return a


def _ediff_edge(value, dtype, name):
    value = _as_array(value)
    if not numpy.can_cast(value.dtype, dtype, casting="same_kind"):
        raise TypeError(f"dtype of `{name}` must be compatible with input `ary` under the "
                        "`same_kind` rule.")
    return value.ravel()


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array (see numpy.ediff1d),
    with `to_begin` and `to_end` (cast to ary's dtype under same_kind) around them."""
    ary = device_array(ary, "ediff1d").ravel()
    if to_begin is None and to_end is None:
        return ary[1:] - ary[:-1]
    begin = _ediff_edge(to_begin, ary.dtype, "to_begin") if to_begin is not None else None
    end = _ediff_edge(to_end, ary.dtype, "to_end") if to_end is not None else None
    n_begin = begin.size if begin is not None else 0
    n_end = end.size if end is not None else 0
    n_diff = max(ary.size - 1, 0)
    result = _native.empty((n_begin + n_diff + n_end,), ary.dtype)
    if n_begin:
        result[:n_begin] = begin
    if n_end:
        result[n_begin + n_diff:] = end
    UFUNCS["subtract"](ary[1:], ary[:-1], out=result[n_begin:n_begin + n_diff])
    return result
