"""The device sort and search of kernels/cupylike/sort.cuh, driven from here: the radix passes
(count, an inclusive cumsum of the counts, scatter) over the elements' keys and then over
their row numbers, or for short rows one launch that puts each element at its rank, and the
binary searches of searchsorted.

GPUs always sort this way. The cpu device sorts with NumPy and the host radix sort instead
(cupylike/_sorting/_sort.py); tests set `forced` to run these kernels there too.
"""

import numpy

from cupylike._core import _native
from cupylike._core._statistics_kernels import function, launch

# Tests: sort with the kernels on the cpu device too.
forced = False

# The key policy of kernels/cupylike/sort_keys.cuh for each dtype.
KEYS = {
    numpy.dtype(numpy.bool_): "cupylike::key_unsigned<unsigned char>",
    numpy.dtype(numpy.uint8): "cupylike::key_unsigned<unsigned char>",
    numpy.dtype(numpy.uint16): "cupylike::key_unsigned<unsigned short>",
    numpy.dtype(numpy.uint32): "cupylike::key_unsigned<unsigned int>",
    numpy.dtype(numpy.uint64): "cupylike::key_unsigned<unsigned long long>",
    numpy.dtype(numpy.int8): "cupylike::key_signed<unsigned char>",
    numpy.dtype(numpy.int16): "cupylike::key_signed<unsigned short>",
    numpy.dtype(numpy.int32): "cupylike::key_signed<unsigned int>",
    numpy.dtype(numpy.int64): "cupylike::key_signed<unsigned long long>",
    numpy.dtype(numpy.float16): "cupylike::key_float<unsigned short, 5>",
    numpy.dtype(numpy.float32): "cupylike::key_float<unsigned int, 8>",
    numpy.dtype(numpy.float64): "cupylike::key_float<unsigned long long, 11>",
    numpy.dtype(numpy.complex64): "cupylike::key_complex<unsigned int, 8>",
    numpy.dtype(numpy.complex128): "cupylike::key_complex<unsigned long long, 11>",
}
_RADIX_BITS = 4  # CUPYLIKE_RADIX_BITS of sort.cuh
_RADIX = 1 << _RADIX_BITS
_RUN = 32  # elements per thread of a pass
# Rows up to this long, or arrays whose elements times row length stay within _RANK_WORK, sort
# by rank in one launch (n comparisons per element) rather than in the radix passes' two
# launches and a cumsum each, a dozen passes and more.
_RANK_ROW = 64
_RANK_WORK = 1 << 22


def _count_name(key):
    return f"cupylike::sort_count_kernel<{key} >"


def _scatter_name(key, with_idx):
    return f"cupylike::sort_scatter_kernel<{key}, {'true' if with_idx else 'false'}>"


def _rank_name(key, with_idx):
    return f"cupylike::sort_rank_kernel<{key}, {'true' if with_idx else 'false'}>"


def _search_name(key):
    return f"cupylike::search_kernel<{key} >"


def kernel_names():
    """Every instantiation of sort.cuh (each compiled on first use; the NVRTC test compiles
    exactly this list)."""
    names = []
    for key in dict.fromkeys(KEYS.values()):
        names += [_count_name(key), _scatter_name(key, False), _scatter_name(key, True),
                  _rank_name(key, False), _rank_name(key, True), _search_name(key)]
    return names


def _function(name):
    return function("cupylike/sort.cuh", name)


def use_kernels(a):
    """Whether `a` sorts with these kernels (always on a GPU; on the cpu device when forced)."""
    return forced or a.device.kind != "cpu"


def _passes(key_bits, rows):
    """(shift, by_row) of each radix pass: the key's digits, then the row numbers'."""
    passes = [(shift, 0) for shift in range(0, key_bits, _RADIX_BITS)]
    row_bits = int(rows - 1).bit_length()
    passes += [(shift, 1) for shift in range(0, row_bits, _RADIX_BITS)]
    return passes


def sort_rows(work, with_indices):
    """Sorts each row of the C-contiguous 2-d `work` ([rows][n]) stably in NumPy's order.
    Returns (values, positions): positions (int64, work's shape; None unless `with_indices`)
    are each element's original column."""
    rows, n = work.shape
    total = rows * n
    if total > 1 and n > 1 and (n <= _RANK_ROW or total * n <= _RANK_WORK):
        return _rank_sort(work, with_indices)
    track = with_indices or rows > 1
    values = work.reshape(-1)
    device = work.device
    idx = (_native.arange(total, dtype=numpy.int64, device=device) if track
           else _native.empty(1, numpy.int64, device=device))
    if total > 1 and n > 1:
        key = KEYS[work.dtype]
        count = _function(_count_name(key))
        scatter = _function(_scatter_name(key, track))
        threads = -(-total // _RUN)
        counts = _native.empty(_RADIX * threads, numpy.uint64, device=device)
        spare_values = _native.empty_like(values)
        spare_idx = _native.empty_like(idx)
        for shift, by_row in _passes(work.dtype.itemsize * 8, rows):
            launch(count, threads, (values, idx, total, n, threads, _RUN, shift, by_row, counts),
                   work=total)
            ends = counts.cumsum()
            launch(scatter, threads, (values, idx, spare_values, spare_idx, total, n, threads,
                                      _RUN, shift, by_row, ends), work=total)
            values, spare_values = spare_values, values
            idx, spare_idx = spare_idx, idx
    values = values.reshape(rows, n)
    if not with_indices:
        return values, None
    return values, (idx % n).reshape(rows, n)


def _rank_sort(work, with_indices):
    """sort_rows of the short rows of `work` in one launch of the rank kernel."""
    values = _native.empty_like(work)
    idx = _native.empty(work.shape if with_indices else 1, numpy.int64, device=work.device)
    kernel = _function(_rank_name(KEYS[work.dtype], with_indices))
    rows, n = work.shape
    launch(kernel, rows * n, (work, values, idx, rows * n, n), work=rows * n * n)
    return values, (idx if with_indices else None)


def search(a, values, right, sorter=None):
    """For each element of `values` (contiguous, a's dtype), its insertion point in the sorted
    1-d contiguous `a` (through int64 `sorter`): int64 of values' shape."""
    out = _native.empty(values.shape, numpy.int64, device=a.device)
    if values.size == 0:
        return out
    kernel = _function(_search_name(KEYS[a.dtype]))
    use_sorter = sorter is not None
    sorter = sorter if use_sorter else _native.empty(1, numpy.int64, device=a.device)
    launch(kernel, values.size, (a, a.size, sorter, int(use_sorter), values, values.size,
                                 int(right), out), work=values.size * max(1, a.size.bit_length()))
    return out
