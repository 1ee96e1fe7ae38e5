"""unique, isin, in1d and the 1-d set operations, on top of the device sorts
(cupylike/_sorting/_sort.py), searchsorted and boolean compaction, following NumPy's
definitions: results sorted, NaNs collapsed into one by unique's equal_nan (never equal to each
other in isin and the set operations), complex values in NumPy's sort order."""

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._core._ufuncs import UFUNCS
from cupylike._indexing._indexing import flatnonzero
from cupylike._logic._truth import any as _any
from cupylike._manipulation._joining import concatenate
from cupylike._math._cumulative import cumsum, diff
from cupylike._sorting._search import searchsorted
from cupylike._sorting._sort import argsort, lexsort, sort

_isnan = UFUNCS["isnan"]


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def _first_of_runs(ordered, equal_nan):
    """Boolean mask of the sorted 1-d `ordered`: True where a new value starts. With
    `equal_nan`, the NaNs (last in the sort order) count as one value."""
    n = ordered.size
    mask = _native.empty(n, numpy.bool_)
    if n == 0:
        return mask
    mask[:1] = True
    mask[1:] = ordered[1:] != ordered[:-1]
    if equal_nan and ordered.dtype.kind in "fc" and bool(_isnan(ordered[-1])):
        first_nan = int(searchsorted(_isnan(ordered), True, side="left"))
        mask[first_nan:first_nan + 1] = True
        mask[first_nan + 1:] = False
    return mask


def _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan):
    track = return_index or return_inverse
    if track:
        perm = argsort(ar)  # stable: each value's first occurrence comes first
        ordered = ar[perm]
    else:
        ordered = sort(ar)
    mask = _first_of_runs(ordered, equal_nan)
    results = [ordered[mask]]
    if not (track or return_counts) and equal_nan and ar.dtype.kind == "c" and results[0].size:
        # NumPy's unique without return_* hashes, keeping the first NaN of the input (with
        # any return_* it keeps the first in sort order, as the mask does).
        if bool(_isnan(results[0][-1])):
            results[0][-1:] = ar[flatnonzero(_isnan(ar))[:1]]
    return results + _extras(perm if track else None, mask, return_index, return_inverse,
                             return_counts)


def _extras(perm, mask, return_index, return_inverse, return_counts):
    """unique's optional results from the sorting permutation and the first-of-run mask: first
    occurrences, the inverse (positions in the unique values), counts."""
    out = []
    if return_index:
        out.append(perm[mask])
    if return_inverse:
        inverse = _native.empty(mask.size, numpy.int64)
        inverse[perm] = cumsum(mask) - 1
        out.append(inverse)
    if return_counts:
        starts = flatnonzero(mask)
        out.append(diff(concatenate([starts, _native.asarray([mask.size])])))
    return out


def _unique_rows(rows, return_index, return_inverse, return_counts):
    """unique over the first axis of 2-d `rows`: rows ordered lexicographically, equal rows
    (element by element; NaN equals nothing) merged."""
    n = rows.shape[0]
    if rows.shape[1] == 0:  # every row is the empty row
        perm = _native.arange(n, dtype=numpy.int64)
    else:
        perm = lexsort([rows[:, j] for j in range(rows.shape[1] - 1, -1, -1)])
    ordered = rows[perm]
    mask = _native.empty(n, numpy.bool_)
    if n:
        mask[:1] = True
        mask[1:] = _any(ordered[1:] != ordered[:-1], axis=1) if rows.shape[1] else False
    return [ordered[mask]] + _extras(perm, mask, return_index, return_inverse, return_counts)


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *,
           equal_nan=True, sorted=True):  # noqa: A002 (NumPy's name)
    """The sorted unique elements of `ar` (axis None) or its unique slices along `axis`, with
    the indices of their first occurrences, the indices that rebuild `ar` from them, and their
    counts on request. See numpy.unique; `sorted` is accepted and the result always sorted."""
    del sorted
    ar = _as_array(ar)
    if axis is None:
        results = _unique_flat(ar.reshape(-1), return_index, return_inverse, return_counts,
                               equal_nan)
        if return_inverse:
            at = 1 + int(return_index)
            results[at] = results[at].reshape(ar.shape)
    else:
        axis = normalize_axis_index(axis, ar.ndim)
        moved = _native.moveaxis(ar, axis, 0)
        rest = moved.shape[1:]
        width = 1
        for s in rest:
            width *= s
        rows = _native.ascontiguousarray(moved).reshape(moved.shape[0], width)
        results = _unique_rows(rows, return_index, return_inverse, return_counts)
        found = results[0].shape[0]
        results[0] = _native.moveaxis(results[0].reshape((found,) + rest), 0, axis)
    return results[0] if len(results) == 1 else tuple(results)


