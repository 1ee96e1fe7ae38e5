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

from cupylike import cuda  # after _native: cuda re-exports its classes
from cupylike._core import (
    _cuda_search,  # noqa: F401 (installs the CUDA component locator)
    _jit,  # noqa: F401 (sets the kernels/ folder the compilers include from)
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
from cupylike._core._scalars import *  # noqa: F403
from cupylike._core._ufuncs import UFUNCS as _UFUNCS

__version__ = "0.1.0"

CompileException = CompileError  # CuPy's name

globals().update(_UFUNCS)
ufunc = _native.ufunc

# dtypes are NumPy's own objects, so `x.dtype == np.float32` and Dask's meta handling work.
dtype = _numpy.dtype
iinfo = _numpy.iinfo
finfo = _numpy.finfo
newaxis = None

# The routines, by the sections of NumPy's reference (docs/architecture.md lists the packages).
from cupylike import fft, linalg, random  # noqa: E402 (the numpy.* namespaces of those names)
from cupylike._core import _methods  # noqa: E402
from cupylike._core._checked import poisoning as _poisoning  # noqa: E402

# Exchange with other libraries: DLPack, with CuPy's names too (the CUDA array interface is
# ndarray.__cuda_array_interface__, and asarray / array read other objects').
from cupylike._core._native import from_dlpack, fromDlpack, toDlpack  # noqa: E402
from cupylike._creation._matrices import (  # noqa: E402
    diag,
    diagflat,
    diagonal,
    eye,
    fill_diagonal,
    trace,
    tri,
    tril,
    triu,
)
from cupylike._indexing._index_grids import (  # noqa: E402
    indices,
    ix_,
    ravel_multi_index,
    unravel_index,
)
from cupylike._indexing._indexing import (  # noqa: E402
    argwhere,
    compress,
    extract,
    flatnonzero,
    nonzero,
    take,
)
from cupylike._indexing._placement import (  # noqa: E402
    choose,
    place,
    put,
    put_along_axis,
    putmask,
    select,
    take_along_axis,
)
from cupylike._logic._set_ops import (  # noqa: E402
    in1d,
    intersect1d,
    isin,
    setdiff1d,
    setxor1d,
    union1d,
    unique,
)
from cupylike._logic._truth import all, any  # noqa: E402
from cupylike._manipulation._insert_delete import delete, insert, trim_zeros  # noqa: E402
from cupylike._manipulation._joining import (  # noqa: E402
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
from cupylike._manipulation._padding import pad  # noqa: E402
from cupylike._manipulation._rearranging import (  # noqa: E402
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
from cupylike._manipulation._splitting import (  # noqa: E402
    array_split,
    dsplit,
    hsplit,
    split,
    vsplit,
)
from cupylike._math._cumulative import (  # noqa: E402
    cumprod,
    cumsum,
    diff,
    ediff1d,
    nancumprod,
    nancumsum,
)
from cupylike._math._rounding import around, fix, round  # noqa: E402
from cupylike._math._selection import angle, clip, imag, nan_to_num, real, where  # noqa: E402
from cupylike._math._sumprod import amax, amin, max, min, prod, ptp, sum  # noqa: E402
from cupylike._sorting._search import (  # noqa: E402
    argmax,
    argmin,
    count_nonzero,
    digitize,
    searchsorted,
)
from cupylike._sorting._sort import (  # noqa: E402
    argpartition,
    argsort,
    lexsort,
    partition,
    sort,
    sort_complex,
)
from cupylike._statistics._averages import average  # noqa: E402
from cupylike._statistics._correlation import corrcoef, cov  # noqa: E402
from cupylike._statistics._histograms import bincount, histogram  # noqa: E402
from cupylike._statistics._meanvar import mean, std, var  # noqa: E402
from cupylike._statistics._nanfunctions import (  # noqa: E402
    nanargmax,
    nanargmin,
    nanmax,
    nanmean,
    nanmin,
    nanprod,
    nanstd,
    nansum,
    nanvar,
)
from cupylike._statistics._quantiles import median, percentile, quantile  # noqa: E402
from cupylike.linalg._einsum import einsum, einsum_path  # noqa: E402
from cupylike.linalg._products import (  # noqa: E402
    dot,
    inner,
    kron,
    matmul,
    outer,
    tensordot,
    vdot,
)

_methods.install()

empty = _poisoning(empty)
empty_like = _poisoning(empty_like)

# The Array API 2024.12 in the main namespace, as NumPy 2 has it (the ufunc aliases acos, ...,
# pow are in the ufunc table); dtypes and shapes are NumPy's objects, so isdtype and
# broadcast_shapes are NumPy's.
from cupylike._core._array_api import (  # noqa: E402
    __array_api_version__,
    __array_namespace_info__,
    astype,
)
from cupylike._logic._unique_results import (  # noqa: E402
    unique_all,
    unique_counts,
    unique_inverse,
    unique_values,
)
from cupylike._manipulation._array_api_forms import (  # noqa: E402
    matrix_transpose,
    unstack,
)
from cupylike._math._cumulative import cumulative_prod, cumulative_sum  # noqa: E402
from cupylike.linalg._vecdot import vecdot  # noqa: E402

concat = concatenate
permute_dims = transpose
isdtype = _numpy.isdtype
broadcast_shapes = _numpy.broadcast_shapes
e = _numpy.e
euler_gamma = _numpy.euler_gamma
inf = _numpy.inf
nan = _numpy.nan
pi = _numpy.pi

# Drop-in helpers (CuPy's get_array_module and show_config), numpy.lib's array parts,
# numpy.emath, numpy.typing, and NumPy's help and runtime printers.
from cupylike import lib, typing  # noqa: E402
from cupylike._core._array_module import get_array_module  # noqa: E402
from cupylike._core._help import info  # noqa: E402
from cupylike._core._show_config import show_config, show_runtime  # noqa: E402
from cupylike.lib import scimath as emath  # noqa: E402

# Issue 18, utilities: index tricks, logic and dtype utilities, printing, error state, and
# CuPy's names for NumPy 1's removed aliases and exceptions.
# isort: split
from cupylike import exceptions  # noqa: E402
from cupylike._core._cupy_aliases import *  # noqa: E402, F403
from cupylike._core._dtype_utils import *  # noqa: E402, F403
from cupylike._core._errstate import *  # noqa: E402, F403
from cupylike._core._memory_overlap import (  # noqa: E402
    byte_bounds,
    may_share_memory,
    shares_memory,
)
from cupylike._core._printing import *  # noqa: E402, F403
from cupylike._indexing._flatiter import flatiter  # noqa: E402
from cupylike._indexing._index_tricks import *  # noqa: E402, F403
from cupylike._indexing._iterators import broadcast, ndenumerate  # noqa: E402
from cupylike._indexing._triangle_indices import (  # noqa: E402
    diag_indices,
    diag_indices_from,
    mask_indices,
    tril_indices,
    tril_indices_from,
    triu_indices,
    triu_indices_from,
)
from cupylike._logic._closeness import allclose, array_equal, array_equiv, isclose  # noqa: E402
from cupylike._logic._type_checks import *  # noqa: E402, F403

# Issue 18, math and signal functions, windows.
# isort: split
from cupylike._creation._geomspace import geomspace  # noqa: E402
from cupylike._creation._matrices import vander  # noqa: E402
from cupylike._creation._windows import bartlett, blackman, hamming, hanning, kaiser  # noqa: E402
from cupylike._math._convolve import convolve, correlate  # noqa: E402
from cupylike._math._cross import cross  # noqa: E402
from cupylike._math._gradient import gradient  # noqa: E402
from cupylike._math._interp import interp  # noqa: E402
from cupylike._math._special_functions import i0, sinc  # noqa: E402
from cupylike._math._trapezoid import trapezoid  # noqa: E402
from cupylike._math._unwrap import unwrap  # noqa: E402

# Issue 18, functional programming and block: apply_along_axis, piecewise, vectorize, ...
# isort: split
from cupylike._functional._apply import apply_along_axis, apply_over_axes  # noqa: E402
from cupylike._functional._piecewise import piecewise  # noqa: E402
from cupylike._functional._vectorize import vectorize  # noqa: E402
from cupylike._manipulation._block import block, row_stack  # noqa: E402

# Issue 18, creation from data and functions, and I/O through NumPy on the host.
# isort: split
from cupylike._creation._from_data import (  # noqa: E402
    asanyarray,
    asarray_chkfinite,
    fromfunction,
    require,
)
from cupylike._creation._io import (  # noqa: E402
    frombuffer,
    fromfile,
    fromiter,
    fromregex,
    fromstring,
    genfromtxt,
    load,
    loadtxt,
    save,
    savetxt,
    savez,
    savez_compressed,
)

# Issue 18, polynomials: NumPy's legacy poly1d family and the numpy.polynomial namespace.
# isort: split
from cupylike import polynomial  # noqa: E402
from cupylike._math._poly1d import poly1d  # noqa: E402
from cupylike._math._polynomials import (  # noqa: E402
    poly,
    polyadd,
    polyder,
    polydiv,
    polyfit,
    polyint,
    polymul,
    polysub,
    polyval,
    roots,
)

# Issue 18, statistics, bit packing, vector products and CuPy's scatter functions.
# isort: split
from cupylike._math._bit_packing import packbits, unpackbits  # noqa: E402
from cupylike._math._scatter import scatter_add, scatter_max, scatter_min  # noqa: E402
from cupylike._statistics._histogramdd import histogram2d, histogramdd  # noqa: E402
from cupylike._statistics._histograms import histogram_bin_edges  # noqa: E402
from cupylike._statistics._nanquantiles import (  # noqa: E402
    nanmedian,
    nanpercentile,
    nanquantile,
)
from cupylike.linalg._matvec import matvec, vecmat  # noqa: E402

# Issue 19, kernel fusion: cupylike.fuse.
# isort: split
from cupylike._fusion._fused_function import fuse  # noqa: E402

# Last: registering with Dask (now, if Dask is imported already) reads the whole namespace.
# isort: split
from cupylike._dask import _import_hook  # noqa: E402

_import_hook.install()


def __getattr__(name):
    # cupylike.testing without an import, as numpy.testing: loaded on first use, since it
    # imports pytest (half a second) that most programs never need.
    if name == "testing":
        import cupylike.testing  # noqa: PLC0415 (listed in tools/check_package.py)

        return cupylike.testing
    raise AttributeError(f"module 'cupylike' has no attribute {name!r}")
