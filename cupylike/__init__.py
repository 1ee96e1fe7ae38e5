"""cupylike: NumPy's API on NVIDIA GPUs, and on the CPU where there is no GPU.

Swap ``import numpy as np`` for ``import cupylike as cp``; move data with ``cp.asarray`` and
``cp.asnumpy``. The device is ``CUPYLIKE_DEVICE`` (``cpu``, ``cuda`` or ``cuda:N``) if set, else
the first usable CUDA device, else ``cpu``.
"""

import os as _os

import numpy as _numpy

try:
    from cupylike._core import _native
except ModuleNotFoundError as _e:  # pragma: no cover - depends on how Python was started
    raise ImportError(
        f"cupylike was imported from {_os.path.dirname(__file__)}, which has no compiled core "
        "(cupylike._core._native). Install it with `pip install .` and run Python outside the "
        "source folder, or use `pip install -e .` for development."
    ) from _e

from cupylike import (
    _jit,  # sets the kernels/ folder the compilers include from
    cuda,  # after _native: cuda re-exports its classes
)
from cupylike._core._native import (
    CompileError,
    Device,
    ElementwiseKernel,
    RawKernel,
    RawModule,
    ReductionKernel,
    arange,
    array,
    asarray,
    ascontiguousarray,
    asfortranarray,
    asnumpy,
    broadcast_to,
    can_cast,
    copy,
    empty,
    empty_like,
    expand_dims,
    eye,
    full,
    full_like,
    get_default_memory_pool,
    get_default_pinned_memory_pool,
    identity,
    linspace,
    logspace,
    moveaxis,
    ndarray,
    ones,
    ones_like,
    promote_types,
    ravel,
    reshape,
    result_type,
    squeeze,
    swapaxes,
    transpose,
    zeros,
    zeros_like,
)
from cupylike._scalars import *  # noqa: F403,E402

__version__ = "0.1.0"

CompileException = CompileError  # CuPy's name

from cupylike import _array_ufunc  # noqa: E402
from cupylike._ufuncs import UFUNCS as _UFUNCS  # noqa: E402  (needs the ndarray)

globals().update(_UFUNCS)
ufunc = _native.ufunc

from cupylike import _rounding, _selection  # noqa: E402
from cupylike._rounding import around, fix, round  # noqa: E402
from cupylike._selection import angle, clip, imag, nan_to_num, real, where  # noqa: E402

_selection.add_ndarray_methods(ndarray, _rounding._ndarray_round)

from cupylike import _reduction_api  # noqa: E402
from cupylike._reduction_api import (  # noqa: E402, A004
    all,
    amax,
    amin,
    any,
    argmax,
    argmin,
    count_nonzero,
    max,
    mean,
    min,
    nanargmax,
    nanargmin,
    nanmax,
    nanmean,
    nanmin,
    nanprod,
    nanstd,
    nansum,
    nanvar,
    prod,
    ptp,
    std,
    sum,
    var,
)

_reduction_api.add_ndarray_methods(ndarray)

from cupylike import _scan_api  # noqa: E402
from cupylike._scan_api import (  # noqa: E402
    cumprod,
    cumsum,
    diff,
    ediff1d,
    nancumprod,
    nancumsum,
)

_scan_api.install()

# dtypes are NumPy's own objects, so `x.dtype == np.float32` and Dask's meta handling work.
dtype = _numpy.dtype
iinfo = _numpy.iinfo
finfo = _numpy.finfo
newaxis = None


def _reduce(self):
    return (_native._rebuild, (self.get(order="K"), self.device))


ndarray.__reduce__ = _reduce
ndarray.__array_ufunc__ = _array_ufunc.__array_ufunc__
ndarray.__module__ = "cupylike"

from cupylike import _indexing  # noqa: E402
from cupylike._averages import average  # noqa: E402
from cupylike._correlation import corrcoef, cov  # noqa: E402
from cupylike._histograms import bincount, histogram  # noqa: E402
from cupylike._indexing import (  # noqa: E402
    argwhere,
    compress,
    extract,
    flatnonzero,
    nonzero,
    take,
)
from cupylike._quantiles import median, percentile, quantile  # noqa: E402

_indexing.add_ndarray_methods(ndarray)

from cupylike._joining import (  # noqa: E402
    append,
    atleast_1d,
    atleast_2d,
    atleast_3d,
    column_stack,
    concatenate,
    dstack,
    hstack,
    stack,
    vstack,
)
from cupylike._rearranging import (  # noqa: E402
    broadcast_arrays,
    copyto,
    flip,
    fliplr,
    flipud,
    meshgrid,
    ndim,
    repeat,
    resize,
    roll,
    rollaxis,
    rot90,
    shape,
    size,
    tile,
)
from cupylike._splitting import array_split, dsplit, hsplit, split, vsplit  # noqa: E402

ndarray.repeat = lambda self, repeats, axis=None: repeat(self, repeats, axis)

from cupylike._diagonals import (  # noqa: E402
    diag,
    diagflat,
    diagonal,
    fill_diagonal,
    trace,
    tri,
    tril,
    triu,
)
from cupylike._index_grids import indices, ix_, ravel_multi_index, unravel_index  # noqa: E402
from cupylike._placement import (  # noqa: E402
    choose,
    place,
    put,
    put_along_axis,
    putmask,
    select,
    take_along_axis,
)

ndarray.diagonal = lambda self, offset=0, axis1=0, axis2=1: diagonal(self, offset, axis1, axis2)
ndarray.put = lambda self, ind, v, mode="raise": put(self, ind, v, mode)
ndarray.choose = lambda self, choices, out=None, mode="raise": choose(self, choices, out, mode)
from cupylike import _searching, _sorting  # noqa: E402
from cupylike._insert_delete import delete, insert, trim_zeros  # noqa: E402
from cupylike._padding import pad  # noqa: E402
from cupylike._searching import digitize, searchsorted  # noqa: E402
from cupylike._set_ops import (  # noqa: E402
    in1d,
    intersect1d,
    isin,
    setdiff1d,
    setxor1d,
    union1d,
    unique,
)
from cupylike._sorting import (  # noqa: E402
    argpartition,
    argsort,
    lexsort,
    partition,
    sort,
    sort_complex,
)

_sorting.add_ndarray_methods(ndarray)
_searching.add_ndarray_methods(ndarray)
from cupylike import (  # noqa: E402 (the numpy.fft and numpy.linalg namespaces)
    fft,
    linalg,
)
from cupylike._einsum import einsum, einsum_path  # noqa: E402
from cupylike._products import dot, inner, kron, matmul, outer, tensordot, vdot  # noqa: E402


def _imatmul(self, other):
    # NumPy allows a @= b only where the product keeps a's shape, and writes into a.
    return matmul(self, other, out=self)


def _matmul_operator(self, other):
    c = _native._matmul_direct(self, other)  # the common case without matmul's keywords
    return matmul(self, other) if c is None else c


ndarray.__matmul__ = _matmul_operator
ndarray.__rmatmul__ = lambda self, other: matmul(other, self)
ndarray.__imatmul__ = _imatmul
ndarray.dot = lambda self, b, out=None: dot(self, b, out)
ndarray.trace = lambda self, offset=0, axis1=0, axis2=1, dtype=None, out=None: trace(
    self, offset, axis1, axis2, dtype, out)

from cupylike import random  # noqa: E402 (the numpy.random namespace)
from cupylike._checked import poisoning as _poisoning  # noqa: E402

empty = _poisoning(empty)
empty_like = _poisoning(empty_like)
