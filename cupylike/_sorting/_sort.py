"""sort, argsort, lexsort, partition, argpartition and sort_complex, and the ndarray methods.

Every sort works on a contiguous copy with the sorted axis last. A GPU sorts it with the kernels
of cupylike/_sorting/_kernels.py. The cpu device uses well-kept host sorts on the copy's memory:
NumPy's own sort and partition for values (a long row is sorted in two halves on two threads and
merged; arrays too short to split sort in one native call, any axis), and for argsort the
stable host radix sort of csrc/ops/sort_host.cpp (NumPy's stable argsort, in one native call,
for the short rows of such arrays).

Argsort is stable on every device and for every `kind` (NumPy's default kind is not, so where
keys tie NumPy's default may order their indices otherwise). Partitions on a GPU are full
sorts, which satisfy every partition contract.
"""

import threading
from concurrent.futures import ThreadPoolExecutor

import numpy
from numpy.lib.array_utils import normalize_axis_index

from cupylike._core import _native
from cupylike._indexing._placement import take_along_axis
from cupylike._sorting import _kernels as _sort_kernels

_KINDS = (None, "quicksort", "quick", "mergesort", "merge", "heapsort", "heap", "stable")
# Rows at least this long are sorted as two halves in parallel and merged on the cpu device.
_SPLIT_FROM = 1 << 17
# Shorter rows of a smaller array argsort with NumPy's stable argsort on the cpu device.
_ARGSORT_ROW = 1 << 10
_ndarray = _native.ndarray
_host_sorted = _native._host_sorted
_host_argsorted = _native._host_argsorted
_pool = None
_pool_lock = threading.Lock()


def _threads():
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="cupylike-sort")
        return _pool


def _as_array(a):
    return a if isinstance(a, _native.ndarray) else _native.asarray(a)


def check_kind(kind, stable, order):
    """NumPy's checks of sort's kind=, stable= and order= (every kind sorts stably here)."""
    if kind is not None and stable is not None:
        raise ValueError("`kind` and keyword parameters can't be provided at the same time. "
                         "Use only one of them.")
    if kind not in _KINDS:
        raise ValueError(f"sort kind must be one of 'quick', 'heap', or 'stable' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")


def _work(a, axis):
    """A C-contiguous copy of `a` with `axis` last (axis None: flattened), as [rows][n], and
    the axis the result's sorted axis goes back to (None: stays last)."""
    if axis is None:
        return a.reshape(-1).copy().reshape(1, -1), None
    axis = normalize_axis_index(axis, a.ndim)
    moved = a if axis == a.ndim - 1 else _native.moveaxis(a, axis, -1)
    work = moved.copy(order="C")
    rows = 1
    for s in work.shape[:-1]:
        rows *= s
    return work.reshape(rows, work.shape[-1]), (None if axis == a.ndim - 1 else axis)


def _restore(flat, a, axis, moved_back):
    """The sorted [rows][n] result in a's shape (flat for axis=None), C-contiguous."""
    if axis is None:
        return flat.reshape(-1)
    shape = list(a.shape)
    n = shape.pop(normalize_axis_index(axis, a.ndim))
    out = flat.reshape(tuple(shape) + (n,))
    if moved_back is None:
        return out
    return _native.ascontiguousarray(_native.moveaxis(out, -1, moved_back))


def _numpy_sort(work):
    """Sorts the rows of contiguous cpu `work` with NumPy; returns the sorted array (work, or a
    merge of its two sorted halves)."""
    rows, n = work.shape
    view = _native._cpu_view(work)
    if _native._cpu_workers() < 2 or rows * n < _SPLIT_FROM:
        view.sort(axis=-1)
        return work
    if rows > 1:  # NumPy releases the GIL while it sorts: two threads, half the rows each
        half = rows // 2
        list(_threads().map(lambda part: part.sort(axis=-1), (view[:half], view[half:])))
        return work
    half = n // 2
    list(_threads().map(lambda part: part.sort(), (view[0, :half], view[0, half:])))
    merged = _native.empty(n, work.dtype)
    _native._host_merge(work.reshape(-1), merged, half)
    return merged.reshape(1, n)


def sort_rows(work, with_indices=False):
    """(values, positions) of each row of contiguous 2-d `work` sorted in NumPy's order;
    positions (int64, each element's original column) only `with_indices`."""
    if _sort_kernels.use_kernels(work):
        return _sort_kernels.sort_rows(work, with_indices)
    if not with_indices:
        return _numpy_sort(work), None
    positions = _native.empty(work.shape, numpy.int64)
    if work.size:
        _native._host_sort(work, positions)
    return work, positions


