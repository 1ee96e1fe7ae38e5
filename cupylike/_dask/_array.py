"""cupylike.ndarray as a dask.array chunk type, with Dask's data-directed functions.

What Dask registers for CuPy's arrays, registered here for ours: a chunk type (Dask wraps it
and does not defer to it), and the functions Dask looks up by a chunk's type to join, contract,
count and take chunks, and to move them to and from NumPy.

Dask tells CuPy's arrays by `"cupy" in str(type(x))`, which is true of cupylike's too: Dask
would then import CuPy (for `@`, an empty diagonal, scipy.linalg) or call CuPy's functions on
our arrays. `register` gives Dask's modules a test that asks for CuPy itself.
"""

import math
import sys

import dask.array as da
import dask.utils
import numpy
from dask.array import dispatch

import cupylike

# Dask's route from NumPy chunks to cupylike's (the backend's `to_backend`).
to_cupylike_dispatch = dispatch.Dispatch("to_cupylike_dispatch")


def register():
    _tell_cupy_by_its_module()
    nd = cupylike.ndarray
    da.register_chunk_type(nd)
    dispatch.concatenate_lookup.register(nd, cupylike.concatenate)
    dispatch.tensordot_lookup.register(nd, cupylike.tensordot)
    dispatch.einsum_lookup.register(nd, cupylike.einsum)
    dispatch.empty_lookup.register(nd, cupylike.empty)
    dispatch.take_lookup.register(nd, cupylike.take)
    dispatch.divide_lookup.register(nd, cupylike.divide)
    dispatch.percentile_lookup.register(nd, _percentile)
    dispatch.numel_lookup.register(nd, _numel)
    dispatch.nannumel_lookup.register(nd, _nannumel)
    dispatch.to_numpy_dispatch.register(nd, _to_numpy)
    to_cupylike_dispatch.register((numpy.ndarray, nd), _to_cupylike)


def _is_cupy_type(x):
    return type(x).__module__.partition(".")[0] == "cupy"


def _tell_cupy_by_its_module():
    original = dask.utils.is_cupy_type
    for name, module in list(sys.modules.items()):
        if name.partition(".")[0] == "dask" and getattr(module, "is_cupy_type", None) is original:
            module.is_cupy_type = _is_cupy_type  # modules that import it later take ours


def _percentile(a, q, method="linear"):
    # Dask's chunk step of da.percentile: the chunk's percentiles and its length, or
    # (None, 0) for an empty chunk; Dask's merge_percentiles joins them with NumPy's
    # functions, which run ours (NEP 18).
    n = len(a)
    if not n:
        return None, n
    q = cupylike.asarray(q if isinstance(q, cupylike.ndarray) else list(q), dtype=numpy.float64)
    if not numpy.issubdtype(a.dtype, numpy.number):
        method = "nearest"
    return cupylike.percentile(a, q, method=method), n


def _numel(x, axis=None, keepdims=False, dtype=numpy.float64, **_):
    # How many elements each reduction over `axis` saw, as an array of the reduced shape.
    axes = range(x.ndim) if axis is None else axis if isinstance(axis, (tuple, list)) else [axis]
    axes = {a % x.ndim for a in axes} if x.ndim else set()
    count = math.prod(x.shape[a] for a in axes)
    if axis is None and not keepdims:
        return numpy.prod(x.shape, dtype=dtype)
    shape = tuple(1 if a in axes else n for a, n in enumerate(x.shape) if keepdims or a not in axes)
    return cupylike.full(shape, count, dtype=dtype)


def _nannumel(x, **kwargs):
    return cupylike.sum(~cupylike.isnan(x), **kwargs)


def _to_numpy(x, **kwargs):
    return cupylike.asnumpy(x, **kwargs)


def _to_cupylike(x, **kwargs):
    return cupylike.asarray(x, **kwargs)