def _isin_flat(ar1, ar2, invert):
    dtype = numpy.result_type(ar1.dtype, ar2.dtype)
    if dtype.kind == "f" and {ar1.dtype.kind, ar2.dtype.kind} == {"i", "u"}:
        # uint64 with a signed type promotes to float64, which rounds large values together:
        # compare exactly as uint64 instead, where negative values match nothing.
        negative = ar1 < 0 if ar1.dtype.kind == "i" else None
        if ar2.dtype.kind == "i":
            ar2 = ar2[ar2 >= 0]
        found = _isin_flat(ar1.astype(numpy.uint64), ar2.astype(numpy.uint64), False)
        if negative is not None:
            found &= ~negative
        return ~found if invert else found
    ar1 = ar1.astype(dtype, copy=False)
    ordered = sort(ar2.astype(dtype, copy=False))
    if ordered.size == 0:
        found = _native.zeros(ar1.size, numpy.bool_)
    else:
        at = searchsorted(ordered, ar1)
        at[at == ordered.size] = ordered.size - 1
        found = ordered[at] == ar1
    return ~found if invert else found


def _check_isin_kind(kind, *arrays):
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: {kind!r}. Please use None, 'sort' or 'table'.")
    if kind == "table" and any(a.dtype.kind not in "biu" for a in arrays):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element of `element` is in `test_elements` (element's shape; see
    numpy.isin). NaN is in nothing. `assume_unique` and `kind` change no result: a sort
    serves every kind."""
    del assume_unique
    element, test_elements = _as_array(element), _as_array(test_elements)
    _check_isin_kind(kind, element, test_elements)
    return _isin_flat(element.reshape(-1), test_elements.reshape(-1), invert).reshape(
        element.shape)


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """isin of the flattened `ar1` (1-d result): NumPy 2.4 removed it, CuPy keeps it."""
    return isin(_as_array(ar1).reshape(-1), ar2, assume_unique, invert, kind=kind)


def _unique_or_flat(ar, assume_unique):
    ar = _as_array(ar)
    return ar.reshape(-1) if assume_unique else unique(ar)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values in both arrays; with `return_indices`, where each first occurs in
    ar1 and in ar2 (see numpy.intersect1d)."""
    ar1, ar2 = _as_array(ar1), _as_array(ar2)
    if not assume_unique and return_indices:
        ar1, first1 = unique(ar1, return_index=True)
        ar2, first2 = unique(ar2, return_index=True)
    elif not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    else:
        ar1, ar2 = ar1.reshape(-1), ar2.reshape(-1)
    both = concatenate([ar1, ar2])
    if return_indices:
        perm = argsort(both)
        both = both[perm]
    else:
        both = sort(both)
    pairs = both[1:] == both[:-1]
    common = both[:-1][pairs]
    if not return_indices:
        return common
    in1 = perm[:-1][pairs]
    in2 = perm[1:][pairs] - ar1.size
    if not assume_unique:
        in1, in2 = first1[in1], first2[in2]
    return common, in1, in2


def union1d(ar1, ar2):
    """The sorted values in either array (see numpy.union1d)."""
    return unique(concatenate([_as_array(ar1).reshape(-1), _as_array(ar2).reshape(-1)]))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted unique values of ar1 that are not in ar2 (see numpy.setdiff1d)."""
    ar1 = _unique_or_flat(ar1, assume_unique)
    ar2 = _unique_or_flat(ar2, assume_unique)
    return ar1[isin(ar1, ar2, invert=True)]


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted values in exactly one of the arrays (see numpy.setxor1d)."""
    both = concatenate([_unique_or_flat(ar1, assume_unique), _unique_or_flat(ar2, assume_unique)])
    if both.size == 0:
        return both
    both = sort(both)
    edges = _native.empty(both.size + 1, numpy.bool_)
    edges[:1] = True
    edges[-1:] = True
    edges[1:-1] = both[1:] != both[:-1]
    return both[edges[1:] & edges[:-1]]