def sort(a, axis=-1, kind=None, order=None, *, stable=None):
    """A sorted copy of `a` along `axis` (None: flattened), NaNs last, complex values by real
    then imaginary part (see numpy.sort). Every kind gives the same result."""
    if kind is not None or stable is not None or order is not None:
        check_kind(kind, stable, order)
    a = a if isinstance(a, _ndarray) else _native.asarray(a)
    if not _sort_kernels.forced:
        # Below the split, per-call steps cost more than the sort: one native call sorts a
        # cpu array (None for others).
        out = _host_sorted(a, axis, _SPLIT_FROM)
        if out is not None:
            return out
    work, moved_back = _work(a, axis)
    values, _ = sort_rows(work)
    return _restore(values, a, axis, moved_back)


def argsort(a, axis=-1, kind=None, order=None, *, stable=None):
    """Indices (int64) that sort `a` along `axis` (None: flattened), as numpy.argsort with
    kind='stable' whatever `kind` says: ties keep their order."""
    if kind is not None or stable is not None or order is not None:
        check_kind(kind, stable, order)
    a = a if isinstance(a, _ndarray) else _native.asarray(a)
    if not _sort_kernels.forced:
        # As in sort; rows from _ARGSORT_ROW on go to the host radix sort, faster there.
        out = _host_argsorted(a, axis, _SPLIT_FROM, _ARGSORT_ROW)
        if out is not None:
            return out
    if isinstance(axis, bool):  # numpy.sort takes a bool axis, numpy.argsort does not
        raise TypeError("an integer is required for the axis")
    if a.ndim == 0:  # NumPy argsorts a 0-d array as a 1-d array of one element
        a = a.reshape(1)
    work, moved_back = _work(a, axis)
    _, positions = sort_rows(work, with_indices=True)
    return _restore(positions, a, axis, moved_back)


def lexsort(keys, axis=-1):
    """Indices that sort by several keys, the last key primary (see numpy.lexsort): stable
    argsorts from the first key to the last, each of the keys in the order so far."""
    if isinstance(keys, _native.ndarray):
        if keys.ndim == 0:
            raise TypeError("need sequence of keys with len > 0 in lexsort")
        keys = [keys[i] for i in range(keys.shape[0])]
    elif isinstance(keys, numpy.ndarray) and keys.ndim == 0:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    keys = [_as_array(k) for k in keys]
    if not keys:
        raise TypeError("need sequence of keys with len > 0 in lexsort")
    if any(k.shape != keys[0].shape for k in keys):
        raise ValueError("all keys need to be the same shape")
    if keys[0].ndim == 0:
        return _native.zeros((), numpy.int64)
    axis = normalize_axis_index(axis, keys[0].ndim)
    order = argsort(keys[0], axis=axis)
    for key in keys[1:]:
        order = take_along_axis(order, argsort(take_along_axis(key, order, axis), axis=axis),
                                axis)
    return order


def _kth(kth, n):
    """kth as a sorted tuple of non-negative ints, with NumPy's checks."""
    values = numpy.asarray(kth)
    if values.dtype == numpy.bool_:
        raise ValueError("Booleans unacceptable as partition index")
    if values.dtype.kind not in "iu":
        raise TypeError("Partition index must be integer")
    if values.ndim > 1:
        raise ValueError("kth array must have dimension <= 1")
    out = []
    for k in values.reshape(-1).tolist():
        k = k + n if k < 0 else k
        if not 0 <= k < n:
            raise ValueError(f"kth(={k}) out of bounds ({n})")
        out.append(k)
    return tuple(sorted(out))


def _partition(a, kth, axis, kind, order, indices):
    if kind != "introselect":
        raise ValueError(f"select kind must be 'introselect' (got {kind!r})")
    if order is not None:
        raise ValueError("Cannot specify order when the array has no fields.")
    a = _as_array(a)
    work, moved_back = _work(a, axis)
    ks = _kth(kth, work.shape[1])
    if _sort_kernels.use_kernels(work) or not ks or work.size == 0:
        values, positions = sort_rows(work, with_indices=indices)
        flat = positions if indices else values
    else:
        view = _native._cpu_view(work)
        if indices:
            flat = _native.asarray(view.argpartition(ks, axis=-1))
        else:
            view.partition(ks, axis=-1)
            flat = work
    return _restore(flat, a, axis, moved_back)


def partition(a, kth, axis=-1, kind="introselect", order=None):
    """A copy of `a` with the element of each kth position where a sort would put it, smaller
    or equal ones before it and larger or equal ones after (see numpy.partition)."""
    return _partition(a, kth, axis, kind, order, indices=False)


def argpartition(a, kth, axis=-1, kind="introselect", order=None):
    """Indices that partition `a` as numpy.argpartition's contract says."""
    return _partition(a, kth, axis, kind, order, indices=True)


def sort_complex(a):
    """`a` sorted along its last axis as complex values (numpy.sort_complex): complex64 for
    8- and 16-bit integers, complex128 for any other real type, as NumPy chooses."""
    b = sort(a)
    if b.dtype.kind == "c":
        return b
    return b.astype(numpy.complex64 if b.dtype.char in "bhBH" else numpy.complex128)
